import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { DatabaseHandle } from "../db/open";
import { createNodeAgentHandler } from "../http/agent-dispatch";
import { TokenBucketLimiter } from "../services/agent-tokens/rate-limit";

const globals = globalThis as unknown as { stockroomDb?: Promise<DatabaseHandle>; stockroomAgentLimiter?: TokenBucketLimiter };

/** For tests: the agent HTTP API (the node:http handler `npm start` serves) on a free port, over `handle`. */
export async function startAgentApi(handle: DatabaseHandle) {
  globals.stockroomDb = Promise.resolve(handle);
  globals.stockroomAgentLimiter = new TokenBucketLimiter(10_000);
  const server: Server = createServer(createNodeAgentHandler());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** The snapshot's bytes as served (identity encoding). */
    async fetchSnapshotText(team: string, catalog: string, secret: string, version: number | "latest" = "latest") {
      const response = await fetch(`${url}/api/v1/catalogs/${team}/${catalog}/snapshots/${version}`, { headers: { authorization: `Bearer ${secret}` } });
      if (!response.ok) throw new Error(`snapshot fetch answered ${response.status}: ${await response.text()}`);
      return response.text();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
