import { beforeAll, describe, expect, it } from "vitest";
import { connect } from "@/sdk/index";
import { flatToolNames, providerTool } from "@/domain/providers/first-request";
import { DEMO_CATALOG, DEMO_TEAM, seedDemo } from "@/server/services/seed/seed-demo";
import { publishDemoInBothProfiles } from "@/server/testing/demo-two-profiles";
import { useAgentApiServer } from "@/server/testing/use-agent-api-server";

// Item 1 of issue 22: hosted search answers what the SDK ranks locally on the same snapshot, over real HTTP.
describe("POST …/search = the SDK's local answer (demo corpus, every golden query, both profiles)", () => {
  const api = useAgentApiServer({ agentRequestsPerMinute: 100_000, closeConnections: true });
  const { db, handle } = api;
  let url = "";
  beforeAll(async () => {
    await seedDemo({ db, password: "hosted-search-test-password" });
    url = api.baseUrl();
  }, 180_000);

  it("answers identical hits (every field) and provider items for both engine profiles", {
    timeout: 300_000,
  }, async () => {
    const { owner, input, golden, secret, v1, v2 } = await publishDemoInBothProfiles(db, "hosted");
    expect(golden).toHaveLength(50);

    const search = async (body: Record<string, unknown>) => {
      const response = await fetch(`${url}/api/v1/catalogs/${DEMO_TEAM}/${DEMO_CATALOG}/search`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(response.headers.get("server-timing")).toMatch(/^search;dur=\d+\.\d{3}$/);
      return (await response.json()) as { version: number; hits: unknown[]; toolIds: string[]; output?: unknown };
    };

    for (const published of [v1, v2]) {
      const agent = await connect({ url, token: secret, ...input, version: published.version });
      const listed = agent.snapshot.tools.filter((tool) => tool.exposure === "direct" || tool.exposure === "deferred");
      const listedNames = flatToolNames(listed);
      let compared = 0;
      for (const query of golden) {
        for (const limit of [undefined, 20]) {
          const local = agent.search(query, limit);
          const hosted = await search({ query, limit, version: published.version });
          expect(hosted.version).toBe(published.version);
          expect(hosted.hits, `${query} (v${published.version})`).toEqual(local.map(({ tool: _tool, ...hit }) => hit));
          compared += local.length;
        }
        const openai = await search({ query, version: published.version, format: "openai", call_id: "call_1" });
        expect(openai.output).toEqual(agent.answerToolSearchCall({ call_id: "call_1", arguments: { query } }));
        const found = agent.search(query).map((hit) => hit.tool);
        const anthropic = await search({
          query,
          version: published.version,
          format: "anthropic",
          tool_use_id: "toolu_1",
        });
        expect(anthropic.output).toEqual(
          agent.answerToolUse({ type: "tool_use", id: "toolu_1", name: "tool_search", input: { query } }),
        );
        const mcp = await search({ query, version: published.version, format: "mcp" });
        expect(mcp.output).toEqual({
          tools: found.map((tool) => providerTool(tool, "mcp", { name: listedNames.get(tool.id)! })),
        });
      }
      expect(agent.snapshot.engine.profile).toBe(published.version === v1.version ? "stockroom" : "codex-bm25");
      expect(compared).toBeGreaterThan(golden.length * 8);
    }
    // The paths form loads what the SDK's built-in loader answer loads.
    const paths = ["stripe", "github.create_issue", "linear", "no_such"];
    const viaPaths = await search({ paths, format: "openai", call_id: "call_p", version: v1.version });
    const agent = await connect({ url, token: secret, ...input, version: v1.version });
    const local = agent.resolveToolSearchCall({ call_id: "call_p", arguments: { paths } });
    expect(viaPaths).toMatchObject({ toolIds: local.toolIds, unknown: local.unknownPaths, output: local.output });
    // No version: latest, which is v2.
    expect((await search({ query: golden[0]! })).version).toBe(v2.version);
  });
});
