import { expect, test } from "./fixtures";
import { chooseOption } from "./helpers";

test("an owner renames a catalog, changes its profile and limit, then deletes (archives) it after confirming", async ({
  page,
  newCatalog,
}) => {
  const { catalog } = newCatalog;
  await page.getByRole("navigation", { name: "Catalog" }).getByRole("link", { name: "Settings" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Support agent");
  await chooseOption(page.getByLabel("Engine profile"), "codex-bm25");
  await expect(page.getByText("Reproduces Codex's tool_search exactly")).toBeVisible();
  await page.getByLabel("Default limit").fill("5");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Support agent", level: 1 })).toBeVisible();

  const danger = page.getByRole("region", { name: "Delete catalog" });
  await danger.getByRole("button", { name: "Delete (archive) catalog" }).click();
  // The shared confirmation dialog, with the slug typed inside it.
  const dialog = page.getByRole("alertdialog", { name: `Delete the catalog ${catalog}?` });
  const archive = dialog.getByRole("button", { name: "Delete catalog" });
  await expect(archive).toBeDisabled();
  await dialog.getByLabel(/Type .* to confirm/).fill(catalog);
  await archive.click();
  await expect(page.getByText("No catalogs yet.")).toBeVisible();
  const response = await page.goto(`${new URL(page.url()).pathname}/${catalog}`);
  expect(response?.status()).toBe(404);
});
