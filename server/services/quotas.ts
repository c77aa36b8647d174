import "server-only";
import { AppError } from "../errors";
import { getEnv } from "../env";

/** What one account can create, set by the operator (every signed-up user is a stranger to the operator). */
export interface Quotas {
  teamsPerUser: number;
  catalogsPerTeam: number;
  toolsPerCatalog: number;
  tokensPerCatalog: number;
}

const VARIABLE: Record<keyof Quotas, string> = {
  teamsPerUser: "STOCKROOM_MAX_TEAMS_PER_USER",
  catalogsPerTeam: "STOCKROOM_MAX_CATALOGS_PER_TEAM",
  toolsPerCatalog: "STOCKROOM_MAX_TOOLS_PER_CATALOG",
  tokensPerCatalog: "STOCKROOM_MAX_TOKENS_PER_CATALOG",
};

let override: Partial<Quotas> = {};

export function getQuotas(): Quotas {
  const env = getEnv();
  return {
    teamsPerUser: env.STOCKROOM_MAX_TEAMS_PER_USER,
    catalogsPerTeam: env.STOCKROOM_MAX_CATALOGS_PER_TEAM,
    toolsPerCatalog: env.STOCKROOM_MAX_TOOLS_PER_CATALOG,
    tokensPerCatalog: env.STOCKROOM_MAX_TOKENS_PER_CATALOG,
    ...override,
  };
}

/** Tests set small quotas here instead of creating thousands of rows; `{}` restores the environment's. */
export function setQuotasForTests(quotas: Partial<Quotas>): void {
  override = quotas;
}

/**
 * Refuses going from `current` to `current + adding` past the quota, with 403 saying what the limit is, what
 * to do and which variable the operator can raise.
 */
export function assertQuota(quota: keyof Quotas, current: number, adding: number, what: string, remedy: string): void {
  const limit = getQuotas()[quota];
  if (current + adding <= limit) return;
  throw new AppError(
    "FORBIDDEN",
    `${what}: the limit is ${limit} (${current} now${adding > 1 ? `, adding ${adding}` : ""}). ${remedy} The operator can raise it with ${VARIABLE[quota]}.`,
    { quota, limit },
  );
}
