import { expect, test } from "@playwright/test";
import { GLOSSARY } from "../app/docs/glossary/terms";

test("the glossary explains every term the pages use, each with its own link target", async ({ page }) => {
  await page.goto("/docs/glossary#strength");
  await expect(page.getByRole("heading", { name: "Glossary" })).toBeVisible();
  for (const entry of GLOSSARY) {
    const item = page.locator(`[id="${entry.id}"]`);
    await expect(item.getByRole("term")).toHaveText(entry.term);
    await expect(item.getByRole("definition")).toHaveText(entry.meaning);
  }
  // The anchor scrolled the page to the term it names.
  await expect(page.locator('[id="strength"]')).toBeInViewport();
  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "API docs" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Glossary" }).click();
  await expect(page).toHaveURL(/\/docs\/glossary(#\w+)?$/);
});
