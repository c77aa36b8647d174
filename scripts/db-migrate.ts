// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PGlite database.
import { applyMigrations } from "../server/db/migrate";
import { openDatabase } from "../server/db/open";
import { parseEnv } from "../server/env";

const env = parseEnv(process.env);
const handle = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: `${env.STOCKROOM_DATA_DIR}/pglite`,
  migrate: false,
});
try {
  const applied = await applyMigrations(handle.sql);
  console.log(
    applied.length ? `Applied ${applied.join(", ")} (${handle.kind}).` : `Database is up to date (${handle.kind}).`,
  );
} finally {
  await handle.close();
}
