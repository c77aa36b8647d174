import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpNewUser } from "./helpers";
import {
  createEmptyCatalog,
  EMPTY_CATALOG_PAGES,
  firstToolPath,
  MAIN_PAGES,
  openPage,
  SIGNED_OUT_PAGES,
  signInForPages,
  THEMES,
} from "./main-pages";

// Item 10: axe-core finds no serious or critical WCAG 2 A/AA violation on any main page, in either theme.
test.describe.configure({ mode: "parallel" });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

for (const theme of THEMES) {
  test(`no serious or critical axe violations on the signed-in pages, ${theme} theme`, async ({ page }) => {
    test.setTimeout(240_000);
    await signInForPages(page);
    const paths = [...MAIN_PAGES.map((p) => p.path), await firstToolPath(page)];
    const found: string[] = [];
    for (const path of paths) {
      await openPage(page, path, theme);
      found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  test(`no serious or critical axe violations on a fresh sign-up's empty team and catalog, ${theme} theme`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const { team } = await signUpNewUser(page);
    await openPage(page, `/t/${team}`, theme);
    const found = (await seriousViolations(page)).map((v) => `/t/${team}: ${v}`);
    const base = await createEmptyCatalog(page, team);
    for (const { path } of EMPTY_CATALOG_PAGES) {
      await openPage(page, base + path, theme);
      found.push(...(await seriousViolations(page)).map((v) => `${path || "/"}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  test(`no serious or critical axe violations on the signed-out pages, ${theme} theme`, async ({ page }) => {
    const found: string[] = [];
    for (const { path } of SIGNED_OUT_PAGES) {
      await openPage(page, path, theme);
      found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });
}
