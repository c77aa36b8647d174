// `npx tsx scripts/profile-ingest-batches.ts --db pglite [--explain] [--checkpoints]`: CPU per ingest batch,
// sequential (no queueing): the bench's batches through ingestEvents, timing each statement; process CPU covers
// this thread and PGlite's worker, which take turns here. --explain prints the plan of one write with its timings;
// --checkpoints names the batches that were slow or began a WAL segment.
import { loadavg } from "node:os";
import { ingestEvents } from "../server/services/insights/ingest-events";
import { validateEventBatch } from "../server/services/insights/validate-batch";
import { createTestDatabase, type TestDbKind } from "../server/testing/test-db";
import { batchOf } from "./lib/event-agents";

const argv = process.argv.slice(2);
const kind = (argv[argv.indexOf("--db") + 1] ?? "pglite") as TestDbKind;
const N = 300;
const q = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))]!;
const handle = await createTestDatabase(kind);
const team = await handle.db.team.create({ data: { slug: `seq-${Date.now()}`, name: "Seq" } });
const catalog = await handle.db.catalog.create({ data: { teamId: team.id, slug: "events", name: "Events" } });
let explainNext = false;
const times: Record<string, number[]> = { context: [], write: [] };
const realQuery = handle.sql.query.bind(handle.sql);
const sql = {
  query: (async (text: string, params?: unknown[]) => {
    const started = performance.now();
    if (explainNext && text.includes("jsonb_to_recordset")) {
      explainNext = false;
      const plan = await realQuery<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, VERBOSE false) ${text}`, params);
      console.log(
        plan
          .map((row) => row["QUERY PLAN"])
          .filter((l) => /Insert|Update|Planning|Execution|CTE|Aggregate|Sort  /.test(l))
          .join("\n"),
      );
      return [] as never;
    }
    try {
      return await realQuery(text, params);
    } finally {
      times[text.includes("jsonb_to_recordset") ? "write" : "context"]!.push(performance.now() - started);
    }
  }) as typeof handle.sql.query,
};
const send = (agent: number, seq: number) =>
  ingestEvents({
    sql,
    catalogId: catalog.id,
    tokenId: null,
    batch: validateEventBatch({ events: batchOf(agent, seq) }),
  });
for (let seq = 0; seq < 20; seq++) await send(0, seq);
times.context = [];
times.write = [];
const load = loadavg()[0]!;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const checkpoint = async () =>
  (
    await realQuery<{ lsn: string }>(
      `SELECT checkpoint_lsn::text || ' wal ' || pg_walfile_name(pg_current_wal_lsn()) || ' ' || pg_current_wal_lsn()::text AS "lsn" FROM pg_control_checkpoint()`,
    )
  )[0]!.lsn;
let lastCheckpoint = argv.includes("--checkpoints") ? await checkpoint() : "";
const slow: string[] = [];
for (let seq = 0; seq < N; seq++) {
  await send(1 + (seq % 8), seq);
  if (!lastCheckpoint) continue;
  const now = await checkpoint();
  const write = times.write.at(-1)!;
  if (now.split(" ")[2] !== lastCheckpoint.split(" ")[2] || write > 150)
    slow.push(`#${seq} write ${write.toFixed(0)} ms${now !== lastCheckpoint ? ` checkpoint ${now}` : ""}`);
  lastCheckpoint = now;
}
if (slow.length) console.log(slow.join("\n"));
const cpu = process.cpuUsage(cpu0);
explainNext = argv.includes("--explain");
if (explainNext) await send(3, N + 5);
const wall = (performance.now() - t0) / N;
const f = (n: number) => n.toFixed(1);
console.log(
  `${kind} load ${f(load)}→${f(loadavg()[0]!)}: CPU ${f((cpu.user + cpu.system) / 1000 / N)} ms/batch, wall ${f(wall)} ms/batch; ` +
    `context p50/p90 ${f(q(times.context, 0.5))}/${f(q(times.context, 0.9))} ms, write p50/p90/max ${f(q(times.write, 0.5))}/${f(q(times.write, 0.9))}/${f(q(times.write, 1))} ms`,
);
await handle.close();
process.exit(0);
