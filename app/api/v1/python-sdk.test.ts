import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flatToolNames } from "@/domain/providers/first-request";
import { connect, type StockroomCatalog } from "@/sdk/index";
import { buildToolSearchOutput } from "@/domain/providers/tool-search-output";
import { resolveToolSearchPaths } from "@/domain/providers/tool-search-paths";
import { DEMO_CATALOG, DEMO_TEAM, seedDemo } from "@/server/services/seed/seed-demo";
import { publishDemoInBothProfiles } from "@/server/testing/demo-two-profiles";
import { PYTHON_DIR, testPython } from "@/server/testing/python";
import { writeLabelledRankings } from "@/sdk/testing/python-ranking";
import { useAgentApiServer } from "@/server/testing/use-agent-api-server";

/** What the TypeScript SDK answers on one version: the Python SDK must answer the same (python/tests/test_hosted.py). */
function expectedAnswers(agent: StockroomCatalog, queries: readonly string[]) {
  const { snapshot } = agent;
  const topLevel = flatToolNames(snapshot.tools.filter((t) => t.exposure === "direct" || !t.namespace));
  const strip = (hits: ReturnType<StockroomCatalog["search"]>) => hits.map(({ tool: _tool, ...hit }) => hit);
  const paths = ["stripe", "github.create_issue", "linear.no_such_tool"];
  const loaded = resolveToolSearchPaths(snapshot, paths).toolIds.map((id) => agent.tool(id)!);
  const turnOne = (["openai", "anthropic", "mcp"] as const).flatMap((provider) =>
    [true, false].map((supportsToolSearch) => {
      const options = {
        provider,
        supportsToolSearch,
        toolSearch: "client" as const,
        toolSearchArguments: "query" as const,
      };
      return { options, tools: agent.firstRequestTools(options) };
    }),
  );
  return {
    version: agent.version,
    contentHash: agent.contentHash,
    profile: snapshot.engine.profile,
    queries: queries.map((query) => ({
      query,
      hits: strip(agent.search(query)),
      hits20: strip(agent.search(query, 20)),
      openai: agent.toolSearchOutput("call_1", query),
      anthropic: agent.answerToolUse({ type: "tool_use", id: "toolu_1", name: "tool_search", input: { query } }),
    })),
    paths: { paths, openai: buildToolSearchOutput(snapshot, "call_1", loaded, topLevel) },
    turnOne,
  };
}

/** What python/tests/test_hosted_telemetry.py recorded per version, read back from the events table. */
async function expectStoredTelemetry(db: PrismaClient, versions: number[]) {
  for (const [profile, version] of [
    ["stockroom", versions[0]],
    ["codex-bm25", versions[1]],
  ] as const) {
    const events = await db.agentEvent.findMany({
      where: { conversationId: `py-telemetry-${profile}` },
      orderBy: { at: "asc" },
    });
    expect(events.map((e) => e.kind).sort(), profile).toEqual([
      "call",
      "call",
      "outcome",
      "outcome",
      "search",
      "search",
      "search",
      "search",
    ]);
    const searches = events.filter((e) => e.kind === "search");
    for (const search of searches) {
      expect(search).toMatchObject({ profile, snapshotVersion: version });
      expect(search.latencyMs).toBeGreaterThanOrEqual(0);
      const hits = search.hits as Array<{ id: string; rank: number; score: number; strength?: string }>;
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.map((h) => h.rank)).toEqual(hits.map((_, i) => i + 1));
      expect(search.returnedIds).toEqual(hits.map((h) => h.id));
    }
    expect(searches.map((s) => s.limit)).toContain(3);
    const calls = events.filter((e) => e.kind === "call");
    expect(calls.map((c) => c.callId).sort()).toEqual(["call_py", "toolu_py"]);
    for (const call of calls) {
      // Linked to the newest search that returned the called tool, at the rank it had there.
      const linked = searches.find((s) => s.clientEventId === call.searchEventId);
      expect(linked?.returnedIds, profile).toContain(call.toolId);
      expect(call.rank).toBe(linked!.returnedIds.indexOf(call.toolId!) + 1);
    }
    const outcomes = Object.fromEntries(
      events.filter((e) => e.kind === "outcome").map((e) => [e.callId, { ok: e.ok, error: e.error }]),
    );
    expect(outcomes).toEqual({ call_py: { ok: true, error: null }, toolu_py: { ok: false, error: "card declined" } });
  }
}

function runPython(python: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ["-m", "unittest", "discover", "-s", "tests", "-t", ".", "-v"], {
      cwd: PYTHON_DIR,
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

// Items 2-4 of issue 22: the Python SDK's unittest suite, run here against a real server over HTTP.
describe("the Python SDK (python/) against a real server", () => {
  const api = useAgentApiServer({ agentRequestsPerMinute: 100_000, closeConnections: true });
  const { db, handle } = api;
  let url = "";
  const scratch = mkdtempSync(path.join(tmpdir(), "stockroom-python-"));
  beforeAll(async () => {
    await seedDemo({ db, password: "python-sdk-test-password" });
    url = api.baseUrl();
  }, 180_000);
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it("passes its unittest suite: every golden query answered as the TypeScript SDK, both profiles", {
    timeout: 300_000,
  }, async () => {
    const python = testPython();
    const { owner, input, golden, secret, v1, v2 } = await publishDemoInBothProfiles(db, "python");

    const queries = golden;
    const versions = [];
    for (const published of [v1, v2])
      versions.push(
        expectedAnswers(await connect({ url, token: secret, ...input, version: published.version }), queries),
      );
    const rankings = path.join(scratch, "rankings");
    mkdirSync(rankings);
    const ranked = writeLabelledRankings(rankings);
    expect(ranked.stockroom).toBeGreaterThan(2800);
    expect(ranked["codex-bm25"]).toBe(ranked.stockroom);
    expect(ranked["stockroom-learned"]).toBe(ranked.stockroom);
    const expectedFile = path.join(scratch, "expected.json");
    writeFileSync(expectedFile, JSON.stringify({ versions, latestVersion: v2.version, stockroomVersion: v1.version }));

    const env = {
      STOCKROOM_TEST_URL: url,
      STOCKROOM_TEST_TOKEN: secret,
      STOCKROOM_TEST_TEAM: DEMO_TEAM,
      STOCKROOM_TEST_CATALOG: DEMO_CATALOG,
    };
    const { code, output } = await runPython(python, {
      ...env,
      STOCKROOM_TEST_EXPECTED: expectedFile,
      STOCKROOM_TEST_REQUIRE_SERVER: "1",
      STOCKROOM_RANKING_DIR: rankings,
    });
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/skipped/);
    expect(output).toMatch(/test_every_golden_query_answers_as_the_typescript_sdk .* ok/);
    expect(output).toMatch(/test_every_query_of_every_labelled_set_ranks_as_in_typescript .* ok/);
    expect(output).toMatch(/test_every_query_of_every_labelled_set_ranks_as_in_typescript_codex_bm25 .* ok/);
    expect(output).toMatch(/test_every_query_of_every_labelled_set_ranks_as_in_typescript_learned_pack .* ok/);
    expect(output).toMatch(/Ran \d+ tests/);
    expect(output).toMatch(/test_searches_calls_and_outcomes_are_stored .* ok/);
    expect(output).toMatch(/test_the_quick_start_runs_from_the_installed_wheel .* ok/);
    await expectStoredTelemetry(db, [v1.version, v2.version]);
  });
});
