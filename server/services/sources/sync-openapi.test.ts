// Issue 35, item 8 (OpenAPI part): GitHub's REST description from the @octokit/openapi package (about 1,200
// operations), served on loopback and read by Stockroom from its URL, imported with tags as namespaces; then the
// document changes upstream (an operation added, one changed, one the team also edited, one removed) and a sync
// shows exactly that, applies it all or nothing, and keeps the team's edits.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useDocumentServer } from "../../testing/use-document-server";
import { useTestDatabase } from "../../testing/use-test-database";

const { db } = useTestDatabase();
const FILE = path.join(process.cwd(), "node_modules/@octokit/openapi/generated/api.github.com.json");
type Doc = { paths: Record<string, Record<string, { operationId?: string; summary?: string; tags?: string[] }>> };

/** Upstream: one operation added, one changed, one changed that the team edited too, one removed. */
function changeUpstream(doc: Doc) {
  doc.paths["/repos/{owner}/{repo}"]!.get!.summary = "Get a repository (new wording)";
  doc.paths["/repos/{owner}/{repo}/issues"]!.post!.summary = "Create an issue, upstream's new words";
  delete doc.paths["/meta"];
  doc.paths["/stockroom/ping"] = { get: { operationId: "meta/ping", tags: ["meta"], summary: "Ping." } };
}

type Plan = { counts: Record<string, number>; rows: Array<{ status: string; key: string | null }> };
/** One added, one changed, one conflict (the team's description), one removed; the rest unchanged. */
function expectTheChangeSet(plan: Plan, imported: number) {
  expect(plan.counts).toMatchObject({ new: 1, changed: 1, conflict: 1, removed: 1 });
  expect(plan.counts.unchanged).toBe(imported - 3);
  expect(plan.rows.find((r) => r.status === "new")!.key).toBe("meta.ping");
  expect(plan.rows.find((r) => r.status === "changed")).toMatchObject({
    key: "repos.get",
    changes: [{ field: "description", conflict: false }],
  });
  expect(plan.rows.find((r) => r.status === "conflict")).toMatchObject({
    key: "issues.create",
    changes: [{ field: "description", before: "Open an issue.", conflict: true }],
  });
}

describe("syncing GitHub's OpenAPI description", { timeout: 600_000 }, () => {
  let body = readFileSync(FILE, "utf8");
  const upstream = useDocumentServer(() => body, "/api.github.com.json");

  it("imports every operation, then syncs an upstream change with nothing lost and the team's edits kept", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const ref = { team: people.team.slug, catalog: catalog.slug, namespace: "github" };
    const api = callerFor(db, people.editor);
    const doc = JSON.parse(body) as Doc;
    const operations = Object.values(doc.paths).flatMap((item) =>
      Object.entries(item).filter(([method]) => /^(get|put|post|delete|patch|head|options|trace)$/.test(method)),
    );
    await api.source.set({ ...ref, source: { kind: "openapi", url: upstream.url(), tagsAsNamespaces: true } });
    const first = await api.source.syncPreview(ref);
    expect(first.format).toBe("openapi");
    expect(first.rows.length).toBe(operations.length);
    expect(operations.length).toBeGreaterThan(1000);
    expect(first.counts.new + first.counts.invalid).toBe(operations.length);
    await api.source.syncApply({ ...ref, fingerprint: first.fingerprint, skipInvalid: true });
    const count = () => db.tool.count({ where: { catalogId: catalog.id } });
    expect(await count()).toBe(first.counts.new);
    const tool = (key: string) => db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key } });
    const getRepo = await tool("repos.get");
    expect(getRepo.description).toMatch(/^Get a repository/);
    expect(getRepo.parameters).toMatchObject({ properties: { owner: { type: "string" }, repo: { type: "string" } } });

    // The team's edits: a description, search text and exposure, a namespace description, a golden query.
    const issue = await tool("issues.create");
    await api.tool.update({ ...ref, id: issue.id, revision: issue.revision, patch: { description: "Open an issue." } });
    await api.tool.update({
      ...ref,
      id: getRepo.id,
      revision: getRepo.revision,
      patch: { searchTextExtra: "repo info", exposure: "direct" },
    });
    const repos = await db.namespace.findFirstOrThrow({ where: { catalogId: catalog.id, name: "repos" } });
    await api.namespace.update({
      ...ref,
      id: repos.id,
      revision: repos.revision,
      patch: { description: "Repositories." },
    });
    await api.golden.create({ ...ref, query: "open a bug report", expected: ["issues.create"] });

    changeUpstream(doc);
    body = JSON.stringify(doc);

    const plan = await api.source.syncPreview(ref);
    expectTheChangeSet(plan, first.counts.new);
    const removed = plan.rows.find((r) => r.status === "removed")!;
    expect(removed.key).toBe("meta.get");
    const result = await api.source.syncApply({
      ...ref,
      fingerprint: plan.fingerprint,
      skipInvalid: true,
      decisions: { removed: { [removed.toolId!]: "remove" }, conflicts: { [issue.id]: "ours" } },
    });
    expect(result).toMatchObject({ created: 1, updated: 1, removed: 1 });
    expect(await count()).toBe(first.counts.new);
    expect((await tool("repos.get")).description).toMatch(/^Get a repository \(new wording\)/);
    expect(await tool("repos.get")).toMatchObject({ searchTextExtra: "repo info", exposure: "direct" });
    expect((await tool("issues.create")).description).toBe("Open an issue.");
    expect((await db.namespace.findUniqueOrThrow({ where: { id: repos.id } })).description).toBe("Repositories.");
    expect(await db.evalQuery.count({ where: { catalogId: catalog.id } })).toBe(1);
    const events = await db.auditEvent.findMany({ where: { catalogId: catalog.id, action: "catalog.imported" } });
    expect(events).toHaveLength(2);
  });
});
