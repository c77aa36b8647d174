import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { getTypeDefinitionGlobPatterns } from "next/dist/lib/typescript/type-paths.js";
import { writeConfigurationDefaults } from "next/dist/lib/typescript/writeConfigurationDefaults.js";
import { afterAll, describe, expect, it, vi } from "vitest";
import { assertBuildLeavesTsconfig, BENCH_DIST_DIRS, nextTypeGlobs } from "./next-dist-dir";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSCONFIG = path.join(ROOT, "tsconfig.json");
const tsVersion = (createRequire(import.meta.url)("typescript/package.json") as { version: string }).version;
const scratch = mkdtempSync(path.join(tmpdir(), "stockroom-tsconfig-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What `next build` into `distDir` does to tsconfig.json, run by Next.js's own code on a copy: the copy's text after. */
async function tsconfigAfterBuild(distDir: string): Promise<string> {
  const copy = path.join(scratch, `${distDir.replace(/\W/g, "_")}.json`);
  copyFileSync(TSCONFIG, copy);
  // The arguments verify-typescript-setup.js passes for this app: not first setup, app dir, no pages dir, no strict route types.
  await writeConfigurationDefaults(tsVersion, copy, false, true, distDir, false, false);
  return readFileSync(copy, "utf8");
}

describe("benches build without rewriting tsconfig.json", () => {
  const tracked = readFileSync(TSCONFIG, "utf8");

  for (const distDir of [...Object.values(BENCH_DIST_DIRS), ".next"]) {
    it(`next build into ${distDir} leaves tsconfig.json as it is`, async () => {
      expect(await tsconfigAfterBuild(distDir)).toBe(tracked);
      expect(() => assertBuildLeavesTsconfig(distDir)).not.toThrow();
    });
  }

  it("the guard refuses a folder whose build would rewrite tsconfig.json, as Next.js would", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {}); // Next.js announces what it added
    expect(await tsconfigAfterBuild(".next-elsewhere")).not.toBe(tracked);
    expect(() => assertBuildLeavesTsconfig(".next-elsewhere")).toThrow(/tsconfig\.json/);
  });

  it("the guard checks the entries Next.js adds", () => {
    expect(nextTypeGlobs(".next-x").sort()).toEqual(getTypeDefinitionGlobPatterns(".next-x").sort());
  });

  it("every bench that builds the app takes its build folder through the guard", () => {
    const scripts = readdirSync(path.join(ROOT, "scripts")).filter((f) => /^(bench-.*|loadtest)\.ts$/.test(f));
    const builders = scripts.filter((f) => {
      const text = readFileSync(path.join(ROOT, "scripts", f), "utf8");
      // A Next.js build: `next build` spelled as a command or as spawn arguments, or a start of the app that builds.
      return /["']next["'],\s*["']build["']|next build|start\.mjs|serve\.mjs|startAppServer\(/.test(text);
    });
    expect(builders).toEqual(expect.arrayContaining(["bench-api.ts", "loadtest.ts"]));
    for (const f of builders) {
      const text = readFileSync(path.join(ROOT, "scripts", f), "utf8");
      expect(text, f).toMatch(/benchDistDir\(BENCH_DIST_DIRS\.\w+\)/);
    }
    // and startAppServer checks the folder it is given too.
    expect(readFileSync(path.join(ROOT, "scripts/lib/app-server.ts"), "utf8")).toMatch(/assertBuildLeavesTsconfig\(/);
  });
});
