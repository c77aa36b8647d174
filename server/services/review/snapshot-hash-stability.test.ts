import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { canonicalJson, computeContentHash, sealSnapshot, verifySnapshot } from "@/domain/snapshot/verify";
import { useTestDatabase } from "../../testing/use-test-database";
import { buildSnapshotContent } from "../draft/build-snapshot-content";
import { createPublishingFixture } from "../../testing/publishing-fixture";

const { db } = useTestDatabase();

/** Hashes a snapshot in a fresh Node process (its own module instances, its own WebCrypto). */
async function hashInChildProcess(payload: unknown): Promise<string> {
  const script =
    "import('./domain/snapshot/verify.ts').then(async ({ computeContentHash }) => {" +
    "  const chunks = []; for await (const c of process.stdin) chunks.push(c);" +
    "  process.stdout.write(await computeContentHash(JSON.parse(Buffer.concat(chunks).toString('utf8'))));" +
    "});";
  const child = promisify(execFile)("npx", ["tsx", "-e", script], { cwd: process.cwd(), timeout: 60_000 });
  child.child.stdin!.end(JSON.stringify(payload));
  return (await child).stdout.trim();
}

describe("snapshot content hash", () => {
  it("is the same in another process, after the JSONB round trip, and when the draft is built again", async () => {
    const { at, editor, team, catalog } = await createPublishingFixture(db);
    const published = await editor.review.publish({ ...at, note: "v1" });
    const row = await db.snapshot.findFirstOrThrow({ where: { catalogId: catalog.id, version: 1 } });

    // Stored in author order (a json column), not in canonical order; the hash does not depend on it.
    expect(JSON.stringify(row.payload)).not.toBe(canonicalJson(row.payload));
    expect(await computeContentHash(row.payload as never)).toBe(published.contentHash);
    await expect(verifySnapshot(row.payload)).resolves.toBeTruthy();

    expect(await hashInChildProcess(row.payload)).toBe(published.contentHash);

    const [again, once_more] = [
      await buildSnapshotContent({ db, team, catalog }),
      await buildSnapshotContent({ db, team, catalog }),
    ];
    expect(canonicalJson(again)).toBe(canonicalJson(once_more));
    const resealed = await sealSnapshot(again, 1, published.publishedAt);
    expect(resealed.contentHash).toBe(published.contentHash);
  }, 90_000);
});
