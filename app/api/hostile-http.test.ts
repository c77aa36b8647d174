import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/open";
import { createNodeAgentHandler, rememberedRouteCount } from "@/server/http/agent-dispatch";
import { insertTestSnapshot } from "@/server/testing/insert-test-snapshot";
import { createAgentToken } from "@/server/services/tokens/create-agent-token";
import { TokenBucketLimiter } from "@/server/services/tokens/rate-limit";
import { createCatalog, createTeamWithMembers, createTools } from "@/server/testing/factories";
import { HOSTILE_NUMBERS } from "@/server/testing/hostile-values";
import { useTestDatabase } from "@/server/testing/use-test-database";
import * as authRoute from "./auth/[...all]/route";
import * as trpcRoute from "./trpc/[trpc]/route";
import * as fallbackRoute from "./v1/[...path]/route";

const { db, handle } = useTestDatabase();
const globals = globalThis as unknown as {
  stockroomDb?: Promise<DatabaseHandle>;
  stockroomAgentLimiter?: TokenBucketLimiter;
};

/**
 * Issue #17, item 7 (replay) for the HTTP routes: versions past 2^31, NULs and broken percent-encoding in paths,
 * `Origin: null` or a malformed Origin on a cookie POST. Each answers 4xx, never 5xx.
 */
const SEGMENTS = [
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%C0",
  "%",
  "%25",
  "_",
  "%5C",
  "constructor",
  "__proto__",
  "x".repeat(300),
] as const;
const VERSIONS = [
  ...HOSTILE_NUMBERS.map(String),
  "99999999999999999999",
  "1e400",
  "0x10",
  "latest%00",
  "%ED%A0%80",
  "NaN",
  "-0",
] as const;

let server: Server;
let baseUrl = "";
let scope = { team: "", catalog: "", secret: "" };

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= "hostile-http-test-secret-".padEnd(40, "x");
  globals.stockroomDb = Promise.resolve(handle);
  const t = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, t.team.id);
  await createTools(db, catalog.id, [{ name: "list_orders", description: "List orders." }]);
  await insertTestSnapshot(db, t.team, catalog, 1);
  const { secret } = await createAgentToken({
    db,
    team: t.team,
    catalog,
    actor: { id: t.owner.id, label: t.owner.email },
    name: "http",
  });
  scope = { team: t.team.slug, catalog: catalog.slug, secret };
  server = createServer(createNodeAgentHandler());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("hostile HTTP input", () => {
  it("/api/v1: hostile segments and versions answer 4xx on node:http and through the Next.js route", async () => {
    const segment = fc.constantFrom(...SEGMENTS);
    const path = fc.oneof(
      fc.tuple(segment, segment).map(([team, catalog]) => `/api/v1/catalogs/${team}/${catalog}/snapshots`),
      fc
        .constantFrom(...VERSIONS)
        .map((version) => `/api/v1/catalogs/${scope.team}/${scope.catalog}/snapshots/${version}`),
      fc
        .tuple(segment, fc.constantFrom(...VERSIONS))
        .map(([team, v]) => `/api/v1/catalogs/${team}/${scope.catalog}/snapshots/${v}`),
    );
    await fc.assert(
      fc.asyncProperty(path, async (url) => {
        const headers = { authorization: `Bearer ${scope.secret}` };
        const direct = await fetch(`${baseUrl}${url}`, { headers });
        const viaNext = await fallbackRoute.GET(new Request(`http://stockroom.test${url}`, { headers }));
        expect(
          [direct.status, viaNext.status].every((status) => status >= 400 && status < 500),
          `${url}: ${direct.status}/${viaNext.status}`,
        ).toBe(true);
      }),
      { numRuns: 60, seed: 17 },
    );
  });

  it("/api/v1: only routes whose token was accepted are remembered (4,000 distinct invalid paths grow nothing)", async () => {
    globals.stockroomAgentLimiter = new TokenBucketLimiter(1_000_000); // 4,000 requests of one token
    const before = rememberedRouteCount();
    const headers = { authorization: `Bearer ${scope.secret}` };
    for (let i = 0; i < 4000; i++) {
      const path = i % 2 ? `/api/v1/catalogs/t${i}/c/snapshots/x${i}` : `/api/v1/catalogs/t${i}/c/snapshots`;
      const status = (await fallbackRoute.GET(new Request(`http://stockroom.test${path}`, { headers }))).status;
      expect(status).toBeGreaterThanOrEqual(400);
    }
    expect(rememberedRouteCount()).toBe(before);
    const valid = await fallbackRoute.GET(
      new Request(`http://stockroom.test/api/v1/catalogs/${scope.team}/${scope.catalog}/snapshots/1`, { headers }),
    );
    expect(valid.status).toBe(200);
    expect(rememberedRouteCount()).toBe(before + 1);
  });

  it("/api/trpc: a cookie POST with Origin null or a malformed Origin is 403", async () => {
    for (const origin of ["null", "http://[::1", "not a url", "javascript:alert(1)", "file://"]) {
      const request = new Request("http://localhost:3000/api/trpc/team.mine", {
        method: "POST",
        headers: {
          host: "localhost:3000",
          origin,
          cookie: "stockroom.session_token=x",
          "content-type": "application/json",
        },
        body: JSON.stringify({ json: null }),
      });
      const response = await trpcRoute.POST(request);
      expect(response.status, origin).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
    }
  });

  it("/api/trpc and /api/auth: hostile text and numbers in a request body are 4xx", async () => {
    const bodies = [
      {
        path: "/api/auth/sign-up/email",
        body: { email: "lone@example.test", password: "a-strong-passphrase-17", name: "\ud800" },
      },
      {
        path: "/api/auth/sign-up/email",
        body: { email: "nul@example.test", password: "a-strong-passphrase-17", name: "a\u0000b" },
      },
      { path: "/api/auth/sign-in/email", body: { email: "\ud800@example.test", password: "\u0000" } },
      { path: "/api/auth/sign-in/email", body: { email: 2 ** 53, password: 1e308 } },
    ];
    for (const { path, body } of bodies) {
      for (const origin of ["http://localhost:3000", "null"]) {
        const request = new Request(`http://localhost:3000${path}`, {
          method: "POST",
          headers: { origin, "content-type": "application/json", "x-forwarded-for": "192.0.2.77" },
          body: JSON.stringify(body),
        });
        const status = (await authRoute.POST(request)).status;
        expect(status >= 400 && status < 500, `${path} ${origin} ${JSON.stringify(body)}: ${status}`).toBe(true);
      }
    }
    const query = new Request(
      `http://localhost:3000/api/trpc/snapshot.download?input=${encodeURIComponent(JSON.stringify({ json: { ...scope, version: 2 ** 31 } }))}`,
    );
    expect((await trpcRoute.GET(query)).status).toBe(401); // signed out: refused before the version is read
  });
});
