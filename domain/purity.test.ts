// domain/ is imported by server, components and the sdk (and bundled into the browser and the sdk package):
// it may import only zod, canonicalize (RFC 8785, for the snapshot hash), itself and search/, and only by relative
// path (the sdk build resolves no "@/" alias).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = import.meta.dirname;
const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
  (name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.includes("testing/"),
);

describe("domain/ library files", () => {
  it("import only zod, canonicalize, domain/ and search/", () => {
    const offenders = files.flatMap((name) => {
      const source = readFileSync(path.join(root, name), "utf8");
      const imports = [...source.matchAll(/from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] ?? m[2]!);
      return imports
        .filter((spec) => {
          if (spec === "zod" || spec === "canonicalize") return false;
          if (!spec.startsWith(".")) return true;
          // A relative path must stay inside domain/ or reach search/.
          const target = path.join(path.dirname(name), spec);
          return target.startsWith("..") && !target.startsWith(`..${path.sep}search`);
        })
        .map((spec) => `${name}: ${spec}`);
    });
    expect(offenders).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(["tool.ts", "vocabulary.ts"]));
  });
});
