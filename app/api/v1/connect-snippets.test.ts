import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EXAMPLE_QUERY, curlSnippet, pythonSnippet, typescriptSnippet } from "@/components/tokens/connect-snippets";
import { connect } from "@/sdk/index";
import { callerFor } from "@/server/testing/factories";
import { publishDraft, seedPlaygroundCatalog } from "@/server/testing/playground-fixtures";
import { PYTHON_DIR, testPython } from "@/server/testing/python";
import { useAgentApiServer } from "@/server/testing/use-agent-api-server";

const REPO = path.resolve(import.meta.dirname, "../../..");
const QUERY = "refund customer orders";

function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}: ${err}`))));
  });
}

/** "rank id score" lines → [rank, id, score]. */
const parse = (output: string) =>
  output
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split(" "))
    .map(([rank, id, score]) => [Number(rank), id, Number(score)]);

// Issue 41 item 12: the Agent tokens page's examples are real code for the SDKs as they are. Each one is run as
// shown against a real server (the request words swapped for ones the test catalog answers).
describe("the Agent tokens page's connect examples", () => {
  const api = useAgentApiServer({ closeConnections: true });
  const { db } = api;
  const scratch = mkdtempSync(path.join(tmpdir(), "stockroom-snippets-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("connect and search with the team and catalog filled in: curl, TypeScript and Python", {
    timeout: 120_000,
  }, async () => {
    const { owner, team, catalog, input } = await seedPlaygroundCatalog(db);
    await publishDraft(db, team, catalog, 1);
    const { secret } = await callerFor(db, owner).token.create({ ...input, name: "snippets" });
    const target = { apiUrl: api.baseUrl(), team: team.slug, catalog: catalog.slug };
    const withQuery = (code: string) => code.replace(JSON.stringify(EXAMPLE_QUERY), JSON.stringify(QUERY));

    const reader = await connect({ url: target.apiUrl, token: secret, ...input, telemetry: false });
    const expected = reader.search(QUERY, 5).map((hit) => [hit.rank, hit.id, hit.score]);
    expect(expected.length).toBeGreaterThan(1);

    const [, authorization, url] = curlSnippet(target, secret).match(/^curl -H "Authorization: (.+)" \\\n {2}(\S+)$/)!;
    const read = await fetch(url!, { headers: { authorization: authorization! } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { catalog: { slug: string } }).catalog.slug).toBe(catalog.slug);

    const tsFile = path.join(scratch, "example.mts");
    const sdk = path.join(REPO, "sdk/index.ts");
    writeFileSync(tsFile, withQuery(typescriptSnippet(target)).replace('"@stockroom/sdk"', JSON.stringify(sdk)));
    const tsOut = await run(path.join(REPO, "node_modules/.bin/tsx"), [tsFile], { STOCKROOM_TOKEN: secret });
    expect(parse(tsOut)).toEqual(expected);

    const pyOut = await run(testPython(), ["-c", withQuery(pythonSnippet(target))], {
      STOCKROOM_TOKEN: secret,
      PYTHONPATH: PYTHON_DIR,
    });
    expect(parse(pyOut)).toEqual(expected);

    // Both sent their search to Insights on close.
    const searches = await db.agentEvent.count({ where: { kind: "search", catalogId: catalog.id } });
    expect(searches).toBe(2);
  });
});
