import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { contentOf, verifySnapshot, type Snapshot } from "../domain/snapshot/verify";
import { confirmPublish } from "./helpers";
import { importHelpdesk, journey, JOURNEY_TIMEOUT, ownerWithCatalog } from "./fixtures/journey";
import { trpc } from "./playground-helpers";

// Issue 8, point 6: a bad edit gets published on purpose, then undone — agents get version 1's content back.
const SURVEY = "helpdesk.send_satisfaction_survey";
const SURVEY_QUERY = "send the customer a CSAT survey";
const GOLDEN = [
  { query: SURVEY_QUERY, gold: [SURVEY] },
  { query: "merge two duplicate customer profiles", gold: ["helpdesk.merge_customers"] },
  { query: "escalate an urgent ticket to second-level support", gold: ["helpdesk.escalate_ticket"] },
];
const searchTexts = (snapshot: Snapshot) => Object.fromEntries(snapshot.tools.map((t) => [t.id, t.searchText]));

test("publish v1, publish a regression with a reason, roll back to v1 as v3; agents get v1's content", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(JOURNEY_TIMEOUT);
  const step = journey(testInfo);
  const { scope } = await ownerWithCatalog(page, `Helpdesk agent ${randomBytes(2).toString("hex")}`);
  const nav = page.getByRole("navigation", { name: "Catalog" });
  const publishForm = page.getByRole("form", { name: "Publish" });

  await step("publish version 1 with three golden queries", page, async () => {
    await importHelpdesk(page, scope);
    await trpc(page, "golden.import", {
      ...scope,
      content: GOLDEN.map((g) => JSON.stringify(g)).join("\n"),
      unknownIds: "reject",
    });
    await page.reload(); // the tool list was cached empty before the API import
    await expect(page.getByText("10 tools", { exact: true })).toBeVisible();
    await nav.getByRole("link", { name: "Review & publish" }).click();
    await expect(page.getByRole("table", { name: "Metrics" }).getByRole("row", { name: /success@1/ })).toContainText(
      "100.0%",
    );
    await publishForm.getByLabel("Release note").fill("Helpdesk tools");
    await publishForm.getByRole("button", { name: "Publish version 1" }).click();
    await confirmPublish(page, 1);
    await expect(page.getByRole("status").filter({ hasText: "Published version 1" })).toBeVisible();
  });

  await step("hide the survey tool: a regressing edit", page, async () => {
    await nav.getByRole("link", { name: "Tools" }).click();
    await page.getByRole("link", { name: SURVEY }).click();
    await page
      .getByRole("region", { name: "Exposure" })
      .getByRole("radio", { name: /^Hidden/ })
      .check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved — revision \d+\.$/ })).toBeVisible();
  });

  await step("the review shows the regression", page, async () => {
    await nav.getByRole("link", { name: "Review & publish" }).click();
    const worse = page.getByRole("article", { name: `Query: ${SURVEY_QUERY}` });
    await expect(worse.getByText("worse", { exact: true })).toBeVisible();
    await expect(worse.getByRole("listitem").filter({ hasText: SURVEY })).toContainText("left"); // the expected tool fell out of the top K
    await expect(
      page.getByRole("region", { name: "Metric changes" }).getByText(/^Worse than the latest version: .*success@1/),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Changed tools" }).getByText("1 removed or hidden")).toBeVisible();
  });

  await step("publishing version 2 needs a reason", page, async () => {
    await publishForm.getByLabel("Release note").fill("Retire the CSAT survey tool");
    await expect(publishForm.getByLabel("Reason for publishing worse rankings")).toBeVisible();
    await publishForm.getByRole("button", { name: "Publish version 2" }).click();
    await expect(publishForm.getByRole("alert")).toHaveText("Say why these rankings may get worse.");
    await publishForm
      .getByLabel("Reason for publishing worse rankings")
      .fill("CSAT surveys move to the new feedback service");
    await publishForm.getByRole("button", { name: "Publish version 2" }).click();
    await confirmPublish(page, 2);
    await expect(page.getByRole("status").filter({ hasText: "Published version 2" })).toBeVisible();
  });

  await step("roll back to version 1 as version 3", page, async () => {
    await page.getByRole("link", { name: "Open the snapshot history" }).click();
    const versions = page.getByRole("table", { name: "Versions" });
    await expect(versions.getByRole("row", { name: "Version 2" })).toContainText(
      "Published despite worse metrics: CSAT surveys move",
    );
    await versions.getByRole("button", { name: "Roll back to version 1" }).click();
    await page.getByRole("button", { name: "Publish version 1's content" }).click();
    const v3 = versions.getByRole("row", { name: "Version 3" });
    await expect(v3).toContainText("Rollback: content of version 1");
    await expect(v3).toContainText("latest");
  });

  await step("an agent's latest snapshot is version 1's content", page, async () => {
    const { secret } = await trpc<{ secret: string }>(page, "token.create", { ...scope, name: "rollback check" });
    const agent = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${secret}` },
    });
    const get = async (version: string) => {
      const response = await agent.get(`/api/v1/catalogs/${scope.team}/${scope.catalog}/snapshots/${version}`);
      expect(response.status()).toBe(200);
      return verifySnapshot(await response.json());
    };
    const [latest, v1, v2] = await Promise.all([get("latest"), get("1"), get("2")]);
    expect(latest.version).toBe(3);
    expect(contentOf(latest)).toEqual(contentOf(v1)); // same tools, search texts, namespaces and engine
    expect(searchTexts(latest)).toEqual(searchTexts(v1));
    expect(searchTexts(latest)[SURVEY]).toContain("CSAT");
    expect(searchTexts(v2)[SURVEY]).toBeUndefined(); // hidden tools are left out of a snapshot
    await agent.dispose();
    await expect(page.getByRole("table", { name: "Versions" }).getByRole("row", { name: "Version 3" })).toContainText(
      latest.contentHash.slice(0, 19),
    );
  });
});
