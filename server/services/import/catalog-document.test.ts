import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { buildSnapshotContent } from "../draft/build-snapshot-content";
import { toolSelect, toToolRecord } from "../tools/tool-shape";

const { db } = useTestDatabase();

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; data?: unknown };
  }
  throw new Error("expected the call to fail");
}

const strictSchema = {
  type: "object",
  properties: { zeta: { type: "string" }, alpha: { type: "integer" } },
  required: ["zeta", "alpha"],
  additionalProperties: false,
};

/** A catalog that uses every field: exposures, fallbacks, search text modes, strict, MCP metadata, golden queries. */
async function richCatalog() {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id, { name: "Rich" });
  const at = { team: people.team.slug, catalog: catalog.slug };
  const api = callerFor(db, people.editor);
  await api.catalog.update({
    ...at,
    revision: 1,
    patch: { description: "Everything at once.", engineProfile: "codex-bm25", defaultLimit: 5 },
  });
  await api.namespace.create({ ...at, name: "empty", description: "A namespace with no tools yet." });
  const tools = [
    {
      name: "find_order",
      namespace: "crm",
      exposure: "deferred",
      fallback: "hidden",
      searchTextMode: "generated+extra",
      searchTextExtra: "lookup purchase",
    },
    {
      name: "refund",
      namespace: "crm",
      exposure: "direct",
      strict: true,
      parameters: strictSchema,
      searchTextMode: "override",
      searchTextOverride: "give money back",
    },
    {
      name: "delete_file",
      namespace: "files",
      exposure: "deferred",
      mcpServer: "filesystem",
      mcpTitle: "Delete a file",
      mcpMetadata: { annotations: { destructiveHint: true, title: "Delete" }, _meta: { b: 1, a: 2 } },
    },
    { name: "old_tool", namespace: "files", exposure: "hidden", description: "Kept but never published." },
    { name: "ping", namespace: null, exposure: "deferred", fallback: "direct", description: "Check the service." },
  ] as const;
  for (const tool of tools)
    await api.tool.create({ ...at, tool: { description: `${tool.name} tool`, ...tool } as never });
  await api.namespace.update({
    ...at,
    id: (await db.namespace.findFirstOrThrow({ where: { catalogId: catalog.id, name: "crm" } })).id,
    revision: 1,
    patch: { description: "Customer tools." },
  });
  await api.golden.create({
    ...at,
    query: "refund an order",
    expected: ["crm.refund", "crm.find_order"],
    note: "two tools",
  });
  await api.golden.create({ ...at, query: "nothing fits this", expected: [] });
  return { ...people, catalog, at, api };
}

const withoutIdentity = (row: ReturnType<typeof toToolRecord>) => {
  const { id: _i, createdAt: _c, updatedAt: _u, revision: _r, ...rest } = row;
  return rest;
};

/** The rich catalog with a source of each kind (a secret header among them), and its export. */
async function catalogWithSources() {
  vi.stubEnv("STOCKROOM_SECRETS_KEY", randomBytes(32).toString("hex"));
  const source = await richCatalog();
  const set = (namespace: string, input: Parameters<typeof source.api.source.set>[0]["source"]) =>
    source.api.source.set({ ...source.at, namespace, source: input });
  const secret = "sk-live-do-not-export-4242";
  await set("crm", {
    kind: "mcp-http",
    url: "https://mcp.example.com/crm",
    headers: [
      { name: "Authorization", secret: true, value: `Bearer ${secret}` },
      { name: "X-Tenant", secret: false, value: "acme" },
    ],
    mcpServer: "crm",
    syncIntervalMinutes: 60,
  });
  await set("files", {
    kind: "mcp-stdio",
    command: "npx",
    args: ["-y", "@modelcontextprotocol/server-filesystem", "/srv"],
    env: ["FS_TOKEN", "HOME"],
    mcpServer: "filesystem",
    exposure: "direct",
  });
  await set("github", {
    kind: "openapi",
    url: "https://api.example.com/openapi.json",
    file: "./openapi.yaml",
    tagsAsNamespaces: true,
    syncIntervalMinutes: 24 * 60,
  });
  await set("empty", { kind: "file", file: "./tools.json" });
  const { json } = await source.api.export.draft({ ...source.at, format: "stockroom" });
  return { source, json, secret };
}

