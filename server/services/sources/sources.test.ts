// Issue 35, items 1 and 2: a namespace records its source (secret headers sealed at rest, never sent back), and
// a sync of an HTTP MCP server on loopback previews added, changed, removed and unchanged tools, applies all or
// nothing, and keeps the team's own edits.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
// @ts-expect-error plain ESM test fixture without types
import { startHttpServer } from "../../testing/tiny-mcp-server.mjs";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";

const { db } = useTestDatabase();
afterEach(() => vi.unstubAllEnvs());

const MOVED = expect.stringMatching(/source changed since this preview/);
const KEY = randomBytes(32).toString("base64");
const TOKEN = "tiny-secret-token-0123456789";

async function setup() {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id);
  const ref = { team: people.team.slug, catalog: catalog.slug };
  return { ...people, catalog, ref, editor: callerFor(db, people.editor), viewer: callerFor(db, people.viewer) };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected the call to fail");
}

const httpSource = (url: string, value?: string) => ({
  kind: "mcp-http" as const,
  url,
  headers: [
    { name: "Authorization", secret: true, ...(value === undefined ? {} : { value }) },
    { name: "X-Team", secret: false, value: "weather" },
  ],
});

type Editor = ReturnType<typeof callerFor>;
/** The team's own edits: search text and exposure of a tool, the namespace's description, a golden query. */
async function editAsTheTeam(editor: Editor, ref: { team: string; catalog: string }, catalogId: string) {
  const uv = await db.tool.findFirstOrThrow({ where: { catalogId, key: "weather.get_uv_index" } });
  const patch = { searchTextExtra: "sunburn", exposure: "direct" as const };
  await editor.tool.update({ ...ref, id: uv.id, revision: uv.revision, patch });
  const ns = await db.namespace.findFirstOrThrow({ where: { catalogId, name: "weather" } });
  await editor.namespace.update({ ...ref, id: ns.id, revision: ns.revision, patch: { description: "Our weather." } });
  await editor.golden.create({ ...ref, query: "uv today", expected: ["weather.get_uv_index"] });
  return ns;
}

async function expectTheTeamsEdits(catalogId: string, namespaceId: string) {
  const uv = await db.tool.findFirstOrThrow({ where: { catalogId, key: "weather.get_uv_index" } });
  expect(uv).toMatchObject({ searchTextExtra: "sunburn", exposure: "direct" });
  expect((await db.namespace.findUniqueOrThrow({ where: { id: namespaceId } })).description).toBe("Our weather.");
  expect(await db.evalQuery.count({ where: { catalogId } })).toBe(1);
}

/** A changed secrets key: the stored header no longer opens, and the message says what to do. */
async function expectRefusedUnderAnotherKey(editor: Editor, ref: { team: string; catalog: string }) {
  vi.stubEnv("STOCKROOM_SECRETS_KEY", randomBytes(32).toString("hex"));
  const rekeyed = await failure(editor.source.syncPreview({ ...ref, namespace: "weather" }));
  expect(rekeyed).toMatchObject({
    code: "UNPROCESSABLE_CONTENT",
    message: expect.stringMatching(/another STOCKROOM_SECRETS_KEY/),
  });
}

