// The docs page's generated examples, run as a reader runs them: curl and python3 as child processes, the
// TypeScript through tsx, against the agent API's real node:http handler on a real database.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySnapshot } from "@/domain/snapshot/verify";
import { createNodeAgentHandler } from "@/server/http/agent-dispatch";
import { insertTestSnapshot } from "@/server/testing/insert-test-snapshot";
import { buildOpenApiDocument } from "@/domain/agent-api/openapi";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "@/server/testing/factories";
import { useTestDatabase } from "@/server/testing/use-test-database";
import { buildOperationExamples, EXAMPLE_LANGUAGES, type CodeExample } from ".";
import { exampleRequestsOf } from "./example-request";

const run = promisify(execFile);

/** Request bodies the schema alone cannot make valid: a search query, tools to import, a well-formed event batch. */
const IMPORT_BODY = {
  source: {
    tools: [{ name: "refund_order", description: "Refund an order.", inputSchema: { type: "object", properties: {} } }],
  },
  options: { namespace: "crm" },
};
const BODIES: Record<string, unknown> = {
  searchTools: { query: "refund an order", limit: 5 },
  previewImport: IMPORT_BODY,
  commitImport: { ...IMPORT_BODY, fingerprint: "from-the-preview" },
  previewSync: { document: IMPORT_BODY.source },
  applySync: { document: IMPORT_BODY.source, fingerprint: "from-the-preview" },
  postEvents: {
    events: [
      {
        type: "search",
        id: "docs-search-1",
        query: "refund an order",
        hits: [{ id: "crm.refund_order", rank: 1, score: 1 }],
      },
      { type: "call", id: "docs-call-1", callId: "call_1", toolId: "crm.refund_order", searchEventId: "docs-search-1" },
      { type: "outcome", id: "docs-outcome-1", callId: "call_1", ok: true },
    ],
  },
};
const IMPORT_OPERATIONS = new Set(["previewImport", "commitImport", "getSource", "previewSync", "applySync"]);
const ROOT = path.resolve(import.meta.dirname, "../../../..");

