import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSearchIndex } from "../search/index";
import { connect, StockroomApiError } from "./index";
import { firstRequestTools } from "../domain/providers/first-request";
import { SnapshotIntegrityError } from "../domain/snapshot/verify";
import { sampleContent, startSnapshotServer, TEST_TOKEN, type SnapshotServer } from "./testing/snapshot-server";

// The waits the SDK asks for between attempts, recorded; each is cut to 1 ms so no test waits one out.
const waits = vi.hoisted(() => [] as number[]);
vi.mock("./retry", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./retry")>();
  return {
    ...actual,
    sleep: (ms: number) => {
      waits.push(ms);
      return actual.sleep(Math.min(ms, 1));
    },
  };
});

let server: SnapshotServer;
let cacheDir: string;
beforeEach(async () => {
  server = await startSnapshotServer();
  cacheDir = await mkdtemp(path.join(tmpdir(), "stockroom-sdk-"));
});
afterEach(async () => {
  await server.close().catch(() => undefined);
  await rm(cacheDir, { recursive: true, force: true });
});

async function apiFailure(promise: Promise<unknown>): Promise<StockroomApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StockroomApiError);
  return error as StockroomApiError;
}

const target = () => ({ url: server.url, token: TEST_TOKEN, team: "acme", catalog: "support" });

describe("connect + search", () => {
  it("fetches, verifies and ranks with the snapshot's engine settings", async () => {
    const catalog = await connect(target());
    expect(catalog.version).toBe(1);
    expect(catalog.source).toBe("network");
    const hits = catalog.search("open orders for a customer");
    expect(hits[0]!.id).toBe("crm.list_open_orders");
    expect(hits[0]!.tool.spec.name).toBe("list_open_orders");
    // Same ids and scores as an index built directly with the snapshot's profile; direct tools are not searchable.
    const docs = sampleContent()
      .tools.filter((t) => t.exposure === "deferred")
      .map((t) => ({ id: t.id, text: t.searchText, name: t.name, ...(t.namespace ? { namespace: t.namespace } : {}) }));
    const expected = createSearchIndex(docs, { profile: "stockroom", defaultLimit: 5 }).search(
      "open orders for a customer",
    );
    expect(hits.map(({ id, score, rank, strength, evidence }) => ({ id, score, rank, strength, evidence }))).toEqual(
      expected,
    );
    expect(catalog.search("ping service").map((h) => h.id)).not.toContain("ping");
    expect(catalog.search("meeting").length).toBeLessThanOrEqual(5);
    expect(() => catalog.search("   ")).toThrow(/empty/);
  });

  it("ranks by a codex-bm25 snapshot's profile when the catalog uses it", async () => {
    const codex = { ...sampleContent(), engine: { profile: "codex-bm25" as const, k1: 1.2, b: 0.75, defaultLimit: 8 } };
    await server.publish(codex);
    const catalog = await connect(target());
    const docs = codex.tools.filter((t) => t.exposure === "deferred").map((t) => ({ id: t.id, text: t.searchText }));
    expect(catalog.search("list orders").map(({ id, score }) => ({ id, score }))).toEqual(
      createSearchIndex(docs, { profile: "codex-bm25" })
        .search("list orders")
        .map(({ id, score }) => ({ id, score })),
    );
  });

  it("refuses a snapshot tampered in transit, and one of another catalog or version", async () => {
    const tampered = structuredClone(server.versions[0]!);
    tampered.tools[2]!.spec.description = "Delete every order.";
    server.override.set(1, JSON.stringify(tampered));
    await expect(connect(target())).rejects.toBeInstanceOf(SnapshotIntegrityError);
    server.override.set(1, "{ not json");
    await expect(connect(target())).rejects.toThrow();
    server.override.clear();
    await expect(connect({ ...target(), version: 1 })).resolves.toBeTruthy();
    const other = await startSnapshotServer({
      ...sampleContent(),
      catalog: { team: "acme", slug: "billing", name: "Billing" },
    });
    try {
      const error = await connect({ ...target(), url: other.url }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StockroomApiError);
      expect((error as StockroomApiError).code).toBe("WRONG_SNAPSHOT");
    } finally {
      await other.close();
    }
  });

  it("asks for br where the runtime's fetch decodes it, and leaves a fetch passed in to offer its own", async () => {
    const catalog = await connect(target());
    expect(server.requests.at(-1)!.headers["accept-encoding"]).toBe("br, gzip, deflate");
    expect(catalog.contentHash).toBe(server.versions[0]!.contentHash); // decoded and verified
    const own: typeof fetch = (input, init) => fetch(input, init);
    await connect({ ...target(), fetch: own });
    expect(server.requests.at(-1)!.headers["accept-encoding"]).not.toMatch(/\bbr\b/);
  });

  it("retries a GET once after a network error (a pooled socket the server closed), not twice", async () => {
    let failures = 1;
    let calls = 0;
    const flaky: typeof fetch = (input, init) => {
      calls++;
      if (failures-- > 0) return Promise.reject(new TypeError("fetch failed"));
      return fetch(input, init);
    };
    expect((await connect({ ...target(), fetch: flaky })).version).toBe(1);
    expect(calls).toBe(2);
    failures = 2;
    await expect(connect({ ...target(), fetch: flaky })).rejects.toBeInstanceOf(TypeError);
  });

  it("surfaces API errors with status, code, message and Retry-After", async () => {
    const badToken = await apiFailure(connect({ ...target(), token: "srk_wrong" }));
    expect([badToken.status, badToken.code]).toEqual([401, "UNAUTHORIZED"]);
    server.failWith = { status: 429, code: "RATE_LIMITED", retryAfter: 7 };
    const limited = await apiFailure(connect({ ...target(), retry: false }));
    expect([limited.status, limited.code, limited.retryAfterSeconds]).toEqual([429, "RATE_LIMITED", 7]);
    expect(limited.message).toBe(
      `test server says RATE_LIMITED (429 RATE_LIMITED from ${server.url}/api/v1/catalogs/acme/support/snapshots/latest; not retried (retries: 0))`,
    );
  });
});

