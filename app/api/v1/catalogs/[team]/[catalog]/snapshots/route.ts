import { answerWebRequest } from "@/server/services/agent-api/http/agent-http";

export const dynamic = "force-dynamic";

/** GET /api/v1/catalogs/{team}/{catalog}/snapshots — the published versions, newest first (see the [version] route). */
export const GET = answerWebRequest;
