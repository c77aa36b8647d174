import { expect, test } from "@playwright/test";
import { signInAsDemo, signUpNewUser } from "./helpers";
import { createPublishedCatalog } from "./playground-helpers";

// Issue 23 item 7: `/` focuses the page's search, ⌘/Ctrl+K opens the palette, ⌘/Ctrl+S saves the form, `?` lists them.
test("keyboard shortcuts: / search, ? help, Ctrl+K palette, Ctrl+S save", async ({ page }) => {
  test.setTimeout(120_000); // four shortcuts on four pages
  const { team } = await signUpNewUser(page);
  await createPublishedCatalog(page, team, "keys-desk");
  const base = `/t/${team}/keys-desk`;

  // `/` focuses the tool filter; typed text lands there, not in the page.
  await page.goto(base);
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("/");
  await expect(page.getByLabel("Search tools")).toBeFocused();
  await page.keyboard.type("refund");
  await expect(page.getByLabel("Search tools")).toHaveValue("refund");
  await expect(
    page.getByRole("table", { name: "Tools" }).getByRole("link", { name: "crm.refund_order" }),
  ).toBeVisible();

  // `?` outside a text box lists the shortcuts; inside one it is just a character.
  await page.keyboard.press("?");
  await expect(page.getByLabel("Search tools")).toHaveValue("refund?");
  await page.locator("h1").click();
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  for (const action of [
    "Focus the page's search or filter box",
    "Go to a catalog, page or tool",
    "Save the form on screen",
  ])
    await expect(help).toContainText(action);
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // Ctrl+K: the palette goes to a page by name, even when Enter comes before the catalogs have loaded (this raced:
  // the list is fetched when the palette opens, and a fast typist's Enter was dropped). The catalogs are held back
  // until Enter is pressed, so the test takes the slow path every time.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const catalogList = (url: URL) => url.pathname.includes("catalog.list");
  await page.route(catalogList, async (route) => (await held, route.continue()));
  await page.keyboard.press("ControlOrMeta+k");
  const palette = page.getByRole("dialog", { name: "Go to" });
  await expect(palette.getByRole("combobox")).toBeFocused();
  await page.keyboard.type("Support desk Golden");
  await page.keyboard.press("Enter");
  await expect(palette.getByText("Searching…")).toBeVisible();
  release();
  await expect(page).toHaveURL(`${base}/golden`);
  await page.unroute(catalogList);
  // A catalog with no golden queries shows no filter there; the playground's query box is that page's search.
  await page.goto(`${base}/playground`);
  await page.getByRole("heading", { name: "Playground" }).click();
  await page.keyboard.press("/");
  await expect(page.getByLabel("Query", { exact: true })).toBeFocused();

  // Ctrl+S saves the form on screen, even while typing in it, instead of the browser's "Save page".
  await page.goto(`${base}/settings`);
  await page.getByLabel("Description", { exact: true }).fill("Saved with the keyboard");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Saved with the keyboard");
});

test("a keyboard focus ring inside the scrolling catalog tabs is drawn whole, not clipped by the tab bar", async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.goto("/t/demo/mcp-tools/golden");
  const tabs = page.getByRole("navigation", { name: "Catalog" });
  await tabs.getByRole("link", { name: "Golden queries" }).focus();
  await page.keyboard.press("Tab"); // keyboard focus, so :focus-visible applies
  const ring = await page.evaluate(() => {
    const tab = document.activeElement as HTMLElement;
    const nav = tab.closest("nav") as HTMLElement;
    const style = getComputedStyle(tab);
    const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
    const box = tab.getBoundingClientRect();
    const clip = nav.getBoundingClientRect();
    return {
      nav: nav.getAttribute("aria-label"),
      top: box.top - reach - clip.top,
      bottom: clip.bottom - (box.bottom + reach),
    };
  });
  expect(ring.nav).toBe("Catalog");
  expect(ring.top).toBeGreaterThanOrEqual(0);
  expect(ring.bottom).toBeGreaterThanOrEqual(0);
});
