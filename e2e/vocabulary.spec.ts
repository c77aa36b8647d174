import { expect, test } from "./fixtures";
import { createSupportCatalog } from "./playground-helpers";

test("an owner teaches the catalog a word in settings, and the playground ranks with it and says what it added", async ({
  page,
  newUser,
}) => {
  const { team } = newUser;
  const slug = `vocab-${Date.now().toString(36)}`;
  await createSupportCatalog(page, team, slug, "stockroom");

  // A word no tool has: nothing to rank yet.
  await page.goto(`/t/${team}/${slug}/playground?q=zorp`);
  await expect(page.getByText("No tool matches: tool_search would return nothing.")).toBeVisible();

  // The catalog's own line, written in settings.
  await page.goto(`/t/${team}/${slug}/settings`);
  await expect(page.getByRole("button", { name: "Save settings" })).toBeEnabled(); // hydrated: typing is kept
  await page.getByLabel("Catalog vocabulary lines").fill("zorp > refund_order");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  await page.goto(`/t/${team}/${slug}/playground?q=zorp`);
  const ranked = page.getByRole("list", { name: "Ranked tools" });
  await expect(ranked.getByRole("listitem").first()).toContainText("crm.refund_order");
  const vocabulary = page.getByLabel("Vocabulary");
  await expect(vocabulary).toContainText("+ 1 catalog line");
  await expect(vocabulary).toContainText(/zorp → .*refund.*\(catalog\)/);

  // A bad line is named, not saved.
  await page.goto(`/t/${team}/${slug}/settings`);
  await expect(page.getByRole("button", { name: "Save settings" })).toBeEnabled();
  await page.getByLabel("Catalog vocabulary lines").fill("zorp > refund_order\n > nothing");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("line 2: needs words on both sides of >", { exact: true })).toBeVisible();
});
