import { describe, expect, it } from "vitest";
import { createCatalog, createTeamWithMembers } from "../../testing/factories";
import { sumDayCounter } from "../../testing/day-counters";
import { useTestDatabase } from "../../testing/use-test-database";
import type { DailyMetric } from "./daily-counters";
import { ingestEvents } from "./ingest-events";
import { WRITE_SQL } from "./ingest-sql";
import { validateEventBatch } from "./validate-batch";

const { db, handle } = useTestDatabase();

const search = (id: string, conversationId: string, hits: string[]) => ({
  type: "search",
  id,
  conversationId,
  query: `request ${id}`,
  snapshotVersion: 2,
  latencyMs: 3,
  hits: hits.map((tool, i) => ({ id: tool, rank: i + 1, score: 5 - i })),
});
const call = (id: string, conversationId: string, toolId: string) => ({
  type: "call",
  id,
  conversationId,
  callId: `call-${id}`,
  toolId,
});
const outcome = (id: string, callId: string, ok: boolean) => ({ type: "outcome", id, callId, ok });

async function newCatalog() {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id, { telemetryText: "full" });
  const send = (events: unknown[], dropped?: number) =>
    ingestEvents({
      sql: handle.sql,
      catalogId: catalog.id,
      tokenId: null,
      batch: validateEventBatch({ events, dropped }),
    });
  const counter = (metric: DailyMetric, toolId = "") => sumDayCounter(db, catalog.id, metric, toolId);
  const byId = (clientEventId: string) =>
    db.agentEvent.findFirstOrThrow({ where: { catalogId: catalog.id, clientEventId } });
  return { catalog, send, counter, byId };
}

/** Another writer of the same database, as another process is: its own group-commit queue. */
const otherWriter = () => ({ query: handle.sql.query.bind(handle.sql) });

describe("ingestEvents", () => {
  it("stores concurrent batches of one catalog exactly once each, a batch sent twice at once included", async () => {
    const { catalog, send, counter } = await newCatalog();
    const batches = Array.from({ length: 12 }, (_, b) =>
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? search(`s${b}-${i}`, `c${b}-${i}`, ["a.x", `a.t${i % 4}`])
          : i % 3 === 1
            ? call(`c${b}-${i}`, `c${b}-${i - 1}`, "a.x")
            : outcome(`o${b}-${i}`, `call-c${b}-${i - 1}`, i % 2 === 0),
      ),
    );
    const results = await Promise.all([...batches.map((events) => send(events, 1)), send(batches[3]!)]);
    expect(results.slice(0, 12).every((r) => r.accepted === 30)).toBe(true);
    expect(results.reduce((sum, r) => sum + r.stored, 0)).toBe(360);
    expect(results[3]!.stored + results[12]!.stored).toBe(30);
    expect(await db.agentEvent.count({ where: { catalogId: catalog.id } })).toBe(360);
    expect(await counter("search")).toBe(120);
    expect(await counter("search.followed")).toBe(120);
    expect(await counter("call.rank")).toBe(120);
    expect(await counter("tool.returned", "a.x")).toBe(120);
    expect(await counter("call.finished")).toBe(120);
    expect(await counter("call.ok")).toBe(60);
    expect(await counter("sdk.dropped")).toBe(12);
  });

  it("stores a batch that two writers send at once exactly once: the later insert is refused and retried", async () => {
    const { catalog, send, counter } = await newCatalog();
    const events = [search("s1", "conv", ["a.x"]), call("c1", "conv", "a.x"), outcome("o1", "call-c1", true)];
    const writers = [otherWriter(), otherWriter()].map((sql) =>
      ingestEvents({ sql, catalogId: catalog.id, tokenId: null, batch: validateEventBatch({ events }) }),
    );
    const results = await Promise.all([...writers, send(events)]);
    expect(results.map((r) => r.stored).sort()).toEqual([0, 0, 3]);
    expect(await db.agentEvent.count({ where: { catalogId: catalog.id } })).toBe(3);
    expect([await counter("search"), await counter("search.followed"), await counter("call.ok")]).toEqual([1, 1, 1]);
  });

  it("links across batches: a later call follows an earlier batch's search, a late outcome settles a stored call", async () => {
    const { send, counter, byId } = await newCatalog();
    await send([search("s1", "conv", ["a.one", "a.two"])]);
    await send([call("c1", "conv", "a.two"), search("s2", "conv", ["a.three"])]);
    expect(await byId("c1")).toMatchObject({ searchEventId: "s1", rank: 2, snapshotVersion: 2, ok: null });
    expect(await byId("s1")).toMatchObject({ followed: true, repeated: false });
    expect(await byId("s2")).toMatchObject({ followed: false, repeated: true });
    const late = await send([outcome("o1", "call-c1", true), call("c1", "conv", "a.two")]);
    expect(late).toEqual({ accepted: 2, stored: 1, duplicates: 1 });
    expect(await byId("c1")).toMatchObject({ ok: true });
    expect([
      await counter("search.followed"),
      await counter("search.repeated"),
      await counter("call"),
      await counter("call.finished"),
      await counter("tool.ok", "a.two"),
    ]).toEqual([1, 1, 1, 1, 1]);
    // A retry of the whole last batch changes nothing.
    expect(await send([outcome("o1", "call-c1", true), call("c1", "conv", "a.two")])).toEqual({
      accepted: 2,
      stored: 0,
      duplicates: 2,
    });
    expect([await counter("call.finished"), await counter("call.ok")]).toEqual([1, 1]);
  });

  it("writes batches that share no key in parallel on Postgres, and a batch linked to one in flight after it", async () => {
    const { catalog, byId } = await newCatalog();
    // The real database, with the write of the first batch (search s1) held until the test lets it go. Held by
    // its content, not by order: with two writers the other batch's write may reach the database first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const sql = {
      concurrency: handle.sql.concurrency,
      query: async <T>(text: string, params?: unknown[]) => {
        if (text === WRITE_SQL && !holding && String(params?.[1]).includes('"clientEventId":"s1"')) {
          holding = true;
          await held;
        }
        return handle.sql.query<T>(text, params);
      },
    };
    const settled = new Set<string>();
    const send = (name: string, events: unknown[]) =>
      ingestEvents({ sql, catalogId: catalog.id, tokenId: null, batch: validateEventBatch({ events }) }).then(
        (result) => (settled.add(name), result),
      );
    const first = send("first", [search("s1", "conv", ["a.one", "a.two"])]);
    const other = send("other", [search("s9", "elsewhere", ["a.one"])]);
    const linked = send("linked", [call("c1", "conv", "a.two")]);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Two writers on Postgres: the batch sharing no key is stored while the first is held; on PGlite, one writer.
    if (handle.sql.concurrency) await Promise.race([other, pause(10_000)]);
    else await pause(300);
    expect([...settled]).toEqual(handle.sql.concurrency ? ["other"] : []);
    release();
    expect((await Promise.all([first, other, linked])).map((r) => r.stored)).toEqual([1, 1, 1]);
    // The call waited for the search it follows, so it was linked to it.
    expect(await byId("c1")).toMatchObject({ searchEventId: "s1", rank: 2 });
    expect(await byId("s1")).toMatchObject({ followed: true });
  });
});
