import { expect, test } from "@playwright/test";
import { DEMO } from "./helpers";

test("pages carry security headers", async ({ request }) => {
  const response = await request.get("/sign-in");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toContain("default-src 'self'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["strict-transport-security"]).toBeUndefined(); // STOCKROOM_URL is http here
});

test("scripts run by a per-request nonce, never 'unsafe-inline', and the page still works", async ({
  page,
  request,
}) => {
  const nonceOf = (csp: string) => /script-src 'self' 'nonce-([^']+)' 'strict-dynamic'/.exec(csp)?.[1];
  const first = await request.get("/sign-in");
  const csp = first.headers()["content-security-policy"]!;
  expect(csp.split("; ").find((d) => d.startsWith("script-src"))).not.toContain("unsafe-inline");
  const nonce = nonceOf(csp)!;
  expect(nonce).toBeTruthy();
  expect(nonceOf((await request.get("/sign-in")).headers()["content-security-policy"]!)).not.toBe(nonce);
  const html = await first.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/sign-up");
  await expect(page.getByRole("button", { name: /create/i })).toBeEnabled(); // enabled once React hydrated: scripts ran
  await page.goto("/docs/api");
  await expect(page.getByRole("heading").first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("the session cookie is HttpOnly, SameSite and Secure in production", async ({ request, baseURL }) => {
  const response = await request.post("/api/auth/sign-in/email", { data: DEMO, headers: { origin: baseURL! } });
  expect(response.status()).toBe(200);
  const cookie = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value)
    .join("\n");
  expect(cookie).toMatch(/session_token=[^;]+;.*HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).toMatch(/Secure/);
  expect(JSON.stringify(await response.json())).not.toMatch(/password/i);
});

test("a cookie-authenticated write from another origin is refused", async ({ request, baseURL }) => {
  await request.post("/api/auth/sign-in/email", { data: DEMO, headers: { origin: baseURL! } });
  const forged = await request.post("/api/trpc/team.invite", {
    headers: { origin: "https://evil.example", "content-type": "application/json" },
    data: { json: { team: "demo", email: "attacker@evil.example", role: "owner" } },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
  const members = await request.get(
    `/api/trpc/team.members?input=${encodeURIComponent(JSON.stringify({ json: { team: "demo" } }))}`,
  );
  expect(JSON.stringify(await members.json())).not.toContain("attacker@evil.example");
});

test("request bodies over the limit are refused with 413", async ({ request, baseURL }) => {
  const response = await request.post("/api/trpc/team.invite", {
    headers: { origin: baseURL!, "content-type": "application/json" },
    data: JSON.stringify({ json: { team: "demo", email: "x".repeat(6 * 1024 * 1024) } }),
  });
  expect(response.status()).toBe(413);
  expect(await response.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
});
