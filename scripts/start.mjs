// `npm start`: builds the app when the build is missing or older than the sources, then serves it (serve.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCE_DIRS = ["app", "components", "server", "domain", "search", "sdk", "prisma", "public"];
const SOURCE_FILES = [
  "next.config.mjs",
  "package-lock.json",
  "instrumentation.ts",
  "tsconfig.json",
  "postcss.config.mjs",
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === "node_modules" || child.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const buildId = path.join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const sourcesAt = Math.max(...[...SOURCE_DIRS, ...SOURCE_FILES].map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import("./serve.mjs");
