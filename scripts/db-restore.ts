// `npm run db:restore -- FILE [--data-dir DIR]`: restores a `db:backup` tarball into DIR/pglite (DIR defaults to
// STOCKROOM_DATA_DIR), which must not exist yet or be empty: stop the server, move the old directory aside,
// restore, start the server. Checks the restored database opens and lists its migrations before it says done.
import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../server/db/open";
import { parseEnv } from "../server/env";

const { values, positionals } = parseArgs({ options: { "data-dir": { type: "string" } }, allowPositionals: true });
const file = positionals[0];
if (!file) {
  console.error("usage: npm run db:restore -- FILE [--data-dir DIR]");
  process.exit(2);
}
const dataDir = path.resolve(values["data-dir"] ?? parseEnv(process.env).STOCKROOM_DATA_DIR, "pglite");

async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return true; // absent
  }
}

try {
  if (!(await isEmpty(dataDir)))
    throw new Error(`${dataDir} is not empty: stop the server and move it aside first (it is never overwritten).`);
  const bytes = await readFile(file);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const loaded = await PGlite.create(dataDir, { loadDataDir: new Blob([bytes]) });
  await loaded.close();
  const handle = await openDatabase({ dataDir, migrate: false });
  try {
    const migrations = await handle.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "_stockroom_migrations"`);
    console.log(`Restored ${file} into ${dataDir} (${migrations[0]?.n ?? 0} migrations applied in it).`);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
