// `@stockroom/sdk` as a new user gets it: packed into a tarball, installed with npm into a fresh project outside the
// checkout (its declared dependencies from the registry, no link to this repository's node_modules), the TypeScript
// examples of README.md and docs/agents.md compiled there with `strict` and `skipLibCheck: false` against the
// official `openai` and `@anthropic-ai/sdk` packages, then run against a real Stockroom server. The model providers
// are a local stand-in (OPENAI_BASE_URL, ANTHROPIC_BASE_URL, the Chat Completions baseURL) that asks for a search and
// records what the examples send back: the answers must be the SDK's own, from the published demo catalog.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSdk } from "@/sdk/build";
import { connect } from "@/sdk/index";
import { DEMO_CATALOG, DEMO_EMAIL, DEMO_TEAM, seedDemo } from "@/server/services/seed/seed-demo";
import { callerFor } from "@/server/testing/factories";
import { DEMO_ACKNOWLEDGEMENT } from "@/server/testing/demo-two-profiles";
import { useAgentApiServer } from "@/server/testing/use-agent-api-server";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const DOCUMENTS = ["README.md", "docs/agents.md"];
const versionOf = (pkg: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")) as { version: string })
    .version;

function typescriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:ts|typescript)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)].map((match) => match[1]!);
}

/** Packs the SDK, installs the tarball and the provider clients into a fresh project in `dir`; returns its folder. */
function installPackedSdk(dir: string): string {
  const stage = path.join(dir, "stage");
  buildSdk(stage);
  execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: stage, encoding: "utf8" });
  const { version } = JSON.parse(readFileSync(path.join(ROOT, "sdk", "package.json"), "utf8")) as {
    version: string;
  };
  const tarball = path.join(dir, `stockroom-sdk-${version}.tgz`);
  const app = path.join(dir, "app");
  mkdirSync(path.join(app, "src"), { recursive: true });
  writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "agent", private: true, type: "module" }));
  const clients = ["openai", "@anthropic-ai/sdk", "@types/node"].map((pkg) => `${pkg}@${versionOf(pkg)}`);
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball, ...clients], {
    cwd: app,
    encoding: "utf8",
  });
  const installed = JSON.parse(
    readFileSync(path.join(app, "node_modules", "@stockroom", "sdk", "package.json"), "utf8"),
  ) as { dependencies: Record<string, string> };
  expect(Object.keys(installed.dependencies).sort()).toEqual(["canonicalize", "zod"]);
  return app;
}

/** Writes the docs' TypeScript examples into `app` (pointed at the test's servers) and compiles them strictly. */
function compileExamples(app: string, apiUrl: string, standUrl: string): string[] {
  const blocks = DOCUMENTS.flatMap((file) => typescriptBlocks(readFileSync(path.join(ROOT, file), "utf8")));
  expect(blocks.length).toBeGreaterThanOrEqual(3);
  blocks.forEach((block, i) =>
    writeFileSync(
      path.join(app, "src", `example-${i + 1}.ts`),
      block.replaceAll("http://localhost:3000", apiUrl).replaceAll("https://api.deepseek.com", standUrl),
    ),
  );
  const compilerOptions = {
    strict: true,
    skipLibCheck: false,
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2023", "DOM"],
    types: ["node"],
    outDir: "dist",
  };
  writeFileSync(path.join(app, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
  execFileSync(path.join(ROOT, "node_modules", ".bin", "tsc"), ["-p", app], { encoding: "utf8" });
  return blocks;
}

type Recorded = { path: string; body: Record<string, unknown> };

/** OpenAI Responses, Chat Completions and Anthropic Messages as a model that searches once, then answers. */
function providerStandIn(recorded: Recorded[]): Server {
  const reply = (body: Record<string, unknown>, url: string): unknown => {
    if (url.endsWith("/responses")) {
      const base = {
        id: `resp_${recorded.length}`,
        object: "response",
        created_at: 0,
        status: "completed",
        model: "m",
      };
      if (Array.isArray(body.input)) return { ...base, output: [message("done")] };
      const tools = body.tools as Array<{ type: string; parameters?: unknown }>;
      const byPaths = tools.some((t) => t.type === "tool_search" && t.parameters === undefined);
      const args = byPaths
        ? { paths: ["stripe", "stripe.nope"] }
        : { query: "refund the most recent payment", limit: 3 };
      const call = {
        type: "tool_search_call",
        id: "ts_1",
        call_id: "search-1",
        execution: "client",
        status: "completed",
      };
      return { ...base, output: [{ ...call, arguments: args }] };
    }
    if (url.endsWith("/messages")) {
      const messages = body.messages as Array<{ role: string }>;
      const content =
        messages.length > 1
          ? [{ type: "text", text: "done", citations: null }]
          : [{ type: "tool_use", id: "toolu_1", name: "tool_search", input: { query: "refund a payment" } }];
      const usage = { input_tokens: 1, output_tokens: 1 };
      return { id: "msg_1", type: "message", role: "assistant", model: "m", content, stop_reason: "end_turn", usage };
    }
    const chat = body.messages as Array<{ role: string }>;
    const searched = chat.some((m) => m.role === "tool");
    const toolCall = {
      id: "call_1",
      type: "function",
      function: { name: "tool_search", arguments: '{"query":"refund"}' },
    };
    const msg = searched
      ? { role: "assistant", content: "done" }
      : { role: "assistant", content: null, tool_calls: [toolCall] };
    return {
      id: "chat_1",
      object: "chat.completion",
      created: 0,
      model: "m",
      choices: [{ index: 0, message: msg, finish_reason: "stop" }],
    };
  };
  return createServer((req: IncomingMessage, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const body = JSON.parse(text || "{}") as Record<string, unknown>;
      recorded.push({ path: req.url ?? "", body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply(body, req.url ?? "")));
    });
  });
}

