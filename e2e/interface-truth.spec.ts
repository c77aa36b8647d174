import { expect, type Page, test } from "@playwright/test";
import { signUpNewUser } from "./helpers";
import { createPublishedCatalog, createSupportCatalog, trpc } from "./playground-helpers";

// Issue 41 items 9 and 12: Explain and the editor say what is indexed, the catalog card's unpublished mark, and
// the token page's examples to copy.

/** Sets an override on crm.get_forecast in its editor and saves; the editor lists what is indexed. */
async function overrideForecast(page: Page, base: string) {
  await page.goto(base);
  await page.getByRole("table", { name: "Tools" }).getByRole("link", { name: "crm.get_forecast" }).click();
  const searchText = page.getByRole("region", { name: "Search text" });
  await searchText.getByRole("radio", { name: /Override/ }).check();
  await searchText.getByLabel("Override search text").fill("rain tomorrow outlook");
  const indexed = searchText.getByLabel("Indexed fields");
  await expect(indexed).toContainText("Name field");
  await expect(indexed).toContainText("get_forecast");
  await expect(indexed).toContainText("Search text override");
  await expect(indexed).toContainText("each word of the name counts once more");
  await expect(searchText.getByTestId("effective-search-text")).toHaveText("rain tomorrow outlook");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/Saved — revision 2/)).toBeVisible();
}

test("under an override the name still counts: the editor and Explain say so field by field; the catalog card marks the unpublished edit", async ({
  page,
}) => {
  const { team } = await signUpNewUser(page);
  await createSupportCatalog(page, team, "truth-desk", "stockroom");
  await trpc(page, "review.publish", { team, catalog: "truth-desk", note: "first version" });
  const base = `/t/${team}/truth-desk`;
  const card = page.getByRole("list", { name: "Catalogs" }).getByRole("link", { name: /Support desk/ });
  await page.goto(`/t/${team}`);
  await expect(card).toContainText("v1");
  await expect(card).not.toContainText("Unpublished changes");

  await overrideForecast(page, base);

  await page.goto(`${base}/playground`);
  await page.getByLabel("Query", { exact: true }).fill("forecast");
  const hit = page.getByRole("list", { name: "Ranked tools" }).getByRole("listitem").first();
  await expect(hit).toContainText("crm.get_forecast");
  await hit.getByRole("button", { name: "Explain" }).click();
  const fields = hit.getByLabel("Indexed fields of crm.get_forecast");
  await expect(fields).toContainText("Name field");
  await expect(fields.locator("mark")).toHaveText(["get_forecast"]);
  await expect(fields).toContainText("rain tomorrow outlook");
  const row = hit
    .getByRole("table", { name: "Explanation of crm.get_forecast" })
    .getByRole("row", { name: /forecast/ });
  await expect(row).toContainText("Name field +1");

  await page.goto(`/t/${team}`);
  await expect(card).toContainText("Unpublished changes since v1");
  await trpc(page, "review.publish", { team, catalog: "truth-desk", note: "override" });
  await page.reload();
  await expect(card).toContainText("v2");
  await expect(card).not.toContainText("Unpublished changes");
});

test("the token page's examples have the team and catalog filled in and copy buttons", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { team } = await signUpNewUser(page);
  await createPublishedCatalog(page, team, "copy-desk");
  await page.goto(`/t/${team}/copy-desk/tokens`);
  const examples = page.getByRole("region", { name: "Connect an agent" });
  await examples.getByRole("button", { name: "Python" }).click();
  await examples.getByRole("button", { name: "Copy the Python example" }).click();
  await expect(examples.getByRole("button", { name: "Copied" })).toBeVisible();
  const python = await page.evaluate(() => navigator.clipboard.readText());
  expect(python).toContain("from stockroom import connect");
  expect(python).toContain(`team="${team}"`);
  expect(python).toContain('catalog="copy-desk"');

  await page.getByLabel("Token name").fill("copy test");
  await page.getByRole("button", { name: "Create token" }).click();
  const secret = await page.getByLabel("New token secret").inputValue();
  await page.getByText("Try it").click();
  await page.getByRole("button", { name: "Copy the curl with this token example" }).click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`Bearer ${secret}`);
  expect(curl).toContain(`/api/v1/catalogs/${team}/copy-desk/snapshots/latest`);
});
