// pull / search / diff through a child process, against a node:http server speaking the agent API.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSnapshotIndex } from "../../domain/snapshot/snapshot-index";
import { sampleContent, startSnapshotServer, TEST_TOKEN, type SnapshotServer } from "../../sdk/testing/snapshot-server";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
const cli = path.join(repoRoot, "scripts/stockroom-cli.ts");

function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // npm run always starts in the repo root (tsx reads the path aliases from its tsconfig there); files are absolute.
    execFile(
      tsx,
      [cli, ...args],
      { cwd: repoRoot, env: { ...process.env, STOCKROOM_TOKEN: "", ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const dir = mkdtempSync(path.join(tmpdir(), "stockroom-agent-cli-"));
let server: SnapshotServer;
const refund = {
  id: "crm.refund_order",
  namespace: "crm",
  name: "refund_order",
  exposure: "deferred" as const,
  fallback: "direct" as const,
  searchText: "refund_order refund an order money back crm customer orders",
  spec: {
    type: "function" as const,
    name: "refund_order",
    description: "Refund an order.",
    parameters: { type: "object", properties: {} },
    strict: false,
  },
};

beforeAll(async () => {
  server = await startSnapshotServer();
  const v2 = sampleContent([refund]);
  v2.tools = v2.tools
    .map((t) => (t.id === "crm.cancel_order" ? { ...t, spec: { ...t.spec, description: "Cancel an open order." } } : t))
    .filter((t) => t.id !== "weather_lookup");
  await server.publish(v2);
  writeFileSync(
    path.join(dir, "golden.jsonl"),
    [
      '{"query":"refund my money for an order","gold":["crm.refund_order"]}',
      '{"query":"schedule a meeting","gold":["calendar.create_event"]}',
      '{"query":"weather forecast","gold":["weather_lookup"]}',
    ].join("\n"),
  );
});
afterAll(() => server.close());

const at = (name: string) => path.join(dir, name);
const api = () => ["--url", server.url, "--team", "acme", "--catalog", "support"];

describe("stockroom pull", { timeout: 60_000 }, () => {
  it("saves the verified snapshot as the server sent it, with the token from STOCKROOM_TOKEN", async () => {
    const { code, stdout } = await runCli(["pull", ...api(), "--version", "1", "--out", at("acme-support-v1.json")], {
      STOCKROOM_TOKEN: TEST_TOKEN,
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /saved acme\/support v1 \(sha256-[0-9a-f]{64}, 6 tools, 5 deferred\) to .*acme-support-v1.json/,
    );
    expect(readFileSync(path.join(dir, "acme-support-v1.json"), "utf8")).toBe(JSON.stringify(server.versions[0]));
    const latest = await runCli(["pull", ...api(), "--out", at("latest.json"), "--token", TEST_TOKEN]);
    expect(latest.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, "latest.json"), "utf8")).version).toBe(2);
  });

  it("says what is wrong: missing token, refused token, bad version", async () => {
    expect(await runCli(["pull", ...api()])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/STOCKROOM_TOKEN/),
    });
    expect(await runCli(["pull", ...api()], { STOCKROOM_TOKEN: "srk_nope" })).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/UNAUTHORIZED/),
    });
    expect(await runCli(["pull", ...api(), "--version", "0"], { STOCKROOM_TOKEN: TEST_TOKEN })).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--version must be/),
    });
  });
});

