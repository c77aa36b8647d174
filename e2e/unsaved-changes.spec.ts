import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** A link click with unsaved edits asks first: staying keeps the text, leaving goes where the link pointed. */
async function expectGuarded(
  page: Page,
  link: () => ReturnType<Page["getByRole"]>,
  field: ReturnType<Page["getByLabel"]>,
  text: string,
  target: RegExp,
) {
  await field.fill(text);
  await link().click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(field).toHaveValue(text);
  await link().click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Leave and discard" }).click();
  await expect(page).toHaveURL(target);
}

test("the new-catalog, token and publish-note forms warn before unsaved text is lost", async ({ page, newCatalog }) => {
  const { team, base, name } = newCatalog;
  const tab = (label: string) => () => page.getByRole("link", { name: label, exact: true });

  await page.goto(`/t/${team}`);
  await page.getByRole("button", { name: "New catalog" }).click();
  await expectGuarded(
    page,
    () => page.getByRole("link", { name: new RegExp(name) }).first(),
    page.getByLabel("Catalog name"),
    "Half typed",
    new RegExp(`${base}$`),
  );

  await page.goto(`${base}/tokens`);
  await expectGuarded(page, tab("History"), page.getByLabel("Token name"), "support bot", /\/history$/);

  await page.goto(`${base}/review`);
  await expectGuarded(page, tab("Snapshots"), page.getByLabel("Release note"), "First release", /\/snapshots$/);
});

test("the invitation, import and bulk search-term forms warn too, and a sent invitation says so in a toast", async ({
  page,
  newCatalog,
}) => {
  const { team, base } = newCatalog;
  const catalogsLink = () => page.getByRole("banner").getByRole("link", { name: "Catalogs", exact: true });

  await page.goto(`/t/${team}/members`);
  await expectGuarded(
    page,
    catalogsLink,
    page.getByLabel("Invite by email"),
    "half@example.com",
    new RegExp(`/t/${team}$`),
  );
  await page.goto(`/t/${team}/members`);
  await page.getByLabel("Invite by email").fill("new.member@example.com");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByText("Invitation created: send the link below")).toBeVisible();
  // Sent, the form is clean again: leaving asks nothing.
  await catalogsLink().click();
  await expect(page).toHaveURL(new RegExp(`/t/${team}$`));

  await page.goto(`${base}/import`);
  const history = () => page.getByRole("link", { name: "History", exact: true });
  await expectGuarded(page, history, page.getByLabel("Tools JSON"), '{"tools": []}', /\/history$/);

  await page.goto(`${base}/import?example=helpdesk`);
  await page.getByRole("button", { name: "Preview import" }).click();
  await page.getByRole("button", { name: /^Import \d+ tools$/ }).click();
  await expect(page.getByText(/^Imported: \d+ created/)).toBeVisible();
  await page.goto(base);
  await page.getByRole("checkbox", { name: "Select all matching tools" }).check();
  await expectGuarded(page, history, page.getByLabel("Extra search terms"), "refund money back", /\/history$/);
});
