import { Writable } from "node:stream";
import type { PrismaClient } from "@prisma/client";
import type { AnyProcedure } from "@trpc/server";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAgentToken } from "../services/tokens/create-agent-token";
import { insertTestSnapshot } from "../testing/insert-test-snapshot";
import { createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { hostileFor, mergedInputShape } from "../testing/hostile-values";
import { trpcOverHttp } from "../testing/trpc-http";
import { useTestDatabase } from "../testing/use-test-database";
import type { Access } from "../trpc";
import { appRouter } from "./root";
import { createLogger, replaceLogger } from "../ops/logger";

const { db } = useTestDatabase();

/**
 * Issue #17, item 7 (replay): lone surrogates, NULs escaped inside pasted JSON or JSONL, numbers past 2^31 and
 * past safe integers gave 500s with Postgres text in the body. Every procedure of the router (enumerated, so a
 * new one is covered), over tRPC's wire, as the catalog's owner (or its agent): a success or a 4xx, never a 5xx.
 */
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>)
  // Archiving ends the catalog for the procedures after it: last.
  .sort(([a], [b]) => Number(a === "catalog.archive") - Number(b === "catalog.archive"));

type Client = ReturnType<typeof trpcOverHttp>;
async function statusOf(
  client: Client,
  path: string,
  type: string,
  input: unknown,
): Promise<{ status: number; message: string }> {
  const node = path.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], client) as Record<
    string,
    (input: unknown) => Promise<unknown>
  >;
  try {
    await node[type === "query" ? "query" : "mutate"]!(input);
    return { status: 200, message: "" };
  } catch (error) {
    const e = error as { data?: { httpStatus?: number }; message?: string };
    return { status: e.data?.httpStatus ?? 599, message: e.message ?? String(error) };
  }
}

describe("hostile input classes over every procedure", () => {
  it("answers every procedure with a success or a 4xx", async () => {
    const t = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, t.team.id);
    await createTools(db, catalog.id, [{ name: "list_orders", namespace: "crm", description: "List open orders." }]);
    await insertTestSnapshot(db, t.team, catalog, 1);
    const { secret } = await createAgentToken({
      db,
      team: t.team,
      catalog,
      actor: { id: t.owner.id, label: t.owner.email },
      name: "hostile",
    });
    const owner = trpcOverHttp(db, t.owner);
    const agent = trpcOverHttp(db, null, { authorization: `Bearer ${secret}` });
    const scope = { team: t.team.slug, catalog: catalog.slug };
    const failures: string[] = [];
    for (const [path, procedure] of procedures) {
      const access = (procedure._def.meta as { access: Access }).access;
      const shape = mergedInputShape((procedure._def as unknown as { inputs: unknown[] }).inputs);
      const rest = Object.fromEntries(Object.entries(shape).filter(([key]) => key !== "team" && key !== "catalog"));
      const arbitrary = fc.record(
        Object.fromEntries(Object.entries(rest).map(([key, schema]) => [key, hostileFor(schema)])),
      );
      await fc
        .assert(
          fc.asyncProperty(arbitrary, async (fields) => {
            const input = {
              ...fields,
              ...("team" in shape ? { team: scope.team } : {}),
              ...("catalog" in shape ? { catalog: scope.catalog } : {}),
            };
            const { status, message } = await statusOf(
              access.kind === "agent" ? agent : owner,
              path,
              procedure._def.type,
              input,
            );
            if (status >= 500)
              failures.push(`${path} ${status} ${message.slice(0, 200)} ← ${JSON.stringify(input).slice(0, 300)}`);
            return status < 500;
          }),
          { numRuns: 12, seed: 17 },
        )
        .catch(() => undefined); // collected above, reported together below
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("a 500 that still happens says nothing of its cause and gives a request id; the log has the detail", async () => {
    const t = await createTeamWithMembers(db);
    const broken = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "catalog") return Reflect.get(target, property, receiver) as unknown;
        return {
          findMany: () => Promise.reject(new Error('relation "SecretTable" does not exist at column password_hash')),
        };
      },
    }) as PrismaClient;
    let logged = "";
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged += chunk;
        done();
      },
    });
    const restore = replaceLogger(createLogger(sink));
    const { status, message } = await statusOf(trpcOverHttp(broken, t.owner), "catalog.list", "query", {
      team: t.team.slug,
    }).finally(restore);
    expect(status).toBe(500);
    expect(message).toMatch(/^Something went wrong on our side; try again shortly \(request [0-9a-f-]{36}\)\.$/);
    expect(message).not.toMatch(/SecretTable|password/);
    const requestId = /request ([0-9a-f-]{36})/.exec(message)![1]!;
    expect(logged).toContain(requestId);
    expect(logged).toContain("SecretTable");
  });
});
