import type { PrismaClient } from "@prisma/client";
import { getEnv } from "../../env";
import { AppError } from "../../errors";
import type { AgentTokenScope } from "./agent-token-select";
import { agentAccessCache, type AgentAccessCache, type TokenRow } from "./access-cache";
import { TokenBucketLimiter } from "./rate-limit";
import { hashTokenSecret, looksLikeTokenSecret } from "./token-secret";

/** lastUsedAt is a hint for owners, so it is written at most once a minute per token, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The catalog's newest published version as a row reference (see findSnapshotRef). */
export interface LatestSnapshotRef {
  id: string;
  version: number;
  contentHash: string;
}

export interface AgentAccess {
  tokenId: string;
  catalogId: string;
  /** Read in the same round trip as the token, so answering `latest` (and its 304s) needs no second query. */
  latest: LatestSnapshotRef | null;
}

/** One parameterised query ($1, $2, …): the raw driver on the HTTP hot path, Prisma elsewhere. */
export type QueryRunner = <T>(sql: string, params: unknown[]) => Promise<T[]>;

export const prismaRunner =
  (db: PrismaClient): QueryRunner =>
  <T>(sql: string, params: unknown[]) =>
    db.$queryRawUnsafe<T[]>(sql, ...params);

interface AuthorizeAgentOptions {
  db: PrismaClient;
  /** Runs the token lookup; default: through Prisma. The HTTP API passes the raw driver (a tenth of the latency). */
  query?: QueryRunner;
  /** The raw Bearer secret, or null when the request carried none. */
  secret: string | null;
  /** The catalog the request names (slugs, as in the URL). */
  team: string;
  catalog: string;
  limiter?: TokenBucketLimiter;
  /** What the request does; `import` and `events` need a token with that scope (403 otherwise). Default: read. */
  scope?: AgentTokenScope;
  /** Default: the process-wide cache, so repeated requests of a token skip the database. */
  cache?: AgentAccessCache;
  now?: Date;
}

// One indexed join for everything a request needs to know first: token, its catalog's slugs, the latest version.
const TOKEN_SQL = `
  SELECT t."id", t."catalogId", (t."revokedAt" IS NOT NULL OR c."archivedAt" IS NOT NULL) AS "isRevoked",
         t."scopes"::text[] AS "scopes",
         (extract(epoch FROM t."lastUsedAt") * 1000)::float8 AS "lastUsedMs",
         c."slug" AS "catalogSlug", tm."slug" AS "teamSlug",
         s."id" AS "latestId", s."version" AS "latestVersion", s."contentHash" AS "latestHash"
  FROM "AgentToken" t
  JOIN "Catalog" c ON c."id" = t."catalogId"
  JOIN "Team" tm ON tm."id" = c."teamId"
  LEFT JOIN LATERAL (
    SELECT "id", "version", "contentHash" FROM "Snapshot" WHERE "catalogId" = t."catalogId" ORDER BY "version" DESC LIMIT 1
  ) s ON true
  WHERE t."hash" = $1`;

/** Why a token without the scope a request needs is refused, and where to get one that has it. */
const MISSING_SCOPE: Record<Exclude<AgentTokenScope, "read">, string> = {
  import: "This token may not import; importing needs a token created with the import scope (Agent tokens tab).",
  events:
    "This token may not report agent events; that needs a token created with the events scope (Agent tokens tab).",
};

const globalForLimiter = globalThis as unknown as { stockroomAgentLimiter?: TokenBucketLimiter };

/** The process-wide limiter the HTTP and tRPC APIs share (STOCKROOM_AGENT_REQUESTS_PER_MINUTE per token). */
export function agentRateLimiter(): TokenBucketLimiter {
  globalForLimiter.stockroomAgentLimiter ??= new TokenBucketLimiter(getEnv().STOCKROOM_AGENT_REQUESTS_PER_MINUTE);
  return globalForLimiter.stockroomAgentLimiter;
}

/** What the gate checks of one request, whatever reads the token's row. */
type GateRequest = Pick<AuthorizeAgentOptions, "team" | "catalog"> & {
  scope: AgentTokenScope;
  limiter: TokenBucketLimiter;
  now: Date;
};

/** The secret's hash, or 401 for no secret or one that cannot be a token. */
function hashOfSecret(secret: string | null): string {
  if (!secret)
    throw new AppError(
      "UNAUTHORIZED",
      "Send an agent token as `Authorization: Bearer srk_…`; catalog owners create tokens on the Agent tokens tab.",
    );
  if (!looksLikeTokenSecret(secret))
    throw new AppError(
      "UNAUTHORIZED",
      "That is not a Stockroom agent token (they start with srk_ and have 44 characters).",
    );
  return hashTokenSecret(secret);
}

