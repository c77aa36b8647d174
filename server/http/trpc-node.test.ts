import { createServer, get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/open";
import { signUpThroughAuthRoute } from "../testing/sign-up";
import { useTestDatabase } from "../testing/use-test-database";
import { AGENT_HANDLER_KEY, registerNodeApiHandler } from "./serve-hooks";
import { TRPC_RESPONSE_HEADERS } from "./trpc-node";

const { handle } = useTestDatabase();
const globals = globalThis as unknown as Record<symbol, unknown> & { stockroomDb?: Promise<DatabaseHandle> };

let server: Server;
let baseUrl = "";
let cookie = "";

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= "trpc-node-test-secret-".padEnd(40, "x");
  globals.stockroomDb = Promise.resolve(handle);
  ({ cookie } = await signUpThroughAuthRoute());
  registerNodeApiHandler();
  const hook = globals[AGENT_HANDLER_KEY] as (req: unknown, res: unknown) => boolean;
  // scripts/serve.mjs's composition, with a stand-in for Next.js.
  server = createServer((req, res) => {
    if (hook(req, res)) return;
    res.writeHead(299, { "content-type": "text/plain" }).end("next.js");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const query = (procedure: string, input: unknown) =>
  `${baseUrl}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

describe("tRPC on the node:http hook (npm start)", () => {
  it("adds the headers next.config.mjs gives /api answers", async () => {
    const configPath = path.resolve(import.meta.dirname, "../../next.config.mjs");
    const { default: config } = (await import(configPath)) as {
      default: { headers(): Promise<Array<{ source: string; headers: Array<{ key: string; value: string }> }>> };
    };
    const rules = await config.headers();
    const forApi = rules
      .filter((rule) => rule.source === "/:path*" || rule.source === "/api/:path*")
      .flatMap((rule) => rule.headers.map(({ key, value }) => [key, value] as const));
    expect(Object.fromEntries(forApi)).toEqual(TRPC_RESPONSE_HEADERS);

    const response = await fetch(query("team.mine", null), { headers: { cookie } });
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(TRPC_RESPONSE_HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers a signed-in query, gzipped when asked and large enough, and 401 without a session", async () => {
    const plain = await fetch(query("team.mine", null), { headers: { cookie, "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(text).toContain('"result"');

    // node:http's raw bytes, to see the encoding fetch would undo.
    const padded = "x".repeat(2000); // an input echoed in the error keeps the body over the 1 KiB threshold
    const raw = await new Promise<{ encoding?: string; body: Buffer; vary?: string }>((resolve, reject) => {
      const url = new URL(query("playground.search", { team: padded, catalog: "c", query: "q" }));
      const request = get(url, { headers: { cookie, "accept-encoding": "gzip" } }, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            encoding: res.headers["content-encoding"],
            vary: res.headers.vary,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on("error", reject);
    });
    expect(raw.encoding).toBe("gzip");
    expect(raw.vary).toContain("Accept-Encoding");
    expect(JSON.parse(gunzipSync(raw.body).toString()).error.json.data.httpStatus).toBe(400);

    const anonymous = await fetch(query("team.mine", null));
    expect(anonymous.status).toBe(401);
  });

  it("refuses a cross-site cookie POST (403) and an oversized body (413), as the route does", async () => {
    const crossSite = await fetch(`${baseUrl}/api/trpc/tool.update`, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ json: { name: "x" } }),
    });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");

    const huge = await fetch(`${baseUrl}/api/trpc/tool.update`, {
      method: "POST",
      headers: { cookie, origin: baseUrl, "content-type": "application/json" },
      body: "x".repeat(6 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
  });

  it("leaves other methods and paths to Next.js", async () => {
    for (const [method, target] of [
      ["HEAD", "/api/trpc/team.mine"],
      ["OPTIONS", "/api/trpc/team.mine"],
      ["PUT", "/api/trpc/team.mine"],
      ["GET", "/api/trpc"],
      ["GET", "/api/trpc/a/b"],
      ["GET", "/api/trpc/team.mine/"],
    ] as const) {
      const response = await fetch(`${baseUrl}${target}`, { method });
      expect(response.status, `${method} ${target}`).toBe(299);
      await response.body?.cancel();
    }
  });
});
