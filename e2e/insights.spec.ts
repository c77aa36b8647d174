import { expect, type Page, test } from "@playwright/test";
import { publishedCatalog } from "./agent-helpers";
import { catalogWithAgentEvents } from "./insights-helpers";
import { signUpNewUser } from "./helpers";
import { createPublishedCatalog, trpc } from "./playground-helpers";

/** The Insights numbers, each opening the events behind it. */
async function checkOverview(page: Page, team: string) {
  await page.goto(`/t/${team}/support/insights`);
  await expect(page.getByRole("link", { name: "Searches: 2" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Empty answers: 50.0 %" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Calls no search returned: 1" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Call success: 100.0 %" })).toBeVisible();

  // Every number opens the events behind it.
  await page.getByRole("link", { name: "Empty answers: 50.0 %" }).click();
  const events = page.getByRole("table", { name: "Agent events" });
  await expect(events.getByRole("row")).toHaveCount(2); // header + the one empty search
  await expect(events).toContainText("give my money back");
  await page.goBack();
}

/** The failing request becomes a golden query; the kinds of failure are one choice. */
async function addFailingRequestAsGolden(page: Page) {
  const failing = page.getByRole("region", { name: "Failing requests" });
  const row = failing.getByRole("row", { name: /give my money back/ });
  await expect(row).toContainText("crm.refund_order");
  await row.getByRole("button", { name: "Add as golden query" }).click();
  await expect(failing.getByRole("status")).toContainText("Added as a golden query expecting crm.refund_order.");
  await expect(page.getByText("Golden query added")).toBeVisible();
  // The kinds of failure are one choice: another kind shows its own requests (and K for low ranks).
  const kinds = failing.getByRole("radiogroup", { name: "Kind of failure" });
  await kinds.getByRole("radio", { name: "Called tool ranked below K" }).click();
  await expect(kinds.getByRole("radio", { name: "Called tool ranked below K" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(failing.getByLabel("K", { exact: true })).toBeVisible();
  await expect(failing.getByRole("row", { name: /give my money back/ })).toHaveCount(0);
  await kinds.getByRole("radio", { name: "No tool returned" }).click();
  await expect(failing.getByRole("row", { name: /give my money back/ })).toBeVisible();
}

/** The words the requests that ended in a call share, and adding one to the tool's search text. */
async function applySuggestedTerm(page: Page) {
  await page.getByRole("button", { name: "Suggest search terms for crm.refund_order" }).click();
  const suggestions = page.getByRole("region", { name: "Suggested search terms for crm.refund_order" });
  await expect(suggestions).toContainText("From 2 requests that ended in a successful call");
  await expect(suggestions.getByRole("listitem").filter({ hasText: "money" })).toContainText("in 2 requests");
  await expect(suggestions.getByRole("listitem").filter({ hasText: "money" })).not.toContainText("already in its text");
  // The tool's text has "order"; the requests that picked it use it, so it may count once more.
  await expect(suggestions.getByRole("listitem").filter({ hasText: "order" })).toContainText("already in its text");
  await suggestions.getByRole("button", { name: "Add “money” to search text" }).click();
  await expect(suggestions.getByRole("status")).toContainText("Added “money” to the search text of crm.refund_order");
}

// Issue 21 end to end: an agent built on the SDK reports to the running server, the Insights page shows what it
// did, and a suggestion applied from the page changes the draft's ranking in the playground.
test("agent events show on Insights; a failing request becomes a golden query and a suggested word moves the draft ranking", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { team } = await catalogWithAgentEvents(page, baseURL!);
  await checkOverview(page, team);
  await addFailingRequestAsGolden(page);
  await applySuggestedTerm(page);

  await page.goto(`/t/${team}/support/playground`);
  await page.getByLabel("Query", { exact: true }).fill("give my money back");
  await expect(page.getByRole("list", { name: "Ranked tools" }).getByRole("listitem").first()).toContainText(
    "crm.refund_order",
  );

  const golden = await trpc<{ queries: Array<{ query: string; expected: string[] }> }>(
    page,
    "golden.list",
    { team, catalog: "support" },
    "query",
  );
  expect(golden.queries).toEqual([
    expect.objectContaining({ query: "give my money back", expected: ["crm.refund_order"] }),
  ]);
});

test("another team's token cannot write into this catalog, and no token can read events back", async ({
  page,
  baseURL,
}) => {
  const { team } = await signUpNewUser(page);
  await createPublishedCatalog(page, team, "support");
  const { secret } = await trpc<{ secret: string }>(page, "token.create", {
    team,
    catalog: "support",
    name: "mine",
  });
  const other = await publishedCatalog(baseURL!, "other-team");
  const theirs = await other.token("theirs");
  const path = `/api/v1/catalogs/${team}/support/events`;
  const batch = { events: [{ type: "search", id: "intruder-1", query: "steal", hits: [] }] };

  const intrusion = await page.request.post(path, {
    data: batch,
    headers: { authorization: `Bearer ${theirs.secret}` },
  });
  expect(intrusion.status()).toBe(403);
  const read = await page.request.get(path, { headers: { authorization: `Bearer ${secret}` } });
  expect(read.status()).toBe(405);
  const theirRead = await page.request.get(path, { headers: { authorization: `Bearer ${theirs.secret}` } });
  expect(theirRead.status()).toBe(405);
  // The other team's members cannot see this catalog's Insights either.
  const overview = await other.owner.api.get(
    `/api/trpc/insights.overview?input=${encodeURIComponent(JSON.stringify({ json: { team, catalog: "support" } }))}`,
  );
  expect(overview.status()).toBe(404);

  const own = await page.request.post(path, { data: batch, headers: { authorization: `Bearer ${secret}` } });
  expect(own.status()).toBe(202);
  const overviewMine = await trpc<{ totals: { searches: number } }>(
    page,
    "insights.overview",
    { team, catalog: "support" },
    "query",
  );
  expect(overviewMine.totals.searches).toBe(1);
});
