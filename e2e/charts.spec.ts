import { expect, type Locator, type Page, test } from "@playwright/test";
import { catalogWithAgentEvents } from "./insights-helpers";

/**
 * The y-axis labels recharts draws. Recharts 3 draws them in a layer of their own, `.recharts-yAxis-tick-labels`,
 * not inside `.recharts-yAxis` (which holds only the axis and tick lines): that is why a locator there found none.
 */
const yTicks = (chart: Locator) => chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value");

/** A count axis: whole numbers, each once, from 0 up to at least `max` (the hand-drawn charts read "1, 1, 0"). */
async function expectCountAxis(chart: Locator, max: number) {
  await expect(yTicks(chart).first()).toBeVisible();
  const labels = (await yTicks(chart).allTextContents()).map((label) => label.trim());
  for (const label of labels) expect(label).toMatch(/^\d+$/);
  const values = labels.map(Number).sort((a, b) => a - b);
  expect(new Set(values).size).toBe(values.length);
  expect(values[0]).toBe(0);
  expect(values.at(-1)).toBeGreaterThanOrEqual(max);
}

/** Hovering a bar shows its tooltip with the series and their counts. */
async function expectTooltip(page: Page, chart: Locator, rows: string[]) {
  await chart.locator(".recharts-bar-rectangle").first().hover();
  const tooltip = page.getByRole("tooltip");
  await expect(tooltip).toBeVisible();
  for (const row of rows) await expect(tooltip).toContainText(row);
}

/** The axis labels' colour differs enough from the card behind them to read (both themes). */
async function axisContrast(chart: Locator) {
  return yTicks(chart)
    .first()
    .evaluate((text) => {
      const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = ([r = 0, g = 0, b = 0]: number[]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      let card: Element | null = text;
      while (card && getComputedStyle(card).backgroundColor.match(/rgba\(.*, 0\)|transparent/))
        card = card.parentElement;
      const fill = luminance(rgb(getComputedStyle(text).fill));
      const background = luminance(rgb(getComputedStyle(card ?? document.body).backgroundColor));
      return Math.abs(fill - background);
    });
}

// Issue 41 item 10: the Insights charts (recharts) label count axes with whole numbers, show a tooltip on hover and
// read in both themes.
for (const theme of ["light", "dark"] as const) {
  test(`Insights charts: whole-number count axes and hover tooltips, ${theme} theme`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme });
    const { team } = await catalogWithAgentEvents(page, baseURL!); // two searches (one empty), two refund calls

    await page.goto(`/t/${team}/support/insights`);
    const perDay = page.getByRole("group", { name: "Searches per day" });
    await expectCountAxis(perDay, 2);
    await expectTooltip(page, perDay, ["answered 1", "empty 1"]);
    const ranks = page.getByRole("group", { name: "Rank of the called tool" });
    await expectCountAxis(ranks, 1);
    await page.mouse.move(0, 0);
    await expectTooltip(page, ranks, ["calls 1"]);
    expect(await axisContrast(perDay)).toBeGreaterThan(0.3);
  });
}
