import { answerWebRequest } from "@/server/services/agent-api/http/agent-http";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/catalogs/{team}/{catalog}/snapshots/{latest|version} — the sealed snapshot; ETag, 304.
 * `npm start` answers these paths before Next.js (node-handler.ts, with br/gzip); this route serves `next dev`.
 */
export const GET = answerWebRequest;
