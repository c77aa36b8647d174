import { buildOpenApiDocument } from "@/domain/agent-api/openapi";

export const dynamic = "force-static";

/** GET /api/v1/openapi.json — public; generated from the zod schemas at build time. */
export function GET() {
  return Response.json(buildOpenApiDocument(), { headers: { "Access-Control-Allow-Origin": "*" } });
}
