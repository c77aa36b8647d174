import { useAgentApiServer } from "@/server/testing/use-agent-api-server";
// POST /api/v1/catalogs/{team}/{catalog}/import[/preview] over real HTTP (the node:http handler `npm start` uses)
// and through the Next.js route handlers; and an archived catalog's token refused at once.
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { insertTestSnapshot } from "@/server/testing/insert-test-snapshot";
// @ts-expect-error plain ESM test fixture without types
import { tinyTools } from "@/server/testing/tiny-mcp-server.mjs";
import { callerFor, createCatalog, createTeamWithMembers } from "@/server/testing/factories";
import * as importRoute from "./[...path]/route";
import * as openapiRoute from "./openapi.json/route";

const OPTIONS = { namespace: "weather", mcpServer: "tiny-weather", exposure: "deferred" };

type Post = (path: string, secret: string, body: unknown) => Promise<Response>;

/** A second version previews one new and one changed tool (with its diff); the first preview's fingerprint is stale. */
async function expectChangedPreview(post: Post, secret: string, staleFingerprint: string) {
  const v2 = { source: { tools: tinyTools("2") }, options: OPTIONS };
  const second = await (await post("/import/preview", secret, v2)).json();
  expect(second.counts).toEqual({
    new: 1,
    changed: 1,
    conflict: 0,
    removed: 0,
    unchanged: 2,
    invalid: 0,
    skipped: 0,
  });
  expect(second.rows.find((r: { status: string }) => r.status === "changed").changes).toEqual([
    {
      field: "description",
      before: "Get the weather forecast for a city.",
      after: "Get the weather forecast for a city, hourly.",
      conflict: false,
    },
  ]);
  const stale = await post("/import", secret, { ...v2, fingerprint: staleFingerprint });
  expect([stale.status, (await stale.json()).error.code]).toEqual([409, "CONFLICT"]);
}

