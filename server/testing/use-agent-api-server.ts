import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { DatabaseHandle } from "../db/open";
import { createNodeAgentHandler } from "../http/agent-dispatch";
import { TokenBucketLimiter } from "../services/agent-tokens/rate-limit";
import { createTestDatabase } from "./test-db";
import { forwardTo } from "./use-test-database";

const globals = globalThis as unknown as { stockroomDb?: Promise<DatabaseHandle>; stockroomAgentLimiter?: TokenBucketLimiter };

/**
 * A fresh test database that the app's code reads as its own (`getDatabase()`), served by the agent API's
 * node:http handler on a loopback port as `scripts/serve.mjs` serves it; every test gets a fresh rate limiter.
 *
 *     const api = useAgentApiServer();
 *     await fetch(`${api.baseUrl()}/api/v1/catalogs/…`);
 */
export function useAgentApiServer(): { db: PrismaClient; handle: DatabaseHandle; baseUrl: () => string } {
  let opened: DatabaseHandle | undefined;
  let server: Server | undefined;
  let baseUrl = "";
  beforeAll(async () => {
    opened = await createTestDatabase();
    globals.stockroomDb = Promise.resolve(opened);
    server = createServer(createNodeAgentHandler());
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server!.close(resolve));
    await opened?.close();
  });
  beforeEach(() => {
    globals.stockroomAgentLimiter = new TokenBucketLimiter(1000);
  });
  const current = () => {
    if (!opened) throw new Error("useAgentApiServer(): the server starts in beforeAll; use it inside tests and hooks.");
    return opened;
  };
  return { db: forwardTo(() => current().db), handle: forwardTo(current), baseUrl: () => baseUrl };
}
