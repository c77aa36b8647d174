// Build folders for the benches that build the app. `next build` (and `next dev`) adds `<distDir>/types/**/*.ts`
// and `<distDir>/dev/types/**/*.ts` to tsconfig.json's `include` when they are missing, rewriting a tracked file
// (node_modules/next/dist/lib/typescript/writeConfigurationDefaults.js). So a bench builds only into a folder
// tsconfig.json already lists: its default below, or a NEXT_DIST_DIR tsconfig.json lists (`.next` does).
// scripts/lib/next-dist-dir.test.ts runs Next's own check on a copy of tsconfig.json for each of them.
import { readFileSync } from "node:fs";
import path from "node:path";

/** Each building bench's default build folder (NEXT_DIST_DIR overrides it); bench:browser shares the app's own. */
export const BENCH_DIST_DIRS = { api: ".next-bench-api", loadtest: ".next-load", browser: ".next" } as const;

const TSCONFIG = path.resolve(import.meta.dirname, "../../tsconfig.json");

/** The `include` entries Next.js adds for a build folder (as in next/dist/lib/typescript/type-paths.js). */
export function nextTypeGlobs(distDir: string): string[] {
  return [`${distDir}/types/**/*.ts`, `${distDir}/dev/types/**/*.ts`];
}

/** Throws unless tsconfig.json already includes `distDir`'s type folders, i.e. unless building there leaves it as it is. */
export function assertBuildLeavesTsconfig(distDir: string, tsconfigPath = TSCONFIG): void {
  const include = (JSON.parse(readFileSync(tsconfigPath, "utf8")) as { include?: string[] }).include ?? [];
  const missing = nextTypeGlobs(distDir).filter((glob) => !include.includes(glob));
  if (missing.length > 0)
    throw new Error(
      `next build into ${distDir} would add ${missing.join(", ")} to tsconfig.json (a tracked file): ` +
        `set NEXT_DIST_DIR to a folder tsconfig.json lists (${Object.values(BENCH_DIST_DIRS).join(", ")}, .next) ` +
        "or add that folder's two entries to tsconfig.json's include in a commit of its own",
    );
}

/** NEXT_DIST_DIR or the bench's default, checked: a build there does not rewrite tsconfig.json. */
export function benchDistDir(fallback: string): string {
  const distDir = process.env.NEXT_DIST_DIR || fallback;
  assertBuildLeavesTsconfig(distDir);
  return distDir;
}
