// Serves a built app (scripts/start.mjs builds it first): the agent snapshot API (GET /api/v1/catalogs/…) on
// node:http directly, everything else through Next.js in the same process (see
// server/services/agent-api/http/node-handler.ts for why). PORT (default 3000), NEXT_DIST_DIR.
import { createServer } from "node:http";

const port = Number(process.env.PORT ?? "3000");
process.env.NODE_ENV = "production";
const { default: next } = await import("next");
const app = next({ dev: false, dir: process.cwd(), port });
const nextHandler = app.getRequestHandler();
await app.prepare(); // starts instrumentation.ts: environment check, migrations, demo seed, agent handler

// Registered by instrumentation.ts once the database is ready; until then Next.js's own /api/v1 route
// handlers answer (the same answers, in identity).
const AGENT_API = Symbol.for("stockroom.agentApiHandler");
const EVENTS_PATH = /^\/api\/v1\/catalogs\/[^/]+\/[^/]+\/events\/?(?:\?|$)/;
const server = createServer((req, res) => {
  const agentApi = globalThis[AGENT_API];
  if (agentApi && (req.method === "GET" || req.method === "HEAD") && req.url?.startsWith("/api/v1/catalogs/")) return agentApi(req, res);
  if (agentApi && EVENTS_PATH.test(req.url ?? "")) return agentApi(req, res); // agent events (POST; other methods get a 405)
  return nextHandler(req, res);
});
// Keep idle keep-alive sockets longer than clients do (undici 4 s, Playwright and most agents unlimited), so a
// client never reuses a socket the server is closing that instant (ECONNRESET); Node's default is 5 s.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, () => console.log(`Stockroom ready on http://localhost:${port}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
