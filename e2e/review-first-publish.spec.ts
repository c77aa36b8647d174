import { expect, test } from "@playwright/test";
import { confirmPublish, signUpNewUser } from "./helpers";
import { createSupportCatalog, trpc } from "./playground-helpers";

// Issue 41 item 11: at a first publish there is no earlier version to compare with, so the review says which golden
// queries the draft fails and how many expect no tool; publishing shows what ships to confirm, then the next step.
test("a first publish flags failing golden queries, counts no-tool ones, confirms a summary, then points to tokens", async ({
  page,
}) => {
  const { team } = await signUpNewUser(page);
  await createSupportCatalog(page, team, "first-desk");
  const catalog = { team, catalog: "first-desk" };
  await trpc(page, "golden.create", { ...catalog, query: "refund a paid order", expected: ["crm.refund_order"] });
  await trpc(page, "golden.create", {
    ...catalog,
    query: "weather forecast for Paris",
    expected: ["crm.refund_order"],
  });
  await trpc(page, "golden.create", { ...catalog, query: "bake sourdough bread", expected: [] });

  await page.goto(`/t/${team}/first-desk/review`);
  await expect(page.getByText(/Nothing published yet/)).toContainText(
    "3 golden queries on the draft (1 expects no tool): 1 fails.",
  );
  const queries = page.getByRole("region", { name: "Golden queries" }).getByRole("article");
  await expect(queries.first()).toHaveAccessibleName("Query: weather forecast for Paris"); // the failing one first
  await expect(queries.first()).toContainText("fails: expected tool not in top 5");
  await expect(page.getByRole("article", { name: "Query: refund a paid order" })).not.toContainText("fails");
  await expect(page.getByRole("article", { name: "Query: bake sourdough bread" })).toContainText("expects no tool");
  await expect(page.getByRole("article", { name: "Query: bake sourdough bread" })).not.toContainText("fails");

  const form = page.getByRole("form", { name: "Publish" });
  await form.getByLabel("Release note").fill("Support tools, first cut");
  await form.getByRole("button", { name: "Publish version 1" }).click();
  const summary = page.getByRole("alertdialog", { name: "Publish version 1?" });
  await expect(summary).toContainText("Tools: 5 tools, the first version of this catalog.");
  await expect(summary).toContainText("3 golden queries on the draft (1 expects no tool): 1 fails.");
  await expect(summary).toContainText("Release note: “Support tools, first cut”");
  // Going back publishes nothing.
  await summary.getByRole("button", { name: "Cancel" }).click();
  await expect(summary).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Published version 1" })).toHaveCount(0);

  await form.getByRole("button", { name: "Publish version 1" }).click();
  await confirmPublish(page, 1);
  const published = page.getByRole("status").filter({ hasText: "Next step" });
  await expect(published).toContainText("Published version 1");
  await published.getByRole("link", { name: "Create an agent token" }).click();
  await expect(page).toHaveURL(`/t/${team}/first-desk/tokens`);
  await expect(page.getByLabel("Token name")).toBeVisible();
});
