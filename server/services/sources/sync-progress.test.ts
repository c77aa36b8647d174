// Issue 35, item 8: a sync of GitHub's REST description (@octokit/openapi, about 1,200 operations) reports its
// progress through the fetch, diff and apply phases, and a cancel before the commit leaves nothing written.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Catalog } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useDocumentServer } from "../../testing/use-document-server";
import { useTestDatabase } from "../../testing/use-test-database";
import type { ImportProgress } from "../import/import-progress";
import { applySync, previewSync } from "./sync-namespace";
import { setSource } from "./sources";

const { db } = useTestDatabase();
const FILE = path.join(process.cwd(), "node_modules/@octokit/openapi/generated/api.github.com.json");

/** The phases in the order they were first reported, and the last report of each. */
function summarize(reports: ImportProgress[]) {
  const last = new Map<string, ImportProgress>();
  for (const r of reports) last.set(r.phase, r);
  return { phases: [...last.keys()], last: Object.fromEntries(last) };
}

describe("progress and cancel of a 1,000-tool sync", { timeout: 600_000 }, () => {
  const body = readFileSync(FILE, "utf8");
  const upstream = useDocumentServer(() => body, "/api.github.com.json");

  it("reports fetch, diff and apply; a cancel during apply rolls back the whole change", async () => {
    const people = await createTeamWithMembers(db);
    const catalog: Catalog = await createCatalog(db, people.team.id);
    const actor = { id: people.editor.id, label: people.editor.email };
    const source = {
      kind: "openapi" as const,
      url: upstream.url(),
      file: null,
      tagsAsNamespaces: true,
      syncIntervalMinutes: null,
    };
    await setSource({ db, catalog, actor, namespace: "github", source: { ...source, exposure: "deferred" } });
    const request = { db, catalog, namespace: "github" };
    const previewReports: ImportProgress[] = [];
    const preview = await previewSync({ ...request, control: { onProgress: (p) => previewReports.push(p) } });
    expect(preview.counts.new).toBeGreaterThan(1000);
    const seen = summarize(previewReports);
    expect(seen.phases).toEqual(["fetch", "diff"]);
    expect(seen.last.diff).toMatchObject({ done: preview.rows.length, total: preview.rows.length });
    expect(previewReports.filter((r) => r.phase === "diff").length).toBeGreaterThan(10);

    // Cancelled once the apply has written part of the tools: nothing stays.
    const controller = new AbortController();
    const cancelled: ImportProgress[] = [];
    const apply = {
      ...request,
      actor,
      fingerprint: preview.fingerprint,
      skipInvalid: true,
      decisions: { removed: {}, conflicts: {} },
    };
    const refused = await applySync({
      ...apply,
      control: {
        signal: controller.signal,
        onProgress: (p) => {
          cancelled.push(p);
          if (p.phase === "apply" && p.done >= 400) controller.abort();
        },
      },
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/cancelled; nothing was written/),
    });
    expect(summarize(cancelled).last.apply!.done).toBeLessThan(preview.counts.new);
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);
    expect(
      await db.auditEvent.count({ where: { catalogId: catalog.id, action: { not: "namespace.source_set" } } }),
    ).toBe(0);
    expect((await db.namespaceSource.findFirstOrThrow({ where: { catalogId: catalog.id } })).lastSyncedAt).toBeNull();

    // Not cancelled: every phase through to the end, and every tool written.
    const reports: ImportProgress[] = [];
    const result = await applySync({ ...apply, control: { onProgress: (p) => reports.push(p) } });
    const done = summarize(reports);
    expect(done.phases).toEqual(["fetch", "diff", "apply"]);
    expect(done.last.apply).toMatchObject({ done: preview.counts.new, total: preview.counts.new });
    const applied = reports.filter((r) => r.phase === "apply").map((r) => r.done);
    expect(applied).toEqual([...applied].sort((a, b) => a - b));
    expect(result.created).toBe(preview.counts.new);
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(preview.counts.new);
  });
});
