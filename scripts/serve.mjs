// Serves a built app (scripts/start.mjs builds it first): the agent API's route table (server/http/agent-routes.ts)
// and tRPC's procedure calls (server/http/trpc-node.ts) on node:http directly, everything else through Next.js in
// the same process (see server/http/agent-dispatch.ts for why). PORT (default 3000), HOST, NEXT_DIST_DIR.
import { createServer } from "node:http";

const port = Number(process.env.PORT ?? "3000");
process.env.NODE_ENV = "production";
const { default: next } = await import("next");
const app = next({ dev: false, dir: process.cwd(), port });
const nextHandler = app.getRequestHandler();
await app.prepare(); // starts instrumentation.ts: environment check, migrations, demo seed, the front below

// Until instrumentation.ts has registered the front (server/ops/serve-front.ts: request ids, JSON logs, /healthz,
// /readyz, /metrics, the agent API and tRPC hook, graceful shutdown on SIGTERM), Next.js answers everything (its
// routes do the same work, more slowly; /readyz says whether the database is ready) and a signal exits at once.
// The client's address, from the socket (X-Forwarded-For only from proxies in STOCKROOM_TRUSTED_PROXIES; see
// server/http/client-address.ts), for rate limits. Always set here, so a client's own value never gets through.
// X-Forwarded-Host, -Proto, -Port and Forwarded are likewise dropped unless a trusted proxy sent them.
const CLIENT_ADDRESS = Symbol.for("stockroom.clientAddress");
const PROXY_HOST_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];
let handle = (req, res) => {
  const setClientAddress = globalThis[CLIENT_ADDRESS];
  if (setClientAddress) setClientAddress(req);
  else {
    // Before instrumentation.ts registers the rule, no proxy is trusted yet.
    req.headers["x-stockroom-client-ip"] = req.socket.remoteAddress ?? "unknown";
    for (const name of PROXY_HOST_HEADERS) delete req.headers[name];
  }
  return nextHandler(req, res);
};
const server = createServer((req, res) => handle(req, res));
const exitNow = () => process.exit(0);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, exitNow);
server.listen(port, process.env.HOST || undefined, () => console.log(`Stockroom listening on port ${port}`));

const ATTACH_FRONT = Symbol.for("stockroom.attachFront");
while (!globalThis[ATTACH_FRONT]) await new Promise((resolve) => setTimeout(resolve, 50));
for (const signal of ["SIGINT", "SIGTERM"]) process.off(signal, exitNow);
handle = (await globalThis[ATTACH_FRONT]({ server, next: nextHandler })).handler;
console.log(
  JSON.stringify({ level: "info", time: Date.now(), msg: "Stockroom ready: the node:http front is serving" }),
);
