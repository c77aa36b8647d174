import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { analyzeText } from "../search/index";
import { connect } from "../sdk/index";
import { HELPDESK_FILE, HELPDESK_TOOLS, journey, JOURNEY_TIMEOUT } from "./fixtures/journey";
import { chooseOption, confirmPublish, signUpNewUser } from "./helpers";

// Issue 8, point 6: the whole path from an empty account to an agent that finds a tuned tool, in one browser.
const NS = "helpdesk";
/** First-line tools the model should always see; everything else is found through tool_search. */
const DIRECT = ["search_tickets", "get_ticket", "create_ticket"];
const DEFERRED = HELPDESK_TOOLS.map((t) => t.name).filter((name) => !DIRECT.includes(name));
const EDITED = `${NS}.escalate_ticket`;
const KEYWORD = "pagerduty";
const EXTRA = `${KEYWORD} on-call incident`;
const QUERY = "open a pagerduty incident for this ticket";

test("a new user imports, tunes, checks, reviews and publishes a catalog; an SDK agent finds the tuned tool", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(JOURNEY_TIMEOUT);
  const step = journey(testInfo);
  let base = "";
  let scope = { team: "", catalog: "" };
  let secret = "";
  const nav = page.getByRole("navigation", { name: "Catalog" });

  await step("sign up", page, async () => {
    await signUpNewUser(page);
    await expect(page.getByText("No catalogs yet.")).toBeVisible();
  });

  await step("create a catalog", page, async () => {
    await page.getByRole("button", { name: "New catalog" }).click();
    await page.getByLabel("Catalog name").fill(`Helpdesk agent ${randomBytes(2).toString("hex")}`);
    await page.getByRole("button", { name: "Create catalog" }).click();
    await expect(page.getByRole("heading", { name: "Tools", exact: true })).toBeVisible();
    await expect(page.getByText("0 tools", { exact: true })).toBeVisible();
    const [, , team, catalog] = new URL(page.url()).pathname.split("/");
    scope = { team: team!, catalog: catalog! };
    base = `/t/${team}/${catalog}`;
  });

  await step("import an MCP tools/list file", page, async () => {
    await page.getByRole("link", { name: "Import", exact: true }).click();
    await page.getByLabel("Upload a JSON file").setInputFiles(HELPDESK_FILE);
    await expect(page.getByLabel("Tools JSON")).toHaveValue(/"escalate_ticket"/);
    await page.getByLabel("Namespace for tools without one").fill(NS);
    await page.getByLabel("MCP server name").fill("helpdesk-mcp");
    await chooseOption(page.getByLabel("Exposure of new tools"), "direct");
    await page.getByRole("button", { name: "Preview import" }).click();
    await expect(page.getByTestId("import-counts")).toHaveText("10 new · 0 changed · 0 unchanged · 0 invalid");
    await expect(page.getByRole("table", { name: "Import preview" }).getByText(EDITED)).toBeVisible();
    await page.getByRole("button", { name: "Import 10 tools" }).click();
    await expect(page.getByText("Imported: 10 created, 0 updated, 0 unchanged.")).toBeVisible();
    await page.getByRole("link", { name: "Back to the tools" }).click();
    await expect(page.getByText("10 tools", { exact: true })).toBeVisible();
  });

  await step("mark seven tools deferred", page, async () => {
    for (const name of DEFERRED) await page.getByLabel(`Select ${NS}.${name}`).check();
    const bulk = page.getByRole("region", { name: "Bulk actions" });
    await expect(bulk.getByText(`${DEFERRED.length} selected`)).toBeVisible();
    await chooseOption(bulk.getByLabel("Set exposure"), "deferred");
    await bulk.getByRole("button", { name: "Apply exposure" }).click();
    await expect(bulk).toBeHidden();
    await chooseOption(page.getByLabel("Exposure", { exact: true }), "deferred");
    await expect(page.getByText(`${DEFERRED.length} tools`, { exact: true })).toBeVisible();
    await expect(page.getByRole("table", { name: "Tools" }).getByRole("link")).toHaveText(
      DEFERRED.map((name) => `${NS}.${name}`).sort(),
    );
  });

  await step("add a keyword to one tool's search text", page, async () => {
    await page.getByRole("link", { name: EDITED }).click();
    await expect(page.getByRole("heading", { name: EDITED })).toBeVisible();
    const searchText = page.getByRole("region", { name: "Search text" });
    const tokens = searchText.getByRole("list", { name: "Analyzed tokens" }).getByRole("listitem");
    const added = analyzeText(EXTRA, "stockroom");
    await expect(tokens.first()).toBeVisible();
    const before = await tokens.count();
    await expect(tokens.filter({ hasText: added[0] })).toHaveCount(0);

    await searchText.getByRole("radio", { name: /Generated \+ extra/ }).check();
    await searchText.getByLabel("Extra search terms").fill(EXTRA);
    await expect(tokens).toHaveCount(before + added.length);
    for (const token of added) await expect(tokens.filter({ hasText: new RegExp(`^${token}$`) }).first()).toBeVisible();
    await expect(searchText.getByTestId("effective-search-text")).toContainText(EXTRA);
    await expect(searchText.getByTestId("generated-search-text")).not.toContainText(KEYWORD);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved — revision \d+\.$/ })).toBeVisible();
    await expect(page.getByLabel("Description", { exact: true })).not.toHaveValue(new RegExp(KEYWORD)); // the model-facing text is untouched
  });

  await step("the playground ranks the tuned tool first and saves the query as golden", page, async () => {
    await nav.getByRole("link", { name: "Playground" }).click();
    await page.getByLabel("Query", { exact: true }).fill(QUERY);
    const ranked = page.getByRole("list", { name: "Ranked tools" }).getByRole("listitem");
    await expect(ranked.first()).toContainText(EDITED);
    await expect(
      ranked.first().getByLabel(`Search text of ${EDITED}`).locator("mark", { hasText: KEYWORD }),
    ).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `of ${DEFERRED.length} deferred tools` })).toBeVisible();
    expect(await ranked.count()).toBeGreaterThan(1); // first among several, not the only match
    const save = page.getByRole("group", { name: "Save as golden query" });
    await save.getByRole("button", { name: EDITED }).click();
    await expect(page.getByText(`Expects ${EDITED}`)).toBeVisible();
    await save.getByRole("button", { name: "Save as golden query" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved — open golden queries" })).toBeVisible();
  });

  await step("add a second golden query on the golden page", page, async () => {
    await page.getByRole("link", { name: "Saved — open golden queries" }).click();
    const table = page.getByRole("table", { name: "Golden queries" });
    await expect(table.getByRole("row", { name: new RegExp(QUERY) })).toContainText(EDITED);
    const form = page.getByRole("form", { name: "Add golden query" });
    await form.getByLabel("Query").fill("send the customer a CSAT survey");
    await form.getByRole("combobox", { name: "Expected tools" }).fill("satisfaction");
    await page.getByRole("option", { name: /helpdesk\.send_satisfaction_survey/ }).click();
    await expect(form.getByRole("list", { name: "Expected tools chosen" })).toContainText(
      `${NS}.send_satisfaction_survey`,
    );
    await form.getByRole("button", { name: "Add golden query" }).click();
    await expect(table.getByRole("row", { name: /CSAT survey/ })).toContainText(`${NS}.send_satisfaction_survey`);
    await expect(page.getByText("2 golden queries")).toBeVisible();
  });

  await step("review the draft against nothing published yet", page, async () => {
    await nav.getByRole("link", { name: "Review & publish" }).click();
    await expect(page.getByText(/Nothing published yet: this is the first version/)).toBeVisible();
    const tuned = page.getByRole("article", { name: `Query: ${QUERY}` });
    await expect(tuned.getByText("first publish")).toBeVisible();
    await expect(tuned.getByRole("listitem").first()).toContainText(`${EDITED}✓`);
    await expect(page.getByRole("article", { name: "Query: send the customer a CSAT survey" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Metrics" }).getByRole("row", { name: /success@1/ })).toContainText(
      "100.0%",
    );
    await expect(page.getByRole("region", { name: "Changed tools" }).getByText("10 added")).toBeVisible();
  });

  await step("publish version 1 with a note", page, async () => {
    await page.getByLabel("Release note").fill("Helpdesk tools; escalation answers to PagerDuty");
    await page.getByRole("button", { name: "Publish version 1" }).click();
    await confirmPublish(page, 1);
    await expect(page.getByRole("status").filter({ hasText: "Published version 1" })).toBeVisible();
  });

  await step("create an agent token and copy its secret", page, async () => {
    await nav.getByRole("link", { name: "Agent tokens" }).click();
    await page.getByLabel("Token name").fill("support bot (e2e)");
    await page.getByRole("button", { name: "Create token" }).click();
    const shown = page.getByLabel("New token secret");
    await expect(shown).toHaveValue(/^srk_/);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("button", { name: "Copied", exact: true })).toBeVisible();
    secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toBe(await shown.inputValue());
    await page.getByRole("button", { name: "I have copied it" }).click();
    await expect(shown).toHaveCount(0);
  });

  await step("an SDK agent fetches the snapshot and finds the tuned tool", page, async () => {
    const agent = await connect({ url: baseURL!, token: secret, ...scope });
    expect(agent.version).toBe(1);
    expect(agent.snapshot.tools).toHaveLength(10);
    // The tokens page shows the agent's visit.
    await page.goto(`${base}/tokens`);
    await expect(page.getByRole("row", { name: "support bot (e2e)" })).toContainText("just now");
    expect(agent.search(QUERY)[0]?.id).toBe(EDITED); // the playground's answer, offline
    const [top] = agent.search(KEYWORD);
    expect(top?.id).toBe(EDITED);
    expect(top!.tool.searchText).toContain(KEYWORD);
    expect(top!.tool.exposure).toBe("deferred");
    expect(top!.tool.spec.description).not.toContain(KEYWORD);
  });
});
