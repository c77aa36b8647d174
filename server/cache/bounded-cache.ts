import { LRUCache } from "lru-cache";
import { metrics } from "../ops/metrics";

export interface BoundedCacheOptions<V> {
  /** Names the cache in ARCHITECTURE.md's table, in the process registry and in cross-process notifications. */
  name: string;
  /** Most entries kept; the least recently used is dropped first. */
  max: number;
  /** With `sizeOf`: the most total size kept (e.g. bytes), least recently used dropped first. */
  maxSize?: number;
  sizeOf?: (value: V, key: string) => number;
  /** Entries older than this are not returned (a safety net when invalidation could be missed). */
  ttlMs?: number;
  /** A change committed by another process on the same Postgres clears this cache (see `notifyCacheChange`). */
  crossProcess?: boolean;
  /** The clock TTLs are measured on (tests). */
  now?: () => number;
}

/**
 * A bounded in-process cache (lru-cache underneath): size bound, optional time to live, and invalidation that
 * also stops a read begun before it from storing what it read (pass `currentGeneration` back to `set`).
 */
export class BoundedCache<V extends NonNullable<unknown>> {
  readonly name: string;
  readonly crossProcess: boolean;
  private readonly entries: LRUCache<string, V>;
  private generation = 0;
  /** Look-ups counted per cache (`stockroom_cache_lookups_total`), the labelled children made once. */
  private readonly lookups: { hit: { inc(): void }; miss: { inc(): void } };

  constructor(options: BoundedCacheOptions<V>) {
    this.name = options.name;
    this.crossProcess = options.crossProcess ?? false;
    const counter = metrics().cacheLookups;
    this.lookups = {
      hit: counter.labels({ cache: this.name, result: "hit" }),
      miss: counter.labels({ cache: this.name, result: "miss" }),
    };
    const { sizeOf, now } = options;
    this.entries = new LRUCache<string, V>({
      max: options.max,
      ...(options.maxSize ? { maxSize: options.maxSize, sizeCalculation: sizeOf ?? (() => 1) } : {}),
      ...(options.ttlMs ? { ttl: options.ttlMs, ttlAutopurge: false, ttlResolution: 0 } : {}),
      ...(now ? { perf: { now } } : {}),
    });
  }

  /** The generation a read starts in; `set(…, { generation })` drops the value when a `clear` came since. */
  get currentGeneration(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    (value === undefined ? this.lookups.miss : this.lookups.hit).inc();
    return value;
  }

  /** The value without marking it used. */
  peek(key: string): V | undefined {
    return this.entries.peek(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` (and marks it most recently used); `size` overrides `sizeOf` for this entry. */
  set(key: string, value: V, options: { generation?: number; size?: number } = {}): void {
    if (options.generation !== undefined && options.generation !== this.generation) return;
    this.entries.set(key, value, options.size === undefined ? {} : { size: Math.max(1, options.size) });
  }

  /** The cached value, or `build()`'s, kept. A rejected promise is not kept. */
  getOrSet(key: string, build: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = build();
    this.set(key, value);
    if (value instanceof Promise) value.catch(() => this.deleteIf(key, value));
    return value;
  }

  /** Re-counts `key` at `size` while it still holds `value` (e.g. a promise, once its result's size is known). */
  resize(key: string, value: V, size: number): void {
    if (this.entries.peek(key) !== value) return;
    this.entries.delete(key);
    this.entries.set(key, value, { size: Math.max(1, size) });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Deletes `key` only while it still holds `value` (a newer value stays). */
  deleteIf(key: string, value: V): void {
    if (this.entries.peek(key) === value) this.entries.delete(key);
  }

  /** Forgets everything, and any read begun before now. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/** What a registry needs of a cache, whatever it holds. */
export type CacheHandle = Pick<BoundedCache<NonNullable<unknown>>, "name" | "crossProcess" | "clear" | "size">;

/** The named caches of one process. Another process is another registry (tests make one to play it). */
export class CacheRegistry {
  private readonly caches = new Map<string, CacheHandle>();

  /** The cache of this name, made on first use with `options` (later calls get the same one). */
  cache<V extends NonNullable<unknown>>(options: BoundedCacheOptions<V>): BoundedCache<V> {
    let cache = this.caches.get(options.name);
    if (!cache) this.caches.set(options.name, (cache = new BoundedCache<V>(options)));
    return cache as BoundedCache<V>;
  }

  named(name: string): CacheHandle | undefined {
    return this.caches.get(name);
  }

  /** Clears the caches that another process's changes can make stale (after a missed notification). */
  clearCrossProcess(): void {
    for (const cache of this.caches.values()) if (cache.crossProcess) cache.clear();
  }
}

// On globalThis: Next.js bundles route handlers and instrumentation separately, and they must share caches.
const registryHolder = globalThis as unknown as { stockroomCaches?: CacheRegistry };

/** This process's registry. */
export function processCaches(): CacheRegistry {
  return (registryHolder.stockroomCaches ??= new CacheRegistry());
}

/** The process-wide cache of this name (one instance per process, however many bundles import it). */
export function boundedCache<V extends NonNullable<unknown>>(options: BoundedCacheOptions<V>): BoundedCache<V> {
  return processCaches().cache(options);
}
