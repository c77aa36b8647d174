import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { verifySnapshot } from "@/domain/snapshot/verify";
import { createTools } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { buildSnapshotContent } from "../draft/build-snapshot-content";
import { publishContent } from "./publish-content";
import { createPublishingFixture, editTool } from "../../testing/publishing-fixture";

// Runs on PGlite and on the Postgres server (vitest projects): on the server the 20 calls really
// run in parallel on 10 pooled connections and queue on the catalog row lock.
const { db } = useTestDatabase();

const CALLS = 20;

async function expectConsecutiveIntactVersions(catalogId: string, count: number) {
  const rows = await db.snapshot.findMany({ where: { catalogId }, orderBy: { version: "asc" } });
  expect(rows.map((r) => r.version)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  for (const row of rows) {
    const snapshot = await verifySnapshot(row.payload); // complete and matching its hash: no partial row
    expect(snapshot.version).toBe(row.version);
    expect(snapshot.contentHash).toBe(row.contentHash);
    expect(row.metrics).toMatchObject({ k: 8, queries: 5 });
  }
  expect(new Set(rows.map((r) => r.contentHash)).size).toBe(count);
  expect(await db.auditEvent.count({ where: { catalogId, action: "snapshot.published" } })).toBe(count);
  return rows;
}

describe(`${CALLS} concurrent publishes on one catalog`, () => {
  it("with distinct content each: all succeed with distinct consecutive versions, every row complete", async () => {
    const { team, catalog, editor: _editor } = await createPublishingFixture(db);
    const actor = { id: null, label: "concurrency-test" };
    const results = await Promise.allSettled(
      Array.from({ length: CALLS }, (_, i) =>
        publishContent({
          db,
          team,
          catalog,
          actor,
          note: `call ${i}`,
          reason: "concurrency test",
          resolveContent: async (tx) => {
            const content = await buildSnapshotContent({ db: tx, team, catalog });
            content.tools[0]!.spec.description += ` (call ${i})`;
            return content;
          },
          sameContentMessage: () => "same",
        }),
      ),
    );
    const failures = results.filter((r) => r.status === "rejected");
    expect(failures).toEqual([]);
    const versions = results
      .map((r) => (r as PromiseFulfilledResult<{ version: number }>).value.version)
      .sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: CALLS }, (_, i) => i + 1));
    const rows = await expectConsecutiveIntactVersions(catalog.id, CALLS);
    expect(new Set(rows.map((r) => r.note)).size).toBe(CALLS);
  });

  it("of the same draft through tRPC: one version, every other call refused as a no-op", async () => {
    const { at, editor, catalog } = await createPublishingFixture(db);
    const results = await Promise.allSettled(
      Array.from({ length: CALLS }, (_, i) => editor.review.publish({ ...at, note: `call ${i}` })),
    );
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    expect(fulfilled).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toBeInstanceOf(TRPCError);
      expect((r.reason as TRPCError).message).toBe(
        "Nothing to publish: the draft is identical to version 1. Change a tool first.",
      );
    }
    await expectConsecutiveIntactVersions(catalog.id, 1);
  });

  it("each after its own edit through tRPC: successes are consecutive, refusals only no-ops, the last version has every edit", async () => {
    const { at, editor, catalog } = await createPublishingFixture(db);
    await createTools(
      db,
      catalog.id,
      Array.from({ length: CALLS }, (_, i) => ({
        namespace: "bulk",
        name: `tool_${i}`,
        description: `Bulk tool ${i}.`,
      })),
    );
    const results = await Promise.allSettled(
      Array.from({ length: CALLS }, async (_, i) => {
        await editTool(db, catalog.id, `bulk.tool_${i}`, { description: `Bulk tool ${i}, edited.` });
        return editor.review.publish({ ...at, note: `edit ${i}` });
      }),
    );
    const successes = results.filter((r) => r.status === "fulfilled").length;
    expect(successes).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect((r.reason as TRPCError).message).toMatch(/^Nothing to publish: the draft is identical to version \d+/);
    }
    const rows = await expectConsecutiveIntactVersions(catalog.id, successes);
    const latest = await verifySnapshot(rows.at(-1)!.payload);
    const bulk = latest.tools.filter((t) => t.namespace === "bulk");
    expect(bulk).toHaveLength(CALLS);
    expect(bulk.every((t) => t.spec.description.endsWith(", edited."))).toBe(true);
  });
});
