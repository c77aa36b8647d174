// The TypeScript examples of README.md and docs/agents.md, compiled as a user compiles them: `--strict`,
// `@stockroom/sdk` resolved to these sources, and the official `openai` and `@anthropic-ai/sdk` packages (dev
// dependencies) for the clients. Read from the documents each run, so an example that drifts from the SDK's types fails.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const DOCUMENTS = ["README.md", "docs/agents.md"];

/** The bodies of the ```ts / ```typescript fenced blocks of a Markdown text, in order. */
function typescriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:ts|typescript)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)].map((match) => match[1]!);
}

/** Runs tsc on a project; returns its diagnostics ("" when it compiles). */
function compile(dir: string): string {
  try {
    execFileSync(path.join(ROOT, "node_modules", ".bin", "tsc"), ["-p", dir, "--pretty", "false"], {
      encoding: "utf8",
    });
    return "";
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return `${stdout ?? ""}${stderr ?? ""}` || String(error);
  }
}

function writeProject(dir: string, sources: string[]): void {
  mkdirSync(path.join(dir, "src"), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  sources.forEach((source, i) => writeFileSync(path.join(dir, "src", `example-${i + 1}.ts`), source));
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    lib: ["ES2023", "DOM"],
    types: ["node"],
    skipLibCheck: true,
    paths: { "@stockroom/sdk": [path.join(ROOT, "sdk", "index.ts")] },
  };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
}

describe("the TypeScript examples of the README and docs/agents.md", () => {
  const dirs: string[] = [];
  const project = (sources: string[]) => {
    const dir = mkdtempSync(path.join(tmpdir(), "stockroom-readme-"));
    dirs.push(dir);
    writeProject(dir, sources);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("finds the fenced blocks, and only those", () => {
    expect(typescriptBlocks("a\n```ts\nconst a = 1;\n```\n```json\n{}\n```\n```typescript\nlet b;\n```\n")).toEqual([
      "const a = 1;\n",
      "let b;\n",
    ]);
  });

  it("compile with --strict against the official openai and @anthropic-ai/sdk packages", { timeout: 180_000 }, () => {
    const perDocument = DOCUMENTS.map((file) => typescriptBlocks(readFileSync(path.join(ROOT, file), "utf8")));
    for (const [i, blocks] of perDocument.entries()) expect(blocks.length, DOCUMENTS[i]).toBeGreaterThan(0);
    const blocks = perDocument.flat();
    const all = blocks.join("\n");
    for (const used of [
      'from "@stockroom/sdk"',
      'from "openai"',
      'from "@anthropic-ai/sdk"',
      "answerToolSearchCall",
      "answerToolUse",
    ])
      expect(all).toContain(used);
    expect(compile(project(blocks))).toBe("");
  });

  it("would catch an example the official types refuse (the check is not vacuous)", { timeout: 180_000 }, () => {
    const wrong = `import OpenAI from "openai";
      import { connect } from "@stockroom/sdk";
      const catalog = await connect({ url: "http://x", token: "srk_", team: "t", catalog: "c" });
      // Anthropic-shaped tools sent to OpenAI: the official request type refuses them.
      await new OpenAI().responses.create({ model: "gpt-5.4", input: "hi", tools: catalog.firstRequestTools({ provider: "anthropic" }) });`;
    expect(compile(project([wrong]))).toMatch(/example-1\.ts\(5,\d+\): error TS2769: No overload matches this call/);
  });
});