describe("namespace sources", () => {
  it("refuses a secret header without STOCKROOM_SECRETS_KEY, seals it with the key, and never sends it back", async () => {
    const { editor, viewer, ref, catalog } = await setup();
    vi.stubEnv("STOCKROOM_SECRETS_KEY", "");
    const refused = await failure(
      editor.source.set({
        ...ref,
        namespace: "weather",
        source: httpSource("https://mcp.example.com/mcp", "Bearer x"),
      }),
    );
    expect(refused).toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    expect(refused.message).toMatch(/cannot store secret header values.*STOCKROOM_SECRETS_KEY/);
    expect(await db.namespaceSource.count({ where: { catalogId: catalog.id } })).toBe(0);

    vi.stubEnv("STOCKROOM_SECRETS_KEY", KEY);
    const saved = await editor.source.set({
      ...ref,
      namespace: "weather",
      source: httpSource("https://mcp.example.com/mcp", `Bearer ${TOKEN}`),
    });
    expect(saved.headers).toEqual([
      { name: "Authorization", secret: true, value: null, set: true },
      { name: "X-Team", secret: false, value: "weather", set: true },
    ]);
    const row = await db.namespaceSource.findFirstOrThrow({ where: { catalogId: catalog.id } });
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect(JSON.stringify(await viewer.source.list(ref))).not.toContain(TOKEN);
    const events = await db.auditEvent.findMany({ where: { catalogId: catalog.id, action: "namespace.source_set" } });
    expect(JSON.stringify(events)).not.toContain(TOKEN);

    // Saved again without the value: the sealed one stays; a new secret without a value is refused.
    await editor.source.set({
      ...ref,
      namespace: "weather",
      revision: 1,
      source: httpSource("https://mcp.example.com/mcp"),
    });
    expect((await db.namespaceSource.findFirstOrThrow({ where: { catalogId: catalog.id } })).headers).toEqual(
      row.headers,
    );
    const blank = await failure(
      editor.source.set({
        ...ref,
        namespace: "weather",
        revision: 2,
        source: { kind: "mcp-http", url: "https://mcp.example.com/mcp", headers: [{ name: "X-Key", secret: true }] },
      }),
    );
    expect(blank).toMatchObject({ code: "BAD_REQUEST", message: 'Enter the value of the secret header "X-Key".' });
    const stale = await failure(
      editor.source.set({ ...ref, namespace: "weather", revision: 1, source: httpSource("https://a.example.com/mcp") }),
    );
    expect(stale.code).toBe("CONFLICT");
    expect((await failure(viewer.source.remove({ ...ref, namespace: "weather" }))).code).toBe("FORBIDDEN");
  });

  it("checks every kind: URLs, commands, a file path, an OpenAPI source needs a URL or a file", async () => {
    const { editor, ref } = await setup();
    const bad = [
      { kind: "mcp-http", url: "ftp://example.com/mcp", headers: [] },
      { kind: "mcp-http", url: "https://user:pw@example.com/mcp", headers: [] },
      { kind: "openapi", url: null, file: null },
      { kind: "openapi", url: "file:///etc/passwd" },
      { kind: "mcp-stdio", command: "node\nrm -rf /" },
      { kind: "mcp-stdio", command: "node", env: ["NOT A NAME"] },
      { kind: "file", file: "" },
    ];
    for (const source of bad) {
      const error = await failure(editor.source.set({ ...ref, namespace: "ns", source: source as never }));
      expect(error.code, JSON.stringify(source)).toBe("BAD_REQUEST");
    }
    const stdio = await editor.source.set({
      ...ref,
      namespace: "memory",
      source: {
        kind: "mcp-stdio",
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-memory"],
        env: ["MEMORY_FILE_PATH"],
      },
    });
    expect(stdio).toMatchObject({ kind: "mcp-stdio", command: "npx", env: ["MEMORY_FILE_PATH"], url: null });
    // A CLI source cannot be synced from the UI: it says how to sync it instead.
    const ui = await failure(editor.source.syncPreview({ ...ref, namespace: "memory" }));
    expect(ui).toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    expect(ui.message).toMatch(/stockroom sync --namespace/);
    expect((await failure(editor.source.syncPreview({ ...ref, namespace: "nope" }))).code).toBe("NOT_FOUND");
  });

  it("syncs an HTTP MCP server on loopback: added, changed, removed and unchanged, all or nothing, edits kept", async () => {
    vi.stubEnv("STOCKROOM_SECRETS_KEY", KEY);
    vi.stubEnv("STOCKROOM_ALLOW_PRIVATE_NETWORKS", "1");
    const { editor, ref, catalog } = await setup();
    let upstream = await startHttpServer({ token: TOKEN });
    const port = new URL(upstream.url).port;
    const restart = async (variant: string) => {
      await upstream.close();
      upstream = await startHttpServer({ port: Number(port), variant, token: TOKEN });
    };
    try {
      await editor.source.set({ ...ref, namespace: "weather", source: httpSource(upstream.url, `Bearer ${TOKEN}`) });
      const first = await editor.source.syncPreview({ ...ref, namespace: "weather" });
      expect(first).toMatchObject({ kind: "mcp-http", mcpServer: "tiny-weather", counts: { new: 3 } });
      await editor.source.syncApply({ ...ref, namespace: "weather", fingerprint: first.fingerprint });
      const tool = (key: string) => db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key } });

      const ns = await editAsTheTeam(editor, ref, catalog.id);

      // Upstream adds get_pollen, changes get_forecast's description and drops list_alerts.
      await restart("3");
      const plan = await editor.source.syncPreview({ ...ref, namespace: "weather" });
      expect(plan.counts).toMatchObject({ new: 1, changed: 1, removed: 1, unchanged: 1, conflict: 0 });
      expect(plan.rows.find((r) => r.status === "changed")).toMatchObject({
        key: "weather.get_forecast",
        changes: [{ field: "description", after: "Get the weather forecast for a city, hourly.", conflict: false }],
      });
      const alerts = await tool("weather.list_alerts");
      const undecided = await failure(
        editor.source.syncApply({ ...ref, namespace: "weather", fingerprint: plan.fingerprint }),
      );
      expect(undecided.message).toMatch(/no longer lists "weather.list_alerts"/);
      expect(await db.tool.count({ where: { catalogId: catalog.id, key: "weather.get_pollen" } })).toBe(0);

      // The source moves between preview and apply: nothing is written.
      await restart("2");
      const decisions = { removed: { [alerts.id]: "remove" as const }, conflicts: {} };
      const apply = { ...ref, namespace: "weather", fingerprint: plan.fingerprint, decisions };
      expect(await failure(editor.source.syncApply(apply))).toMatchObject({ code: "CONFLICT", message: MOVED });
      expect(await db.tool.count({ where: { catalogId: catalog.id, key: "weather.get_pollen" } })).toBe(0);

      await restart("3");
      const again = await editor.source.syncPreview({ ...ref, namespace: "weather" });
      const result = await editor.source.syncApply({
        ...ref,
        namespace: "weather",
        fingerprint: again.fingerprint,
        decisions: { removed: { [alerts.id]: "remove" }, conflicts: {} },
      });
      expect(result).toMatchObject({ created: 1, updated: 1, removed: 1 });
      const keys = (await db.tool.findMany({ where: { catalogId: catalog.id }, orderBy: { key: "asc" } })).map(
        (t) => t.key,
      );
      expect(keys).toEqual(["weather.get_forecast", "weather.get_pollen", "weather.get_uv_index"]);
      await expectTheTeamsEdits(catalog.id, ns.id);
      const [source] = await editor.source.list(ref);
      expect(source!.lastSyncedAt).not.toBeNull();
      expect((await editor.source.syncPreview({ ...ref, namespace: "weather" })).counts).toMatchObject({
        unchanged: 3,
        new: 0,
      });

      await expectRefusedUnderAnotherKey(editor, ref);
    } finally {
      await upstream.close();
    }
  });
});