describe("/api/v1 import", () => {
  const agentApi = useAgentApiServer();
  const { db, handle } = agentApi;

  async function setup() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const owner = callerFor(db, people.owner);
    const ref = { team: people.team.slug, catalog: catalog.slug };
    const reader = await owner.token.create({ ...ref, name: "reader" });
    const importer = await owner.token.create({ ...ref, name: "importer", scopes: ["import"] });
    const base = `/api/v1/catalogs/${ref.team}/${ref.catalog}`;
    const post = (path: string, secret: string | null, body: unknown) =>
      fetch(`${agentApi.baseUrl()}${base}${path}`, {
        method: "POST",
        headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    return { ...people, catalog, owner, ref, reader, importer, base, post };
  }

  it("previews and commits with an import token: new, then changed with a diff and unchanged, all or nothing", async () => {
    const { post, importer, catalog, team } = await setup();
    const v1 = { source: { tools: tinyTools("1") }, options: OPTIONS };
    const first = await post("/import/preview", importer.secret, v1);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const plan = await first.json();
    expect(plan.counts).toEqual({ new: 3, changed: 0, conflict: 0, removed: 0, unchanged: 0, invalid: 0, skipped: 0 });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);
    const done = await post("/import", importer.secret, { ...v1, fingerprint: plan.fingerprint });
    expect([done.status, await done.json()]).toEqual([
      200,
      {
        format: "mcp",
        created: 3,
        updated: 0,
        removed: 0,
        kept: 0,
        unchanged: 0,
        skipped: 0,
        heldForReview: 0,
        mcpServer: "tiny-weather",
        namespace: "weather",
      },
    ]);
    const event = await db.auditEvent.findFirstOrThrow({ where: { teamId: team.id, action: "catalog.imported" } });
    expect(event).toMatchObject({ actorId: null, actorLabel: `agent token "importer" (${importer.token.prefix}…)` });

    await expectChangedPreview(post, importer.secret, plan.fingerprint);
    const bad = {
      source: { tools: [...tinyTools("2"), { name: "bad.name", inputSchema: { type: "object" } }] },
      options: OPTIONS,
    };
    const badPlan = await (await post("/import/preview", importer.secret, bad)).json();
    expect(badPlan.counts.invalid).toBe(1);
    const refused = await post("/import", importer.secret, { ...bad, fingerprint: badPlan.fingerprint });
    expect([refused.status, (await refused.json()).error.message]).toEqual([
      422,
      "1 of the tools are invalid; fix them in the source, or choose to skip invalid tools.",
    ]);
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(3); // nothing half-written
    const skipped = await post("/import", importer.secret, {
      ...bad,
      fingerprint: badPlan.fingerprint,
      skipInvalid: true,
    });
    expect(await skipped.json()).toMatchObject({ created: 1, updated: 1, unchanged: 2, skipped: 1 });
  });

  it("refuses a read token (403), no token (401), wrong methods (405) and malformed bodies (400), writing nothing", async () => {
    const { post, reader, importer, catalog, base } = await setup();
    const v1 = { source: { tools: tinyTools("1") }, options: OPTIONS };
    const preview = await post("/import/preview", reader.secret, v1);
    expect([preview.status, (await preview.json()).error.message]).toEqual([
      403,
      expect.stringMatching(/may not import; importing needs a token created with the import scope/),
    ]);
    expect((await post("/import", reader.secret, { ...v1, fingerprint: "x" })).status).toBe(403);
    expect((await post("/import", null, { ...v1, fingerprint: "x" })).status).toBe(401);
    expect(
      (await fetch(`${agentApi.baseUrl()}${base}/import`, { headers: { authorization: `Bearer ${importer.secret}` } }))
        .status,
    ).toBe(405);
    expect(
      (
        await fetch(`${agentApi.baseUrl()}${base}/snapshots`, {
          method: "POST",
          headers: { authorization: `Bearer ${importer.secret}` },
        })
      ).status,
    ).toBe(405);
    const notJson = await post("/import/preview", importer.secret, "{oops");
    expect([notJson.status, (await notJson.json()).error.message]).toEqual([400, expect.stringMatching(/not JSON/)]);
    expect((await post("/import/preview", importer.secret, { options: OPTIONS })).status).toBe(400);
    expect((await post("/import", importer.secret, v1)).status).toBe(400); // no fingerprint
    const notTools = await post("/import/preview", importer.secret, { source: { a: 1 } });
    expect([notTools.status, (await notTools.json()).error.message]).toEqual([
      400,
      expect.stringMatching(/Expected an MCP tools\/list result/),
    ]);
    const nul = await post("/import/preview", importer.secret, {
      source: { tools: [{ name: "x\u0000", inputSchema: { type: "object" } }] },
    });
    expect(nul.status).toBe(400);
    const huge = await post("/import/preview", importer.secret, { source: "x".repeat(5 * 1024 * 1024 + 1) });
    expect(huge.status).toBe(413);
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);
  });

  it("is described in the OpenAPI document, whose schemas accept the real bodies", async () => {
    const { post, importer } = await setup();
    const doc = await openapiRoute.GET().json();
    expect(doc.paths["/api/v1/catalogs/{team}/{catalog}/import"].post.responses).toHaveProperty("409");
    const ajv = new Ajv2020({ strict: false });
    const request = { source: { tools: tinyTools("1") }, options: OPTIONS };
    expect(ajv.validate(doc.components.schemas.ImportPreviewRequest, request)).toBe(true);
    const plan = await (await post("/import/preview", importer.secret, request)).json();
    expect(ajv.validate(doc.components.schemas.ImportPreview, plan), JSON.stringify(ajv.errors)).toBe(true);
    expect(
      ajv.validate(doc.components.schemas.ImportCommitRequest, { ...request, fingerprint: plan.fingerprint }),
    ).toBe(true);
    const result = await (await post("/import", importer.secret, { ...request, fingerprint: plan.fingerprint })).json();
    expect(ajv.validate(doc.components.schemas.ImportResult, result), JSON.stringify(ajv.errors)).toBe(true);
  });

  it("answers the same through the Next.js route handlers", async () => {
    const { importer, ref } = await setup();
    const request = (path: string, body: unknown) =>
      new Request(`http://stockroom.test/api/v1/catalogs/${ref.team}/${ref.catalog}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${importer.secret}` },
        body: JSON.stringify(body),
      });
    const v1 = { source: { tools: tinyTools("1") }, options: OPTIONS };
    const plan = await (await importRoute.POST(request("/import/preview", v1))).json();
    expect(plan.counts.new).toBe(3);
    expect(
      await (await importRoute.POST(request("/import", { ...v1, fingerprint: plan.fingerprint }))).json(),
    ).toMatchObject({ created: 3 });
  });

  it("refuses an archived catalog's tokens at once (401), for reads and imports", async () => {
    const { owner, ref, reader, importer, base, post, team, catalog } = await setup();
    await insertTestSnapshot(db, team, catalog, 1);
    const latest = () =>
      fetch(`${agentApi.baseUrl()}${base}/snapshots/latest`, { headers: { authorization: `Bearer ${reader.secret}` } });
    expect((await latest()).status).toBe(200); // and now cached in this process
    await owner.catalog.archive({ ...ref, confirm: ref.catalog });
    const after = await latest();
    expect([after.status, (await after.json()).error.message]).toEqual([401, expect.stringMatching(/revoked/)]);
    expect((await post("/import/preview", importer.secret, { source: { tools: [] } })).status).toBe(401);
  });
});
