// Issue 35, item 3, in the browser: a URL source checked on a schedule. A check applies nothing; when upstream
// differs it sets the "source changed" mark (the catalog's card, under its header, on the source, on the tools the
// change set would change or remove) and writes History; Dismiss clears it, the same upstream is not reported
// again, and a sync of a later change clears it too. The web server runs the scheduler with a 200 ms minute
// (STOCKROOM_SCHEDULER_MINUTE_MS in playwright.config.ts), so "Every hour" comes due 12 s after a save.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { chooseOption } from "./helpers";

/**
 * Reloads the page until `check` holds: the scheduler works on the server's clock, and the page reads the marks when
 * it loads (a few "hours" of the scheduler's clock, i.e. seconds).
 */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 60_000, intervals: [1_000] });
}

/** The source's "last checked" time as the card shows it. */
async function lastChecked(card: Locator) {
  const line = await card.getByText(/^Checked every 60 minutes/).textContent();
  return /last checked (.+)$/.exec(line ?? "")?.[1] ?? null;
}

/** A new team's first steps: the server as the source of "weather", its three tools synced, then checked hourly. */
async function addHourlySource(page: Page, base: string, url: string) {
  await page.goto(`${base}/namespaces`);
  await page.getByRole("button", { name: "Add a source" }).click();
  await page.getByLabel("Namespace (made if new)").fill("weather");
  await page.getByLabel("Server URL").fill(url);
  await page.getByRole("button", { name: "Save source" }).click();
  const card = page.getByRole("listitem", { name: "Source of weather" });
  await card.getByRole("button", { name: "Sync weather" }).click();
  await expect(card.getByRole("status")).toHaveText("3 new · 0 changed · 0 conflicts · 0 removed · 0 unchanged");
  await card.getByRole("button", { name: "Apply sync" }).click();
  await expect(card).toContainText("last synced");

  await card.getByRole("button", { name: "Edit source" }).click();
  await chooseOption(card.getByRole("combobox", { name: "Check for changes" }), "Every hour");
  await card.getByRole("button", { name: "Save source" }).click();
  await expect(card).toContainText("Checked every 60 minutes");
  return card;
}

/** After upstream's variant 3: the mark under the header, on get_forecast and list_alerts (not get_uv_index). */
async function expectToolsMarked(page: Page, base: string) {
  await page.goto(base);
  const notice = page.getByRole("status").filter({ hasText: "Source changed:" });
  await expect(notice).toContainText("weather (1 new, 1 changed, 1 removed)");
  await expect(notice.getByRole("link", { name: "Review and sync" })).toHaveAttribute("href", `${base}/namespaces`);
  const list = page.getByRole("table", { name: "Tools" });
  await expect(list.getByRole("row").filter({ hasText: "weather." })).toHaveCount(3); // nothing applied
  const row = (key: string) => list.getByRole("row").filter({ hasText: key });
  await expect(row("weather.get_forecast").getByRole("link", { name: "source changed" })).toBeVisible();
  await expect(row("weather.list_alerts").getByRole("link", { name: "source changed" })).toBeVisible();
  await expect(row("weather.get_uv_index").getByRole("link", { name: "source changed" })).toHaveCount(0);
  await row("weather.get_forecast").getByRole("link", { name: "weather.get_forecast" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Source changed." })).toContainText(
    "A scheduled check of the source of weather found this tool changed or gone upstream.",
  );
  await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue("Get the weather forecast for a city.");
}

/** The History entry of the first change: by "Scheduled sync", with the counts. */
async function expectHistoryEntry(page: Page, base: string) {
  await page.goto(`${base}/history`);
  const found = page
    .getByRole("list", { name: "History" })
    .getByRole("listitem")
    .filter({ hasText: "found upstream changes (nothing applied)" });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(
    "Scheduled sync found upstream changes (nothing applied) in the source of namespace weather: 1 new, 1 changed, 1 no longer listed",
  );
}

/** After the sync: no mark left on the tools, under the header or on the catalog's card; History has it all. */
async function expectCleared(page: Page, base: string, team: string, catalogName: string) {
  await page.goto(base);
  const list = page.getByRole("table", { name: "Tools" });
  await expect(list.getByRole("row").filter({ hasText: "weather." })).toHaveCount(4);
  await expect(list.getByRole("link", { name: "source changed" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Source changed:" })).toHaveCount(0);
  await page.goto(`/t/${team}`);
  await expect(page.getByRole("link").filter({ hasText: catalogName })).not.toContainText("Source changed");

  await page.goto(`${base}/history`);
  const history = page.getByRole("list", { name: "History" });
  await expect(history.getByRole("listitem").filter({ hasText: "found upstream changes" })).toHaveCount(2);
  await expect(
    history.getByRole("listitem").filter({ hasText: "dismissed the “source changed” mark of namespace weather" }),
  ).toHaveCount(1);
}

test("a scheduled check marks a changed source on the catalog, the source and its tools; dismiss and sync clear it", async ({
  page,
  newCatalog,
}) => {
  test.slow(); // three waits for the scheduler, of about 12 s each
  const { team, base, name } = newCatalog;
  // @ts-expect-error plain ESM test fixture without types
  const { startHttpServer } = await import("../server/testing/tiny-mcp-server.mjs");
  let variant = "1";
  const server = await startHttpServer({ variant: () => variant });
  try {
    const card = await addHourlySource(page, base, server.url);

    // Upstream changes get_forecast's description, adds get_pollen and drops list_alerts: the next check marks it.
    variant = "3";
    const mark = card.getByRole("status").filter({ hasText: "Source changed" });
    await reloadUntil(page, () => expect(mark).toBeVisible({ timeout: 1_000 }));
    await expect(mark).toContainText("Source changed (1 new, 1 changed, 1 removed)");
    await expect(mark).toContainText("Nothing was applied");
    await expect(page.getByRole("row", { name: "Namespace weather" })).toContainText("3 tools");
    await expectToolsMarked(page, base);
    await page.goto(`/t/${team}`);
    await expect(page.getByRole("link").filter({ hasText: name })).toContainText("Source changed (1)");
    await expectHistoryEntry(page, base);

    // Dismiss clears the mark; the next check of the same upstream does not set it again.
    await page.goto(`${base}/namespaces`);
    await mark.getByRole("button", { name: "Dismiss" }).click();
    await expect(mark).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Source changed:" })).toHaveCount(0);
    const checkedBefore = await lastChecked(card);
    await reloadUntil(page, async () => expect(await lastChecked(card)).not.toBe(checkedBefore));
    await expect(card).not.toContainText("Source changed");

    // Upstream moves again (list_alerts is back): marked again, and syncing the change set clears it.
    variant = "2";
    await reloadUntil(page, () => expect(mark).toBeVisible({ timeout: 1_000 }));
    await expect(mark).toContainText("Source changed (1 new, 1 changed)");
    await card.getByRole("button", { name: "Sync weather" }).click();
    await expect(card.getByRole("status").filter({ hasText: "unchanged" })).toHaveText(
      "1 new · 1 changed · 0 conflicts · 0 removed · 2 unchanged",
    );
    await card.getByRole("button", { name: "Apply sync" }).click();
    await expect(mark).toHaveCount(0);
    await expect(page.getByRole("row", { name: "Namespace weather" })).toContainText("4 tools");
    await expectCleared(page, base, team, name);
  } finally {
    await server.close();
  }
});
