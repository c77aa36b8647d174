import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { signUpNewUser } from "./helpers";

// Issue 33, item 1: whatever `next` holds, sign-in and sign-up land on a page of this app. 127.0.0.9:4999 is the
// tester's address (nothing listens there: a browser sent off the app ends on an error page of another origin).
const HOSTILE_NEXT = [
  "/\t/127.0.0.9:4999/x",
  "/\n/127.0.0.9:4999/x",
  "/\r/127.0.0.9:4999/x",
  "/\\127.0.0.9:4999/x",
  "\\\\127.0.0.9:4999/x",
  "//127.0.0.9:4999/x",
  "/%09/127.0.0.9:4999/x",
  "/%2F%2F127.0.0.9:4999/x",
  "/..//127.0.0.9:4999/x",
  "http://127.0.0.9:4999/x",
  "https:127.0.0.9:4999/x",
  "javascript:alert(document.domain)",
];

async function submitAndSettle(page: Page, button: string) {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL((url) => !/^\/sign-(in|up)/.test(url.pathname));
  await page.waitForLoadState("load");
}

test("sign-in with a hostile `next` lands on this app", async ({ page, baseURL, newUser }) => {
  const app = new URL(baseURL!).origin;
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const next of HOSTILE_NEXT) {
    await page.context().clearCookies();
    await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
    await page.getByLabel("Email").fill(newUser.email);
    await page.getByLabel("Password").fill(newUser.password);
    await submitAndSettle(page, "Sign in");
    expect(new URL(page.url()).origin, `next=${JSON.stringify(next)}`).toBe(app);
  }
  // The tester's raw form, typed into the address bar as is.
  await page.context().clearCookies();
  await page.goto("/sign-in?next=/%09/127.0.0.9:4999/x");
  await page.getByLabel("Email").fill(newUser.email);
  await page.getByLabel("Password").fill(newUser.password);
  await submitAndSettle(page, "Sign in");
  expect(new URL(page.url()).origin).toBe(app);
  expect(dialogs).toEqual([]);
});

test("sign-up with a hostile `next` lands on this app, and a path of the app is still followed", async ({
  page,
  baseURL,
}) => {
  const app = new URL(baseURL!).origin;
  for (const next of ["/\t/127.0.0.9:4999/x", "/%5C127.0.0.9:4999/x", "//127.0.0.9:4999/x"]) {
    await page.context().clearCookies();
    await page.goto(`/sign-up?next=${encodeURIComponent(next)}`);
    await page.getByLabel("Name").fill(`next-${Math.random().toString(36).slice(2, 8)}`);
    await page.getByLabel("Email").fill(`next-${Math.random().toString(36).slice(2, 10)}@example.test`);
    await page.getByLabel("Password").fill("correct horse battery");
    await submitAndSettle(page, "Create account");
    expect(new URL(page.url()).origin, `next=${JSON.stringify(next)}`).toBe(app);
  }
  const { email, password } = await signUpNewUser(page);
  await page.context().clearCookies();
  await page.goto(`/sign-in?next=${encodeURIComponent("/docs/api")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await submitAndSettle(page, "Sign in");
  expect(new URL(page.url()).pathname).toBe("/docs/api");
});
