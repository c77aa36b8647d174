import "server-only";
import type { PrismaClient } from "@prisma/client";
import { AppError } from "../../../errors";
import { authorizeAgent, type QueryRunner } from "../../agent-tokens/authorize-agent";
import { findSnapshotRef, loadSnapshotBody } from "../get-snapshot";
import { cachedSearchableSnapshot, searchSnapshot } from "../hosted-search";
import type { CatalogPath } from "../snapshot-api-schemas";
import { searchRequestSchema } from "../search-api-schemas";
import { jsonAnswer, parseParams, type AgentAnswer } from "./responses";

/** A search body is a query or a list of paths: anything near this size is a mistake, not a search. */
export const MAX_SEARCH_BODY_BYTES = 64 * 1024;

export function searchBodyTooLarge(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The body is over ${MAX_SEARCH_BODY_BYTES / 1024} KB; send one query or a short list of paths.`);
}

export interface SearchHttpRequest {
  method: string;
  /** Reads the request body (the servers refuse bodies past the import limit; search allows far less). */
  readBody: () => Promise<string>;
}

function parseJson(text: string): unknown {
  if (text.trim().length === 0) throw new AppError("INVALID_INPUT", 'Send a JSON body, e.g. { "query": "refund a payment" }.');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError("INVALID_INPUT", `The body is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * `POST /api/v1/catalogs/{team}/{catalog}/search`: the same gate as the snapshot endpoints (401/429/403),
 * then the body (400), then the version (404); answers what the SDK would rank locally on that snapshot.
 */
export async function answerSearchRequest(options: {
  request: SearchHttpRequest;
  params: CatalogPath;
  db: PrismaClient;
  query: QueryRunner;
  secret: string | null;
}): Promise<AgentAnswer> {
  const { request, params, db, query, secret } = options;
  if (request.method !== "POST") {
    throw new AppError("METHOD_NOT_ALLOWED", "Search takes POST with a JSON body; see /api/v1/openapi.json.", { allow: "POST" });
  }
  const agent = await authorizeAgent({ db, query, secret, ...params });
  const text = await request.readBody();
  if (Buffer.byteLength(text) > MAX_SEARCH_BODY_BYTES) throw searchBodyTooLarge();
  const body = parseParams(searchRequestSchema, parseJson(text));
  const ref = await findSnapshotRef({ db, catalogId: agent.catalogId, version: body.version ?? "latest", latest: agent.latest });
  const { snapshot } = await loadSnapshotBody({ db, ref });
  const started = performance.now();
  const searchable = cachedSearchableSnapshot(`${ref.id}:${ref.contentHash}`, snapshot);
  const result = searchSnapshot(searchable, body);
  const took = performance.now() - started;
  return jsonAnswer(result, {
    headers: {
      "Cache-Control": "no-store",
      "X-Stockroom-Version": String(ref.version),
      // Index lookup + ranking + the provider item, for clients and the bench (RFC: W3C Server Timing).
      "Server-Timing": `search;dur=${took.toFixed(3)}`,
    },
  });
}
