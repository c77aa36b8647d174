// docs/agents.md stays what the code produces: its wire example's hits and scores are the SDK's answer on the seeded,
// published demo catalog, the labelled requests and the turn-one tokens it quotes are counted from the code
// (UPDATE_DOCS=1 rewrites them), its JSON names the tools of that answer in its order, and it names no model the
// official Anthropic SDK warns is deprecated.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { connect } from "@/sdk/index";
import { DEMO_CATALOG, DEMO_EMAIL, DEMO_TEAM, seedDemo } from "@/server/services/seed/seed-demo";
import { callerFor } from "@/server/testing/factories";
import { DEMO_ACKNOWLEDGEMENT } from "@/server/testing/demo-two-profiles";
import { useAgentApiServer } from "@/server/testing/use-agent-api-server";
import { readAgentsDoc, WIRE_CALL, withGeneratedParts, writeAgentsDoc } from "./lib/agents-doc";

/** Model ids `@anthropic-ai/sdk` warns about (its internal table, read as data: the package does not export it). */
function deprecatedAnthropicModels(): string[] {
  const main = createRequire(import.meta.url).resolve("@anthropic-ai/sdk");
  const table = readFileSync(path.join(path.dirname(main), "internal/data/deprecated-models.js"), "utf8");
  return [...table.matchAll(/'([a-z0-9.-]+)':\s*'/g)].map((m) => m[1]!);
}

describe("docs/agents.md, generated from the code", () => {
  const api = useAgentApiServer();
  let secret = "";
  beforeAll(async () => {
    await seedDemo({ db: api.db, password: "agents-doc-test-password" });
    const demo = await api.db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL } });
    const owner = callerFor(api.db, demo);
    const input = { team: DEMO_TEAM, catalog: DEMO_CATALOG };
    ({ secret } = await owner.token.create({ ...input, name: "agents-doc" }));
    await owner.review.publish({ ...input, note: "agents-doc", acknowledgement: DEMO_ACKNOWLEDGEMENT });
  }, 180_000);

  it("shows the SDK's hits and scores, the labelled requests and the turn-one tokens as the code makes them", {
    timeout: 120_000,
  }, async () => {
    const catalog = await connect({
      url: api.baseUrl(),
      token: secret,
      team: DEMO_TEAM,
      catalog: DEMO_CATALOG,
      telemetry: false,
    });
    const document = readAgentsDoc();
    const expected = withGeneratedParts(document, catalog);
    if (process.env.UPDATE_DOCS === "1") writeAgentsDoc(expected);
    expect(readAgentsDoc(), "docs/agents.md is stale: UPDATE_DOCS=1 npx vitest run scripts/agents-doc.db.test.ts").toBe(
      expected,
    );
    // The abbreviated tool_search_output of the example loads the SDK's tools, in its order.
    const output = catalog.answerToolSearchCall(WIRE_CALL);
    const expectedNames = output.tools.flatMap((entry) =>
      entry.type === "namespace" ? [entry.name, ...entry.tools.map((t) => t.name)] : [entry.name],
    );
    const exchange = document.slice(document.indexOf('"type": "tool_search_output"'));
    const named = [...exchange.slice(0, exchange.indexOf("```")).matchAll(/"name": "([a-z_]+)"/g)].map((m) => m[1]);
    expect(named).toEqual(expectedNames);
    await catalog.close();
  });

  it("names no model the Anthropic SDK warns is deprecated", () => {
    const deprecated = deprecatedAnthropicModels();
    expect(deprecated).toContain("claude-opus-4-5");
    const named = [...readAgentsDoc().matchAll(/"(claude-[a-z0-9.-]+)"/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((model) => deprecated.includes(model))).toEqual([]);
  });
});
