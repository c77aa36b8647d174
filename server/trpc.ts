import { randomUUID } from "node:crypto";
import type { Role } from "@prisma/client";
import { initTRPC, TRPCError } from "@trpc/server";
import { z, ZodError } from "zod";
import { stockroomTransformer } from "@/domain/trpc-transformer";
import { findMemberAccess } from "./auth/member-access";
import type { Context } from "./context";
import { AppError, fromPrismaError, isAppError, trpcCodeOf, type AppErrorCode } from "./errors";
import { authorizeAgent } from "./services/tokens/authorize-agent";
import { currentRequestId, log } from "./ops/logger";
import { metrics, secondsSince } from "./ops/metrics";
import { hasRole } from "./services/teams/roles";
import { describeUnstorableText, findUnstorableText } from "@/domain/storable-text";

/** Who may call a procedure; set by the procedure builders below and read by the isolation tests. */
export type Access =
  | { kind: "public" }
  | { kind: "user" }
  | { kind: "team"; role: Role }
  | { kind: "catalog"; role: Role }
  | { kind: "agent" };
export interface ProcedureMeta {
  access?: Access;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: stockroomTransformer,
    errorFormatter({ shape, error, path }) {
      const cause = error.cause;
      if (error.code === "INTERNAL_SERVER_ERROR") return internalErrorShape(shape, error, path);
      return {
        ...shape,
        data: {
          ...shape.data,
          appCode: isAppError(cause) ? cause.code : null,
          details: isAppError(cause) ? (cause.details ?? null) : null,
          zodError: cause instanceof ZodError ? z.flattenError(cause) : null,
        },
      };
    },
  });

/**
 * A 500 says nothing about its cause (Prisma and Postgres messages name tables, columns and values): a generic
 * message and a request id in the body, the detail with the same id in the server log.
 */
function internalErrorShape<S extends { message: string; data: object }>(
  shape: S,
  error: TRPCError,
  path: string | undefined,
): S {
  const requestId = currentRequestId() ?? randomUUID();
  log().error({ reqId: requestId, procedure: path ?? "?", err: error.cause ?? error }, "tRPC procedure failed");
  const { stack: _stack, ...data } = shape.data as { stack?: string };
  return {
    ...shape,
    message: `Something went wrong on our side; try again shortly (request ${requestId}).`,
    data: { ...data, requestId, appCode: "INTERNAL", details: null, zodError: null },
  };
}

/** Turns AppErrors (and Prisma's unique/not-found errors) into tRPC errors with the mapped code. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    const appError = isAppError(cause) ? cause : fromPrismaError(cause);
    if (appError) {
      result.error = new TRPCError({ code: trpcCodeOf(appError.code), message: appError.message, cause: appError });
    }
  }
  return result;
});

/** Text Postgres cannot store (NUL, lone surrogates) is refused up front, for every procedure, naming the field. */
const storableText = t.middleware(async ({ getRawInput, next }) => {
  const found = findUnstorableText(await getRawInput());
  if (found) throw new AppError("INVALID_INPUT", describeUnstorableText(found));
  return next();
});

/** Counts and times every procedure call (`stockroom_trpc_requests_total`, `…_duration_seconds`). */
const measured = t.middleware(async ({ path, next }) => {
  const started = performance.now();
  const result = await next();
  const { trpcRequests, trpcSeconds } = metrics();
  trpcSeconds.observe({ procedure: path }, secondsSince(started));
  trpcRequests.inc({ procedure: path, outcome: result.ok ? "ok" : result.error.code });
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure
  .meta({ access: { kind: "public" } })
  .use(measured)
  .use(appErrors)
  .use(storableText);

export const authedProcedure = publicProcedure.meta({ access: { kind: "user" } }).use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "Sign in first.");
  // The actor that audit events record for this request: one definition for every router.
  const actor = { id: ctx.user.id, label: ctx.user.email };
  return next({ ctx: { ...ctx, user: ctx.user, actor } });
});

export const TEAM_SLUG = z.string().trim().min(1, "team is required").max(64);
export const CATALOG_SLUG = z.string().trim().min(1, "catalog is required").max(64);

/** The caller's membership of team `slug` (found by the caller's query), refused unless it has at least `role`. */
function requireRole<M extends { role: Role }>(membership: M | null, slug: string, role: Role): M {
  if (!membership) throw new AppError("NOT_FOUND", `Team "${slug}" was not found.`);
  if (!hasRole(membership.role, role)) {
    throw new AppError("FORBIDDEN", `This needs the ${role} role in team "${slug}"; you are ${membership.role}.`);
  }
  return membership;
}

/** A signed-in member of the `team` named in the input, with at least `role`. Non-members get NOT_FOUND. */
export function teamProcedure(role: Role) {
  return authedProcedure
    .meta({ access: { kind: "team", role } })
    .input(z.object({ team: TEAM_SLUG }))
    .use(async ({ ctx, input, next }) => {
      const { team, role: held } = requireRole(
        await findMemberAccess(ctx.db, ctx.user.id, input.team),
        input.team,
        role,
      );
      return next({ ctx: { ...ctx, team, role: held } });
    });
}

/**
 * teamProcedure plus the team's `catalog` named in the input: not archived, unless `includeArchived`
 * (for the few reads owners still need of an archived catalog, e.g. its revoked tokens). One statement finds the
 * membership, its team and the catalog (findMemberAccess): every playground keystroke passes here.
 */
export function catalogProcedure(role: Role, { includeArchived = false }: { includeArchived?: boolean } = {}) {
  return authedProcedure
    .meta({ access: { kind: "catalog", role } })
    .input(z.object({ team: TEAM_SLUG, catalog: CATALOG_SLUG }))
    .use(async ({ ctx, input, next }) => {
      const access = await catalogAccess(ctx, input, role, { includeArchived });
      return next({ ctx: { ...ctx, ...access } });
    });
}

/** The caller's access to `catalog` of `team`, refused (NOT_FOUND, FORBIDDEN) as catalogProcedure refuses. */
export async function catalogAccess(
  ctx: { db: Context["db"]; user: { id: string } },
  input: { team: string; catalog: string },
  role: Role,
  { includeArchived = false }: { includeArchived?: boolean } = {},
) {
  const access = await findMemberAccess(ctx.db, ctx.user.id, input.team, input.catalog, { includeArchived });
  const { team, catalog, role: held, draftRevision } = requireRole(access, input.team, role);
  if (!catalog) throw new AppError("NOT_FOUND", `Catalog "${input.catalog}" was not found in team "${team.slug}".`);
  return { team, role: held, catalog, draftRevision };
}

export type { AppErrorCode };

/**
 * For agents: a Bearer agent token (not a session) for the catalog named in the input `{ team, catalog }`.
 * No/unknown/revoked token → UNAUTHORIZED, over the per-token rate limit → TOO_MANY_REQUESTS, another catalog → FORBIDDEN.
 */
export const agentProcedure = publicProcedure
  .meta({ access: { kind: "agent" } })
  .input(z.object({ team: TEAM_SLUG, catalog: CATALOG_SLUG }))
  .use(async ({ ctx, input, next }) => {
    const agent = await authorizeAgent({
      db: ctx.db,
      secret: ctx.bearerToken,
      team: input.team,
      catalog: input.catalog,
    });
    return next({ ctx: { ...ctx, agent } });
  });
