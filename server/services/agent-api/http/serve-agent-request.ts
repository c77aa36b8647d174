import "server-only";
import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { bearerTokenOf } from "../../../context";
import { getDatabase } from "../../../db";
import { authorizeAgent, type AgentAccess } from "../../agent-tokens/authorize-agent";
import { errorResponse, parseParams } from "./responses";

interface AgentRequestContext<P> {
  db: PrismaClient;
  agent: AgentAccess;
  params: P;
}

/**
 * Runs one /api/v1 agent request: validate the path, authenticate the Bearer token for that catalog
 * (the same gate as tRPC's agentProcedure), then the handler; any failure becomes the JSON error shape.
 */
export async function serveAgentRequest<S extends z.ZodType<{ team: string; catalog: string }>>(
  request: Request,
  rawParams: Promise<unknown>,
  schema: S,
  handler: (context: AgentRequestContext<z.infer<S>>) => Promise<Response>,
): Promise<Response> {
  try {
    const params = parseParams(schema, await rawParams);
    const { db, sql } = await getDatabase();
    const query = <T>(text: string, values: unknown[]) => sql.query<T>(text, values);
    const agent = await authorizeAgent({ db, query, secret: bearerTokenOf(request.headers), team: params.team, catalog: params.catalog });
    return await handler({ db, agent, params });
  } catch (error) {
    return errorResponse(error);
  }
}