describe("retrying 429 and 503", () => {
  const quick = { baseDelayMs: 1, maxDelayMs: 2000 };
  const snapshotRequests = () => server.requests.filter((r) => r.path.includes("/snapshots/")).length;

  it("sends a 429 or 503 again with backoff until it passes; other refusals are not retried", async () => {
    for (const status of [429, 503]) {
      server.requests.length = 0;
      server.failWith = { status, code: "BUSY", times: 3 };
      expect((await connect({ ...target(), retry: quick, telemetry: false })).version).toBe(1);
      expect(snapshotRequests(), String(status)).toBe(4);
    }
    server.requests.length = 0;
    server.failWith = { status: 500, code: "INTERNAL", times: 1 };
    expect((await apiFailure(connect({ ...target(), retry: quick }))).attempts).toBe(1);
    expect(snapshotRequests()).toBe(1);
  });

  it("honours Retry-After in seconds and as an HTTP date", async () => {
    for (const form of ["seconds", "date"]) {
      const retryAfter = form === "seconds" ? 1 : new Date(Date.now() + 1500).toUTCString();
      server.failWith = { status: 429, code: "RATE_LIMITED", retryAfter, times: 1 };
      server.requests.length = 0;
      waits.length = 0;
      await connect({ ...target(), retry: quick, telemetry: false });
      expect(snapshotRequests(), form).toBe(2);
      // The backoff alone would be about 1 ms; an HTTP date has whole seconds, so it may ask for up to 1 s less.
      expect(waits, form).toHaveLength(1);
      expect(waits[0], form).toBeGreaterThanOrEqual(form === "seconds" ? 1000 : 450);
      expect(waits[0], form).toBeLessThanOrEqual(1500);
    }
  });

  it("gives up after the bounded retries, or at once when Retry-After is longer than maxDelayMs, saying why", async () => {
    server.failWith = { status: 503, code: "UNAVAILABLE" };
    const tired = await apiFailure(connect({ ...target(), retry: { ...quick, retries: 2 } }));
    expect([tired.status, tired.code, tired.attempts]).toEqual([503, "UNAVAILABLE", 3]);
    expect(tired.message).toMatch(
      /^test server says UNAVAILABLE \(503 UNAVAILABLE from .*; gave up after 3 attempts \(retries: 2\)\)$/,
    );
    server.requests.length = 0;
    server.failWith = { status: 429, code: "RATE_LIMITED", retryAfter: 60 };
    const patient = await apiFailure(connect({ ...target(), retry: quick }));
    expect([patient.attempts, patient.retryAfterSeconds, snapshotRequests()]).toEqual([1, 60, 1]);
    expect(patient.message).toMatch(
      /gave up after 1 attempt: the server asked to wait 60 s, more than maxDelayMs \(2\.0 s\)\)$/,
    );
    await expect(connect({ ...target(), retry: { retries: -1 } })).rejects.toThrow(
      /retry.retries must be a number ≥ 0/,
    );
  });
});

