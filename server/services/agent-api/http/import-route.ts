import "server-only";
import type { PrismaClient } from "@prisma/client";
import type { z } from "zod";
import { AppError } from "../../../errors";
import { authorizeAgent, type QueryRunner } from "../../agent-tokens/authorize-agent";
import { commitImport, previewImport } from "../../import/import-tools";
import { apiImportOptions, IMPORT_SOURCE_MAX, importCommitRequestSchema, importPreviewRequestSchema } from "../../import/import-schemas";
import type { CatalogPath } from "../snapshot-api-schemas";
import { jsonAnswer, parseParams, type AgentAnswer } from "./responses";

/** A body over this is refused before it is parsed (a 4 MB tools list, plus the options, fits). */
export const MAX_IMPORT_BODY_BYTES = 5 * 1024 * 1024;
const NO_STORE = { "Cache-Control": "no-store" };

function parseBody<T extends z.ZodType>(body: string, schema: T): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new AppError("INVALID_INPUT", `The request body is not JSON (${(error as Error).message}); send { "source": <tools>, "options": {…} }.`);
  }
  return parseParams(schema, value);
}

interface ImportRequestOptions {
  db: PrismaClient;
  query: QueryRunner;
  secret: string | null;
  params: CatalogPath;
  /** false: preview only (writes nothing); true: commit the previewed plan, all or nothing. */
  commit: boolean;
  body: string;
}

/**
 * POST …/import/preview and …/import for agent tokens with the import scope: the same plan, validation and
 * all-or-nothing commit as the UI's import (new / changed with before and after / unchanged / invalid).
 */
export async function answerImportRequest({ db, query, secret, params, commit, body }: ImportRequestOptions): Promise<AgentAnswer> {
  const agent = await authorizeAgent({ db, query, secret, ...params, scope: "import" });
  const input = parseBody(body, commit ? importCommitRequestSchema : importPreviewRequestSchema);
  const text = JSON.stringify(input.source);
  if (text.length > IMPORT_SOURCE_MAX) throw new AppError("PAYLOAD_TOO_LARGE", "The import is over 4 MB; split it.");
  // Postgres cannot store U+0000 (tRPC refuses it in a middleware; the HTTP API here).
  if (text.includes("\\u0000")) throw new AppError("INVALID_INPUT", "The tools contain a NUL character (U+0000), which cannot be stored; remove it.");
  const catalog = await db.catalog.findUniqueOrThrow({ where: { id: agent.catalogId } });
  const options = apiImportOptions(input.options);
  if (!commit) return jsonAnswer(await previewImport({ db, catalog, text, options }), { headers: NO_STORE });
  const { fingerprint, skipInvalid } = input as z.infer<typeof importCommitRequestSchema>;
  const token = await db.agentToken.findUniqueOrThrow({ where: { id: agent.tokenId }, select: { name: true, prefix: true } });
  const actor = { id: null, label: `agent token "${token.name}" (${token.prefix}…)` };
  return jsonAnswer(await commitImport({ db, catalog, text, options, actor, fingerprint, skipInvalid }), { headers: NO_STORE });
}
