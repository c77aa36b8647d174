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
});

test("the session cookie is HttpOnly, SameSite and Secure in production", async ({ request, baseURL }) => {
  const response = await request.post("/api/auth/sign-in/email", { data: DEMO, headers: { origin: baseURL! } });
  expect(response.status()).toBe(200);
  const cookie = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value).join("\n");
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
  const members = await request.get(`/api/trpc/team.members?input=${encodeURIComponent(JSON.stringify({ json: { team: "demo" } }))}`);
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
