import type { PrismaClient } from "@prisma/client";
import { beforeAll, describe, expect, it } from "vitest";
import { sealSnapshot } from "@/domain/snapshot/verify";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";
import { createAgentToken } from "./tokens/create-agent-token";
import { revokeAgentToken } from "./tokens/revoke-agent-token";
import { buildSnapshotContent } from "./draft/build-snapshot-content";

/** Concurrency under pressure, on PGlite and the Postgres server. */
describe("concurrency", () => {
  const fixture = useTestDatabase();
  // The real client, not the fixture's stand-in: these tests race interactive transactions against each other.
  let db: PrismaClient;
  let t: Awaited<ReturnType<typeof createTeamWithMembers>>;
  beforeAll(async () => {
    db = fixture.handle.db;
    t = await createTeamWithMembers(db);
  });

  it("no snapshot fetch that starts after a revocation succeeds, during a burst", async () => {
    const catalog = await createCatalog(db, t.team.id);
    await createTools(db, catalog.id, [{ name: "list_orders", namespace: "crm" }]);
    const content = await buildSnapshotContent({ db, team: t.team, catalog });
    const sealed = await sealSnapshot(content, 1, new Date());
    await db.snapshot.create({
      data: {
        catalogId: catalog.id,
        version: 1,
        contentHash: sealed.contentHash,
        payload: JSON.parse(JSON.stringify(sealed)),
        metrics: {},
      },
    });
    const { secret, token } = await createAgentToken({
      db,
      team: t.team,
      catalog,
      actor: { id: t.owner.id, label: t.owner.email },
      name: "burst",
    });
    const agent = callerFor(db, null, { authorization: `Bearer ${secret}` });
    const input = { team: t.team.slug, catalog: catalog.slug, version: "latest" as const };

    let revokedAt = Number.POSITIVE_INFINITY;
    let revoking: Promise<void> | null = null;
    const results: Array<{ startedAt: number; ok: boolean; code?: string }> = [];
    const fetchOnce = async () => {
      const startedAt = performance.now();
      try {
        await agent.snapshot.get(input);
        results.push({ startedAt, ok: true });
      } catch (error) {
        results.push({ startedAt, ok: false, code: (error as { code?: string }).code });
      }
      // revoke in the middle of the burst, once a few fetches have succeeded
      if (!revoking && results.filter((r) => r.ok).length >= 5) {
        revoking = revokeAgentToken({
          db,
          team: t.team,
          catalog,
          actor: { id: t.owner.id, label: t.owner.email },
          tokenId: token.id,
        }).then(() => {
          revokedAt = performance.now();
        });
      }
    };
    // keep firing every 10 ms until 20 fetches have started after the revocation landed
    const inFlight: Array<Promise<void>> = [];
    for (let i = 0; i < 500; i++) {
      inFlight.push(fetchOnce());
      if (Number.isFinite(revokedAt) && results.filter((r) => r.startedAt > revokedAt).length + 1 >= 20) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(inFlight);
    await revoking;

    const after = results.filter((r) => r.startedAt > revokedAt);
    expect(results.filter((r) => r.ok).length).toBeGreaterThan(0); // the burst really ran before the revocation
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((r) => r.ok)).toEqual([]);
    expect(new Set(after.map((r) => r.code))).toEqual(new Set(["UNAUTHORIZED"]));
  });

  it("two people editing one tool: the stale write is refused, nothing is lost", async () => {
    const catalog = await createCatalog(db, t.team.id);
    const [tool] = await createTools(db, catalog.id, [{ name: "send_email", description: "Send an email." }]);
    const scope = { team: t.team.slug, catalog: catalog.slug };
    const alice = callerFor(db, t.owner);
    const bob = callerFor(db, t.editor);
    const seen = await alice.tool.get({ ...scope, id: tool!.id });
    const outcomes = await Promise.allSettled([
      alice.tool.update({ ...scope, id: tool!.id, revision: seen.revision, patch: { description: "Alice's text" } }),
      bob.tool.update({ ...scope, id: tool!.id, revision: seen.revision, patch: { description: "Bob's text" } }),
    ]);
    const fulfilled = outcomes.filter((o) => o.status === "fulfilled");
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toMatchObject({ code: "CONFLICT" });
    const final = await alice.tool.get({ ...scope, id: tool!.id });
    expect(final.revision).toBe(seen.revision + 1);
    const winner = (fulfilled[0] as PromiseFulfilledResult<{ description: string }>).value.description;
    expect(final.description).toBe(winner);
  });

  it("an import while someone edits: both land or the import is refused whole", async () => {
    const catalog = await createCatalog(db, t.team.id);
    const [tool] = await createTools(db, catalog.id, [{ name: "fetch_page", description: "Fetch a page." }]);
    const scope = { team: t.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, t.editor);
    const text = JSON.stringify({
      tools: Array.from({ length: 200 }, (_, i) => ({
        name: `imported_${i}`,
        description: `Imported ${i}`,
        inputSchema: { type: "object", properties: {} },
      })),
    });
    const options = { namespace: "web", mcpServer: "web-server", exposure: "deferred" as const };
    const preview = await editor.import.preview({ ...scope, text, options });
    const seen = await editor.tool.get({ ...scope, id: tool!.id });
    const [imported, edited] = await Promise.allSettled([
      editor.import.commit({ ...scope, text, options, fingerprint: preview.fingerprint, skipInvalid: false }),
      editor.tool.update({
        ...scope,
        id: tool!.id,
        revision: seen.revision,
        patch: { description: "Fetch a web page as markdown." },
      }),
    ]);
    expect(edited.status).toBe("fulfilled");
    const count = await db.tool.count({ where: { catalogId: catalog.id } });
    expect(count).toBe(imported.status === "fulfilled" ? 201 : 1);
    expect((await editor.tool.get({ ...scope, id: tool!.id })).description).toBe("Fetch a web page as markdown.");
  });
});
