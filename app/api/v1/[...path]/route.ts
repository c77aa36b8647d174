import { errorResponse } from "@/server/services/agent-api/http/responses";
import { AppError } from "@/server/errors";

export const dynamic = "force-dynamic";

/** Unknown /api/v1 paths answer in the API's JSON error shape, not with the HTML not-found page. */
function notFound(request: Request) {
  const path = new URL(request.url).pathname;
  return errorResponse(new AppError("NOT_FOUND", `No API endpoint at ${path}; see /api/v1/openapi.json.`));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
