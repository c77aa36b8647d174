import type { Catalog, PrismaClient } from "@prisma/client";
import { AGENT_TOKEN_SELECT, type AgentTokenSummary } from "./agent-token-select";

/** The catalog's tokens, active first, newest first; with the creator's email where the account still exists. */
export async function listAgentTokens({
  db,
  catalog,
}: {
  db: PrismaClient;
  catalog: Pick<Catalog, "id">;
}): Promise<AgentTokenSummary[]> {
  const rows = await db.agentToken.findMany({
    where: { catalogId: catalog.id },
    select: { ...AGENT_TOKEN_SELECT, createdById: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  const creatorIds = [...new Set(rows.map((row) => row.createdById).filter((id): id is string => id !== null))];
  const creators = await db.user.findMany({ where: { id: { in: creatorIds } }, select: { id: true, email: true } });
  const emailOf = new Map(creators.map((user) => [user.id, user.email]));
  const tokens = rows.map(({ createdById, ...token }) => ({
    ...token,
    createdBy: createdById ? (emailOf.get(createdById) ?? null) : null,
  }));
  return [...tokens.filter((t) => !t.revokedAt), ...tokens.filter((t) => t.revokedAt)];
}
