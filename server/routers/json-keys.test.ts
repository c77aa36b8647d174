import type { DatabaseHandle } from "../db/open";
import { describe, expect, it } from "vitest";
import { answerAgentRequest } from "../http/agent-dispatch";
import { callerFor, createCatalog, createTeamWithMembers } from "../testing/factories";
import { trpcOverHttp } from "../testing/trpc-http";
import { useTestDatabase } from "../testing/use-test-database";

const { db, handle } = useTestDatabase();

/**
 * Issue #17, item 6 (replay): property names that are also Object.prototype's (`constructor`, `prototype`,
 * `__proto__`, `toString`, `hasOwnProperty`) saved fine, then every read of the tool, the catalog's history and its
 * snapshots over tRPC answered 500 (superjson refused them), and `__proto__` vanished on the way in.
 */
const HOSTILE_KEYS = ["constructor", "prototype", "__proto__", "toString", "hasOwnProperty"] as const;

/** Parsed from JSON text, as a request body arrives: `__proto__` is an own key here. */
const PARAMETERS = JSON.parse(
  JSON.stringify({
    type: "object",
    properties: Object.fromEntries(
      HOSTILE_KEYS.map((key) => [key, { type: "string", description: `the ${key} field` }]),
    ),
    required: [...HOSTILE_KEYS],
  }),
) as Record<string, unknown>;

/** Every hostile key is an own property with its own description, and nothing reached Object.prototype. */
function expectIntact(parameters: unknown) {
  const properties = (parameters as { properties: Record<string, unknown> }).properties;
  expect(Object.keys(properties).sort()).toEqual([...HOSTILE_KEYS].sort());
  for (const key of HOSTILE_KEYS) {
    expect(Object.getOwnPropertyDescriptor(properties, key)?.value, key).toEqual({
      type: "string",
      description: `the ${key} field`,
    });
  }
  expect((parameters as { required: string[] }).required).toEqual([...HOSTILE_KEYS]);
  expect(({} as Record<string, unknown>).description).toBeUndefined();
}

async function setup() {
  const t = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, t.team.id);
  return { ...t, catalog, ref: { team: t.team.slug, catalog: catalog.slug }, http: trpcOverHttp(db, t.owner) };
}

describe("user-owned JSON keeps every key on every read path", () => {
  it("has __proto__ as an own key in the fixture", () => {
    expect(Object.keys((PARAMETERS as { properties: object }).properties)).toContain("__proto__");
  });

  it("tool.create / get / list / update and the audit history over tRPC's wire", async () => {
    const { ref, http } = await setup();
    const created = await http.tool.create.mutate({
      ...ref,
      tool: { name: "hostile_keys", description: "Keys.", parameters: PARAMETERS },
    });
    expectIntact(created.parameters);
    expectIntact((await http.tool.get.query({ ...ref, id: created.id })).parameters);
    const updated = await http.tool.update.mutate({
      ...ref,
      id: created.id,
      revision: created.revision,
      patch: { description: "Keys again.", parameters: { ...PARAMETERS, description: "v2" } },
    });
    expectIntact(updated.parameters);
    const { events } = await http.history.list.query({ ...ref, targetId: created.id });
    expect(events.map((event) => event.action)).toEqual(["tool.updated", "tool.created"]);
    expectIntact((events[1]!.after as { parameters: unknown }).parameters);
    expectIntact((events[0]!.before as { parameters: unknown }).parameters);
    expect(events[0]!.at).toBeInstanceOf(Date); // Dates still travel as Dates
    expect((await http.tool.list.query(ref)).tools.map((item) => item.key)).toEqual(["hostile_keys"]);
  });

  it("an MCP import keeps the keys (pasted text → preview → commit → tool.get)", async () => {
    const { ref, http } = await setup();
    const text = JSON.stringify({ tools: [{ name: "imported_keys", description: "Keys.", inputSchema: PARAMETERS }] });
    const options = { namespace: null, mcpServer: null, exposure: "deferred" as const };
    const preview = await http.import.preview.mutate({ ...ref, text, options });
    expect(preview.rows.map((row) => row.status)).toEqual(["new"]);
    await http.import.commit.mutate({ ...ref, text, options, fingerprint: preview.fingerprint });
    const [item] = (await http.tool.list.query(ref)).tools;
    expectIntact((await http.tool.get.query({ ...ref, id: item!.id })).parameters);
  });

  it("publish, history, review, download, export, and snapshots over tRPC and /api/v1", async () => {
    const { ref, http, owner } = await setup();
    await http.tool.create.mutate({
      ...ref,
      tool: { name: "hostile_keys", description: "Keys.", parameters: { ...PARAMETERS, description: "v2" } },
    });
    await http.review.publish.mutate({ ...ref, note: "v1" });
    expect((await http.snapshot.versions.query(ref)).map((entry) => entry.version)).toEqual([1]);
    await http.review.get.query(ref);
    const download = await http.snapshot.download.query({ ...ref, version: 1 });
    expectIntact(download.snapshot.tools[0]!.spec.parameters);
    // the download route writes JSON.stringify of that snapshot
    expectIntact((JSON.parse(JSON.stringify(download.snapshot)) as typeof download.snapshot).tools[0]!.spec.parameters);

    for (const format of ["openai", "anthropic", "mcp"] as const) {
      const exported = JSON.parse((await http.export.draft.query({ ...ref, format })).json) as unknown;
      expect(JSON.stringify(exported), format).toContain(
        '"__proto__":{"type":"string","description":"the __proto__ field"}',
      );
    }

    const { secret } = await callerFor(db, owner).token.create({ ...ref, name: "keys" });
    const agent = trpcOverHttp(db, null, { authorization: `Bearer ${secret}` });
    expectIntact((await agent.snapshot.get.query({ ...ref, version: 1 })).tools[0]!.spec.parameters);
    await agent.snapshot.list.query(ref);

    (globalThis as { stockroomDb?: Promise<DatabaseHandle> }).stockroomDb = Promise.resolve(handle);
    const answer = await answerAgentRequest({
      path: `/api/v1/catalogs/${ref.team}/${ref.catalog}/snapshots/1`,
      authorization: `Bearer ${secret}`,
      ifNoneMatch: null,
      acceptEncoding: null,
    });
    expect(answer.status).toBe(200);
    const snapshot = JSON.parse(answer.body!.toString("utf8")) as typeof download.snapshot;
    expectIntact(snapshot.tools[0]!.spec.parameters);
    expect(snapshot.contentHash).toBe(download.snapshot.contentHash);
  });
});
