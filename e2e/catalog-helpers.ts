import { expect, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { signUpNewUser } from "./helpers";

/** A new user with a fresh catalog made through the "New catalog" form; lands on its (empty) tool list. */
export async function newUserWithCatalog(page: Page) {
  const user = await signUpNewUser(page);
  const name = `Catalog ${randomBytes(2).toString("hex")}`;
  await page.getByRole("button", { name: "New catalog" }).click();
  await page.getByLabel("Catalog name").fill(name);
  await page.getByRole("button", { name: "Create catalog" }).click();
  await expect(page.getByRole("heading", { name: "Tools", exact: true })).toBeVisible();
  await expect(page.getByText("0 tools", { exact: true })).toBeVisible();
  const [, , team, catalog] = new URL(page.url()).pathname.split("/");
  return { ...user, team: team!, catalog: catalog!, name, base: `/t/${team}/${catalog}` };
}

/** Replaces the whole content of the CodeMirror parameters editor. */
export async function setParameters(page: Page, json: string) {
  const editor = page.getByLabel("Parameters (JSON Schema)");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(json);
}
