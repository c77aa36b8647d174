import { expect, test } from "./fixtures";
import { signIn } from "./helpers";

test("two people edit the same tool: the second save is refused, compared, reloaded, never silently overwritten", async ({
  page,
  browser,
  newCatalog,
}) => {
  const { base, email, password } = newCatalog;
  await page.getByRole("link", { name: "New tool" }).click();
  await expect(page.getByRole("heading", { name: "New tool" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("lookup_order");
  await page.getByLabel("Description", { exact: true }).fill("Look up an order.");
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page.getByRole("heading", { name: "lookup_order" })).toBeVisible();
  const toolUrl = page.url();

  // A second browser context: another session of the same account opens the same tool.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await signIn(page2, email, password);
  await page2.goto(toolUrl);
  await expect(page2.getByLabel("Description", { exact: true })).toHaveValue("Look up an order.");

  await page.getByLabel("Description", { exact: true }).fill("Look up an order by its number (first edit).");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved — revision 2.")).toBeVisible();

  await page2.getByLabel("Description", { exact: true }).fill("Find an order (second edit).");
  await page2.getByRole("button", { name: "Save" }).click();
  const banner = page2.getByRole("alert").filter({
    hasText: /Someone else changed this tool since you opened it \(it is now revision 2, saved by \S+@\S+\)/,
  });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Compare" }).click();
  const compare = page2.getByRole("table", { name: "Compare versions" });
  await expect(compare.getByRole("row", { name: /Description/ })).toContainText(
    "Look up an order by its number (first edit).",
  );
  await expect(compare.getByRole("row", { name: /Description/ })).toContainText("Find an order (second edit).");

  // Nothing was overwritten: the first edit is what is stored.
  await page.reload();
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue(
    "Look up an order by its number (first edit).",
  );

  await banner.getByRole("button", { name: "Reload their version" }).click();
  await expect(page2.getByLabel("Description", { exact: true })).toHaveValue(
    "Look up an order by its number (first edit).",
  );
  await expect(page2.getByText("Revision 2", { exact: true })).toBeVisible();
  await page2.getByLabel("Description", { exact: true }).fill("Look up an order by its number or email.");
  await page2.getByRole("button", { name: "Save" }).click();
  await expect(page2.getByText("Saved — revision 3.")).toBeVisible();

  // Keeping one's own edits is explicit: the first page is now stale, keeps its text and saves on top.
  await page.getByLabel("Description", { exact: true }).fill("Mine, knowingly on top.");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("alert").getByRole("button", { name: "Keep my edits" }).click();
  await expect(page.getByText("Your edits now apply on top of revision 3. Review them and save again.")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved — revision 4.")).toBeVisible();
  await other.close();
  expect(base).toContain("/t/");
});
