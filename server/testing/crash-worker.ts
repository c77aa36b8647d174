// A worker that publishes or imports in a loop until it is killed; used by restart-safety.test.ts.
// Usage: tsx --conditions=react-server server/testing/crash-worker.ts <publish|import> <postgres-url | pglite-dir>
import { openDatabase } from "../db/open";
import { commitImport, previewImport } from "../services/import/import-tools";
import { publishSnapshot } from "../services/review/publish-snapshot";

const [mode, target] = process.argv.slice(2);
if ((mode !== "publish" && mode !== "import") || !target)
  throw new Error("usage: crash-worker <publish|import> <url|dir>");

const handle = await openDatabase(target.startsWith("postgres") ? { url: target } : { dataDir: target });
const { db } = handle;
const catalog = await db.catalog.findFirstOrThrow({ where: { slug: "crash" }, include: { team: true } });
const actor = { id: null, label: "crash-worker" };

for (let round = 1; ; round++) {
  if (mode === "publish") {
    await db.tool.updateMany({
      where: { catalogId: catalog.id, name: "tool_0" },
      data: { description: `round ${round} ${Date.now()}` },
    });
    process.stdout.write(`START ${round}\n`);
    await publishSnapshot({ db, team: catalog.team, catalog, actor, note: `round ${round}`, reason: "crash test" });
  } else {
    const tools = Array.from({ length: 1500 }, (_, i) => ({
      name: `imported_${round}_${i}`,
      description: `Imported tool ${i} of round ${round}: fetch records and update them.`,
      inputSchema: {
        type: "object",
        properties: { id: { type: "string", description: "Record id" } },
        required: ["id"],
      },
    }));
    const text = JSON.stringify({ tools });
    const options = { namespace: `round${round}`, mcpServer: `server-${round}`, exposure: "deferred" as const };
    const preview = await previewImport({ db, catalog, text, options });
    process.stdout.write(`START ${round}\n`);
    await commitImport({ db, catalog, text, options, actor, fingerprint: preview.fingerprint, skipInvalid: false });
  }
  process.stdout.write(`DONE ${round}\n`);
}
