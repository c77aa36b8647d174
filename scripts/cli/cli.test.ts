// The CLI contract other tools depend on, exercised through a child process as they use it.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const shared = path.resolve(repoRoot, "../shared");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
const cli = path.join(repoRoot, "scripts/stockroom-cli.ts");

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(tsx, [cli, ...args], { cwd: repoRoot }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), "stockroom-cli-"));
const docsFile = path.join(dir, "docs.jsonl");
const queriesFile = path.join(dir, "queries.jsonl");
writeFileSync(
  docsFile,
  [
    { id: "b", text: "bake bread in the oven" },
    { id: "a", text: "bake bread in the oven" },
    { id: "c", text: "send an email" },
  ]
    .map((d) => JSON.stringify(d))
    .join("\n"),
);
writeFileSync(
  queriesFile,
  ['{"query":"bake"}', '{"query":"email","gold":["c"]}', '{"query":"nothing here"}'].join("\n"),
);

describe("stockroom CLI", () => {
  it("rank --docs prints one JSON line per query, in order, ties by id", async () => {
    const { code, stdout } = await runCli([
      "rank",
      "--profile",
      "codex-bm25",
      "--docs",
      docsFile,
      "--queries",
      queriesFile,
    ]);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { query: string; hits: Array<{ id: string; score: number; strength: string }> });
    expect(lines.map((l) => l.query)).toEqual(["bake", "email", "nothing here"]);
    expect(lines[0]!.hits.map((h) => h.id)).toEqual(["a", "b"]);
    expect(lines[0]!.hits[0]!.score).toBeGreaterThan(0);
    expect(Object.keys(lines[0]!.hits[0]!)).toEqual(["id", "score", "strength"]);
    expect(["strong", "weak"]).toContain(lines[0]!.hits[0]!.strength);
    expect(lines[2]!.hits).toEqual([]);
  });

  it("rank --tools indexes the corpus through the search-text builder with namespace.name ids", async () => {
    const { code, stdout } = await runCli([
      "rank",
      "--profile",
      "stockroom",
      "--tools",
      path.join(shared, "corpus/tools.jsonl"),
      "--queries",
      queriesFile,
      "--limit",
      "3",
    ]);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { hits: Array<{ id: string }> });
    expect(lines).toHaveLength(3);
    expect(lines[1]!.hits.length).toBeLessThanOrEqual(3);
    expect(lines[1]!.hits[0]!.id).toMatch(/^[a-z_]+\.[\w-]+$/);
  }, 20_000);

  it("eval prints the metrics per language", async () => {
    const { code, stdout } = await runCli([
      "eval",
      "--profile",
      "codex-bm25",
      "--tools",
      path.join(shared, "corpus/tools.jsonl"),
      "--queries",
      path.join(shared, "corpus/queries.dev.jsonl"),
      "--json",
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { rows: Array<Record<string, unknown>> };
    expect(report.rows.map((r) => r.lang)).toEqual(["en", "zh", "all"]);
    expect(Object.keys(report.rows[0]!)).toEqual(
      expect.arrayContaining(["successAt1", "successAt8", "recallAt10", "mrr", "ndcg10", "noMatchEmptyRate"]),
    );
  }, 20_000);

  it("refuses bad usage with exit code 2", async () => {
    const runs = await Promise.all([
      runCli(["rank", "--profile", "bm99", "--docs", docsFile, "--queries", queriesFile]),
      runCli(["rank", "--profile", "stockroom", "--queries", queriesFile]),
      runCli(["rank", "--profile", "stockroom", "--docs", docsFile, "--queries", queriesFile, "--limit", "0"]),
      runCli(["frobnicate"]),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2]);
    expect(runs[0]!.stderr).toContain("unknown profile");
  }, 20_000);
});
