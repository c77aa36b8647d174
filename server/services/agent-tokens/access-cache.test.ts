import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/open";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { createTestDatabase } from "../../testing/test-db";
import { insertTestSnapshot } from "../agent-api/insert-test-snapshot";
import { AgentAccessCache, agentAccessCache } from "./access-cache";
import { listenForAgentAccessChanges } from "./access-listener";
import { authorizeAgent, type QueryRunner } from "./authorize-agent";
import { TokenBucketLimiter } from "./rate-limit";
import { hashTokenSecret } from "./token-secret";

describe("agent access cache", () => {
  let handle: DatabaseHandle & { url: string | null };
  let db: PrismaClient;
  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
  });
  afterAll(() => handle.close());

  async function tokenFor() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const input = { team: people.team.slug, catalog: catalog.slug };
    const { token, secret } = await callerFor(db, people.owner).agentToken.create({ ...input, name: "agent" });
    return { ...people, catalog, input, token, secret };
  }

  /** The raw driver, counting its round trips. */
  function countingQuery(): QueryRunner & { calls: number } {
    const run = (async (sql: string, params: unknown[]) => {
      run.calls += 1;
      return handle.sql.query(sql, params);
    }) as QueryRunner & { calls: number };
    run.calls = 0;
    return run;
  }

  it("answers repeated requests of a token without the database, until a revocation", async () => {
    const { owner, input, token, secret } = await tokenFor();
    const query = countingQuery();
    const limiter = new TokenBucketLimiter(1000);
    for (let i = 0; i < 5; i++) await authorizeAgent({ db, query, secret, ...input, limiter });
    expect(query.calls).toBe(1);

    await callerFor(db, owner).agentToken.revoke({ ...input, tokenId: token.id });
    await expect(authorizeAgent({ db, query, secret, ...input, limiter })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(query.calls).toBe(2);
  });

  it("sees a new version as latest right after it is published", async () => {
    const { team, catalog, input, secret } = await tokenFor();
    const limiter = new TokenBucketLimiter(1000);
    expect((await authorizeAgent({ db, secret, ...input, limiter })).latest).toBeNull();
    const v1 = await insertTestSnapshot(db, team, catalog, 1);
    expect((await authorizeAgent({ db, secret, ...input, limiter })).latest).toMatchObject({ version: 1, contentHash: v1.contentHash });
  });

  it("does not keep a row read before an invalidation", () => {
    const cache = new AgentAccessCache();
    const row = { id: "t", catalogId: "c", isRevoked: false, lastUsedMs: null, catalogSlug: "c", teamSlug: "t", latestId: null, latestVersion: null, latestHash: null };
    const started = cache.currentGeneration;
    cache.invalidate(); // e.g. a revocation committed while the lookup was in flight
    cache.store("hash", row, started);
    expect(cache.get("hash")).toBeUndefined();
    cache.store("hash", row, cache.currentGeneration);
    expect(cache.get("hash")).toBe(row);
    expect(cache.get("hash", Date.now() + 60_000)).toBeUndefined(); // expired
  });

  it.runIf(process.env.STOCKROOM_TEST_DB === "postgres")("hears revocations committed by another process (LISTEN/NOTIFY)", async () => {
    const { owner, input, token, secret } = await tokenFor();
    const elsewhere = new AgentAccessCache(); // another app instance's cache
    const listener = listenForAgentAccessChanges(handle.url!, elsewhere);
    try {
      await listener.ready;
      await authorizeAgent({ db, secret, ...input, limiter: new TokenBucketLimiter(1000), cache: elsewhere });
      expect(elsewhere.get(hashTokenSecret(secret))).toBeDefined();

      await callerFor(db, owner).agentToken.revoke({ ...input, tokenId: token.id }); // this process's own cache
      expect(agentAccessCache().get(hashTokenSecret(secret))).toBeUndefined();
      const deadline = Date.now() + 5_000;
      while (elsewhere.get(hashTokenSecret(secret)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(elsewhere.get(hashTokenSecret(secret))).toBeUndefined();
      await expect(authorizeAgent({ db, secret, ...input, limiter: new TokenBucketLimiter(1000), cache: elsewhere })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    } finally {
      await listener.close();
    }
  });
});
