// For SDK tests: a tiny node:http server that speaks the agent API for one catalog, with switchable behaviour.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync } from "node:zlib";
import { sealSnapshot, type Snapshot, type SnapshotContent, SNAPSHOT_FORMAT } from "../../domain/snapshot/verify";

export const TEST_TOKEN = `srk_${"t".repeat(40)}`;

export function sampleContent(extraTools: SnapshotContent["tools"] = []): SnapshotContent {
  const fn = (name: string, description: string, properties: Record<string, unknown> = {}) => ({
    type: "function" as const,
    name,
    description,
    parameters: { type: "object", properties },
    strict: false,
  });
  return {
    format: SNAPSHOT_FORMAT,
    catalog: { team: "acme", slug: "support", name: "Support agent" },
    engine: { profile: "stockroom", k1: 1.2, b: 0.75, defaultLimit: 5 },
    namespaces: [
      { name: "calendar", description: "Calendar and meeting tools." },
      { name: "crm", description: "Customer profile and order tools." },
    ],
    tools: [
      {
        id: "calendar.create_event",
        namespace: "calendar",
        name: "create_event",
        exposure: "deferred",
        fallback: "hidden",
        searchText: "create_event create event calendar schedule a meeting",
        spec: fn("create_event", "Schedule a meeting.", { title: { type: "string" } }),
      },
      {
        id: "calendar.list_events",
        namespace: "calendar",
        name: "list_events",
        exposure: "deferred",
        fallback: "hidden",
        searchText: "list_events list events calendar upcoming meetings",
        spec: fn("list_events", "List upcoming meetings."),
      },
      {
        id: "crm.cancel_order",
        namespace: "crm",
        name: "cancel_order",
        exposure: "deferred",
        fallback: "direct",
        searchText: "cancel_order cancel order crm customer orders",
        spec: fn("cancel_order", "Cancel an order."),
      },
      {
        id: "crm.list_open_orders",
        namespace: "crm",
        name: "list_open_orders",
        exposure: "deferred",
        fallback: "direct",
        searchText: "list_open_orders list open orders crm customer orders by customer id",
        spec: fn("list_open_orders", "List open orders by customer ID.", { customer_id: { type: "string" } }),
      },
      {
        id: "ping",
        namespace: null,
        name: "ping",
        exposure: "direct",
        searchText: "ping check the service is up",
        spec: fn("ping", "Check the service is up."),
      },
      {
        id: "weather_lookup",
        namespace: null,
        name: "weather_lookup",
        exposure: "deferred",
        fallback: "hidden",
        searchText: "weather_lookup weather lookup forecast for a meeting city",
        spec: fn("weather_lookup", "Weather forecast for a city."),
      },
      ...extraTools,
    ],
  };
}

export interface SnapshotServer {
  url: string;
  /** The versions served; `latest` is the last. Push a new one to "publish". */
  versions: Snapshot[];
  /** Every request's path and headers, in order. */
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  /** Replace the JSON body of a version (to simulate tampering in transit). */
  override: Map<number, string>;
  /**
   * Answer every request with this status and error code instead (Retry-After: seconds or an HTTP date); with
   * `times`, only that many requests, then it clears itself.
   */
  failWith: { status: number; code: string; retryAfter?: number | string; times?: number } | null;
  /** Bodies of event batches POSTed to `…/events` and answered 202 (see eventsFailWith). */
  eventBatches: Array<{ events: Array<Record<string, unknown>>; dropped?: number }>;
  /** Answer event batches with this status instead (the snapshot reads keep working). */
  eventsFailWith: number | null;
  publish(content: SnapshotContent): Promise<Snapshot>;
  close(): Promise<void>;
}

export async function startSnapshotServer(first: SnapshotContent = sampleContent()): Promise<SnapshotServer> {
  let server: Server;
  const state: SnapshotServer = {
    url: "",
    versions: [],
    requests: [],
    override: new Map(),
    failWith: null,
    eventBatches: [],
    eventsFailWith: null,
    async publish(content) {
      const sealed = await sealSnapshot(
        content,
        state.versions.length + 1,
        new Date(Date.UTC(2026, 0, state.versions.length + 1)),
      );
      state.versions.push(sealed);
      return sealed;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  await state.publish(first);
  server = createServer((req, res) => {
    state.requests.push({ path: req.url ?? "", headers: req.headers });
    const error = (status: number, code: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify({ error: { code, message: `test server says ${code}` } }));
    };
    const fail = state.failWith;
    if (fail) {
      if (fail.times !== undefined && --fail.times <= 0) state.failWith = null;
      return error(fail.status, fail.code, fail.retryAfter ? { "retry-after": String(fail.retryAfter) } : {});
    }
    if (req.headers.authorization !== `Bearer ${TEST_TOKEN}`) return error(401, "UNAUTHORIZED");
    if (req.method === "POST" && req.url === "/api/v1/catalogs/acme/support/events")
      return receiveEvents(req, res, state, error);
    const match = req.url?.match(/^\/api\/v1\/catalogs\/acme\/support\/snapshots\/(latest|\d+)$/);
    if (!match) return error(404, "NOT_FOUND");
    const snapshot = match[1] === "latest" ? state.versions.at(-1) : state.versions[Number(match[1]) - 1];
    if (!snapshot) return error(404, "NOT_FOUND");
    const etag = `"${snapshot.contentHash}"`;
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, { etag });
      return res.end();
    }
    const body = state.override.get(snapshot.version) ?? JSON.stringify(snapshot);
    // br when asked, as the app answers (server/http/negotiate.ts), so the SDK's fetch decodes what agents get.
    if (/\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
      res.writeHead(200, { "content-type": "application/json", etag, "content-encoding": "br" });
      return res.end(brotliCompressSync(body));
    }
    res.writeHead(200, { "content-type": "application/json", etag });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

function receiveEvents(
  req: IncomingMessage,
  res: ServerResponse,
  state: SnapshotServer,
  error: (status: number, code: string, headers?: Record<string, string>) => void,
): void {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    if (state.eventsFailWith === 429) return error(429, "RATE_LIMITED", { "retry-after": "30" });
    if (state.eventsFailWith) return error(state.eventsFailWith, "INTERNAL");
    const batch = JSON.parse(Buffer.concat(chunks).toString("utf8")) as SnapshotServer["eventBatches"][number];
    state.eventBatches.push(batch);
    res.writeHead(202, { "content-type": "application/json" });
    res.end(JSON.stringify({ accepted: batch.events.length, stored: batch.events.length, duplicates: 0 }));
  });
}
