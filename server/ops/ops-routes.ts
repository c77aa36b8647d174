import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerReadiness, HEALTH_BODY, HEALTH_HEADERS, type ReadinessSources } from "./health";
import { log } from "./logger";
import { scrapeMetrics } from "./metrics";

/**
 * The operator's paths on the node:http front: `/healthz` and `/readyz` (open), `/metrics` (Bearer
 * STOCKROOM_METRICS_TOKEN; 404 while unset) and `POST /ops/backup` (Bearer STOCKROOM_BACKUP_TOKEN; 404 while unset,
 * 409 on Postgres, where pg_dump is the way).
 */
export interface OpsRoutesOptions {
  readiness: ReadinessSources;
  metricsToken?: string;
  backupToken?: string;
  /** The embedded database's online backup (absent on Postgres). */
  backup?: () => Promise<(() => Promise<Uint8Array>) | undefined>;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** True when the request carries `Bearer <expected>` (compared in constant time). */
export function hasBearer(req: IncomingMessage, expected: string): boolean {
  const header = req.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return !!match && timingSafeEqual(digest(match[1]!), digest(expected));
}

function json(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...HEALTH_HEADERS, ...extra }).end(body);
}

const notFound = (res: ServerResponse) =>
  json(res, 404, JSON.stringify({ error: { code: "NOT_FOUND", message: "No such page." } }));

async function answerMetrics(res: ServerResponse): Promise<void> {
  const { contentType, body } = await scrapeMetrics();
  res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" }).end(body);
}

async function answerBackup(res: ServerResponse, options: OpsRoutesOptions): Promise<void> {
  const backup = await options.backup?.();
  if (!backup) {
    json(
      res,
      409,
      JSON.stringify({ error: { code: "CONFLICT", message: "This server runs on Postgres: use pg_dump." } }),
    );
    return;
  }
  const started = performance.now();
  const bytes = await backup();
  log().info({ bytes: bytes.length, ms: Math.round(performance.now() - started) }, "backup taken");
  res
    .writeHead(200, {
      "content-type": "application/gzip",
      "content-length": String(bytes.length),
      "content-disposition": 'attachment; filename="stockroom-pglite.tar.gz"',
      "cache-control": "no-store",
    })
    .end(bytes);
}

function guarded(req: IncomingMessage, res: ServerResponse, token: string | undefined, answer: () => Promise<void>) {
  if (!token) return notFound(res);
  if (!hasBearer(req, token)) {
    json(res, 401, JSON.stringify({ error: { code: "UNAUTHORIZED", message: "Send the operator's Bearer token." } }), {
      "www-authenticate": "Bearer",
    });
    return;
  }
  void answer();
}

/** Answers an operator path and says true, or leaves the request alone. */
export function createOpsRoutes(options: OpsRoutesOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const fail = (res: ServerResponse) => (error: unknown) => {
    log().error({ err: error }, "operator endpoint failed");
    if (!res.headersSent) json(res, 500, JSON.stringify({ error: { code: "INTERNAL", message: "It failed." } }));
    else res.destroy();
  };
  return (req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0];
    const get = req.method === "GET" || req.method === "HEAD";
    if (path === "/healthz" && get) json(res, 200, HEALTH_BODY);
    else if (path === "/readyz" && get)
      answerReadiness(options.readiness).then(({ status, body }) => json(res, status, body), fail(res));
    else if (path === "/metrics" && get)
      guarded(req, res, options.metricsToken, () => answerMetrics(res).catch(fail(res)));
    else if (path === "/ops/backup" && req.method === "POST")
      guarded(req, res, options.backupToken, () => answerBackup(res, options).catch(fail(res)));
    else return false;
    return true;
  };
}
