import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { api } from "@/server/caller";

const STATUS: Partial<Record<TRPCError["code"], number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
};

const jsonError = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status, headers: { "cache-control": "no-store" } });

/** A published version as a file, for people signed in to the team (agents use /api/v1 with a token). */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ team: string; catalog: string; version: string }> },
) {
  const { team, catalog, version } = await params;
  if (!/^[1-9][0-9]{0,6}$/.test(version))
    return jsonError(400, "INVALID_INPUT", "The version must be a positive whole number.");
  try {
    const caller = await api();
    const { filename, snapshot } = await caller.snapshot.download({ team, catalog, version: Number(version) });
    return new Response(`${JSON.stringify(snapshot, null, 2)}\n`, {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
        etag: `"${snapshot.contentHash}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof TRPCError && STATUS[error.code])
      return jsonError(STATUS[error.code]!, error.code, error.message);
    const requestId = randomUUID();
    console.error(`[request ${requestId}] snapshot download failed:`, error);
    return jsonError(500, "INTERNAL", `Something went wrong on our side; try again shortly (request ${requestId}).`);
  }
}
