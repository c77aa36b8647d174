import { expect, test, type Page } from "@playwright/test";
import { newUserWithCatalog } from "./catalog-helpers";
import { BIG_COUNT, BIG_NAMESPACE, bigToolName, importBigCatalog, ZEBRA, ZEBRA_COUNT } from "./fixtures/big-catalog";
import { chooseOption } from "./helpers";

// Issue 39 item 4: the tool list of a 10,000-tool catalog scrolls and filters with only the rows near the viewport
// in the DOM. (Its frame times are measured by `npm run bench:browser`, not asserted here.)
const MAX_ROWS = 200;
const key = (i: number) => `${BIG_NAMESPACE}.${bigToolName(i)}`;

declare global {
  interface Window {
    maxToolRows: number;
  }
}

/** Records, for the rest of the page's life, the most tool rows the table ever held at once. */
async function watchRowCount(page: Page) {
  await page.addInitScript(() => {
    window.maxToolRows = 0;
    new MutationObserver(() => {
      const rows = document.querySelectorAll('table[aria-label="Tools"] tbody tr[data-index]').length;
      window.maxToolRows = Math.max(window.maxToolRows, rows);
    }).observe(document, { childList: true, subtree: true });
  });
}

const maxRows = (page: Page) => page.evaluate(() => window.maxToolRows);

/** A tRPC call with the page's session, as the page's own fetches make it. */
function trpcOf(page: Page, baseURL: string) {
  return async (procedure: string, input: unknown) => {
    const response = await page.request.post(`/api/trpc/${procedure}`, {
      headers: { origin: baseURL },
      data: { json: input },
      timeout: 300_000,
    });
    expect(response.status(), `${procedure}: ${(await response.text()).slice(0, 500)}`).toBe(200);
    return (await response.json()).result.data.json;
  };
}

const toolsTable = (page: Page) => page.getByRole("table", { name: "Tools" });
const rowOf = (page: Page, i: number) =>
  toolsTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: key(i), exact: true }) });
const countText = (n: number) => `${n.toLocaleString("en-US")} tools`;

/** The whole list: its size for a screen reader, End by keyboard to the last tool, a jump to the middle. */
async function scrollThrough(page: Page) {
  const table = toolsTable(page);
  await expect(page.getByText(countText(BIG_COUNT), { exact: true })).toBeVisible();
  // A screen reader hears the whole list's size, and where each drawn row stands in it.
  await expect(table).toHaveAttribute("aria-rowcount", String(BIG_COUNT + 1));
  const first = table.getByRole("link", { name: key(0), exact: true });
  await expect(first).toBeInViewport();
  await expect(rowOf(page, 0)).toHaveAttribute("aria-rowindex", "2");
  // The space of the rows not drawn is hidden from assistive tech: the rows it lists are the drawn ones and the head.
  const drawn = table.locator("tbody tr[data-index]");
  expect(await table.getByRole("row").count()).toBe((await drawn.count()) + 1);

  // By keyboard: End from the first row's link scrolls the page to the list's end; the last page is fetched and shown.
  await first.focus();
  await page.keyboard.press("End");
  await expect(table.getByRole("link", { name: key(BIG_COUNT - 1), exact: true })).toBeInViewport();
  await expect(rowOf(page, BIG_COUNT - 1)).toHaveAttribute("aria-rowindex", String(BIG_COUNT + 1));
  // The focused row stays drawn far above, so Tab goes on from where the keyboard was.
  await expect(first).toBeFocused();

  // A drag of the scrollbar to the middle lands on loaded rows (only the pages there are fetched).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(table.locator("tbody tr[aria-busy='true']")).toHaveCount(0);
  const middle = Number(await drawn.nth(Math.floor((await drawn.count()) / 2)).getAttribute("data-index"));
  expect(middle).toBeGreaterThan(3000);
  expect(middle).toBeLessThan(7000);
  await expect(table.getByRole("link", { name: key(middle), exact: true })).toBeAttached();
}

