// `npm run build:sdk`: compiles sdk/ and the domain/ and search/ files it imports into sdk/dist as an ESM package with
// types. tsc keeps the sources' extensionless relative imports, which Node's ESM loader refuses, so a
// second pass adds `.js` (or `/index.js`) to every relative specifier in the emitted .js and .d.ts files.
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SDK_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(SDK_DIR);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"']*)\2/g;

/** `./x` → `./x.js`, `./dir` → `./dir/index.js`; leaves specifiers that already name a file alone. */
export function addExtensions(source: string, fromFile: string): string {
  return source.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
    if (/\.(m?js|json)$/.test(spec)) return whole;
    const target = path.resolve(path.dirname(fromFile), spec);
    const resolved = existsSync(`${target}.js`)
      ? `${spec}.js`
      : existsSync(path.join(target, "index.js"))
        ? `${spec}/index.js`
        : null;
    if (!resolved) throw new Error(`${fromFile}: cannot resolve ${spec}`);
    return `${lead}${quote}${resolved}${quote}`;
  });
}

/** Builds the package into `outDir` (default sdk/): `dist/` plus, elsewhere, a copy of package.json. */
export function buildSdk(outDir = SDK_DIR): string {
  const dist = path.join(outDir, "dist");
  rmSync(dist, { recursive: true, force: true });
  execFileSync(
    path.join(ROOT, "node_modules", ".bin", "tsc"),
    ["-p", path.join(SDK_DIR, "tsconfig.build.json"), "--outDir", dist],
    { stdio: "inherit" },
  );
  for (const file of filesUnder(dist).filter((f) => f.endsWith(".js") || f.endsWith(".d.ts"))) {
    writeFileSync(file, addExtensions(readFileSync(file, "utf8"), file));
  }
  if (path.resolve(outDir) !== SDK_DIR) {
    mkdirSync(outDir, { recursive: true });
    copyFileSync(path.join(SDK_DIR, "package.json"), path.join(outDir, "package.json"));
  }
  return dist;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : SDK_DIR;
  const dist = buildSdk(outDir);
  console.log(`built @stockroom/sdk into ${path.relative(process.cwd(), dist) || dist}`);
}
