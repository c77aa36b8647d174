import { expect, test } from "@playwright/test";
import { DEMO, signInAsDemo, signUpNewUser } from "./helpers";

test("the sign-in page shows the demo credentials in demo mode", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByTestId("demo-credentials")).toContainText(DEMO.email);
  await expect(page.getByTestId("demo-credentials")).toContainText(DEMO.password);
});

test("a wrong password is refused with a message", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /invalid email or password/i })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test("the demo user signs in and sees the demo catalog's tool list", async ({ page }) => {
  await signInAsDemo(page);
  const card = page.getByRole("link", { name: /MCP tools/ });
  await expect(card.getByTestId("count-tools")).toHaveText("724");
  await expect(card.getByTestId("count-direct")).toHaveText("131");
  await expect(card.getByTestId("count-deferred")).toHaveText("593");
  await card.click();
  await expect(page.getByRole("heading", { name: "Tools", exact: true })).toBeVisible();
  await expect(page.getByText("724 tools", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Tools" }).getByText("aws_kb_retrieval.retrieve_from_aws_kb"),
  ).toBeVisible();
});

test("a new user gets a team of their own and cannot open the demo team", async ({ page }) => {
  const user = await signUpNewUser(page);
  await expect(page.getByText("No catalogs yet.")).toBeVisible();
  expect(user.team).not.toBe("demo");
  const response = await page.goto("/t/demo/mcp-tools");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await page.goto("/");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
});

test("public/ serves a robots.txt that keeps crawlers out, and the old First request address redirects", async ({
  page,
  request,
}) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/User-agent: \*\s+Disallow: \/\s*$/);
  await signInAsDemo(page);
  await page.goto("/t/demo/mcp-tools/preview");
  await expect(page).toHaveURL(/\/t\/demo\/mcp-tools\/first-request$/);
});