describe("the API docs examples", () => {
  const { handle } = useTestDatabase({ asAppDatabase: true });
  let server: Server;
  let dir = "";
  let env: NodeJS.ProcessEnv = { ...process.env };
  let values: Record<string, string> = {};
  let hasBrotli = false;
  let importSecret = "";
  /** Import operations need a token created with the import scope; everything else runs with a read token. */
  const secretFor = (operationId: string) => (IMPORT_OPERATIONS.has(operationId) ? importSecret : env.STOCKROOM_TOKEN!);

  beforeAll(async () => {
    server = createServer(createNodeAgentHandler());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const people = await createTeamWithMembers(handle.db);
    const catalog = await createCatalog(handle.db, people.team.id, { name: "Docs examples" });
    await createTools(handle.db, catalog.id, [
      { namespace: "crm", name: "refund_order", description: "Refund an order." },
    ]);
    await insertTestSnapshot(handle.db, people.team, catalog, 1);
    const { secret } = await callerFor(handle.db, people.owner).token.create({
      team: people.team.slug,
      catalog: catalog.slug,
      name: "docs",
    });
    importSecret = (
      await callerFor(handle.db, people.owner).token.create({
        team: people.team.slug,
        catalog: catalog.slug,
        name: "docs import",
        scopes: ["import"],
      })
    ).secret;
    values = { team: people.team.slug, catalog: catalog.slug, namespace: "crm" };
    await callerFor(handle.db, people.owner).source.set({
      team: people.team.slug,
      catalog: catalog.slug,
      namespace: "crm",
      source: { kind: "file", file: "crm-tools.json" },
    });
    env = {
      ...process.env,
      STOCKROOM_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      STOCKROOM_TOKEN: secret,
    };
    dir = mkdtempSync(path.join(tmpdir(), "stockroom-docs-"));
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const paths = { "@stockroom/sdk": [path.join(ROOT, "sdk", "index.ts")] };
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", paths } }),
    );
    hasBrotli = await run("python3", ["-c", "import brotli"]).then(
      () => true,
      () => false,
    );
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs one example; stdout, stderr. */
  async function runExample(example: CodeExample, name: string, token = env.STOCKROOM_TOKEN) {
    const options = { env: { ...env, STOCKROOM_TOKEN: token }, cwd: dir, maxBuffer: 64 << 20 };
    if (example.language === "curl") return run("bash", ["-euo", "pipefail", "-c", example.code], options);
    if (example.language === "python") return run("python3", ["-c", example.code], options);
    const file = path.join(dir, `${name}.mts`);
    writeFileSync(file, example.code);
    return run(
      path.join(ROOT, "node_modules", ".bin", "tsx"),
      ["--tsconfig", path.join(dir, "tsconfig.json"), file],
      options,
    );
  }

  it("covers every operation with curl, Python and TypeScript, and every encoding the operation negotiates", () => {
    const doc = buildOpenApiDocument();
    const operations = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    const built = buildOperationExamples(doc);
    expect(built.map((op) => op.operationId)).toEqual(operations);
    for (const op of built) {
      for (const language of ["curl", "python", "fetch"] as const)
        expect(
          op.examples.some((e) => e.language === language),
          `${op.operationId} ${language}`,
        ).toBe(true);
    }
    const latest = built.find((op) => op.operationId === "getLatestSnapshot")!;
    expect(new Set(latest.examples.map((e) => e.variant))).toEqual(new Set(["identity", "gzip", "br", "revalidate"]));
    expect(new Set(latest.examples.map((e) => e.language))).toEqual(new Set(EXAMPLE_LANGUAGES));
  });

  it("the TypeScript examples compile with --strict, @stockroom/sdk resolved to its sources", {
    timeout: 180_000,
  }, async () => {
    const project = path.join(dir, "typecheck");
    const sources = buildOperationExamples(buildOpenApiDocument()).flatMap((op) =>
      op.examples.filter((e) => e.language === "fetch" || e.language === "sdk"),
    );
    expect(sources.length).toBeGreaterThanOrEqual(10);
    mkdirSync(path.join(project, "src"), { recursive: true });
    sources.forEach((example, i) => writeFileSync(path.join(project, "src", `example-${i}.ts`), example.code));
    const compilerOptions = {
      strict: true,
      noEmit: true,
      target: "ES2022",
      module: "ESNext",
      moduleResolution: "Bundler",
      moduleDetection: "force",
      lib: ["ES2023", "DOM"],
      types: ["node"],
      typeRoots: [path.join(ROOT, "node_modules", "@types")],
      skipLibCheck: true,
      paths: { "@stockroom/sdk": [path.join(ROOT, "sdk", "index.ts")] },
    };
    writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
    const result = await run(path.join(ROOT, "node_modules", ".bin", "tsc"), ["-p", project, "--pretty", "false"]).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe("");
  });

  it("builds a POST with a sample body for an operation that takes one", () => {
    const body = {
      type: "object",
      required: ["query"],
      properties: { query: { type: "string", example: "refund" }, limit: { type: "integer", minimum: 1 } },
    };
    const doc = {
      paths: {
        "/api/v1/search": {
          post: { operationId: "search", requestBody: { content: { "application/json": { schema: body } } } },
        },
      },
    };
    const [request] = exampleRequestsOf(doc);
    expect(request).toMatchObject({
      method: "POST",
      path: "/api/v1/search",
      body: { query: "refund" },
      variants: ["identity"],
    });
    const curl = buildOperationExamples(doc)[0]!.examples.find((e) => e.language === "curl")!.code;
    expect(curl).toContain(`-X POST`);
    expect(curl).toContain(`--data '{"query":"refund"}'`);
  });

  it("every generated example runs against the real HTTP handler and gets what the API serves", {
    timeout: 240_000,
  }, async () => {
    const doc = buildOpenApiDocument();
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods)) as Array<{
      operationId: string;
      responses: Record<string, unknown>;
    }>;
    /** The bodies the POST operations need, fresh each time: a commit carries the fingerprint of a preview made just now. */
    async function bodiesNow(): Promise<Record<string, unknown>> {
      const preview = exampleRequestsOf(doc, values).find((r) => r.operationId === "previewImport")!;
      const response = await fetch(`${env.STOCKROOM_URL}${preview.path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${importSecret}`, "content-type": "application/json" },
        body: JSON.stringify(IMPORT_BODY),
      });
      expect(response.status, "previewImport for commitImport").toBe(200);
      const { fingerprint } = (await response.json()) as { fingerprint: string };
      const sync = exampleRequestsOf(doc, values).find((r) => r.operationId === "previewSync")!;
      const synced = await fetch(`${env.STOCKROOM_URL}${sync.path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${importSecret}`, "content-type": "application/json" },
        body: JSON.stringify(BODIES.previewSync),
      });
      expect(synced.status, "previewSync for applySync").toBe(200);
      const applySync = {
        ...(BODIES.applySync as object),
        fingerprint: ((await synced.json()) as { fingerprint: string }).fingerprint,
      };
      return { ...BODIES, commitImport: { ...IMPORT_BODY, fingerprint }, applySync };
    }
    async function requestNow(operationId: string) {
      const bodies = await bodiesNow();
      return { request: exampleRequestsOf(doc, values, bodies).find((r) => r.operationId === operationId)!, bodies };
    }
    /** The operation called directly: its body, and the 2xx status the document promises. */
    async function callDirectly(operationId: string) {
      const { request } = await requestNow(operationId);
      const response = await fetch(`${env.STOCKROOM_URL}${request.path}`, {
        method: request.method,
        headers: {
          authorization: `Bearer ${secretFor(operationId)}`,
          ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      });
      return { method: request.method, status: response.status, body: (await response.json()) as unknown };
    }

    const covered: string[] = [];
    for (const operation of operations) {
      const { operationId } = operation;
      const success = Number(Object.keys(operation.responses).find((status) => status.startsWith("2")));
      const first = await callDirectly(operationId);
      expect(first.status, `${operationId} direct`).toBe(success);
      // The POST operations are idempotent (events by id, an unchanged import writes nothing): what every example
      // gets is the answer to a repeat, which the second direct call shows.
      const served = first.method === "GET" ? first.body : (await callDirectly(operationId)).body;
      const variants = buildOperationExamples(doc, values, BODIES).find(
        (op) => op.operationId === operationId,
      )!.examples;
      for (const { language, variant } of variants) {
        const label = `${operationId} ${language} ${variant}`;
        const example = buildOperationExamples(doc, values, (await requestNow(operationId)).bodies)
          .find((op) => op.operationId === operationId)!
          .examples.find((e) => e.language === language && e.variant === variant)!;
        if (example.language === "python" && example.variant === "br" && !hasBrotli) {
          await run("python3", ["-c", `compile(${JSON.stringify(example.code)}, "example", "exec")`]); // no decoder here: syntax only
          continue;
        }
        const { stdout, stderr } = await runExample(example, label.replace(/\W+/g, "-"), secretFor(operationId));
        if (example.variant === "revalidate") {
          expect(stdout.trim(), label).toBe(example.language === "sdk" ? "not-modified" : "304");
        } else if (example.language === "sdk") {
          expect(stdout, label).toContain(values.catalog);
        } else {
          expect(JSON.parse(stdout), label).toEqual(served);
          if (example.variant !== "identity")
            expect(stderr.toLowerCase(), label).toContain(`content-encoding: ${example.variant}`);
        }
      }
      if (operationId === "getLatestSnapshot") await expect(verifySnapshot(served)).resolves.toBeTruthy();
      covered.push(operationId);
    }
    expect(covered).toEqual(expect.arrayContaining(["searchTools", "previewImport", "commitImport", "postEvents"]));
  });
});
