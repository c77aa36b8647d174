// search/ must run in the browser and in agents: no Node-only imports and no imports from the app.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.dirname(fileURLToPath(import.meta.url));
const LIBRARY_EXCLUDES = new Set(["testing", "scripts"]);

function libraryFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return LIBRARY_EXCLUDES.has(entry) ? [] : libraryFiles(full);
    return entry.endsWith(".ts") && !entry.endsWith(".test.ts") ? [full] : [];
  });
}

describe("search/ library files", () => {
  it("import nothing Node-only and nothing from app/, server/, sdk/ or components/", () => {
    const offenders = libraryFiles(root).filter((file) => {
      const source = readFileSync(file, "utf8");
      const imports = [...source.matchAll(/from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] ?? m[2]!);
      return imports.some(
        (spec) =>
          /^node:|^(fs|path|crypto|os|child_process)$/.test(spec) ||
          /(^@\/|\.\.\/)(app|server|sdk|components)\//.test(spec),
      );
    });
    expect(offenders).toEqual([]);
    expect(libraryFiles(root).length).toBeGreaterThan(20);
  });
});
