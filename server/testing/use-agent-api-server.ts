import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createNodeAgentHandler } from "../http/agent-dispatch";
import { createNodeTrpcHandler, isTrpcRequest } from "../http/trpc-node";
import { useTestDatabase, type TestDatabaseOptions } from "./use-test-database";

/**
 * `useTestDatabase({ asAppDatabase: true })` served by the agent API's node:http handler on a loopback port, as
 * `scripts/serve.mjs` serves it; every test gets a fresh rate limiter.
 *
 *     const api = useAgentApiServer();
 *     await fetch(`${api.baseUrl()}/api/v1/catalogs/…`);
 */
export function useAgentApiServer(
  options: Omit<TestDatabaseOptions, "asAppDatabase"> & {
    /** Answer with `connection: close`, so a client that keeps no pool (Python's urllib, long runs) never waits on one. */
    closeConnections?: boolean;
    /** Serve tRPC (`/api/trpc/…`) on the same port too, as scripts/serve.mjs's hook does. */
    trpc?: boolean;
  } = {},
) {
  const { closeConnections, trpc, ...databaseOptions } = options;
  const { db, handle } = useTestDatabase({ ...databaseOptions, asAppDatabase: true });
  let server: Server | undefined;
  let baseUrl = "";
  beforeAll(async () => {
    const handler = createNodeAgentHandler();
    const trpcHandler = trpc ? createNodeTrpcHandler() : null;
    server = createServer((req, res) => {
      if (closeConnections) res.setHeader("connection", "close");
      if (trpcHandler && isTrpcRequest(req.method, req.url)) trpcHandler(req, res);
      else handler(req, res);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server!.close(resolve));
  });
  return {
    db,
    handle,
    baseUrl: () => baseUrl,
    /** The snapshot's bytes as served (identity encoding). */
    async fetchSnapshotText(team: string, catalog: string, secret: string, version: number | "latest" = "latest") {
      const response = await fetch(`${baseUrl}/api/v1/catalogs/${team}/${catalog}/snapshots/${version}`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      if (!response.ok) throw new Error(`snapshot fetch answered ${response.status}: ${await response.text()}`);
      return response.text();
    },
  };
}