const message = (text: string) => ({
  type: "message",
  id: "msg_1",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text, annotations: [] }],
});

// Once, on PGlite: the package and its install do not depend on the database (npm install and tsc take minutes).
describe.skipIf(process.env.STOCKROOM_TEST_DB === "postgres")(
  "@stockroom/sdk packed, installed into a fresh project and run as the docs show",
  () => {
    const api = useAgentApiServer({ closeConnections: true });
    let dir = "";
    const recorded: Recorded[] = [];
    let stand: Server;
    let standUrl = "";
    let secret = "";
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "stockroom-sdk-install-"));
      await seedDemo({ db: api.db, password: "sdk-package-test-password" });
      const demo = await api.db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL } });
      const owner = callerFor(api.db, demo);
      const input = { team: DEMO_TEAM, catalog: DEMO_CATALOG };
      ({ secret } = await owner.token.create({ ...input, name: "sdk-package" }));
      await owner.review.publish({ ...input, note: "sdk-package", acknowledgement: DEMO_ACKNOWLEDGEMENT });
      stand = providerStandIn(recorded);
      await new Promise<void>((resolve) => stand.listen(0, "127.0.0.1", resolve));
      standUrl = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
    }, 180_000);
    afterAll(async () => {
      await new Promise((resolve) => stand?.close(resolve));
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("installs from its tarball with its declared dependencies, and the docs' examples compile and run", {
      timeout: 600_000,
    }, async () => {
      const app = installPackedSdk(dir);
      const blocks = compileExamples(app, api.baseUrl(), standUrl);
      const env = {
        ...process.env,
        STOCKROOM_TOKEN: secret,
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: `${standUrl}/v1`,
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: standUrl,
        DEEPSEEK_API_KEY: "sk-test",
      };
      for (const [i] of blocks.entries()) await runExample(path.join(app, "dist", `example-${i + 1}.js`), app, env);

      const sdk = await connect({
        url: api.baseUrl(),
        token: secret,
        team: DEMO_TEAM,
        catalog: DEMO_CATALOG,
        telemetry: false,
      });
      const answered = recorded.filter((r) => r.path.endsWith("/responses") && Array.isArray(r.body.input));
      expect(answered.map((r) => r.body.input)).toEqual([
        [
          sdk.answerToolSearchCall({
            call_id: "search-1",
            arguments: { query: "refund the most recent payment", limit: 3 },
          }),
        ],
        [sdk.answerToolSearchCall({ call_id: "search-1", arguments: { paths: ["stripe", "stripe.nope"] } })],
      ]);
      const claude = recorded.filter((r) => r.path.endsWith("/messages")).at(-1)!.body.messages as Array<{
        content: unknown;
      }>;
      expect(claude.at(-1)!.content).toEqual([
        sdk.answerToolUse({
          type: "tool_use",
          id: "toolu_1",
          name: "tool_search",
          input: { query: "refund a payment" },
        }),
      ]);
      const chat = recorded.filter((r) => r.path.endsWith("/chat/completions")).at(-1)!.body.messages as unknown[];
      expect(chat.at(-1)).toEqual(
        sdk.chatSession().answerToolCall({
          id: "call_1",
          type: "function",
          function: { name: "tool_search", arguments: '{"query":"refund"}' },
        }).message,
      );
      await sdk.close();
    });
  },
);

/**
 * Runs a compiled example until it exits, or (an example that keeps refreshing) until it has printed its last line
 * (each example ends by printing); one that does neither within 4 minutes fails, saying so.
 */
async function runExample(file: string, cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = execFile(process.execPath, [file], { cwd, env, encoding: "utf8" });
  let output = "";
  let printed: () => void = () => {};
  const hasPrinted = new Promise<"printed">((resolve) => (printed = () => resolve("printed")));
  child.stdout?.on("data", (chunk: string) => {
    output += chunk;
    printed();
  });
  child.stderr?.on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const stuck = new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), 240_000).unref());
  const settled = await Promise.race([exited, hasPrinted, stuck]);
  if (settled !== "printed" || child.exitCode === null) child.kill();
  await exited;
  expect(settled, `${path.basename(file)} neither printed nor exited: ${output}`).not.toBe("stuck");
  if (typeof settled === "number" || settled === null) expect(settled, `${path.basename(file)}: ${output}`).toBe(0);
  expect(output, path.basename(file)).not.toMatch(/Error|deprecated/);
}
