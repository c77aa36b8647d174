import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { sealSnapshot } from "./snapshot";
import { sampleContent } from "./testing/snapshot-server";

const hasPython = (() => {
  try {
    execFileSync("python3", ["--version"]);
    return true;
  } catch {
    return false;
  }
})();

// The README's verification recipe for Python agents, run as written against snapshots with awkward text.
const RECIPE = `
import hashlib, json, sys
body = json.load(sys.stdin)
claimed = body.pop("contentHash")
canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
print("sha256-" + hashlib.sha256(canonical.encode("utf-8")).hexdigest() == claimed)
`;

describe("the README's hash recipe (Python)", () => {
  it.skipIf(!hasPython)("reproduces contentHash, including non-ASCII, escapes and floats", async () => {
    const content = sampleContent();
    content.tools[0]!.spec.description = "Planifie une réunion — 会議を予約 \u2028 tab\tquote\" backslash\\ ctrl\u0001 emoji 🗓";
    content.tools[1]!.spec.parameters = { type: "object", properties: { ratio: { type: "number", default: 0.1 }, big: { type: "integer", maximum: 1e21 }, neg: { minimum: -0.5 } } };
    content.engine.k1 = 1.25;
    const sealed = await sealSnapshot(content, 3, "2026-05-01T12:00:00.000Z");
    const ok = execFileSync("python3", ["-c", RECIPE], { input: JSON.stringify(sealed), encoding: "utf8" }).trim();
    expect(ok).toBe("True");
    const tampered = execFileSync("python3", ["-c", RECIPE], { input: JSON.stringify({ ...sealed, version: 4 }), encoding: "utf8" }).trim();
    expect(tampered).toBe("False");
  });
});
