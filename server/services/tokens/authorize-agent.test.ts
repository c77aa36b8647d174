import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { insertTestSnapshot } from "../../testing/insert-test-snapshot";
import { CacheRegistry } from "../../cache/bounded-cache";
import { listenForCacheChanges } from "../../cache/cache-notifications";
import { AGENT_ACCESS_OPTIONS, agentAccessCache, createAgentAccessCache } from "./access-cache";
import { authorizeAgent, type QueryRunner } from "./authorize-agent";
import { TokenBucketLimiter } from "./rate-limit";
import { hashTokenSecret } from "./token-secret";

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("authorizeAgent", () => {
  const { db, handle } = useTestDatabase();

  async function tokenFor() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const input = { team: people.team.slug, catalog: catalog.slug };
    const { token, secret } = await callerFor(db, people.owner).token.create({ ...input, name: "agent" });
    return { ...people, catalog, input, token, secret };
  }

  it("admits a valid token for its own catalog", async () => {
    const { input, token, secret, catalog } = await tokenFor();
    await expect(authorizeAgent({ db, secret, ...input, limiter: new TokenBucketLimiter(100) })).resolves.toEqual({
      tokenId: token.id,
      catalogId: catalog.id,
      latest: null,
    });
  });

  it("answers UNAUTHORIZED for a missing, malformed, unknown or revoked token", async () => {
    const { owner, input, token, secret } = await tokenFor();
    const limiter = new TokenBucketLimiter(100);
    for (const bad of [null, "", "hunter2", `srk_${"A".repeat(40)}`, `${secret}x`]) {
      expect((await appErrorOf(authorizeAgent({ db, secret: bad, ...input, limiter }))).code).toBe("UNAUTHORIZED");
    }
    await callerFor(db, owner).token.revoke({ ...input, tokenId: token.id });
    const revoked = await appErrorOf(authorizeAgent({ db, secret, ...input, limiter }));
    expect([revoked.code, revoked.message]).toEqual(["UNAUTHORIZED", expect.stringMatching(/revoked/)]);
  });

  it("answers FORBIDDEN with the same message for another catalog, whether or not it exists", async () => {
    const { team, otherTeam, input, secret } = await tokenFor();
    const sibling = await createCatalog(db, team.id);
    const foreign = await createCatalog(db, otherTeam.id);
    const limiter = new TokenBucketLimiter(100);
    const messages = new Set<string>();
    for (const target of [
      { team: team.slug, catalog: sibling.slug },
      { team: otherTeam.slug, catalog: foreign.slug },
      { team: otherTeam.slug, catalog: "does-not-exist" },
      { team: "no-such-team", catalog: input.catalog },
    ]) {
      const error = await appErrorOf(authorizeAgent({ db, secret, ...target, limiter }));
      expect(error.code).toBe("FORBIDDEN");
      // The message names the token's own catalog only: nothing about the one asked for.
      expect(error.message).not.toContain(target.team === team.slug ? target.catalog : target.team);
      messages.add(error.message);
    }
    expect(messages.size).toBe(1);
  });

  it("limits each token on its own, with the seconds to wait", async () => {
    const a = await tokenFor();
    const b = await tokenFor();
    const limiter = new TokenBucketLimiter(3);
    const now = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < 3; i++) await authorizeAgent({ db, secret: a.secret, ...a.input, limiter, now });
    const limited = await appErrorOf(authorizeAgent({ db, secret: a.secret, ...a.input, limiter, now }));
    expect(limited.code).toBe("RATE_LIMITED");
    expect(limited.details).toEqual({ retryAfterSeconds: 20 });
    await expect(authorizeAgent({ db, secret: b.secret, ...b.input, limiter, now })).resolves.toBeTruthy();
    await expect(
      authorizeAgent({ db, secret: a.secret, ...a.input, limiter, now: new Date(now.getTime() + 20_000) }),
    ).resolves.toBeTruthy();
  });

  it("reads the latest published version in the same query, through Prisma or the raw driver alike", async () => {
    const { team, catalog, input, token, secret } = await tokenFor();
    const raw: QueryRunner = (sql, params) => handle.sql.query(sql, params);
    const limiter = new TokenBucketLimiter(100);
    // a fresh cache each time, so each call really runs its query
    for (const query of [undefined, raw]) {
      expect(
        (await authorizeAgent({ db, query, secret, ...input, limiter, cache: createAgentAccessCache() })).latest,
      ).toBeNull();
    }
    await insertTestSnapshot(db, team, catalog, 1);
    const v2 = await insertTestSnapshot(db, team, catalog, 2);
    const row = await db.snapshot.findUniqueOrThrow({
      where: { catalogId_version: { catalogId: catalog.id, version: 2 } },
    });
    for (const query of [undefined, raw]) {
      expect(await authorizeAgent({ db, query, secret, ...input, limiter, cache: createAgentAccessCache() })).toEqual({
        tokenId: token.id,
        catalogId: catalog.id,
        latest: { id: row.id, version: 2, contentHash: v2.contentHash },
      });
    }
    const t0 = new Date(Date.now() + 3_600_000);
    await authorizeAgent({ db, query: raw, secret, ...input, limiter, now: t0 });
    expect((await db.agentToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt).toEqual(t0);
    await authorizeAgent({ db, query: raw, secret, ...input, limiter, now: new Date(t0.getTime() + 59_000) });
    expect((await db.agentToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt).toEqual(t0);
  });

  it("records lastUsedAt at most once a minute", async () => {
    const { input, token, secret } = await tokenFor();
    const limiter = new TokenBucketLimiter(100);
    const lastUsed = async () => (await db.agentToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt;
    const t0 = new Date("2026-03-01T10:00:00Z");
    await authorizeAgent({ db, secret, ...input, limiter, now: t0 });
    expect(await lastUsed()).toEqual(t0);
    await authorizeAgent({ db, secret, ...input, limiter, now: new Date(t0.getTime() + 30_000) });
    expect(await lastUsed()).toEqual(t0);
    const t1 = new Date(t0.getTime() + 61_000);
    await authorizeAgent({ db, secret, ...input, limiter, now: t1 });
    expect(await lastUsed()).toEqual(t1);
  });

  // The in-process cache behind the gate (access-cache.ts): skipped round trips, invalidation, other processes.
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

    await callerFor(db, owner).token.revoke({ ...input, tokenId: token.id });
    await expect(authorizeAgent({ db, query, secret, ...input, limiter })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(query.calls).toBe(2);
  });

  it("sees a new version as latest right after it is published", async () => {
    const { team, catalog, input, secret } = await tokenFor();
    const limiter = new TokenBucketLimiter(1000);
    expect((await authorizeAgent({ db, secret, ...input, limiter })).latest).toBeNull();
    const v1 = await insertTestSnapshot(db, team, catalog, 1);
    expect((await authorizeAgent({ db, secret, ...input, limiter })).latest).toMatchObject({
      version: 1,
      contentHash: v1.contentHash,
    });
  });

  it("does not keep a row read before an invalidation", () => {
    let clock = 1_000_000;
    const cache = createAgentAccessCache(() => clock);
    const row = {
      id: "t",
      catalogId: "c",
      isRevoked: false,
      scopes: ["read"],
      lastUsedMs: null,
      catalogSlug: "c",
      teamSlug: "t",
      latestId: null,
      latestVersion: null,
      latestHash: null,
    };
    const started = cache.currentGeneration;
    cache.clear(); // e.g. a revocation committed while the lookup was in flight
    cache.set("hash", row, { generation: started });
    expect(cache.get("hash")).toBeUndefined();
    cache.set("hash", row, { generation: cache.currentGeneration });
    expect(cache.get("hash")).toBe(row);
    clock += 60_000;
    expect(cache.get("hash")).toBeUndefined(); // expired
  });

  it.runIf(process.env.STOCKROOM_TEST_DB === "postgres")(
    "hears revocations committed by another process (LISTEN/NOTIFY)",
    async () => {
      const { owner, input, token, secret } = await tokenFor();
      const otherProcess = new CacheRegistry(); // another app instance's caches
      const elsewhere = otherProcess.cache(AGENT_ACCESS_OPTIONS);
      const listener = listenForCacheChanges(handle.url!, otherProcess);
      try {
        await listener.ready;
        await authorizeAgent({ db, secret, ...input, limiter: new TokenBucketLimiter(1000), cache: elsewhere });
        expect(elsewhere.get(hashTokenSecret(secret))).toBeDefined();

        await callerFor(db, owner).token.revoke({ ...input, tokenId: token.id }); // this process's own cache
        expect(agentAccessCache().get(hashTokenSecret(secret))).toBeUndefined();
        const deadline = Date.now() + 5_000;
        while (elsewhere.get(hashTokenSecret(secret)) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(elsewhere.get(hashTokenSecret(secret))).toBeUndefined();
        await expect(
          authorizeAgent({ db, secret, ...input, limiter: new TokenBucketLimiter(1000), cache: elsewhere }),
        ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      } finally {
        await listener.close();
      }
    },
  );

  it.runIf(process.env.STOCKROOM_TEST_DB === "postgres")(
    "drops an archived catalog's tokens in another process at once (LISTEN/NOTIFY)",
    async () => {
      const { owner, input, secret, catalog } = await tokenFor();
      const otherProcess = new CacheRegistry();
      const elsewhere = otherProcess.cache(AGENT_ACCESS_OPTIONS);
      const listener = listenForCacheChanges(handle.url!, otherProcess);
      try {
        await listener.ready;
        const limiter = new TokenBucketLimiter(1000);
        await authorizeAgent({ db, secret, ...input, limiter, cache: elsewhere });
        await callerFor(db, owner).catalog.archive({ ...input, confirm: catalog.slug });
        const deadline = Date.now() + 5_000;
        while (elsewhere.get(hashTokenSecret(secret)) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        await expect(authorizeAgent({ db, secret, ...input, limiter, cache: elsewhere })).rejects.toMatchObject({
          code: "UNAUTHORIZED",
        });
      } finally {
        await listener.close();
      }
    },
  );

  it("needs the import scope for imports", async () => {
    const { owner, input, secret } = await tokenFor();
    const limiter = new TokenBucketLimiter(1000);
    const refused = await appErrorOf(authorizeAgent({ db, secret, ...input, limiter, scope: "import" }));
    expect([refused.code, refused.message]).toEqual(["FORBIDDEN", expect.stringMatching(/import scope/)]);
    const importer = await callerFor(db, owner).token.create({ ...input, name: "importer", scopes: ["import"] });
    await expect(
      authorizeAgent({ db, secret: importer.secret, ...input, limiter, scope: "import" }),
    ).resolves.toMatchObject({ tokenId: importer.token.id });
  });
});
