import { findSnapshotRef, loadSnapshotBody } from "@/server/services/agent-api/get-snapshot";
import { serveAgentRequest } from "@/server/services/agent-api/http/serve-agent-request";
import { snapshotResponse } from "@/server/services/agent-api/http/snapshot-response";
import { snapshotPathSchema } from "@/server/services/agent-api/snapshot-api-schemas";

export const dynamic = "force-dynamic";

/** GET /api/v1/catalogs/{team}/{catalog}/snapshots/{latest|version} — the sealed snapshot; ETag, 304, gzip/br. */
export function GET(request: Request, { params }: { params: Promise<{ team: string; catalog: string; version: string }> }) {
  return serveAgentRequest(request, params, snapshotPathSchema, async ({ db, agent, params: { version } }) => {
    const ref = await findSnapshotRef({ db, catalogId: agent.catalogId, version, latest: agent.latest });
    return snapshotResponse(request, ref, version === "latest", () => loadSnapshotBody({ db, ref }));
  });
}
