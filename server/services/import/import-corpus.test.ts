import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { testDbKind } from "../../testing/test-db";
import { useTestDatabase } from "../../testing/use-test-database";

const { db } = useTestDatabase();

interface CorpusTool {
  namespace: string;
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** The demo corpus (prisma/seed-data/tools.jsonl) as an OpenAI tools list: one namespace per MCP server. */
async function corpusAsOpenAINamespaces() {
  const text = await readFile(path.join(process.cwd(), "prisma/seed-data/tools.jsonl"), "utf8");
  const corpus = text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CorpusTool);
  const servers = [...new Set(corpus.map((t) => t.namespace))];
  const doc = servers.map((server) => ({
    type: "namespace",
    name: server,
    description: `Tools of the ${server} MCP server.`,
    tools: corpus
      .filter((t) => t.namespace === server)
      .map((t) => ({
        type: "function",
        name: t.name,
        description: t.description,
        parameters: t.parameters,
        defer_loading: true,
      })),
  }));
  return { corpus, servers, doc };
}

type Doc = Awaited<ReturnType<typeof corpusAsOpenAINamespaces>>["doc"];

/** A tool whose schema can match nothing is reported as invalid, not silently imported. */
async function expectBrokenToolReported(
  preview: (text: string) => Promise<{ rows: { status: string; key: string | null }[] }>,
  doc: Doc,
) {
  // Netlify's server lists one tool with `"enum": []` (no value can ever match; the corpus dropped it): such a
  // tool is reported, not silently imported.
  doc
    .find((ns) => ns.name === "netlify")!
    .tools.push({
      type: "function",
      name: "coding_rules_as_listed",
      description: "",
      parameters: {
        type: "object",
        properties: { creationType: { type: "string", enum: [] } },
        $schema: "http://json-schema.org/draft-07/schema#",
      },
      defer_loading: true,
    });
  const withBroken = JSON.stringify(doc);
  const broken = await preview(withBroken);
  expect(broken.rows.find((r) => r.status === "invalid")).toMatchObject({
    key: "netlify.coding_rules_as_listed",
    messages: ["Invalid JSON Schema at /properties/creationType/enum: must NOT have fewer than 1 items."],
  });
}

describe("importing the real 724-tool MCP corpus", () => {
  it("imports every server's tools as OpenAI namespaces in one go, reports the broken one, and a re-import finds the rest unchanged", async () => {
    const { corpus, servers, doc } = await corpusAsOpenAINamespaces();
    const { team, editor } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id);
    const api = callerFor(db, editor);
    const ref = { team: team.slug, catalog: catalog.slug };
    const options = { namespace: null, mcpServer: null, exposure: "hidden" as const };
    const source = JSON.stringify(doc);

    let start = performance.now();
    const preview = await api.import.preview({ ...ref, text: source, options });
    const previewMs = performance.now() - start;
    await expectBrokenToolReported((text) => api.import.preview({ ...ref, text, options }), doc);
    expect(preview.counts).toEqual({
      new: 724,
      changed: 0,
      conflict: 0,
      removed: 0,
      unchanged: 0,
      invalid: 0,
      skipped: 0,
    });
    start = performance.now();
    expect(await api.import.commit({ ...ref, text: source, options, fingerprint: preview.fingerprint })).toMatchObject({
      created: 724,
      skipped: 0,
    });
    const commitMs = performance.now() - start;
    expect(await db.tool.count({ where: { catalogId: catalog.id, exposure: "deferred" } })).toBe(724);
    expect(await db.namespace.count({ where: { catalogId: catalog.id } })).toBe(servers.length);
    expect(await db.auditEvent.count({ where: { catalogId: catalog.id, action: "tool.created" } })).toBe(724);

    start = performance.now();
    const again = await api.import.preview({ ...ref, text: source, options });
    const rePreviewMs = performance.now() - start;
    expect(again.counts).toEqual({
      new: 0,
      changed: 0,
      conflict: 0,
      removed: 0,
      unchanged: 724,
      invalid: 0,
      skipped: 0,
    });
    console.log(
      `724-tool import on ${testDbKind()}: preview ${previewMs.toFixed(0)} ms, commit ${commitMs.toFixed(0)} ms, re-import preview ${rePreviewMs.toFixed(0)} ms`,
    );
  });
});
