// The Tool definition's contract: every field reaches every list derived from it (router, editor, database
// projection, snapshot, review diff, imports), and a field added to the definition reaches them all with no other
// edit (ARCHITECTURE.md "Add a tool field" — what the recipe promises).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  EMPTY_FORM,
  FIELD_LABELS,
  formValuesOf,
  inputOf,
  inputValuesOf,
} from "@/components/tools/tool-editor/tool-form";
import { snapshotToolSchema, snapshotToolShape, MCP_METADATA_FIELDS } from "@/domain/snapshot/verify";
import { toolDetail, toolFields } from "@/server/routers/tool/schemas";
import { catalogDocumentSchema } from "@/server/services/export/catalog-document";
import { importPreviewSchema } from "@/domain/import";
import { fieldText, REVIEW_FIELDS } from "@/server/services/review/diff-tools";
import { toolColumnsSql, toSnapshotTool, type DraftToolRow } from "@/server/services/draft/build-snapshot-content";
import { toolSelect } from "@/server/services/tools/tool-shape";
import {
  formFields,
  importedFields,
  reviewDiffFields,
  TOOL,
  TOOL_FIELD_NAMES,
  TOOL_IMPORTED_FIELDS,
  toolDefaults,
  toolInputShape,
  toolLabels,
  toolOutputShape,
  type ToolDefinition,
} from "./tool";

const ROW: DraftToolRow = {
  id: "row1",
  key: "crm.find_customer",
  revision: 1,
  name: "find_customer",
  description: "Find a customer by email.",
  parameters: { type: "object", properties: { email: { type: "string" } } },
  strict: false,
  exposure: "deferred",
  fallback: "direct",
  searchTextMode: "generated",
  searchTextExtra: "",
  searchTextOverride: "",
  mcpServer: "crm",
  mcpTitle: "Find customer",
  mcpMetadata: { annotations: { readOnlyHint: true } },
  nsName: "crm",
  nsDescription: "Customers",
  version: "1:1",
};

/** Where a snapshot tool keeps a field placed in the `mcp` object. */
const MCP_KEYS: Record<string, readonly string[]> = {
  mcpServer: ["server"],
  mcpTitle: ["title"],
  mcpMetadata: MCP_METADATA_FIELDS,
};

