import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Issue 33, item 5: a person changes their password and sees and ends their sessions on /account.

async function signInElsewhere(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/t\//);
  return page;
}

/** Whether that browser is still signed in: a team page answers, or it is sent to sign in. */
async function expectSignedOut(page: Page, team: string) {
  await page.goto(`/t/${team}`);
  await expect(page).toHaveURL(/\/sign-in/);
}

test("change the password, see both sessions, end the other one", async ({ page, browser, newUser }) => {
  const other = await signInElsewhere(browser, newUser.email, newUser.password);

  await page.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  const sessions = page.getByRole("table", { name: "Sessions" });
  await expect(sessions.getByRole("row")).toHaveCount(3); // the header and two sessions
  await expect(sessions.getByText("This browser")).toHaveCount(1);
  await expect(sessions).toContainText(/Chrome \d+ on \w+/); // Playwright's desktop Chrome says Windows
  await expect(sessions).toContainText(/127\.0\.0\.1|::\/64/); // the loopback (IPv6: its /64, as better-auth keeps it)

  // The policy of sign-up applies.
  await page.getByLabel("Current password").fill(newUser.password);
  await page.getByLabel("New password").fill("password123");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("[data-field-error=new-password]")).toContainText(/common|at least/i);

  const newPassword = "a brand new passphrase here";
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed; every other session has ended.")).toBeVisible();
  await expect(sessions.getByRole("row")).toHaveCount(2);
  await expectSignedOut(other, newUser.team);

  // Signed in again elsewhere with the new password, then ended from here.
  const again = await signInElsewhere(browser, newUser.email, newPassword);
  await page.reload();
  await expect(sessions.getByRole("row")).toHaveCount(3);
  await sessions.getByRole("button", { name: /^End session/ }).click();
  await expect(sessions.getByRole("row")).toHaveCount(2);
  await expect(sessions.getByText("This browser")).toHaveCount(1);
  await expectSignedOut(again, newUser.team);

  // This browser is still signed in.
  await page.goto(`/t/${newUser.team}`);
  await expect(page.getByRole("heading", { name: "Catalogs" })).toBeVisible();
});

test("end all other sessions at once", async ({ page, browser, newUser }) => {
  const others = [
    await signInElsewhere(browser, newUser.email, newUser.password),
    await signInElsewhere(browser, newUser.email, newUser.password),
  ];
  await page.goto("/account");
  const sessions = page.getByRole("table", { name: "Sessions" });
  await expect(sessions.getByRole("row")).toHaveCount(4);
  await page.getByRole("button", { name: "End all other sessions (2)" }).click();
  await expect(sessions.getByRole("row")).toHaveCount(2);
  for (const other of others) await expectSignedOut(other, newUser.team);
});