describe("stockroom search", { timeout: 60_000 }, () => {
  it("ranks a saved snapshot with its own engine settings (table, --json and --queries)", async () => {
    await runCli(["pull", ...api(), "--version", "2", "--out", at("v2.json")], { STOCKROOM_TOKEN: TEST_TOKEN });
    const expected = createSnapshotIndex(server.versions[1]!).search("refund my order", 5);
    const table = await runCli(["search", "--snapshot", at("v2.json"), "--query", "refund my order"]);
    expect(table.code).toBe(0);
    expect(table.stdout.split("\n")[0]).toBe("acme/support v2 · stockroom · 5 deferred tools indexed");
    expect(table.stdout.split("\n")[1]).toContain(
      `${expected[0]!.score.toFixed(4)}  ${expected[0]!.strength.padEnd(6)}  crm.refund_order  Refund an order.`,
    );
    const json = await runCli(["search", "--snapshot", at("v2.json"), "--query", "refund my order", "--json"]);
    expect(JSON.parse(json.stdout)).toEqual({
      query: "refund my order",
      hits: expected.map(({ id, score, strength }) => ({ id, score, strength })),
    });
    const batch = await runCli([
      "search",
      "--snapshot",
      at("v2.json"),
      "--queries",
      at("golden.jsonl"),
      "--limit",
      "2",
    ]);
    expect(
      batch.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).hits.length),
    ).toEqual([2, 2, 0]);
  });

  it("fetches from the API, and refuses a tampered file", async () => {
    const live = await runCli(["search", ...api(), "--version", "1", "--query", "weather"], {
      STOCKROOM_TOKEN: TEST_TOKEN,
    });
    expect(live.stdout).toMatch(/v1 · stockroom[\s\S]*weather_lookup/);
    const text = readFileSync(path.join(dir, "v2.json"), "utf8").replace("Refund an order.", "Refund every order.");
    writeFileSync(path.join(dir, "tampered.json"), text);
    expect(await runCli(["search", "--snapshot", at("tampered.json"), "--query", "x"])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/does not match its hash/),
    });
    expect(await runCli(["search", "--snapshot", at("v2.json")])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--query or --queries/),
    });
  });
});

describe("stockroom diff", { timeout: 60_000 }, () => {
  it("lists tool changes and golden-query movements between two versions", async () => {
    const { code, stdout } = await runCli(
      ["diff", ...api(), "--from", "1", "--to", "2", "--golden", at("golden.jsonl")],
      { STOCKROOM_TOKEN: TEST_TOKEN },
    );
    expect(code).toBe(0);
    expect(stdout).toContain("acme/support v1 → v2");
    expect(stdout).toContain("tools: 1 added, 1 removed, 1 changed");
    expect(stdout).toContain("  + crm.refund_order (deferred)  Refund an order.");
    expect(stdout).toContain("  - weather_lookup (deferred)");
    expect(stdout).toContain("  ~ crm.cancel_order: description");
    expect(stdout).toMatch(/golden queries \(3, top 5\): 1 worse, 1 better/);
    expect(stdout).toMatch(/better\s+"refund my money for an order": entered crm.refund_order at 1/);
    expect(stdout).toMatch(/worse\s+"weather forecast": left weather_lookup \(was 1\)/);
  });

  it("compares files, prints JSON, and exits 1 on a regression with --fail-on-regression", async () => {
    const args = ["diff", "--from", at("acme-support-v1.json"), "--to", at("v2.json"), "--golden", at("golden.jsonl")];
    const json = await runCli([...args, "--json"]);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.tools.added.map((t: { id: string }) => t.id)).toEqual(["crm.refund_order"]);
    expect(parsed.tools.changed).toEqual([
      {
        id: "crm.cancel_order",
        fields: [{ field: "description", before: "Cancel an order.", after: "Cancel an open order." }],
      },
    ]);
    expect(parsed.golden.queries.map((q: { verdict: string }) => q.verdict)).toEqual(["better", "changed", "worse"]); // "changed": same top K, new scores (corpus statistics moved)
    // One query better, one worse: the means balance out; but v1 returned (weak) hits for every query and v2 has
    // nothing at all for "weather forecast" (its only weather tool is gone), so the no-hit count is a regression.
    expect(parsed.golden.regressions).toEqual([{ metric: "noHit", before: 0, after: 1 }]);
    expect((await runCli([...args, "--fail-on-regression"])).code).toBe(1);
    writeFileSync(at("weather.jsonl"), '{"query":"weather forecast","gold":["weather_lookup"]}\n');
    const worse = await runCli([
      "diff",
      "--from",
      at("acme-support-v1.json"),
      "--to",
      at("v2.json"),
      "--golden",
      at("weather.jsonl"),
      "--fail-on-regression",
    ]);
    expect(worse.code).toBe(1);
    expect(worse.stdout).toMatch(/regressions: success@1 1.000 → 0.000/);
    expect(await runCli(["diff", "--from", "3", "--to", at("v2.json")])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/is a version/),
    });
  });
});
