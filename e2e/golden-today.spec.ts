import { expect, test } from "@playwright/test";
import { signUpNewUser } from "./helpers";
import { createPublishedCatalog, trpc } from "./playground-helpers";

// Issue 23 item 8: the golden queries page shows today's pass / fail and rank of each query on the draft, with a legend.
test("golden queries show today's result on the draft — pass, partly, fail, rank — with a legend, and follow draft edits", async ({
  page,
}) => {
  const { team } = await signUpNewUser(page);
  const catalog = "today-desk";
  await createPublishedCatalog(page, team, catalog);
  const ref = { team, catalog };
  const queries = [
    { query: "refund a paid order", expected: ["crm.refund_order"] },
    { query: "refund the paid order now", expected: ["crm.refund_order", "crm.get_forecast"] },
    { query: "weather forecast refund", expected: ["crm.read_inbox"] },
    { query: "zebra xylophone quasar", expected: [] },
  ];
  for (const q of queries) await trpc(page, "golden.create", { ...ref, ...q, note: "" });

  await page.goto(`/t/${team}/${catalog}/golden`);
  const table = page.getByRole("table", { name: "Golden queries" });
  const today = (query: string) =>
    table
      .getByRole("row", { name: new RegExp(`^${query}`) })
      .getByRole("cell")
      .nth(1);
  await expect(page.getByLabel("Legend")).toContainText("ranks each query on the draft with K = 5");
  await expect(page.getByLabel("Legend")).toContainText("pass every expected tool is in the top 5");
  await expect(today("refund a paid order")).toHaveText("passrank 1");
  await expect(today("refund the paid order now")).toHaveText("partlyrank 1");
  await expect(today("weather forecast refund")).toHaveText("fail");
  await expect(today("zebra xylophone quasar")).toHaveText("pass");

  // Today is the draft, not the published version: hiding the refund tool turns its queries into failures.
  const { tools } = await trpc<{ tools: Array<{ id: string; key: string; revision: number }> }>(
    page,
    "tool.list",
    { ...ref, search: "refund" },
    "query",
  );
  const refund = tools.find((t) => t.key === "crm.refund_order")!;
  await trpc(page, "tool.bulkUpdate", {
    ...ref,
    items: [{ id: refund.id, revision: refund.revision }],
    patch: { exposure: "hidden" },
  });
  await page.reload();
  await expect(today("refund a paid order")).toHaveText("fail");
  await expect(today("refund the paid order now")).toHaveText("fail");
});