function assertUsable(token: TokenRow | undefined): asserts token is TokenRow {
  if (!token)
    throw new AppError(
      "UNAUTHORIZED",
      "Unknown agent token: check that it was copied whole, or ask a catalog owner for a new one.",
    );
  if (token.isRevoked)
    throw new AppError("UNAUTHORIZED", "This agent token was revoked; ask a catalog owner for a new one.");
}

const lastUsedIsDue = (token: TokenRow, now: Date) =>
  token.lastUsedMs === null || now.getTime() - token.lastUsedMs >= LAST_USED_RESOLUTION_MS;

/** The rest of the gate, once the token is known and usable: its rate limit (429), catalog and scope (403). */
function admit(token: TokenRow, { team, catalog, scope, limiter, now }: GateRequest): AgentAccess {
  const verdict = limiter.take(token.id, now.getTime());
  if (!verdict.allowed) {
    throw new AppError(
      "RATE_LIMITED",
      `Too many requests for this token (${limiter.perMinute} a minute): retry in ${verdict.retryAfterSeconds} s.`,
      {
        retryAfterSeconds: verdict.retryAfterSeconds,
      },
    );
  }

  if (token.teamSlug !== team || token.catalogSlug !== catalog) {
    throw new AppError("FORBIDDEN", `This token reads catalog ${token.teamSlug}/${token.catalogSlug} only.`);
  }
  if (scope !== "read" && !token.scopes.includes(scope)) throw new AppError("FORBIDDEN", MISSING_SCOPE[scope]);
  return { tokenId: token.id, catalogId: token.catalogId, latest: latestOf(token) };
}

const latestOf = (token: TokenRow): LatestSnapshotRef | null =>
  token.latestId ? { id: token.latestId, version: Number(token.latestVersion), contentHash: token.latestHash! } : null;

/**
 * The one gate for agent requests: a valid, unrevoked token of a catalog that is not archived (401), within
 * its rate limit (429), for the catalog
 * the request names (403, whether or not that catalog exists, so a token learns nothing about others), with the
 * scope the request needs (403).
 */
export async function authorizeAgent({
  db,
  query = prismaRunner(db),
  ...options
}: AuthorizeAgentOptions): Promise<AgentAccess> {
  const { hash, cache, request } = gateOf(options);
  const token = await findToken(hash, query, cache);
  assertUsable(token);
  const { now } = request;
  if (lastUsedIsDue(token, now)) {
    const cutoff = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await db.agentToken.updateMany({
      where: { id: token.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: cutoff } }] },
      data: { lastUsedAt: now },
    });
    token.lastUsedMs = now.getTime();
  }
  return admit(token, request);
}

type GateOptions = Omit<AuthorizeAgentOptions, "db" | "query">;

/** The options with their defaults: the secret's hash (401 for none or a malformed one), the cache, the request. */
function gateOf({ secret, team, catalog, scope = "read", limiter, cache, now }: GateOptions) {
  return {
    hash: hashOfSecret(secret),
    cache: cache ?? agentAccessCache(),
    request: { team, catalog, scope, limiter: limiter ?? agentRateLimiter(), now: now ?? new Date() },
  };
}

/** A token's access as far as this process's cache knows it, with nothing charged or checked yet. */
export interface CachedAgentGate {
  /** The latest version as the cached row has it (what a revalidation of `latest` compares with). */
  latest: LatestSnapshotRef | null;
  catalogId: string;
  /** The rest of the gate, as `authorizeAgent` runs it: the rate limit (charged here), catalog and scope. */
  admit(): AgentAccess;
}

/**
 * The gate from this process's cache alone, for an answer that needs no database (a revalidation): undefined when
 * the row is not cached or its lastUsedAt is due to be written (`authorizeAgent` then does both). Throws the same
 * 401s as `authorizeAgent`; the rate limit and the catalog and scope checks run only when `admit` is called, so a
 * caller that then falls back to `authorizeAgent` charges the token once.
 */
export function cachedAgentGate(options: GateOptions): CachedAgentGate | undefined {
  const { hash, cache, request } = gateOf(options);
  const token = cache.get(hash);
  if (!token || lastUsedIsDue(token, request.now)) return undefined;
  assertUsable(token);
  return { latest: latestOf(token), catalogId: token.catalogId, admit: () => admit(token, request) };
}

/** The token's row from the cache, or from the database (and then cached); unknown tokens are not cached. */
async function findToken(hash: string, query: QueryRunner, cache: AgentAccessCache): Promise<TokenRow | undefined> {
  const cached = cache.get(hash);
  if (cached) return cached;
  const generation = cache.currentGeneration;
  const [row] = await query<TokenRow>(TOKEN_SQL, [hash]);
  if (row) cache.set(hash, row, { generation });
  return row;
}
