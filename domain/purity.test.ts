// domain/ is imported by server, components and the sdk (and bundled into the browser and the sdk package):
// it may import only zod, itself and search/, and only by relative path (the sdk build resolves no "@/" alias).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = import.meta.dirname;
const files = readdirSync(root).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));

describe("domain/ library files", () => {
  it("import only zod, domain/ and search/", () => {
    const offenders = files.flatMap((name) => {
      const source = readFileSync(path.join(root, name), "utf8");
      const imports = [...source.matchAll(/from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] ?? m[2]!);
      return imports
        .filter((spec) => !(spec === "zod" || spec.startsWith("./") || spec.startsWith("../search/")))
        .map((spec) => `${name}: ${spec}`);
    });
    expect(offenders).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(["tool.ts", "vocabulary.ts"]));
  });
});
