// Serves a built app (scripts/start.mjs builds it first): the agent API's route table (server/http/agent-routes.ts)
// and tRPC's procedure calls (server/http/trpc-node.ts) on node:http directly, everything else through Next.js in
// the same process (see server/http/agent-dispatch.ts for why). PORT (default 3000), NEXT_DIST_DIR.
import { createServer } from "node:http";

const port = Number(process.env.PORT ?? "3000");
process.env.NODE_ENV = "production";
const { default: next } = await import("next");
const app = next({ dev: false, dir: process.cwd(), port });
const nextHandler = app.getRequestHandler();
await app.prepare(); // starts instrumentation.ts: environment check, migrations, demo seed, agent handler

// Registered by instrumentation.ts once the database is ready (server/http/serve-hooks.ts); it answers the paths
// of the route table and tRPC's GET/POST calls and returns true. Until then Next.js's routes answer (the same
// handlers; identity for /api/v1).
const AGENT_API = Symbol.for("stockroom.agentApiHandler");
// The client's address, from the socket (X-Forwarded-For only from proxies in STOCKROOM_TRUSTED_PROXIES; see
// server/http/client-address.ts), for rate limits. Always set here, so a client's own value never gets through.
// X-Forwarded-Host, -Proto, -Port and Forwarded are likewise dropped unless a trusted proxy sent them.
const CLIENT_ADDRESS = Symbol.for("stockroom.clientAddress");
const PROXY_HOST_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];
const server = createServer((req, res) => {
  const applyProxyHeaders = globalThis[CLIENT_ADDRESS];
  if (applyProxyHeaders) applyProxyHeaders(req);
  else {
    // Before instrumentation.ts registers the rule, no proxy is trusted yet.
    req.headers["x-stockroom-client-ip"] = req.socket.remoteAddress ?? "unknown";
    for (const name of PROXY_HOST_HEADERS) delete req.headers[name];
  }
  if (globalThis[AGENT_API]?.(req, res)) return;
  return nextHandler(req, res);
});
// Keep idle keep-alive sockets longer than clients do (undici 4 s, Playwright and most agents unlimited), so a
// client never reuses a socket the server is closing that instant (ECONNRESET); Node's default is 5 s.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, () => console.log(`Stockroom ready on http://localhost:${port}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
