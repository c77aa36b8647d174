import "server-only";
import { TRPCError } from "@trpc/server";
import { forbidden, notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { Role } from "@/domain/vocabulary";
import { api } from "./caller";

/** For pages: runs a tRPC call; signed-out visitors go to sign-in, unknown or foreign teams get a 404, too low a role a 403. */
export async function load<T>(call: (caller: Awaited<ReturnType<typeof api>>) => Promise<T>): Promise<T> {
  const caller = await api();
  try {
    return await call(caller);
  } catch (error) {
    if (error instanceof TRPCError) {
      if (error.code === "UNAUTHORIZED") redirect("/sign-in");
      if (error.code === "NOT_FOUND") notFound();
      if (error.code === "FORBIDDEN") forbidden();
    }
    throw error;
  }
}

/** A catalog's summary (name, tool counts, latest version); cached per request, so a layout and its page share one query. */
export const loadCatalogSummary = cache(async (team: string, catalog: string) => {
  const catalogs = await load((api) => api.catalog.list({ team }));
  return catalogs.find((c) => c.slug === catalog);
});

/** The signed-in person's role in `team`, once per request; not a member: a 404, as the team's layout answers. */
export const loadTeamRole = cache(async (team: string): Promise<Role> => {
  const teams = await load((api) => api.team.mine());
  const role = teams.find((t) => t.slug === team)?.role;
  if (!role) notFound();
  return role;
});
