import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { invalidateAgentAccess, notifyAgentAccessChange } from "./access-cache";
import { AGENT_TOKEN_SELECT } from "./agent-token-select";

interface RevokeAgentTokenOptions {
  db: PrismaClient;
  team: Pick<Team, "id">;
  catalog: Pick<Catalog, "id" | "slug">;
  actor: AuditActor;
  tokenId: string;
  now?: Date;
}

/** Revokes a token of this catalog; the next request with it fails, in this process and (via NOTIFY) in others. */
export async function revokeAgentToken({
  db,
  team,
  catalog,
  actor,
  tokenId,
  now = new Date(),
}: RevokeAgentTokenOptions): Promise<{ id: string; name: string; revokedAt: Date }> {
  const revoked = await db.$transaction(async (tx) => {
    const existing = await tx.agentToken.findFirst({
      where: { id: tokenId, catalogId: catalog.id },
      select: AGENT_TOKEN_SELECT,
    });
    if (!existing) throw new AppError("NOT_FOUND", "That token was not found in this catalog.");
    // updateMany with `revokedAt: null` makes two concurrent revokes write (and audit) once.
    const { count } = await tx.agentToken.updateMany({
      where: { id: tokenId, revokedAt: null },
      data: { revokedAt: now },
    });
    if (count === 0) throw new AppError("CONFLICT", `Token "${existing.name}" is already revoked.`);
    await recordAuditEvent({
      db: tx,
      teamId: team.id,
      catalogId: catalog.id,
      actor,
      action: "agent_token.revoked",
      targetType: "agent_token",
      targetId: tokenId,
      before: { name: existing.name, prefix: existing.prefix, catalog: catalog.slug },
    });
    await notifyAgentAccessChange(tx);
    return { id: existing.id, name: existing.name, revokedAt: now };
  });
  invalidateAgentAccess();
  return revoked;
}
