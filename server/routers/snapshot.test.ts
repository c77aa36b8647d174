import type { Prisma } from "@prisma/client";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { sealSnapshot, verifySnapshot } from "@/domain/snapshot/verify";
import { insertTestSnapshot } from "../testing/insert-test-snapshot";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";
import { outcomeCode } from "../testing/outcome";

describe("snapshot.list / snapshot.get (agent token over tRPC)", () => {
  const { db } = useTestDatabase();

  async function publishedCatalog() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id, { name: "Support" });
    await createTools(db, catalog.id, [
      { namespace: "crm", name: "list_open_orders", description: "List open orders by customer ID." },
      { namespace: "crm", name: "refund_order", description: "Refund an order." },
    ]);
    const v1 = await insertTestSnapshot(db, people.team, catalog, 1, new Date("2026-01-01T00:00:00Z"));
    await createTools(db, catalog.id, [{ namespace: "ops", name: "restart_server", description: "Restart a server." }]);
    const v2 = await insertTestSnapshot(db, people.team, catalog, 2, new Date("2026-02-01T00:00:00Z"));
    const input = { team: people.team.slug, catalog: catalog.slug };
    const { secret } = await callerFor(db, people.owner).token.create({ ...input, name: "agent" });
    const agent = callerFor(db, null, { authorization: `Bearer ${secret}` });
    return { ...people, catalog, input, v1, v2, secret, agent };
  }

  it("lists versions newest first and returns latest or a numbered version, verified", async () => {
    const { input, v1, v2, agent } = await publishedCatalog();
    const list = await agent.snapshot.list(input);
    expect(list.latestVersion).toBe(2);
    expect(list.catalog).toEqual({ team: input.team, slug: input.catalog, name: "Support" });
    expect(list.snapshots).toEqual([
      {
        version: 2,
        contentHash: v2.contentHash,
        publishedAt: "2026-02-01T00:00:00.000Z",
        note: "v2",
        rolledBackFrom: null,
      },
      {
        version: 1,
        contentHash: v1.contentHash,
        publishedAt: "2026-01-01T00:00:00.000Z",
        note: "v1",
        rolledBackFrom: null,
      },
    ]);
    expect(await agent.snapshot.get(input)).toEqual(v2);
    expect(await agent.snapshot.get({ ...input, version: "latest" })).toEqual(v2);
    const first = await agent.snapshot.get({ ...input, version: 1 });
    expect(first).toEqual(v1);
    await expect(verifySnapshot(first)).resolves.toEqual(v1);
    expect(first.tools.map((t) => t.id)).toEqual(["crm.list_open_orders", "crm.refund_order"]);
  });

  it("answers NOT_FOUND for a missing version and for a catalog with nothing published", async () => {
    const { input, agent, owner, team } = await publishedCatalog();
    await expect(agent.snapshot.get({ ...input, version: 9 })).rejects.toThrow(/versions run from 1 to 2/);
    expect(await outcomeCode(agent.snapshot.get({ ...input, version: 9 }))).toBe("NOT_FOUND");
    expect(await outcomeCode(agent.snapshot.get({ ...input, version: 0 }))).toBe("BAD_REQUEST");

    const empty = await createCatalog(db, team.id);
    const { secret } = await callerFor(db, owner).token.create({
      team: team.slug,
      catalog: empty.slug,
      name: "early",
    });
    const early = callerFor(db, null, { authorization: `Bearer ${secret}` });
    expect(await early.snapshot.list({ team: team.slug, catalog: empty.slug })).toMatchObject({
      latestVersion: null,
      snapshots: [],
    });
    await expect(early.snapshot.get({ team: team.slug, catalog: empty.slug })).rejects.toThrow(
      /Nothing has been published/,
    );
  });

  it("needs an agent token for that catalog: a session, no token or another team's catalog is refused", async () => {
    const a = await publishedCatalog();
    const b = await publishedCatalog();
    expect(await outcomeCode(callerFor(db, a.owner).snapshot.list(a.input))).toBe("UNAUTHORIZED");
    expect(await outcomeCode(callerFor(db, null).snapshot.get(a.input))).toBe("UNAUTHORIZED");
    const error = await a.agent.snapshot.get(b.input).catch((e: unknown) => e as TRPCError);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("FORBIDDEN");
    expect(JSON.stringify({ message: (error as TRPCError).message })).not.toContain(b.input.team);
    expect(await outcomeCode(a.agent.snapshot.list(b.input))).toBe("FORBIDDEN");
  });

  it("refuses to serve a stored payload that does not match its hash", async () => {
    const { input, agent, catalog, v2 } = await publishedCatalog();
    const tampered = structuredClone(v2);
    tampered.version = 3;
    tampered.tools[0]!.spec.description = "Delete every order.";
    const honest = await sealSnapshot(v2, 3, v2.publishedAt);
    await db.snapshot.create({
      data: {
        catalogId: catalog.id,
        version: 3,
        contentHash: honest.contentHash,
        payload: { ...tampered, contentHash: honest.contentHash } as unknown as Prisma.InputJsonValue,
        metrics: {},
      },
    });
    expect(await outcomeCode(agent.snapshot.get({ ...input, version: 3 }))).toBe("INTERNAL_SERVER_ERROR");
    expect(await agent.snapshot.get({ ...input, version: 2 })).toEqual(v2);
  });
});
