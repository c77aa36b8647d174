import { serveAgentRequest } from "@/server/services/agent-api/http/serve-agent-request";
import { jsonResponse } from "@/server/services/agent-api/http/responses";
import { listSnapshots } from "@/server/services/agent-api/list-snapshots";
import { catalogPathSchema } from "@/server/services/agent-api/snapshot-api-schemas";

export const dynamic = "force-dynamic";

/** GET /api/v1/catalogs/{team}/{catalog}/snapshots — the published versions, newest first. */
export function GET(request: Request, { params }: { params: Promise<{ team: string; catalog: string }> }) {
  return serveAgentRequest(request, params, catalogPathSchema, async ({ db, agent }) =>
    jsonResponse(await listSnapshots({ db, catalogId: agent.catalogId }), { headers: { "Cache-Control": "no-cache", Vary: "Authorization" } }),
  );
}