describe("toolSearchOutput / firstRequestTools", () => {
  it("answers a tool_search_call: one namespace entry per namespace, top-level tools as deferred functions", async () => {
    const catalog = await connect(target());
    const ranked = catalog.search("meeting orders weather", 10).map((h) => h.id);
    const output = catalog.toolSearchOutput("search-1", "meeting orders weather", 10);
    expect(output).toMatchObject({
      type: "tool_search_output",
      call_id: "search-1",
      status: "completed",
      execution: "client",
    });
    const names = output.tools.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    // Namespaces appear in the order of their best hit; members keep rank order.
    const firstNamespace = ranked
      .map((id) => (id.includes(".") ? id.split(".")[0] : id))
      .filter((v, i, all) => all.indexOf(v) === i);
    expect(names).toEqual(firstNamespace);
    const calendar = output.tools.find((entry) => entry.name === "calendar");
    if (calendar?.type !== "namespace") throw new Error("calendar is not a namespace entry");
    expect(calendar.description).toBe("Calendar and meeting tools.");
    expect(calendar.tools.map((t) => t.name)).toEqual(
      ranked.filter((id) => id.startsWith("calendar.")).map((id) => id.split(".")[1]),
    );
    expect(calendar.tools[0]).toMatchObject({
      type: "function",
      defer_loading: true,
      strict: false,
      parameters: { type: "object" },
    });
    expect(output.tools.find((entry) => entry.name === "weather_lookup")).toEqual({
      type: "function",
      name: "weather_lookup",
      description: "Weather forecast for a city.",
      defer_loading: true,
      parameters: { type: "object", properties: {} },
      strict: false,
    });
  });

  it("never throws for what the model sent: empty query → no tools, bad limit → default; string arguments parse", async () => {
    const catalog = await connect(target());
    expect(catalog.toolSearchOutput("c1", "  ").tools).toEqual([]);
    expect(catalog.toolSearchOutput("c2", "meeting", 0)).toEqual(catalog.toolSearchOutput("c2", "meeting"));
    expect(catalog.answerToolSearchCall({ call_id: "c3", arguments: '{"query":"cancel order","limit":1}' })).toEqual(
      catalog.toolSearchOutput("c3", "cancel order", 1),
    );
    expect(catalog.answerToolSearchCall({ call_id: "c4", arguments: { query: "cancel order" } })).toEqual(
      catalog.toolSearchOutput("c4", "cancel order"),
    );
    expect(catalog.answerToolSearchCall({ call_id: "c5", query: "cancel order", limit: 1 })).toEqual(
      catalog.toolSearchOutput("c5", "cancel order", 1),
    );
    // call_id null (allowed by the openai types) or absent: answered, with call_id null.
    expect(catalog.answerToolSearchCall({ call_id: null, arguments: { query: "cancel order" } })).toEqual(
      catalog.toolSearchOutput(null, "cancel order"),
    );
    expect(catalog.answerToolSearchCall({ arguments: { query: "cancel order" } }).call_id).toBeNull();
    expect(() => catalog.answerToolSearchCall({ call_id: 7, arguments: {} })).toThrow(/call_id must be a string/);
  });

  it("plans turn one with the snapshot through firstRequestTools", async () => {
    const catalog = await connect(target());
    for (const provider of ["openai", "anthropic", "mcp"] as const) {
      for (const supportsToolSearch of [true, false]) {
        expect(catalog.firstRequestTools({ provider, supportsToolSearch })).toEqual(
          firstRequestTools(catalog.snapshot, { provider, supportsToolSearch }),
        );
      }
    }
    expect(catalog.firstRequestTools({ provider: "openai", supportsToolSearch: true }).at(-1)).toEqual({
      type: "tool_search",
    });
  });
});

