import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { AGENT_TOKEN_SELECT, tokenScopesOf, type AgentTokenScope, type AgentTokenSummary } from "./agent-token-select";
import { generateTokenSecret, hashTokenSecret, visiblePrefixOf } from "./token-secret";
import { assertQuota } from "../quotas";
import { DEFAULT_AGENT_TOKEN_SCOPES } from "@/domain/vocabulary";

interface CreateAgentTokenOptions {
  db: PrismaClient;
  team: Pick<Team, "id">;
  catalog: Pick<Catalog, "id" | "slug">;
  actor: AuditActor;
  name: string;
  /** Default: read and events (DEFAULT_AGENT_TOKEN_SCOPES). */
  scopes?: AgentTokenScope[];
}

/** Creates a token for one catalog (read and events unless the owner asks otherwise; `import` when asked). The secret is returned here once and never again: only its hash is kept. */
export async function createAgentToken({
  db,
  team,
  catalog,
  actor,
  name,
  scopes = [...DEFAULT_AGENT_TOKEN_SCOPES],
}: CreateAgentTokenOptions): Promise<{ token: AgentTokenSummary; secret: string }> {
  const secret = generateTokenSecret();
  return db.$transaction(async (tx) => {
    const clash = await tx.agentToken.findFirst({
      where: { catalogId: catalog.id, name, revokedAt: null },
      select: { id: true },
    });
    if (clash)
      throw new AppError(
        "CONFLICT",
        `An active token named "${name}" already exists in this catalog: pick another name or revoke that one first.`,
      );
    const active = await tx.agentToken.count({ where: { catalogId: catalog.id, revokedAt: null } });
    assertQuota(
      "tokensPerCatalog",
      active,
      1,
      "This catalog has as many active agent tokens as it may",
      "Revoke one you no longer use.",
    );
    const token = await tx.agentToken.create({
      data: {
        catalogId: catalog.id,
        name,
        hash: hashTokenSecret(secret),
        prefix: visiblePrefixOf(secret),
        createdById: actor.id,
        scopes: tokenScopesOf(scopes),
      },
      select: AGENT_TOKEN_SELECT,
    });
    await recordAuditEvent({
      db: tx,
      teamId: team.id,
      catalogId: catalog.id,
      actor,
      action: "agent_token.created",
      targetType: "agent_token",
      targetId: token.id,
      after: { name: token.name, prefix: token.prefix, catalog: catalog.slug, scopes: token.scopes },
    });
    return { token: { ...token, createdBy: actor.label }, secret };
  });
}
