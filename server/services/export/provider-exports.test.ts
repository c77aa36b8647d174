import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";

const { db } = useTestDatabase();

const schema = { type: "object", properties: { q: { type: "string" } } };

async function catalogWith(
  tools: Array<{ name: string; namespace: string | null; exposure: "direct" | "deferred"; mcpServer?: string }>,
) {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id);
  const at = { team: people.team.slug, catalog: catalog.slug };
  const api = callerFor(db, people.editor);
  for (const tool of tools)
    await api.tool.create({
      ...at,
      tool: { description: `${tool.name} in ${tool.namespace}.`, parameters: schema, ...tool },
    });
  return { at, api, team: people.team };
}

const SOURCE = [
  { name: "search", namespace: "crm", exposure: "direct", mcpServer: "crm-server" },
  { name: "update", namespace: "crm", exposure: "deferred", mcpServer: "crm-server" },
  { name: "search", namespace: "files", exposure: "deferred", mcpServer: "filesystem" },
  { name: "ping", namespace: null, exposure: "direct" },
] as const;

async function keysOf(api: Awaited<ReturnType<typeof catalogWith>>["api"], at: { team: string; catalog: string }) {
  const { tools } = await api.tool.list({ ...at, pageSize: 200 });
  const details = await Promise.all(tools.map((t) => api.tool.get({ ...at, id: t.id })));
  return details.map((t) => [t.key, t.exposure, t.mcpServer]).sort();
}

describe("provider exports keep namespaces and servers where the format can", () => {
  it("OpenAI: direct tools stay in their namespace (without defer_loading) and import back as the same tools", async () => {
    const source = await catalogWith([...SOURCE]);
    const { json } = await source.api.export.draft({ ...source.at, format: "openai" });
    const doc = JSON.parse(json) as Array<{
      type: string;
      name: string;
      tools?: Array<{ name: string; defer_loading?: boolean }>;
    }>;
    expect(doc.map((e) => `${e.type}:${e.name ?? ""}`)).toEqual([
      "function:ping",
      "namespace:crm",
      "namespace:files",
      "tool_search:",
    ]);
    expect(doc[1]!.tools!.map((t) => [t.name, t.defer_loading ?? false])).toEqual([
      ["search", false],
      ["update", true],
    ]);

    const target = await catalogWith([]);
    const text = json;
    const options = { namespace: null, mcpServer: null, exposure: "hidden" as const };
    const preview = await target.api.import.preview({ ...target.at, text, options });
    await target.api.import.commit({ ...target.at, text, options, fingerprint: preview.fingerprint });
    expect((await keysOf(target.api, target.at)).map(([key, exposure]) => [key, exposure])).toEqual(
      (await keysOf(source.api, source.at)).map(([key, exposure]) => [key, exposure]),
    );
  });

  it("MCP: flat names come back to their namespace, name and server through the result's _meta", async () => {
    const source = await catalogWith([...SOURCE]);
    const { json } = await source.api.export.draft({ ...source.at, format: "mcp" });
    const doc = JSON.parse(json) as { tools: Array<{ name: string }>; _meta: Record<string, Record<string, unknown>> };
    expect(doc.tools.map((t) => t.name).sort()).toEqual(["crm__search", "files__search", "ping", "update"]);
    expect(doc._meta["stockroom/tools"]!["files__search"]).toEqual({
      namespace: "files",
      name: "search",
      server: "filesystem",
    });

    const target = await catalogWith([]);
    const options = { namespace: null, mcpServer: null, exposure: "deferred" as const };
    const preview = await target.api.import.preview({ ...target.at, text: json, options });
    expect(preview.rows.map((r) => r.key).sort()).toEqual(["crm.search", "crm.update", "files.search", "ping"]);
    await target.api.import.commit({ ...target.at, text: json, options, fingerprint: preview.fingerprint });
    expect((await keysOf(target.api, target.at)).map(([key, , server]) => [key, server])).toEqual(
      (await keysOf(source.api, source.at)).map(([key, , server]) => [key, server]),
    );
  });
});
