import { expect, test } from "./fixtures";
import { chooseOption } from "./helpers";
import { createPublishedCatalog, trpc } from "./playground-helpers";

test("type a query, read the ranked list, open an explanation and ask why not another tool", async ({ page, demo }) => {
  await page.goto("/t/demo/mcp-tools/playground");
  await page.getByLabel("Query", { exact: true }).fill("post a message to a slack channel");

  const ranked = page.getByRole("list", { name: "Ranked tools" });
  const first = ranked.getByRole("listitem").first();
  await expect(first).toContainText("slack.slack_post_message");
  await expect(ranked.getByRole("listitem")).toHaveCount(8);
  await expect(page.getByRole("status").filter({ hasText: /8 of 593 deferred tools/ })).toBeVisible();
  // The matched words are highlighted in the tool's effective search text.
  await expect(first.getByLabel("Search text of slack.slack_post_message").locator("mark").first()).toBeVisible();

  await first.getByRole("button", { name: "Explain" }).click();
  const explanation = page.getByRole("table", { name: "Explanation of slack.slack_post_message" });
  await expect(explanation.getByRole("columnheader", { name: "idf" })).toBeVisible();
  await expect(explanation.getByRole("columnheader", { name: "Length norm" })).toBeVisible();
  await expect(explanation.getByRole("row", { name: /✓ message ?\(stem “messag”\)/ })).toBeVisible();
  await expect(explanation.getByRole("row", { name: /^Score/ })).toBeVisible();
  await expect(
    explanation.getByRole("row", { name: /^Name coverage: the request covers \d+(\.\d+)? of the name's 3 words/ }),
  ).toBeVisible();

  // Why not gmail.send_email? It is deferred, so it gets a rank (or "no match") and the terms it lacks.
  await page.getByLabel("Tool", { exact: true }).fill("gmail.send_email");
  const why = page.getByRole("status", { name: "Why not gmail.send_email" });
  await expect(why).toContainText(/gmail\.send_email (ranks #\d+|does not match)/);
  await expect(why).toContainText("Lacks words of the request:");
  await expect(why.getByRole("table", { name: "Explanation of gmail.send_email" })).toBeVisible();

  // A direct tool is never searched for: the panel says so.
  await page.getByLabel("Tool", { exact: true }).fill("github.create_issue");
  await expect(page.getByRole("status").filter({ hasText: "is direct" })).toBeVisible();

  // The typed query is in the URL, so the ranking can be shared.
  await expect(page).toHaveURL(/q=post\+a\+message/);
});

test("a request no tool fits well: the playground still ranks the matching tools, marks them weak, and says why", async ({
  page,
  demo,
}) => {
  await page.goto("/t/demo/mcp-tools/playground");
  await page.getByLabel("Query", { exact: true }).fill("dim the kitchen lights to 30 percent");

  const list = page.getByRole("list", { name: "Ranked tools" });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  await expect(list.getByLabel(/^weak match/).first()).toBeVisible();
  await expect(list.getByLabel(/^strong match/)).toHaveCount(0);
  await list.getByRole("button", { name: "Explain" }).first().click();
  await expect(list).toContainText(
    /Match strength: weak \([\d.]+× the request's bar\)\. Strong hits score at least [\d.]+ perfect matches/,
  );

  await page.getByLabel("Tool", { exact: true }).fill("stripe.create_coupon");
  const why = page.getByRole("status", { name: "Why not stripe.create_coupon" });
  await expect(why).toContainText(/ranks #\d+ with score [\d.]+/);
  await expect(why).toContainText(/Matches: .*percent/);
});

test("an edit in the playground moves the draft ranking; compare it with the published version; save it as golden", async ({
  page,
  newUser,
}) => {
  const { team } = newUser;
  await createPublishedCatalog(page, team, "support");
  await page.goto(`/t/${team}/support/playground`);
  await page.getByLabel("Query", { exact: true }).fill("customer account");

  const ranked = page.getByRole("list", { name: "Ranked tools" });
  await expect(ranked.getByRole("listitem").first()).toContainText("crm.lookup_customer");
  const invoice = ranked.getByRole("listitem").filter({ hasText: "crm.send_invoice" });
  await expect(invoice).toBeVisible();

  // Edit-and-see: give send_invoice curated keywords, save to the draft (no publishing).
  await invoice.getByRole("button", { name: "Edit search text" }).click();
  const editor = page.getByRole("form", { name: "Edit search text of crm.send_invoice" });
  await editor.getByLabel("Override", { exact: true }).check();
  await editor.getByLabel("Override text").fill("customer account customer account billing");
  await editor.getByRole("button", { name: "Save search text" }).click();
  await expect(editor).toBeHidden();
  await expect(ranked.getByRole("listitem").first()).toContainText("crm.send_invoice");

  // Side by side: published v1 (left) against the draft (right), with markers.
  const left = page.getByRole("list", { name: /^Left column: Published v1/ });
  const right = page.getByRole("list", { name: /^Right column: Draft/ });
  await expect(right.getByRole("listitem").first()).toContainText("crm.send_invoice");
  await expect(right.getByRole("listitem").first()).toContainText(/▲ 1 \(was #2\)/);
  await expect(left.getByRole("listitem").first()).toContainText("crm.lookup_customer");

  // With K = 1 the edited tool enters the top 1 and the published winner leaves it.
  await chooseOption(page.getByLabel("Results (K)"), "1");
  await expect(right.getByRole("listitem").first()).toContainText("new");
  await expect(left.getByRole("listitem").first()).toContainText("left · now #2");

  // What Codex would return vs the stockroom profile over the same draft.
  await page.getByRole("button", { name: "stockroom vs codex-bm25" }).click();
  await expect(
    page.getByRole("list", { name: /^Right column: Draft · codex-bm25 — what Codex would return/ }),
  ).toBeVisible();

  // Nothing is pre-ticked: the person picks the expected tool from the offered top hits, then saves.
  const save = page.getByRole("group", { name: "Save as golden query" });
  await expect(save.getByRole("button", { name: "Save as golden query" })).toBeDisabled();
  await save.getByRole("button", { name: "crm.send_invoice" }).click();
  await save.getByRole("button", { name: "Save as golden query" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved — open golden queries" })).toBeVisible();
  const golden = await trpc<{ queries: Array<{ query: string; expected: string[] }> }>(
    page,
    "golden.list",
    { team, catalog: "support" },
    "query",
  );
  expect(golden.queries.map((q) => [q.query, q.expected])).toEqual([["customer account", ["crm.send_invoice"]]]);
});

test("a search-text edit based on a stale revision is refused with the editor's conflict message", async ({
  page,
  newUser,
}) => {
  const { team } = newUser;
  await createPublishedCatalog(page, team, "support");
  await page.goto(`/t/${team}/support/playground`);
  await page.getByLabel("Query", { exact: true }).fill("refund");
  const hit = page
    .getByRole("list", { name: "Ranked tools" })
    .getByRole("listitem")
    .filter({ hasText: "crm.refund_order" });
  await hit.getByRole("button", { name: "Edit search text" }).click();
  const editor = page.getByRole("form", { name: "Edit search text of crm.refund_order" });
  await expect(editor).toContainText("revision 1");

  // Someone else saves the tool meanwhile.
  const tools = await trpc<{ tools: Array<{ id: string; key: string; revision: number }> }>(
    page,
    "tool.list",
    { team, catalog: "support" },
    "query",
  );
  const refund = tools.tools.find((t) => t.key === "crm.refund_order")!;
  await trpc(page, "tool.update", {
    team,
    catalog: "support",
    id: refund.id,
    revision: refund.revision,
    patch: { searchTextMode: "generated+extra", searchTextExtra: "chargeback" },
  });

  await editor.getByLabel("Generated + extra keywords", { exact: true }).check();
  await editor.getByLabel("Extra keywords", { exact: true }).fill("money back");
  await editor.getByRole("button", { name: "Save search text" }).click();
  await expect(editor.getByRole("alert")).toContainText("changed by someone else");
  await editor.getByRole("button", { name: /Reload the latest version/ }).click();
  await expect(editor).toContainText("revision 2");
  await expect(editor.getByLabel("Extra keywords", { exact: true })).toHaveValue("chargeback");
});
