import type { AnyProcedure } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { createAgentToken } from "../services/tokens/create-agent-token";
import { hasRole } from "../services/teams/roles";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";
import type { Access } from "../trpc";
import { appRouter } from "./root";

/**
 * The isolation matrix: every procedure of the router (enumerated from the router itself, so a new
 * one cannot be forgotten) is called as each kind of caller; each must get exactly the access its
 * builder declares, and nobody outside the team learns the team exists.
 */
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);
const ROLES = ["viewer", "editor", "owner"] as const;
const DENIED = new Set(["UNAUTHORIZED", "FORBIDDEN"]);

type Caller = ReturnType<typeof callerFor>;
async function outcome(caller: Caller, path: string, input: unknown): Promise<{ code: string; message: string }> {
  const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
  try {
    await fn(input);
    return { code: "OK", message: "" };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { code: e.code ?? "THROWN", message: e.message ?? "" };
  }
}
const isScopeNotFound = (o: { code: string; message: string }) =>
  o.code === "NOT_FOUND" && /^(Team|Catalog) "/.test(o.message);

describe("isolation matrix", () => {
  const { db, handle } = useTestDatabase();
  let t: Awaited<ReturnType<typeof createTeamWithMembers>>;
  let input: { team: string; catalog: string };
  let agentSecret: string;
  let otherCatalogSecret: string;

  beforeAll(async () => {
    t = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, t.team.id, { slug: "support" });
    const other = await createCatalog(db, t.team.id, { slug: "other" });
    await createTools(db, catalog.id, [{ name: "list_orders", namespace: "crm", description: "List orders." }]);
    input = { team: t.team.slug, catalog: catalog.slug };
    const actor = { id: t.owner.id, label: t.owner.email };
    agentSecret = (await createAgentToken({ db, team: t.team, catalog, actor, name: "matrix" })).secret;
    otherCatalogSecret = (await createAgentToken({ db, team: t.team, catalog: other, actor, name: "other" })).secret;
  });

  it("finds the procedures, and every one declares its access", () => {
    expect(procedures.length).toBeGreaterThan(20);
    const undeclared = procedures
      .filter(([, p]) => !(p._def.meta as { access?: Access } | undefined)?.access)
      .map(([path]) => path);
    expect(undeclared).toEqual([]);
  });

  for (const [path, procedure] of procedures) {
    const access = (procedure._def.meta as { access: Access }).access;
    it(`${path} (${access.kind}${"role" in access ? ` ≥ ${access.role}` : ""})`, async () => {
      const as = {
        signedOut: await outcome(callerFor(db, null), path, input),
        stranger: await outcome(callerFor(db, t.stranger), path, input),
        agent: await outcome(callerFor(db, null, { authorization: `Bearer ${agentSecret}` }), path, input),
      };
      if (access.kind === "team" || access.kind === "catalog") {
        expect(as.signedOut.code).toBe("UNAUTHORIZED");
        expect(as.agent.code).toBe("UNAUTHORIZED");
        expect(isScopeNotFound(as.stranger)).toBe(true);
        for (const role of ROLES) {
          const got = await outcome(callerFor(db, t[role]), path, input);
          if (hasRole(role, access.role)) {
            expect(
              DENIED.has(got.code) || isScopeNotFound(got),
              `${role} should pass: ${got.code} ${got.message}`,
            ).toBe(false);
          } else {
            expect(got.code, `${role} should be refused`).toBe("FORBIDDEN");
          }
        }
      } else if (access.kind === "user") {
        expect(as.signedOut.code).toBe("UNAUTHORIZED");
        expect(as.agent.code).toBe("UNAUTHORIZED");
        expect(DENIED.has(as.stranger.code)).toBe(false);
      } else if (access.kind === "agent") {
        expect(as.signedOut.code).toBe("UNAUTHORIZED");
        expect(as.stranger.code).toBe("UNAUTHORIZED"); // a session is not an agent token
        expect(DENIED.has(as.agent.code), `${as.agent.code} ${as.agent.message}`).toBe(false);
        const other = await outcome(
          callerFor(db, null, { authorization: `Bearer ${otherCatalogSecret}` }),
          path,
          input,
        );
        expect(other.code).toBe("FORBIDDEN");
        const bogus = await outcome(callerFor(db, null, { authorization: "Bearer sr_not_a_real_token" }), path, input);
        expect(bogus.code).toBe("UNAUTHORIZED");
      } else {
        expect(access.kind).toBe("public");
      }
    });
  }
});