describe("the lossless Stockroom catalog export", () => {
  afterEach(() => vi.unstubAllEnvs());
  it("imports back into an equal catalog, field by field", async () => {
    const source = await richCatalog();
    const exported = await source.api.export.draft({ ...source.at, format: "stockroom" });
    expect(exported.counts).toEqual({ direct: 1, deferred: 3, omitted: 1 });

    const target = await createCatalog(db, source.team.id, { name: "Rich" }); // the name is not imported: it names the catalog, not its content
    const at = { team: source.team.slug, catalog: target.slug };
    expect(await source.api.import.catalogDocument({ ...at, text: exported.json })).toEqual({
      format: "stockroom.catalog/v1",
      namespaces: 3,
      tools: 5,
      goldenQueries: 2,
      sources: 0,
    });

    // The document again, from the restored catalog: the same bytes (every field, key order included).
    expect((await source.api.export.draft({ ...at, format: "stockroom" })).json).toBe(exported.json);
    // Field by field on the rows themselves.
    const rows = async (catalogId: string) =>
      (await db.tool.findMany({ where: { catalogId }, select: toolSelect, orderBy: { key: "asc" } })).map((r) =>
        withoutIdentity(toToolRecord(r)),
      );
    const [before, after] = [await rows(source.catalog.id), await rows(target.id)];
    expect(after.map((t) => t.key)).toEqual(before.map((t) => t.key));
    for (const [i, tool] of before.entries()) {
      for (const field of Object.keys(tool) as Array<keyof typeof tool>)
        expect([tool.key, field, JSON.stringify(after[i]![field])]).toEqual([
          tool.key,
          field,
          JSON.stringify(tool[field]),
        ]);
    }
    const settings = (c: { description: string; engineProfile: string; defaultLimit: number }) => [
      c.description,
      c.engineProfile,
      c.defaultLimit,
    ];
    expect(settings(await db.catalog.findUniqueOrThrow({ where: { id: target.id } }))).toEqual([
      "Everything at once.",
      "codex_bm25",
      5,
    ]);
    const namespaces = async (catalogId: string) =>
      db.namespace.findMany({
        where: { catalogId },
        select: { name: true, description: true },
        orderBy: { name: "asc" },
      });
    expect(await namespaces(target.id)).toEqual(await namespaces(source.catalog.id));
    const golden = async (catalogId: string) =>
      db.evalQuery.findMany({
        where: { catalogId },
        select: { query: true, expected: true, note: true },
        orderBy: { createdAt: "asc" },
      });
    expect(await golden(target.id)).toEqual(await golden(source.catalog.id));
    // What would be published is the same too (but for the catalog's own slug and name).
    const team = { slug: source.team.slug };
    const [a, b] = [
      await buildSnapshotContent({ db, team, catalog: source.catalog }),
      await buildSnapshotContent({ db, team, catalog: target }),
    ];
    expect(JSON.stringify({ ...b, catalog: null })).toBe(JSON.stringify({ ...a, catalog: null }));
  });

  it("refuses a non-empty catalog and a broken document, listing what to fix, and writes nothing", async () => {
    const source = await richCatalog();
    const { json } = await source.api.export.draft({ ...source.at, format: "stockroom" });
    expect(await failure(source.api.import.catalogDocument({ ...source.at, text: json }))).toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/already has 5 tools/),
    });
    // Pasted into the tools-list import, it says what to use instead.
    const asToolsList = source.api.import.preview({
      ...source.at,
      text: json,
      options: { namespace: null, mcpServer: null, exposure: "deferred" },
    });
    expect(await failure(asToolsList)).toMatchObject({
      message: expect.stringMatching(/Stockroom catalog export, not a tools list: restore it with Restore catalog/),
    });

    const target = await createCatalog(db, source.team.id);
    const at = { team: source.team.slug, catalog: target.slug };
    const doc = JSON.parse(json) as {
      tools: Array<Record<string, unknown>>;
      goldenQueries: Array<{ expected: string[] }>;
    };
    doc.tools[0]!.parameters = { type: "string" };
    doc.tools[1]!.name = "has space";
    doc.goldenQueries[0]!.expected.push("crm.missing");
    const refused = await failure(source.api.import.catalogDocument({ ...at, text: JSON.stringify(doc) }));
    expect(refused).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^The catalog export has 3 problems/),
    });
    expect(
      await failure(source.api.import.catalogDocument({ ...at, text: '{"format":"stockroom.catalog/v0"}' })),
    ).toMatchObject({ message: expect.stringMatching(/Not a Stockroom catalog export \(format/) });
    expect(await db.tool.count({ where: { catalogId: target.id } })).toBe(0);
  });

  it("carries each namespace's source, secret header values never: the import records them, the team re-enters secrets", async () => {
    const { source, json, secret } = await catalogWithSources();
    expect(json).not.toContain(secret);
    expect(json).not.toContain("v1:"); // nor the sealed value
    const doc = JSON.parse(json) as { sources: Array<Record<string, unknown>> };
    expect(doc.sources.map((s) => [s.namespace, s.kind])).toEqual([
      ["crm", "mcp-http"],
      ["empty", "file"],
      ["files", "mcp-stdio"],
      ["github", "openapi"],
    ]);
    expect(doc.sources[0]).toMatchObject({ url: "https://mcp.example.com/crm", syncIntervalMinutes: 60 });
    expect(doc.sources[0]!.headers).toEqual([
      { name: "Authorization", secret: true },
      { name: "X-Tenant", secret: false, value: "acme" },
    ]);
    expect(doc.sources[2]).toMatchObject({ command: "npx", env: ["FS_TOKEN", "HOME"], exposure: "direct" });
    expect(doc.sources[3]).toMatchObject({ file: "./openapi.yaml", tagsAsNamespaces: true, syncIntervalMinutes: 1440 });

    const target = await createCatalog(db, source.team.id, { name: "Rich" });
    const at = { team: source.team.slug, catalog: target.slug };
    expect(await source.api.import.catalogDocument({ ...at, text: json })).toMatchObject({ sources: 4 });
    expect((await source.api.export.draft({ ...at, format: "stockroom" })).json).toBe(json);
    const listed = await source.api.source.list(at);
    const byName = Object.fromEntries(listed.map((s) => [s.namespace, s]));
    expect(byName.crm!.headers).toEqual([
      { name: "Authorization", secret: true, value: null, set: false },
      { name: "X-Tenant", secret: false, value: "acme", set: true },
    ]);
    expect(byName.crm!.nextSyncAt).not.toBeNull();
    expect(byName.files).toMatchObject({
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "/srv"],
    });
    // The secret's value is asked for, not guessed: saving the source without it says so; with it, it is set.
    const crm = { ...at, namespace: "crm", revision: byName.crm!.revision };
    const http = { kind: "mcp-http" as const, url: "https://mcp.example.com/crm", mcpServer: "crm" };
    await expect(
      source.api.source.set({ ...crm, source: { ...http, headers: [{ name: "Authorization", secret: true }] } }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/Enter the value of the secret header "Authorization"/) });
    const saved = await source.api.source.set({
      ...crm,
      source: { ...http, headers: [{ name: "Authorization", secret: true, value: "Bearer new" }] },
    });
    expect(saved.headers).toEqual([{ name: "Authorization", secret: true, value: null, set: true }]);
  });

  it("refuses a catalog export whose source breaks the source rules, naming it, and records no source", async () => {
    const { source, json } = await catalogWithSources();
    // A broken source is named, and nothing is written.
    const broken = JSON.parse(json) as { sources: Array<Record<string, unknown>> };
    broken.sources[2]!.command = "";
    broken.sources.push({ ...broken.sources[1]!, namespace: "nowhere" });
    const other = await createCatalog(db, source.team.id);
    const refused = await failure(
      source.api.import.catalogDocument({ team: source.team.slug, catalog: other.slug, text: JSON.stringify(broken) }),
    );
    expect(refused.message).toMatch(/^The catalog export has 2 problems, e\.g\. source of namespace files: command/);
    expect(JSON.stringify(refused)).toMatch(/source of namespace nowhere: the namespace is not in namespaces/);
    expect(await db.namespaceSource.count({ where: { catalogId: other.id } })).toBe(0);
  });
});
