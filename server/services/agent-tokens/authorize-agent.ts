import type { PrismaClient } from "@prisma/client";
import { getEnv } from "../../env";
import { AppError } from "../../errors";
import { TokenBucketLimiter } from "./rate-limit";
import { hashTokenSecret, looksLikeTokenSecret } from "./token-secret";

/** lastUsedAt is a hint for owners, so it is written at most once a minute per token, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface AgentAccess {
  tokenId: string;
  catalogId: string;
}

interface AuthorizeAgentOptions {
  db: PrismaClient;
  /** The raw Bearer secret, or null when the request carried none. */
  secret: string | null;
  /** The catalog the request names (slugs, as in the URL). */
  team: string;
  catalog: string;
  limiter?: TokenBucketLimiter;
  now?: Date;
}

interface TokenRow {
  id: string;
  catalogId: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  catalogSlug: string;
  teamSlug: string;
}

const globalForLimiter = globalThis as unknown as { stockroomAgentLimiter?: TokenBucketLimiter };

/** The process-wide limiter the HTTP and tRPC APIs share (STOCKROOM_AGENT_REQUESTS_PER_MINUTE per token). */
export function agentRateLimiter(): TokenBucketLimiter {
  globalForLimiter.stockroomAgentLimiter ??= new TokenBucketLimiter(getEnv().STOCKROOM_AGENT_REQUESTS_PER_MINUTE);
  return globalForLimiter.stockroomAgentLimiter;
}

/**
 * The one gate for agent reads: a valid, unrevoked token (401), within its rate limit (429), for the catalog
 * the request names (403, whether or not that catalog exists, so a token learns nothing about others).
 */
export async function authorizeAgent({ db, secret, team, catalog, limiter = agentRateLimiter(), now = new Date() }: AuthorizeAgentOptions): Promise<AgentAccess> {
  if (!secret) throw new AppError("UNAUTHORIZED", "Send an agent token as `Authorization: Bearer srk_…`; catalog owners create tokens on the Agent tokens tab.");
  if (!looksLikeTokenSecret(secret)) throw new AppError("UNAUTHORIZED", "That is not a Stockroom agent token (they start with srk_ and have 44 characters).");
  // One indexed join rather than Prisma's query per relation: this runs on every agent request.
  const [token] = await db.$queryRaw<TokenRow[]>`
    SELECT t."id", t."catalogId", t."revokedAt", t."lastUsedAt", c."slug" AS "catalogSlug", tm."slug" AS "teamSlug"
    FROM "AgentToken" t JOIN "Catalog" c ON c."id" = t."catalogId" JOIN "Team" tm ON tm."id" = c."teamId"
    WHERE t."hash" = ${hashTokenSecret(secret)}`;
  if (!token) throw new AppError("UNAUTHORIZED", "Unknown agent token: check that it was copied whole, or ask a catalog owner for a new one.");
  if (token.revokedAt) throw new AppError("UNAUTHORIZED", "This agent token was revoked; ask a catalog owner for a new one.");

  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    const cutoff = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await db.agentToken.updateMany({ where: { id: token.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: cutoff } }] }, data: { lastUsedAt: now } });
  }

  const verdict = limiter.take(token.id, now.getTime());
  if (!verdict.allowed) {
    throw new AppError("RATE_LIMITED", `Too many requests for this token (${limiter.perMinute} a minute): retry in ${verdict.retryAfterSeconds} s.`, {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }

  if (token.teamSlug !== team || token.catalogSlug !== catalog) {
    throw new AppError("FORBIDDEN", `This token reads catalog ${token.teamSlug}/${token.catalogSlug} only.`);
  }
  return { tokenId: token.id, catalogId: token.catalogId };
}
