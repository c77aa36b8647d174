import type { z } from "zod";
import { importCommitRequestSchema, importPreviewRequestSchema, importPreviewSchema, importResultSchema } from "../import/import-schemas";

type JsonSchema = Record<string, unknown>;
interface Helpers {
  schemaOf: (schema: z.ZodType, io?: "input" | "output") => JsonSchema;
  json: (schema: JsonSchema) => unknown;
  ref: (name: string) => JsonSchema;
  catalogParams: unknown[];
  errorResponses: Record<string, unknown>;
}

const IMPORT_NOTE =
  "Needs a token created with the import scope (a read token gets 403). The same plan and checks as the UI's import: " +
  "each row is new, changed (with before and after), unchanged, invalid (with messages) or skipped.";

/** The import operations (`stockroom import` uses them) and their schemas, for buildOpenApiDocument. */
export function importOpenApi({ schemaOf, json, ref, catalogParams, errorResponses }: Helpers) {
  const errors = (extra: Record<string, string>) => ({
    ...errorResponses,
    "405": { description: "Not POST.", content: json(ref("Error")) },
    "413": { description: "The body is over 5 MB.", content: json(ref("Error")) },
    ...Object.fromEntries(Object.entries(extra).map(([status, description]) => [status, { description, content: json(ref("Error")) }])),
  });
  const body = (name: string) => ({ required: true, content: json(ref(name)) });
  const paths = {
    "/api/v1/catalogs/{team}/{catalog}/import/preview": {
      post: {
        operationId: "previewImport",
        summary: "Preview an import",
        description: `Compares the tools with the catalog's draft and writes nothing. ${IMPORT_NOTE}`,
        parameters: catalogParams,
        requestBody: body("ImportPreviewRequest"),
        responses: { "200": { description: "The plan; commit it with its fingerprint.", content: json(ref("ImportPreview")) }, ...errors({}) },
      },
    },
    "/api/v1/catalogs/{team}/{catalog}/import": {
      post: {
        operationId: "commitImport",
        summary: "Commit a previewed import",
        description: `Applies the plan the preview showed in one transaction: every row or none. ${IMPORT_NOTE}`,
        parameters: catalogParams,
        requestBody: body("ImportCommitRequest"),
        responses: {
          "200": { description: "What was written to the draft (publish it from the UI).", content: json(ref("ImportResult")) },
          ...errors({ "409": "The catalog changed since the preview: preview again.", "422": "Some rows are invalid and skipInvalid is false: nothing was written." }),
        },
      },
    },
  };
  const schemas = {
    ImportPreviewRequest: schemaOf(importPreviewRequestSchema, "input"),
    ImportCommitRequest: schemaOf(importCommitRequestSchema, "input"),
    ImportPreview: schemaOf(importPreviewSchema),
    ImportResult: schemaOf(importResultSchema),
  };
  return { paths, schemas };
}