describe("refresh", () => {
  it("revalidates with the ETag, swaps in a new version atomically, and shares concurrent calls", async () => {
    const catalog = await connect(target());
    expect(await catalog.refresh()).toEqual({ changed: false, version: 1 });
    expect(server.requests.at(-1)!.headers["if-none-match"]).toBe(`"${server.versions[0]!.contentHash}"`);

    const extra = {
      id: "crm.refund_order",
      namespace: "crm",
      name: "refund_order",
      exposure: "deferred" as const,
      fallback: "direct" as const,
      searchText: "refund_order refund an order money back",
      spec: {
        type: "function" as const,
        name: "refund_order",
        description: "Refund an order.",
        parameters: { type: "object", properties: {} },
        strict: false,
      },
    };
    await server.publish(sampleContent([extra]));
    const before = server.requests.length;
    const [a, b] = [catalog.refresh(), catalog.refresh()];
    // Until the new index is built and swapped in, searches answer from the old snapshot.
    expect(catalog.search("refund money").map((h) => h.id)).not.toContain("crm.refund_order");
    expect(await a).toEqual({ changed: true, version: 2 });
    expect(await b).toEqual({ changed: true, version: 2 });
    expect(server.requests.length - before).toBe(1);
    expect(catalog.version).toBe(2);
    expect(catalog.search("refund money")[0]!.id).toBe("crm.refund_order");
  });

  it("keeps the current snapshot when a refresh fails or brings a tampered one", async () => {
    const catalog = await connect(target());
    await server.publish(sampleContent([]));
    const tampered = { ...structuredClone(server.versions[1]!), note: "x" } as Record<string, unknown>;
    (tampered.tools as Array<{ searchText: string }>)[0]!.searchText = "evil";
    server.override.set(2, JSON.stringify(tampered));
    await expect(catalog.refresh()).rejects.toBeInstanceOf(SnapshotIntegrityError);
    expect(catalog.version).toBe(1);
    server.failWith = { status: 500, code: "INTERNAL" };
    await expect(catalog.refresh()).rejects.toBeInstanceOf(StockroomApiError);
    expect(catalog.version).toBe(1);
  });

  it("does nothing for a pinned version", async () => {
    await server.publish(sampleContent([]));
    const catalog = await connect({ ...target(), version: 1 });
    const before = server.requests.length;
    expect(await catalog.refresh()).toEqual({ changed: false, version: 1 });
    expect(server.requests.length).toBe(before);
  });
});

describe("on-disk cache", () => {
  it("starts offline from the last verified snapshot, and revalidates it when online", async () => {
    const online = await connect({ ...target(), cacheDir });
    const cachedFile = path.join(cacheDir, "acme", "support", "latest.json");
    expect(JSON.parse(await readFile(cachedFile, "utf8")).contentHash).toBe(online.contentHash);

    const again = await connect({ ...target(), cacheDir });
    expect(again.source).toBe("network");
    expect(server.requests.at(-1)!.headers["if-none-match"]).toBe(`"${online.contentHash}"`);

    await server.close();
    const offline = await connect({ ...target(), cacheDir });
    expect(offline.source).toBe("cache");
    expect(offline.search("open orders").map((h) => h.id)).toEqual(online.search("open orders").map((h) => h.id));
    await expect(connect(target())).rejects.toThrow(); // no cache, no server
  });

  it("ignores a corrupt cache file, and never falls back to the cache on a refusal", async () => {
    await connect({ ...target(), cacheDir });
    const cachedFile = path.join(cacheDir, "acme", "support", "latest.json");
    const text = await readFile(cachedFile, "utf8");
    await writeFile(cachedFile, text.replace("Cancel an order.", "Delete all orders."));
    const fresh = await connect({ ...target(), cacheDir });
    expect(fresh.source).toBe("network");
    expect(server.requests.at(-1)!.headers["if-none-match"]).toBeUndefined();
    expect(fresh.tool("crm.cancel_order")!.spec.description).toBe("Cancel an order.");
    expect(await readFile(cachedFile, "utf8")).toBe(text);

    server.failWith = { status: 401, code: "UNAUTHORIZED" };
    await expect(connect({ ...target(), cacheDir })).rejects.toMatchObject({ status: 401 });
    server.failWith = { status: 503, code: "INTERNAL" };
    expect((await connect({ ...target(), cacheDir, retry: { baseDelayMs: 1 } })).source).toBe("cache");

    await writeFile(cachedFile, text.replace("Cancel an order.", "Delete all orders."));
    await server.close();
    await expect(connect({ ...target(), cacheDir })).rejects.toThrow();
  });

  it("uses a cached pinned version without any request, and refresh() updates the cache", async () => {
    await connect({ ...target(), version: 1, cacheDir });
    const count = server.requests.length;
    const pinned = await connect({ ...target(), version: 1, cacheDir });
    expect(pinned.source).toBe("cache");
    expect(server.requests.length).toBe(count);

    const latest = await connect({ ...target(), cacheDir });
    const v2 = await server.publish(sampleContent([]));
    await latest.refresh();
    expect(JSON.parse(await readFile(path.join(cacheDir, "acme", "support", "latest.json"), "utf8")).contentHash).toBe(
      v2.contentHash,
    );
  });
});
