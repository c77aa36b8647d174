import "server-only";
import { EVENT_BATCH_LIMITS } from "@/sdk/telemetry-events";
import { bearerTokenOf } from "../../../context";
import { getDatabase } from "../../../db";
import { AppError } from "../../../errors";
import { authorizeAgent } from "../../agent-tokens/authorize-agent";
import { ingestEvents } from "../../telemetry/ingest-events";
import { validateEventBatch } from "../../telemetry/validate-batch";
import { catalogPathSchema } from "../snapshot-api-schemas";
import { errorAnswer, jsonAnswer, parseParams, toWebResponse, type AgentAnswer } from "./responses";

/** `/api/v1/catalogs/{team}/{catalog}/events` */
export const EVENTS_ROUTE = /^\/api\/v1\/catalogs\/([^/]+)\/([^/]+)\/events\/?$/;

export interface EventsRequest {
  path: string;
  method: string;
  authorization: string | null;
  /** Reads the body, refusing (PAYLOAD_TOO_LARGE) past `maxBytes`. */
  readBody: (maxBytes: number) => Promise<Buffer>;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new AppError("INVALID_INPUT", `The path segment "${segment}" is not valid percent-encoding.`);
  }
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new AppError("INVALID_INPUT", "The body is not valid JSON; send { \"events\": [...] } as application/json.");
  }
}

/**
 * POST a batch of agent events: the token must belong to the catalog in the path (401/403, rate-limited per
 * token like every agent request: 429), the body must be at most 1 MB (413) and every event valid (400 naming
 * each bad one by index). Write-only: no method here reads events back (405).
 */
export async function answerEventsRequest(request: EventsRequest): Promise<AgentAnswer> {
  try {
    const match = EVENTS_ROUTE.exec(request.path.split("?", 1)[0]!);
    if (!match) throw new AppError("NOT_FOUND", `No API endpoint at ${request.path}; see /api/v1/openapi.json.`);
    if (request.method !== "POST") {
      const error = new AppError("METHOD_NOT_ALLOWED", "Agent tokens write events (POST) but cannot read them back; the catalog's Insights tab shows them.");
      const answer = errorAnswer(error);
      answer.headers.Allow = "POST";
      return answer;
    }
    const params = parseParams(catalogPathSchema, { team: decode(match[1]!), catalog: decode(match[2]!) });
    const { db, sql } = await getDatabase();
    const query = <T>(text: string, values: unknown[]) => sql.query<T>(text, values);
    const agent = await authorizeAgent({ db, query, secret: bearerTokenOf(request.authorization), ...params });
    const batch = validateEventBatch(parseJson(await request.readBody(EVENT_BATCH_LIMITS.maxBytes)));
    const result = await ingestEvents({ sql, catalogId: agent.catalogId, tokenId: agent.tokenId, batch });
    return jsonAnswer(result, { status: 202, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorAnswer(error);
  }
}

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `A batch may carry at most ${EVENT_BATCH_LIMITS.maxBytes.toLocaleString("en")} bytes and ${EVENT_BATCH_LIMITS.maxEvents} events; split it.`);

/** Collects a web Request's body up to `maxBytes`. */
export async function readWebBody(request: Request, maxBytes: number): Promise<Buffer> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  const bytes = Buffer.from(await request.arrayBuffer());
  if (bytes.length > maxBytes) throw tooLarge();
  return bytes;
}

/** Collects a node:http body up to `maxBytes`, stopping early on a large one. */
export function readNodeBody(stream: NodeJS.ReadableStream & { headers?: Record<string, unknown> }, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(stream.headers?.["content-length"] ?? 0) > maxBytes) return reject(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return reject(tooLarge());
      chunks.push(chunk);
    });
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

/** For the Next.js route handler (`app/api/v1/catalogs/[team]/[catalog]/events/route.ts`). */
export async function answerWebEventsRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const answer = await answerEventsRequest({ path: url.pathname, method: request.method, authorization: request.headers.get("authorization"), readBody: (max) => readWebBody(request, max) });
  return toWebResponse(answer);
}
