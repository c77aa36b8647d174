import { expect, type Locator, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";

export const DEMO = { email: "demo@stockroom.local", password: "stockroom-demo" };

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/t\//);
}

/**
 * Picks `option` (its visible label) in one of our selects (components/ui/select.tsx, Radix Select) as a person does:
 * click the trigger, click the option in the list that opens, and wait for the trigger to show it.
 */
export async function chooseOption(select: Locator, option: string) {
  await select.click();
  const listbox = select.page().getByRole("listbox");
  await listbox.getByRole("option", { name: option, exact: true }).click();
  await expect(listbox).toBeHidden();
  await expect(select).toHaveText(option);
}

export const signInAsDemo = (page: Page) => signIn(page, DEMO.email, DEMO.password);

/** Signs up a brand-new user (with a team of their own) and lands on their team page. */
export async function signUpNewUser(page: Page, name = `user-${randomBytes(3).toString("hex")}`) {
  const email = `${name}@example.test`;
  const password = "correct horse battery";
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/t\//);
  await expect(page.getByRole("heading", { name: "Catalogs" })).toBeVisible();
  return { name, email, password, team: new URL(page.url()).pathname.split("/")[2]! };
}

/** Opens an invite link signed out, creates the invited account through it and joins the team. */
export async function signUpThroughInvite(page: Page, link: string, name: string) {
  await page.goto(link);
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill(name);
  await expect(page.getByLabel("Email")).toHaveValue(`${name}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/invite\//);
  await page.getByRole("button", { name: "Join the team" }).click();
  await page.waitForURL(/\/t\//);
}

/** Confirms the summary the Review page shows before publishing version `version`. */
export async function confirmPublish(page: Page, version: number) {
  const dialog = page.getByRole("alertdialog", { name: `Publish version ${version}?` });
  await dialog.getByRole("button", { name: `Publish version ${version}` }).click();
  await expect(dialog).toBeHidden();
}
