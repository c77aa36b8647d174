import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { testDbKind } from "../../testing/test-db";
import { useTestDatabase } from "../../testing/use-test-database";

const { db } = useTestDatabase();

const N = 5000;

describe("tool.list at 5,000 tools", () => {
  it("filters, sorts and pages correctly; prints how long each kind of page takes", async () => {
    const { team, viewer, editor } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id);
    const namespaces = await db.namespace.createManyAndReturn({
      data: Array.from({ length: 50 }, (_, i) => ({ catalogId: catalog.id, name: `ns${String(i).padStart(2, "0")}` })),
    });
    await db.tool.createMany({
      data: Array.from({ length: N }, (_, i) => {
        const ns = namespaces[i % 50]!;
        const name = `tool_${String(i).padStart(4, "0")}`;
        return {
          catalogId: catalog.id,
          namespaceId: ns.id,
          key: `${ns.name}.${name}`,
          name,
          description: i % 100 === 7 ? `Rare walrus ${i}` : `Does thing ${i}`,
          parameters: { type: "object", properties: {} },
          exposure: i % 3 === 0 ? "direct" : "deferred",
        };
      }),
    });
    const ref = { team: team.slug, catalog: catalog.slug };
    const api = callerFor(db, viewer);
    const timings: Record<string, number> = {};
    async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
      await run(); // warm
      const start = performance.now();
      const result = await run();
      timings[label] = Math.round((performance.now() - start) * 10) / 10;
      return result;
    }
    const first = await timed("first page", () => api.tool.list({ ...ref, pageSize: 50 }));
    expect(first).toMatchObject({ total: N, pageCount: 100 });
    expect(first.tools[0]!.key).toBe("ns00.tool_0000");
    const last = await timed("last page", () => api.tool.list({ ...ref, page: 100, pageSize: 50 }));
    expect(last.tools.at(-1)!.key).toBe("ns49.tool_4999");
    const search = await timed("search description", () => api.tool.list({ ...ref, search: "walrus" }));
    expect(search.total).toBe(50);
    // Words in any order, across "_" and ".": "0007 tool" finds ns07.tool_0007 (issue 41 item 12).
    const words = await api.tool.list({ ...ref, search: "0007 tool" });
    expect(words.tools.map((t) => t.key)).toEqual(["ns07.tool_0007"]);
    const filtered = await timed("namespace + exposure, sort by name", () =>
      api.tool.list({ ...ref, namespace: "ns07", exposure: "deferred", sort: "name", page: 2, pageSize: 20 }),
    );
    expect(filtered.total).toBe(67);
    const expected = Array.from({ length: N }, (_, i) => i)
      .filter((i) => i % 50 === 7 && i % 3 !== 0)
      .map((i) => `tool_${String(i).padStart(4, "0")}`);
    expect(filtered.tools.map((t) => t.name)).toEqual(expected.slice(20, 40));
    const ids = await timed("ids of all matching", () => api.tool.ids({ ...ref, exposure: "direct" }));
    expect(ids).toHaveLength(1667);
    const bulk = await timed("bulk exposure of 1,667", async () => {
      const fresh = await api.tool.ids({ ...ref, exposure: "direct" });
      return callerFor(db, editor).tool.bulkUpdate({ ...ref, items: fresh, patch: { exposure: "direct" } });
    });
    expect(bulk.updated).toBe(1667);
    console.log(`tool.list at ${N} tools on ${testDbKind()} (ms):`, timings);
  });
});
