// `npm run db:backup`: a consistent copy of the embedded (PGlite) database, as a gzipped tarball of its data
// directory.
//   npm run db:backup -- [--out FILE] [--url URL]
//     while the server runs: asks it (POST /ops/backup with STOCKROOM_BACKUP_TOKEN as a Bearer token; the server
//     takes the copy between two of its transactions, see server/db/pglite-worker.mjs). URL defaults to
//     STOCKROOM_URL, FILE to stockroom-backup-<time>.tar.gz.
//   npm run db:backup -- --offline [--out FILE]
//     with the server stopped: opens STOCKROOM_DATA_DIR itself (never while a server has it open).
// On Postgres (DATABASE_URL) use pg_dump (README, "Deployment").
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/open";
import { parseEnv } from "../server/env";

const { values } = parseArgs({
  options: { out: { type: "string" }, url: { type: "string" }, offline: { type: "boolean", default: false } },
});
const env = parseEnv(process.env);
if (env.DATABASE_URL) {
  console.error(
    "DATABASE_URL is set: back up Postgres with pg_dump (README, Deployment); this is for embedded PGlite.",
  );
  process.exit(2);
}
const out = values.out ?? `stockroom-backup-${new Date().toISOString().replaceAll(":", "-")}.tar.gz`;

async function fromServer(base: string): Promise<Uint8Array> {
  const token = env.STOCKROOM_BACKUP_TOKEN;
  if (!token) throw new Error("Set STOCKROOM_BACKUP_TOKEN to the server's value (or stop it and pass --offline).");
  const response = await fetch(new URL("/ops/backup", base), {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${base} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function fromDirectory(): Promise<Uint8Array> {
  const handle = await openDatabase({ dataDir: `${env.STOCKROOM_DATA_DIR}/pglite`, migrate: false });
  try {
    return await handle.backup!();
  } finally {
    await handle.close();
  }
}

try {
  const bytes = values.offline ? await fromDirectory() : await fromServer(values.url ?? env.STOCKROOM_URL);
  await writeFile(out, bytes, { mode: 0o600 });
  console.log(`Backed up the embedded database to ${out} (${bytes.length} bytes).`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