/** A search and a sort on the server, kept in the address; the end of the filtered list. Returns its last tool. */
async function searchAndSort(page: Page): Promise<number> {
  const table = toolsTable(page);
  await page.getByLabel("Search tools").fill(ZEBRA);
  await expect(page.getByText(countText(ZEBRA_COUNT), { exact: true })).toBeVisible();
  await expect(table).toHaveAttribute("aria-rowcount", String(ZEBRA_COUNT + 1));
  await expect(page).toHaveURL(/q=zebra/);
  await chooseOption(page.getByLabel("Sort"), "Key (namespace.name)");
  await expect(page).toHaveURL(/sort=key/);
  // The address keeps the search and the order: a reload opens the same list.
  await page.reload();
  await expect(page.getByText(countText(ZEBRA_COUNT), { exact: true })).toBeVisible();
  await expect(page.getByLabel("Sort")).toHaveText("Key (namespace.name)");
  await expect(table.getByRole("link", { name: key(0), exact: true })).toBeInViewport();
  await expect(rowOf(page, 7)).toHaveAttribute("aria-rowindex", "3");
  await table.getByRole("link", { name: key(7), exact: true }).focus();
  await page.keyboard.press("End");
  const lastZebra = Math.floor((BIG_COUNT - 1) / 7) * 7;
  await expect(table.getByRole("link", { name: key(lastZebra), exact: true })).toBeInViewport();
  await expect(rowOf(page, lastZebra)).toHaveAttribute("aria-rowindex", String(ZEBRA_COUNT + 1));
  return lastZebra;
}

test("a 10,000-tool list scrolls to its end, filters, sorts and selects on the server with a bounded DOM", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(600_000); // the import of 10,000 tools and a bulk change of 1,429 on the embedded database
  const { team, catalog, base } = await newUserWithCatalog(page);
  expect((await importBigCatalog(trpcOf(page, baseURL!), { team, catalog })).created).toBe(BIG_COUNT);
  await watchRowCount(page);
  await page.goto(base);
  await scrollThrough(page);
  expect(await maxRows(page)).toBeLessThan(MAX_ROWS);
  const lastZebra = await searchAndSort(page);

  // Select all matching: every one of the 1,429 tools, not only the drawn rows; a bulk change hides them all.
  const table = toolsTable(page);
  await table.getByRole("checkbox", { name: "Select all matching tools" }).check();
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk.getByText(`${ZEBRA_COUNT} selected`)).toBeVisible();
  await page.keyboard.press("End"); // rows drawn after the selection show it too
  await expect(table.getByLabel(`Select ${key(lastZebra)}`)).toBeChecked();
  await chooseOption(bulk.getByLabel("Set exposure"), "hidden");
  await bulk.getByRole("button", { name: "Apply exposure" }).click();
  await expect(bulk).toBeHidden({ timeout: 120_000 });
  await page.getByLabel("Search tools").fill("");
  await chooseOption(page.getByLabel("Exposure", { exact: true }), "hidden");
  await expect(page.getByText(countText(ZEBRA_COUNT), { exact: true })).toBeVisible();
  expect(await maxRows(page)).toBeLessThan(MAX_ROWS);
  expect(await maxRows(page)).toBeGreaterThan(10);
});

test("an old link's ?page= opens the list at that page's first tool, and the address drops it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { team, catalog, base } = await newUserWithCatalog(page);
  await importBigCatalog(trpcOf(page, baseURL!), { team, catalog }, 300);
  // The list was paged 50 to a page: page 3 began at the 101st tool.
  await page.goto(`${base}?page=3&exp=deferred`);
  const table = page.getByRole("table", { name: "Tools" });
  await expect(table.getByRole("link", { name: key(100), exact: true })).toBeInViewport();
  await expect(table.getByRole("link", { name: key(0), exact: true })).not.toBeInViewport();
  await expect(page).toHaveURL(new RegExp(`${base}\\?exp=deferred$`));
});
