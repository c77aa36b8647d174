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

// Item 10: a screenshot of every main page at desktop and phone size in both themes, kept as CI artifacts under
// test-results/screenshots. At 390 px nothing may push the page wider than the screen.
const SIZES = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
const DIR = "test-results/screenshots";

test.describe.configure({ mode: "parallel" });

type Theme = (typeof THEMES)[number];

/** Saves each page in one theme; returns what sticks out of the viewport (clipped, so the page cannot scroll, but still cut off). */
async function shootPages(
  page: Page,
  size: (typeof SIZES)[number],
  theme: Theme,
  pages: Array<{ name: string; path: string }>,
): Promise<string[]> {
  const tooWide: string[] = [];
  for (const { name, path } of pages) {
    await openPage(page, path, theme);
    await page.screenshot({ path: `${DIR}/${name}-${size.name}-${theme}.png`, fullPage: size.name === "phone" });
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter(
          (el) =>
            el.getBoundingClientRect().right > window.innerWidth + 1 &&
            !el.closest("[data-scrolls], .overflow-x-auto, .overflow-auto, pre"),
        )
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join(".")}`),
    );
    if (overflow.length > 0) tooWide.push(`${name} (${theme}): ${overflow.join(", ")}`);
    // Something wider than the screen that the page clips (an sr-only label escaping a scrolling table, say).
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > size.width) tooWide.push(`${name} (${theme}): the page is ${width} px wide`);
  }
  return tooWide;
}

// One test per size and theme, so each stays within its time on a busy machine.
for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`every main page at ${size.width}×${size.height}, ${theme} theme, without sideways scrolling`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      const signedOut = await shootPages(page, size, theme, [...SIGNED_OUT_PAGES]);
      await signInForPages(page);
      const tooWide = await shootPages(page, size, theme, [
        ...MAIN_PAGES,
        { name: "tool-edit", path: await firstToolPath(page) },
      ]);
      expect([...signedOut, ...tooWide]).toEqual([]);
    });

    test(`a fresh sign-up's empty team and catalog at ${size.width}×${size.height}, ${theme} theme`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      const { team } = await signUpNewUser(page);
      const emptyTeam = await shootPages(page, size, theme, [{ name: "empty-catalogs", path: `/t/${team}` }]);
      const base = await createEmptyCatalog(page, team);
      const pages = EMPTY_CATALOG_PAGES.map(({ name, path }) => ({ name, path: base + path }));
      expect([...emptyTeam, ...(await shootPages(page, size, theme, pages))]).toEqual([]);
    });
  }
}
