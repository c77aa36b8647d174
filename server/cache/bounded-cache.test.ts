import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../testing/use-test-database";
import { BoundedCache, CacheRegistry, processCaches } from "./bounded-cache";
import { listenForCacheChanges, notifyCacheChange } from "./cache-notifications";

describe("BoundedCache", () => {
  it("drops the least recently used entry past its bound", () => {
    const cache = new BoundedCache<string>({ name: "test-lru", max: 2 });
    cache.set("a", "A");
    cache.set("b", "B");
    expect(cache.get("a")).toBe("A"); // a is now the most recently used
    cache.set("c", "C");
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([true, false, true]);
    expect(cache.size).toBe(2);
  });

  it("bounds the total size, and re-counts a promise once its size is known", async () => {
    const cache = new BoundedCache<Promise<string>>({ name: "test-size", max: 100, maxSize: 10 });
    const first = Promise.resolve("x".repeat(6));
    cache.set("first", first);
    cache.resize("first", first, (await first).length);
    cache.set("second", Promise.resolve("y"), { size: 6 });
    expect(cache.has("first")).toBe(false); // 6 + 6 > 10
    expect(cache.has("second")).toBe(true);
    cache.resize("second", first, 1); // not the value it holds: nothing happens
    cache.set("third", Promise.resolve("z"), { size: 4 });
    expect([cache.has("second"), cache.has("third")]).toEqual([true, true]);
  });

  it("does not return an entry past its time to live", () => {
    let clock = 1_000;
    const cache = new BoundedCache<string>({ name: "test-ttl", max: 10, ttlMs: 100, now: () => clock });
    cache.set("a", "A");
    clock += 99;
    expect(cache.get("a")).toBe("A");
    clock += 2;
    expect(cache.get("a")).toBeUndefined();
  });

  it("keeps built values, but not rejected promises", async () => {
    const cache = new BoundedCache<Promise<number>>({ name: "test-build", max: 10 });
    let builds = 0;
    const build = () => (++builds === 1 ? Promise.reject(new Error("down")) : Promise.resolve(builds));
    await expect(cache.getOrSet("k", build)).rejects.toThrow("down");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.has("k")).toBe(false);
    expect(await cache.getOrSet("k", build)).toBe(2);
    expect(await cache.getOrSet("k", build)).toBe(2);
    expect(builds).toBe(2);
  });

  it("after clear(), refuses a value read before it", () => {
    const cache = new BoundedCache<string>({ name: "test-generation", max: 10 });
    cache.set("a", "A");
    const started = cache.currentGeneration;
    cache.clear(); // a change committed while the read was in flight
    expect(cache.has("a")).toBe(false);
    cache.set("b", "read before the change", { generation: started });
    expect(cache.has("b")).toBe(false);
    cache.set("b", "read after it", { generation: cache.currentGeneration });
    expect(cache.get("b")).toBe("read after it");
  });

  it("is one instance per name and process", () => {
    const registry = new CacheRegistry();
    const one = registry.cache<string>({ name: "test-shared", max: 1 });
    expect(registry.cache<string>({ name: "test-shared", max: 99 })).toBe(one);
    expect(registry.named("test-shared")).toBe(one);
    expect(processCaches()).toBe(processCaches());
  });
});

describe("cross-process invalidation", () => {
  const { db, handle } = useTestDatabase();

  it("refuses a cache name that is not a plain name", async () => {
    await expect(notifyCacheChange(db, { name: 'x\'; DROP TABLE "Tool"; --' })).rejects.toThrow(
      "plain lower-case name",
    );
  });

  // Two processes on one Postgres server: each a registry with its own listener connection.
  it.runIf(process.env.STOCKROOM_TEST_DB === "postgres")(
    "clears the named cache in other processes at commit, never on rollback",
    async () => {
      const [first, second] = [new CacheRegistry(), new CacheRegistry()];
      const listeners = [listenForCacheChanges(handle.url!, first), listenForCacheChanges(handle.url!, second)];
      try {
        await Promise.all(listeners.map((listener) => listener.ready));
        const fill = (registry: CacheRegistry) => {
          const access = registry.cache<string>({ name: "test-access", max: 10, crossProcess: true });
          const other = registry.cache<string>({ name: "test-other", max: 10, crossProcess: true });
          access.set("token", "row");
          other.set("key", "value");
          return { access, other };
        };
        const caches = [fill(first), fill(second)];
        const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

        await db
          .$transaction(async (tx) => {
            await notifyCacheChange(tx, caches[0]!.access);
            throw new Error("roll back");
          })
          .catch(() => undefined);
        await settle();
        expect(caches.map(({ access }) => access.has("token"))).toEqual([true, true]);

        await db.$transaction((tx) => notifyCacheChange(tx, caches[0]!.access));
        const deadline = Date.now() + 5_000;
        while (caches.some(({ access }) => access.has("token")) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(caches.map(({ access }) => access.has("token"))).toEqual([false, false]);
        expect(caches.map(({ other }) => other.has("key"))).toEqual([true, true]); // only the named cache
      } finally {
        await Promise.all(listeners.map((listener) => listener.close()));
      }
    },
  );
});
