import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../testing/factories";
import { signUpThroughAuthRoute } from "../testing/sign-up";
import { useAgentApiServer } from "../testing/use-agent-api-server";
import { jsonTextDepth, MAX_JSON_DEPTH } from "./json-depth";

/** `{"a":{"a":…{"a":leaf}…}}`, `depth` objects deep, as text (JSON.stringify itself overflows past a few thousand). */
const deepObjectText = (depth: number, leaf = '{"type":"string"}') =>
  '{"a":'.repeat(depth - 1) + leaf + "}".repeat(depth - 1);

describe("jsonTextDepth", () => {
  it("counts objects and arrays, not brackets inside strings or escaped quotes", () => {
    expect(jsonTextDepth("1")).toBe(0);
    expect(jsonTextDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonTextDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonTextDepth('{"a":"\\"[[[[","b":[1]}')).toBe(2);
    expect(jsonTextDepth("[".repeat(100_000), 300)).toBe(301);
  });
});

describe("JSON of any depth over real HTTP: a 400 naming the limit, never a 500", () => {
  const api = useAgentApiServer({ trpc: true });
  const { db } = api;

  it("refuses a 10,000-deep body on every agent POST route, and takes one at the limit", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const { secret } = await callerFor(db, people.owner).token.create({
      team: people.team.slug,
      catalog: catalog.slug,
      name: "deep",
      scopes: ["read", "import", "events"],
    });
    const base = `${api.baseUrl()}/api/v1/catalogs/${people.team.slug}/${catalog.slug}`;
    const post = (path: string, body: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body,
      });
    const deep = deepObjectText(10_000);
    for (const [path, body] of [
      ["/events", `{"events":[${deep}]}`],
      ["/search", `{"query":"x","extra":${deep}}`],
      ["/import/preview", `{"source":{"tools":[{"name":"t","inputSchema":${deep}}]}}`],
      ["/import", `{"source":${deep},"fingerprint":"x"}`],
      ["/events", "[".repeat(10_000)],
    ] as const) {
      const response = await post(path, body);
      const text = await response.text();
      expect(response.status, `${path}: ${text}`).toBe(400);
      expect(text).toContain(`limit of ${MAX_JSON_DEPTH} levels`);
    }
    // At the limit the body is parsed and validated as before (here: not an event).
    const atLimit = await post("/events", `{"events":[${deepObjectText(MAX_JSON_DEPTH - 2)}]}`);
    expect(atLimit.status).toBe(400);
    expect(await atLimit.text()).not.toContain("levels");
  });

  it("refuses a 10,000-deep tRPC mutation (tool.create parameters) and query input", async () => {
    process.env.BETTER_AUTH_SECRET ??= "json-depth-test-secret-".padEnd(40, "x");
    const { cookie, userId } = await signUpThroughAuthRoute();
    const team = await db.team.create({ data: { slug: `deep-${userId.slice(0, 8)}`, name: "Deep" } });
    await db.membership.create({ data: { teamId: team.id, userId, role: "owner" } });
    const catalog = await createCatalog(db, team.id);
    const scope = `"team":"${team.slug}","catalog":"${catalog.slug}"`;
    const mutation = await fetch(`${api.baseUrl()}/api/trpc/tool.create`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: `{"json":{${scope},"tool":{"name":"deep","parameters":${deepObjectText(10_000)}}}}`,
    });
    const mutationText = await mutation.text();
    expect(mutation.status, mutationText).toBe(400);
    expect(mutationText).toContain(`limit of ${MAX_JSON_DEPTH} levels`);
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);

    // node:http caps a request's head at 16 KB, so a GET carries a shallower, still too deep, input.
    const input = encodeURIComponent(`{"json":{${scope},"filter":${"[".repeat(1_000)}${"]".repeat(1_000)}}}`);
    const query = await fetch(`${api.baseUrl()}/api/trpc/tool.list?input=${input}`, { headers: { cookie } });
    expect(query.status).toBe(400);
    expect(await query.text()).toContain(`limit of ${MAX_JSON_DEPTH} levels`);

    // A schema deeper than tools may nest but within the JSON limit still gets the tool rule's clean 400.
    const nested = await fetch(`${api.baseUrl()}/api/trpc/tool.create`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: `{"json":{${scope},"tool":{"name":"nested","parameters":${deepObjectText(100)}}}}`,
    });
    expect(nested.status).toBe(400);
    expect(await nested.text()).toContain("deeper than 32");
  });
});
