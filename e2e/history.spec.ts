import { expect, test } from "./fixtures";
import { chooseOption } from "./helpers";
import { trpc } from "./playground-helpers";

test("the history reads as sentences, hides no-op saves, and filters by type and tool id", async ({
  page,
  newCatalog,
}) => {
  const { team, catalog, base } = newCatalog;
  const ref = { team, catalog };
  const tool = await trpc<{ id: string }>(page, "tool.create", {
    ...ref,
    tool: { namespace: "crm", name: "refund_order", description: "Refund an order." },
  });
  await trpc(page, "tool.update", { ...ref, id: tool.id, revision: 1, patch: { exposure: "direct" } });
  await trpc(page, "golden.create", { ...ref, query: "refund a paid order", expected: ["crm.refund_order"] });
  await trpc(page, "review.publish", { ...ref, note: "first" });

  await page.goto(`${base}/history`);
  const history = page.getByRole("list", { name: "History" });
  await expect(history.getByRole("listitem").filter({ hasText: "published version 1 — “first”" })).toContainText(
    "sha256-",
  );
  await expect(
    history.getByRole("listitem").filter({ hasText: "changed the exposure of tool crm.refund_order" }),
  ).toContainText("deferred → direct");
  await expect(
    history
      .getByRole("listitem")
      .filter({ hasText: "added golden query “refund a paid order” expecting crm.refund_order" }),
  ).toHaveCount(1);
  await expect(history).not.toContainText("golden.created");
  await expect(history).not.toContainText("snapshot.published");
  await expect(history).not.toContainText("regressions");
  // Times read relatively, with the absolute time on hover.
  await expect(history.locator("time").first()).toHaveText("just now");
  await expect(history.locator("time").first()).toHaveAttribute("title", / UTC$/);

  const filters = page.getByRole("form", { name: "Filter the history" });
  await chooseOption(filters.getByLabel("Type"), "Golden queries");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("added golden query");

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/history$`));
  await expect(filters.getByLabel("Type")).toHaveText("All changes");
  await filters.getByLabel("Tool id").fill("crm.refund_order");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(history.getByRole("listitem")).toHaveCount(2); // created, then the exposure change
  await expect(history).not.toContainText("published version");
  await expect(filters.getByLabel("Person")).toContainText("Everyone");
});
