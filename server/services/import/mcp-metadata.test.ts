import { describe, expect, it } from "vitest";
import { verifySnapshot } from "@/domain/snapshot/verify";
import { mcpHints } from "../../../domain/tool-rules/mcp-metadata";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { parseToolSource } from "./parse-tool-source";

const { db } = useTestDatabase();

// Entries as MCP's TypeScript SDK client returns them (its Tool schema's key order).
const deleteFile = {
  name: "delete_file",
  title: "Delete a file",
  icons: [{ src: "https://example.test/trash.png", mimeType: "image/png", sizes: ["48x48"] }],
  description: "Delete a file from the workspace.",
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  outputSchema: { type: "object", properties: { deleted: { type: "boolean" } }, required: ["deleted"] },
  annotations: {
    title: "Delete file",
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  execution: { taskSupport: "optional" },
  _meta: { "example.test/owner": "files-team", zeta: 1, alpha: 2 },
};
const readFile = {
  name: "read_file",
  description: "Read a file.",
  inputSchema: { type: "object", properties: { path: { type: "string" } } },
  annotations: { title: "Read file", readOnlyHint: true },
};

describe("MCP metadata", () => {
  it("is read as received and annotations.title is not promoted to the tool's title", () => {
    const [del, read] = parseToolSource({ tools: [deleteFile, readFile] }).items.map((item) => item.tool!);
    expect(del).toMatchObject({ mcpTitle: "Delete a file" });
    expect(JSON.stringify(del!.mcpMetadata)).toBe(
      JSON.stringify({
        icons: deleteFile.icons,
        outputSchema: deleteFile.outputSchema,
        annotations: deleteFile.annotations,
        execution: deleteFile.execution,
        _meta: deleteFile._meta,
      }),
    );
    expect(read).toMatchObject({ mcpTitle: null, mcpMetadata: { annotations: readFile.annotations } });
    expect(mcpHints(del!.mcpMetadata).map((h) => `${h.label}=${h.value}`)).toEqual([
      "read-only=false",
      "destructive=true",
      "idempotent=true",
      "open world=false",
    ]);
  });

  it("is stored, published in the snapshot's mcp object, exported to MCP as received, and compared on re-import", async () => {
    const { team, editor: user } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id);
    const at = { team: team.slug, catalog: catalog.slug };
    const editor = callerFor(db, user);
    const options = { namespace: "files", mcpServer: "files", exposure: "deferred" as const };
    const text = JSON.stringify({ tools: [deleteFile, readFile] });
    const preview = await editor.import.preview({ ...at, text, options });
    expect(preview.counts).toMatchObject({ new: 2, invalid: 0 });
    await editor.import.commit({ ...at, text, options, fingerprint: preview.fingerprint });

    const stored = await db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key: "files.delete_file" } });
    const detail = await editor.tool.get({ ...at, id: stored.id });
    expect(detail.mcpTitle).toBe("Delete a file");
    expect(detail.mcpMetadata).toEqual({
      icons: deleteFile.icons,
      outputSchema: deleteFile.outputSchema,
      annotations: deleteFile.annotations,
      execution: deleteFile.execution,
      _meta: deleteFile._meta,
    });

    const exported = JSON.parse((await editor.export.draft({ ...at, format: "mcp" })).json) as { tools: unknown[] };
    expect(JSON.stringify(exported.tools)).toBe(JSON.stringify([deleteFile, readFile]));

    const published = await editor.review.publish({ ...at, note: "with metadata" });
    const snapshot = await verifySnapshot(
      (await db.snapshot.findFirstOrThrow({ where: { catalogId: catalog.id, version: published.version } })).payload,
    );
    const tool = snapshot.tools.find((t) => t.id === "files.delete_file")!;
    expect(JSON.stringify(tool.mcp)).toBe(
      JSON.stringify({
        server: "files",
        title: "Delete a file",
        icons: deleteFile.icons,
        outputSchema: deleteFile.outputSchema,
        annotations: deleteFile.annotations,
        execution: deleteFile.execution,
        _meta: deleteFile._meta,
      }),
    );

    const again = await editor.import.preview({ ...at, text, options });
    expect(again.counts).toMatchObject({ unchanged: 2 });
    const safer = JSON.stringify({
      tools: [{ ...deleteFile, annotations: { ...deleteFile.annotations, destructiveHint: false } }, readFile],
    });
    const changed = await editor.import.preview({ ...at, text: safer, options });
    expect(changed.rows.find((r) => r.key === "files.delete_file")?.changes.map((c) => c.field)).toEqual([
      "mcpMetadata",
    ]);
  });

  it("refuses metadata that is not what MCP defines, with a message saying what to fix", async () => {
    const { team, editor: user } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id);
    const editor = callerFor(db, user);
    const text = JSON.stringify({
      tools: [
        { ...readFile, annotations: "read only" },
        { ...readFile, name: "b", outputSchema: { type: "string" } },
      ],
    });
    const preview = await editor.import.preview({
      team: team.slug,
      catalog: catalog.slug,
      text,
      options: { namespace: null, mcpServer: null, exposure: "deferred" },
    });
    expect(preview.rows.map((r) => r.messages)).toEqual([
      ["MCP annotations must be a JSON object."],
      ['MCP outputSchema must be an object schema ("type": "object").'],
    ]);
    await expect(
      editor.tool.create({
        team: team.slug,
        catalog: catalog.slug,
        tool: { name: "x", mcpMetadata: { colour: "red" } as never },
      }),
    ).rejects.toThrow(/unknown field "colour"/);
  });
});
