import { expect, test } from "@playwright/test";
import { firstToolPath, MAIN_PAGES, openPage, SIGNED_OUT_PAGES, signInForPages, THEMES } from "./main-pages";

// Item 10: a screenshot of every main page at desktop and phone size in both themes, kept as CI artifacts under
// test-results/screenshots. At 390 px nothing may push the page wider than the screen.
const SIZES = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
const DIR = "test-results/screenshots";

test.describe.configure({ mode: "parallel" });

for (const size of SIZES) {
  test(`every main page at ${size.width}×${size.height} in both themes, without sideways scrolling`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const pages: Array<{ name: string; path: string }> = [...SIGNED_OUT_PAGES];
    for (const theme of THEMES) {
      for (const { name, path } of pages) {
        await openPage(page, path, theme);
        await page.screenshot({ path: `${DIR}/${name}-${size.name}-${theme}.png` });
      }
    }
    await signInForPages(page);
    const all = [...MAIN_PAGES, { name: "tool-edit", path: await firstToolPath(page) }];
    const tooWide: string[] = [];
    for (const theme of THEMES) {
      for (const { name, path } of all) {
        await openPage(page, path, theme);
        await page.screenshot({ path: `${DIR}/${name}-${size.name}-${theme}.png`, fullPage: size.name === "phone" });
        // What sticks out of the viewport (clipped, so the page cannot scroll, but still cut off for the reader).
        const overflow = await page.evaluate(() =>
          [...document.querySelectorAll("body *")]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[data-scrolls], .overflow-x-auto, .overflow-auto, pre"))
            .slice(0, 3)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join(".")}`),
        );
        if (overflow.length > 0) tooWide.push(`${name} (${theme}): ${overflow.join(", ")}`);
      }
    }
    expect(tooWide).toEqual([]);
  });
}
