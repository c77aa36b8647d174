import { expect, test } from "./fixtures";
import { signUpThroughInvite } from "./helpers";

test("an owner creates a token, copies the secret shown once, sees it used, and revokes it", async ({
  page,
  request,
  newCatalog,
}) => {
  const { team, catalog, base } = newCatalog;
  await page.getByRole("link", { name: "Agent tokens" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/tokens$`));
  await expect(page.getByText("No tokens yet.")).toBeVisible();

  await page.getByLabel("Token name").fill("ci bot");
  await page.getByRole("button", { name: "Create token" }).click();
  const secret = await page.getByLabel("New token secret").inputValue();
  expect(secret).toMatch(/^srk_[A-Za-z0-9_-]{40}$/);
  const row = page.getByRole("row", { name: "ci bot" });
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText("never");
  await expect(row).toContainText("active");

  // The token authenticates: nothing is published yet, so the answer is 404, not 401.
  const url = `/api/v1/catalogs/${team}/${catalog}/snapshots/latest`;
  const auth = { authorization: `Bearer ${secret}` };
  expect((await request.get(url, { headers: auth })).status()).toBe(404);
  // Hosted search through the same gate, served by scripts/serve.mjs in front of Next.js: POST only.
  const searchUrl = `/api/v1/catalogs/${team}/${catalog}/search`;
  const searched = await request.post(searchUrl, { headers: auth, data: { query: "refund a payment" } });
  expect(searched.status()).toBe(404);
  expect((await searched.json()).error.message).toMatch(/Nothing has been published/);
  expect((await request.post(searchUrl, { headers: auth, data: { query: "" } })).status()).toBe(400);
  expect((await request.get(searchUrl, { headers: auth })).status()).toBe(405);

  await page.getByRole("button", { name: "I have copied it" }).click();
  await expect(page.getByLabel("New token secret")).toHaveCount(0);
  await page.reload();
  await expect(row).toContainText("just now"); // last used
  expect(await page.content()).not.toContain(secret.slice(12));

  await page.getByLabel("Token name").fill("ci bot");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /already exists/ })).toBeVisible();

  await row.getByRole("button", { name: "Revoke ci bot" }).click();
  await page
    .getByRole("alertdialog", { name: "Revoke ci bot?" })
    .getByRole("button", { name: "Confirm revoke" })
    .click();
  await expect(row).toContainText("revoked");
  await expect(row.getByRole("button", { name: "Revoke ci bot" })).toHaveCount(0);
  const refused = await request.get(url, { headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toMatch(/revoked/);

  await page.goto(`${base}/history`);
  const history = page.getByRole("list", { name: "History" });
  await expect(history.getByRole("listitem").filter({ hasText: "revoked agent token" })).toContainText("ci bot");
  await expect(history.getByRole("listitem").filter({ hasText: "created agent token" })).toContainText("ci bot");
  await expect(history).not.toContainText("agent_token");
});

test("members who are not owners are told to ask an owner", async ({ page, browser, baseURL, newCatalog }) => {
  const { team, base } = newCatalog;
  const viewerEmail = `viewer-${Date.now().toString(36)}@example.test`;
  const invite = await page.request.post("/api/trpc/team.invite", {
    data: { json: { team, email: viewerEmail, role: "viewer" } },
    headers: { origin: baseURL! },
  });
  expect(invite.status()).toBe(200);
  const { link } = (await invite.json()).result.data.json as { link: string };
  const viewerPage = await (await browser.newContext()).newPage();
  await signUpThroughInvite(viewerPage, link, viewerEmail.split("@")[0]!);
  await viewerPage.goto(`${base}/tokens`);
  await expect(viewerPage.getByText("Only team owners create and revoke agent tokens.")).toBeVisible();
  await expect(viewerPage.getByLabel("Token name")).toHaveCount(0);
});

test("the API reference renders the OpenAPI document without signing in", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Stockroom agent API" })).toBeVisible();
  const latest = page.getByRole("region", { name: "Get the latest snapshot" });
  await expect(latest).toContainText("/api/v1/catalogs/{team}/{catalog}/snapshots/latest");
  await expect(latest).toContainText("If-None-Match");
  for (const status of ["200", "304", "401", "403", "404", "429"])
    await expect(latest.getByText(status, { exact: true })).toBeVisible();
  const search = page.getByRole("region", { name: "Search the deferred tools (hosted tool_search)" });
  await expect(search).toContainText("/api/v1/catalogs/{team}/{catalog}/search");
  await expect(search).toContainText("SearchRequest");
  await expect(page.getByRole("region", { name: "Schemas" })).toContainText("contentHash");
  // Every endpoint's examples and the side navigation: e2e/api-docs.spec.ts.
  await page.getByRole("link", { name: "/api/v1/openapi.json" }).click();
  await expect(page).toHaveURL(/openapi\.json$/);
});

test("an owner creates an import token on request; a read token cannot import", async ({
  page,
  request,
  newCatalog,
}) => {
  const { team, catalog } = newCatalog;
  await page.getByRole("link", { name: "Agent tokens" }).click();
  await page.getByLabel("Token name").fill("reader");
  await page.getByRole("button", { name: "Create token" }).click();
  const reader = await page.getByLabel("New token secret").inputValue();
  await page.getByRole("button", { name: "I have copied it" }).click();
  await page.getByLabel("Token name").fill("laptop");
  await page.getByLabel("Can also import tools").check();
  await page.getByRole("button", { name: "Create token" }).click();
  const importer = await page.getByLabel("New token secret").inputValue();
  await expect(page.getByRole("region", { name: "New token" })).toContainText("stockroom -- import");
  await expect(page.getByRole("row", { name: "laptop" })).toContainText("read + import");
  // New tokens report agent events unless the owner unticks it (issue 33).
  await expect(page.getByRole("row", { name: "reader" })).toContainText("read + events");

  const url = `/api/v1/catalogs/${team}/${catalog}/import/preview`;
  const data = { source: { tools: [{ name: "ping", inputSchema: { type: "object" } }] } };
  const refused = await request.post(url, { headers: { authorization: `Bearer ${reader}` }, data });
  expect(refused.status()).toBe(403);
  const plan = await request.post(url, { headers: { authorization: `Bearer ${importer}` }, data });
  expect(plan.status()).toBe(200);
  expect((await plan.json()).counts.new).toBe(1);
});