describe("the Tool definition", () => {
  it.each(TOOL_FIELD_NAMES)("carries %s into every derived list", (name) => {
    const spec = TOOL[name];
    expect(Object.keys(toolFields.shape)).toContain(name);
    expect(Object.keys(toolDetail.shape)).toContain(name);
    expect(Object.keys(catalogDocumentSchema.shape.tools.element.shape)).toContain(name);
    expect(toolDefaults(TOOL)).toHaveProperty([name]);
    expect(FIELD_LABELS).toHaveProperty([name], spec.label);
    // The Prisma select and the draft's raw SQL (the namespace comes through its relation / join).
    if (spec.column.kind === "namespace") expect(toolSelect.namespace).toBeTruthy();
    else {
      expect(toolSelect).toHaveProperty([name], true);
      expect(toolColumnsSql(TOOL)).toContain(`t."${name}"`);
    }
    if (spec.form !== null) expect(Object.keys(EMPTY_FORM)).toContain(spec.form === "json" ? `${name}Text` : name);
    const snapshot = spec.snapshot;
    if (snapshot?.at === "tool") expect(Object.keys(snapshotToolSchema.shape)).toContain(name);
    if (snapshot?.at === "spec") expect(Object.keys(snapshotToolSchema.shape.spec.shape)).toContain(name);
    if (snapshot?.at === "mcp")
      for (const key of MCP_KEYS[name]!)
        expect(Object.keys(snapshotToolSchema.shape.mcp.unwrap().shape)).toContain(key);
    if (spec.diff !== null) expect(REVIEW_FIELDS).toContain(spec.diff === "self" ? name : spec.diff);
    const changeFields = importPreviewSchema.shape.rows.element.shape.changes.element.shape.field
      .options as readonly string[];
    expect(changeFields.includes(name)).toBe(spec.imported !== null);
    expect(TOOL_IMPORTED_FIELDS.includes(name as never)).toBe(spec.imported !== null);
  });

  it("gives a new tool the same defaults in the editor as on the server", () => {
    const { parametersText, ...rest } = EMPTY_FORM;
    expect(JSON.parse(parametersText)).toEqual(TOOL.parameters.default);
    expect(JSON.parse(parametersText)).toEqual({ type: "object", properties: {} });
    const input = inputOf(EMPTY_FORM);
    for (const name of formFields(TOOL))
      expect([name, input[name as keyof typeof input]]).toEqual([name, toolDefaults(TOOL)[name as keyof typeof TOOL]]);
    expect(rest.exposure).toBe("deferred");
  });

  it("places every field somewhere in a published snapshot: changing it changes the snapshot tool", () => {
    const base = toSnapshotTool(ROW)!;
    expect(snapshotToolSchema.parse(base)).toEqual(base);
    const changed: Record<string, Partial<DraftToolRow>> = {
      name: { name: "lookup_customer" },
      namespace: { nsName: "sales" },
      description: { description: "Look a customer up." },
      parameters: { parameters: { type: "object", properties: {} } },
      strict: { strict: true },
      exposure: { exposure: "direct" },
      fallback: { fallback: "hidden" },
      searchTextMode: { searchTextMode: "override", searchTextOverride: "customer lookup" },
      searchTextExtra: { searchTextMode: "generated+extra", searchTextExtra: "client" },
      searchTextOverride: { searchTextMode: "override", searchTextOverride: "client lookup" },
      mcpServer: { mcpServer: "sales-mcp" },
      mcpTitle: { mcpTitle: "Lookup" },
      mcpMetadata: { mcpMetadata: { annotations: { readOnlyHint: false } } },
    };
    expect(Object.keys(changed).sort()).toEqual([...TOOL_FIELD_NAMES].sort());
    for (const name of TOOL_FIELD_NAMES) {
      if (TOOL[name].snapshot === null) continue;
      expect([name, toSnapshotTool({ ...ROW, ...changed[name] })]).not.toEqual([name, base]);
    }
  });
});

describe("the recipe: a field added to the definition", () => {
  const EXTENDED = {
    ...TOOL,
    audience: {
      schema: z.string().trim().max(100),
      output: z.string(),
      default: "",
      label: "Audience",
      column: { kind: "value" },
      snapshot: { at: "tool", schema: z.string().optional() },
      diff: "self",
      imported: "always",
      form: "text",
    },
  } as const satisfies ToolDefinition;
  const row = { ...ROW, audience: "support" } as DraftToolRow;

  it("reaches the router schemas, the defaults and the labels", () => {
    expect(z.object(toolInputShape(EXTENDED)).partial().parse({ audience: " support " })).toEqual({
      audience: "support",
    });
    expect(Object.keys(toolOutputShape(EXTENDED))).toContain("audience");
    expect(toolDefaults(EXTENDED).audience).toBe("");
    expect(toolLabels(EXTENDED).audience).toBe("Audience");
  });

  it("reaches the editor: its form default and what the form sends", () => {
    const form = formValuesOf(EXTENDED, toolDefaults(EXTENDED));
    expect(form.audience).toBe("");
    expect(inputValuesOf(EXTENDED, { ...form, audience: " support " }).audience).toBe("support");
  });

  it("reaches the database projection, the snapshot tool, the review diff and imports", () => {
    expect(toolColumnsSql(EXTENDED)).toContain(`t."audience"`);
    const tool = toSnapshotTool(row, EXTENDED)!;
    expect(tool).toMatchObject({ audience: "support" });
    expect(z.object(snapshotToolShape(EXTENDED)).parse(tool)).toMatchObject({ audience: "support" });
    // At its default the field is left out, so snapshots published before it keep their content hash.
    expect(toSnapshotTool({ ...row, audience: "" } as DraftToolRow, EXTENDED)).toEqual(toSnapshotTool(ROW));
    expect(reviewDiffFields(EXTENDED)).toContain("audience");
    expect(fieldText(tool, "audience")).toBe("support");
    expect(importedFields(EXTENDED)).toContain("audience");
  });
});
