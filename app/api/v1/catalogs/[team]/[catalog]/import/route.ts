import { answerWebRequest } from "@/server/services/agent-api/http/agent-http";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/catalogs/{team}/{catalog}/import — commits a previewed import, all or nothing (import-scoped token).
 * `npm start` answers it before Next.js (node-handler.ts); this route serves `next dev`.
 */
export const POST = answerWebRequest;
