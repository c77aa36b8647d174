import "server-only";
import { closeDatabase, getCacheListener, getDatabase } from "../db";
import type { Env } from "../env";
import { applyProxyHeaders } from "../http/client-address";
import { createNodeApiHandler } from "../http/serve-hooks";
import type { ReadinessSources } from "./health";
import { attachFront, type NodeHandler, SERVE_FRONT_KEY, type ServeFrontOptions } from "./serve-front";
import type { Server } from "node:http";

/** Readiness of this process's own database and cache listener (/readyz in both servers). */
export function appReadinessSources(): ReadinessSources {
  return { database: getDatabase, cacheListener: getCacheListener };
}

/** The front as `npm start` runs it: this process's database, the API hook, and the operator's settings. */
export function appFrontOptions(env: Env): Omit<ServeFrontOptions, "port" | "next"> {
  return {
    api: createNodeApiHandler(),
    setClientAddress: (req) => applyProxyHeaders(req, env.STOCKROOM_TRUSTED_PROXIES),
    readiness: appReadinessSources(),
    metricsToken: env.STOCKROOM_METRICS_TOKEN,
    metricsPort: env.STOCKROOM_METRICS_PORT,
    backupToken: env.STOCKROOM_BACKUP_TOKEN,
    backup: async () => (await getDatabase()).backup,
    shutdownTimeoutMs: env.STOCKROOM_SHUTDOWN_TIMEOUT_MS,
    close: closeDatabase,
  };
}

/** What scripts/serve.mjs calls (it runs outside the Next.js bundle): `attachFront` with the app's options. */
export function registerServeFront(env: Env): void {
  (globalThis as Record<symbol, unknown>)[SERVE_FRONT_KEY] = (start: { server: Server; next: NodeHandler }) =>
    attachFront(start.server, { ...appFrontOptions(env), next: start.next });
}
