import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SnapshotContent } from "./verify";
import { sampleContent, startSnapshotServer, TEST_TOKEN, type SnapshotServer } from "../../sdk/testing/snapshot-server";

const hasPython = (() => {
  try {
    execFileSync("python3", ["--version"]);
    return true;
  } catch {
    return false;
  }
})();
// CI must run the recipe: only a machine without python3 outside CI may skip it.
const runRecipe = hasPython || process.env.CI === "true";

const VECTORS = path.join(import.meta.dirname, "testing", "jcs-vectors.json");

/** The Python hash recipe of docs/agents.md, taken from the document itself so the two cannot drift apart. */
function readmeRecipe(): { definitions: string; whole: string } {
  const readme = readFileSync(path.join(import.meta.dirname, "..", "..", "docs", "agents.md"), "utf8");
  const block = [...readme.matchAll(/```python\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((code) => code.includes("def canonical_json"));
  if (!block) throw new Error("docs/agents.md has no python block defining canonical_json");
  return { definitions: block.slice(0, block.indexOf("\nreq = ")), whole: block };
}

const python = (code: string, input = "") => {
  const run = promisify(execFile)("python3", ["-c", code], { encoding: "utf8", timeout: 30_000 });
  run.child.stdin!.end(input);
  return run;
};

/** A snapshot holding every awkward case: integer-like keys, exponents, non-BMP text, U+2028, control characters. */
function awkwardContent(format?: SnapshotContent["format"]): SnapshotContent {
  const content = sampleContent();
  if (format) content.format = format;
  content.tools[0]!.spec.description =
    'Planifie une réunion — 会議を予約 \u2028 \u2029 tab\tquote" backslash\\ ctrl\u0001\u001f\u007f emoji 🗓 𠀋';
  content.tools[1]!.spec.parameters = {
    type: "object",
    properties: {
      "10": { type: "string", description: "the tenth" },
      "9": { type: "string" },
      zeta: { type: "number", default: 1e-7, minimum: -1.5e-7, multipleOf: 0.000001, maximum: 1e21 },
      alpha: { type: "integer", maximum: 123456789012345680000, examples: [1e16, 0.00001, 4.5, 100] },
      "😀": { const: "\ufb33" },
      "€": { const: "euro" },
    },
  };
  content.engine.k1 = 1.25;
  return content;
}

describe("the hash recipe of docs/agents.md (Python)", () => {
  let server: SnapshotServer;
  beforeAll(async () => {
    server = await startSnapshotServer(awkwardContent());
  });
  afterAll(() => server?.close());

  const run = (snapshotVersion: "latest" | number) => {
    const prelude = `base, team, catalog, token = ${JSON.stringify(server.url)}, "acme", "support", ${JSON.stringify(TEST_TOKEN)}\n`;
    const code = prelude + readmeRecipe().whole.replace("/snapshots/latest", `/snapshots/${snapshotVersion}`);
    return python(code).then(
      () => "verified",
      (error: { stderr?: string }) =>
        error.stderr?.includes("failed its hash check") ? "refused" : `error: ${error.stderr}`,
    );
  };

  it.skipIf(!runRecipe)("writes every RFC 8785 vector exactly as canonicalize does", async () => {
    const driver = `${readmeRecipe().definitions}
vectors = json.load(open(${JSON.stringify(VECTORS)}, encoding="utf-8"))
print(json.dumps([canonical_json(v["input"]) for v in vectors], ensure_ascii=False))`;
    const vectors = JSON.parse(readFileSync(VECTORS, "utf8")) as Array<{ canonical: string }>;
    const written = JSON.parse((await python(driver)).stdout) as string[];
    expect(written).toEqual(vectors.map((v) => v.canonical));
  });

  it.skipIf(!runRecipe)("verifies a served v2 snapshot with every edge case, and refuses it tampered", async () => {
    expect(await run("latest")).toBe("verified");
    const tampered = JSON.stringify(server.versions[0]).replace("the tenth", "the ninth");
    server.override.set(1, tampered);
    expect(await run(1)).toBe("refused");
    server.override.delete(1);
  });

  it.skipIf(!runRecipe)(
    "verifies a v1 snapshot (integer-like keys first) that RFC 8785 alone would refuse",
    async () => {
      await server.publish(awkwardContent("stockroom.snapshot/v1"));
      expect(await run(2)).toBe("verified");
      // The same content with its format relabelled v2 must not pass: the two forms differ for these keys.
      server.override.set(2, JSON.stringify({ ...server.versions[1], format: "stockroom.snapshot/v2" }));
      expect(await run(2)).toBe("refused");
    },
  );

  it.skipIf(!runRecipe)(
    "is needed: Python's json.dumps(sort_keys=True) refuses the same genuine snapshot",
    async () => {
      const naive = `import hashlib, json, sys
body = json.load(sys.stdin); claimed = body.pop("contentHash")
canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
print("sha256-" + hashlib.sha256(canonical.encode("utf-8")).hexdigest() == claimed)`;
      expect((await python(naive, JSON.stringify(server.versions[0]))).stdout.trim()).toBe("False");
    },
  );
});
