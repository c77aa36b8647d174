import { appReadinessSources } from "@/server/ops/app-front";
import { answerReadiness, HEALTH_HEADERS } from "@/server/ops/health";

// `next dev` (npm start answers it in its node:http front): the database answers, migrations are applied, the
// cache listener is connected (Postgres); 503 naming the failing checks otherwise.
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const { status, body } = await answerReadiness(appReadinessSources());
  return new Response(body, { status, headers: HEALTH_HEADERS });
}
