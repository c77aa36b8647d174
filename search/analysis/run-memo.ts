// What an analyzer made of each run of letters and digits, looked up without cutting the run out of its text: the
// caller hashes the run while it scans it (`hashRunChar`), and a hit compares the characters in place. A catalog's
// texts repeat a few thousand words, so almost every lookup allocates nothing (a Map would need the run as a string).

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** The hash of an empty run; fold each character in with `hashRunChar` (FNV-1a over UTF-16 code units). */
export const EMPTY_RUN_HASH = FNV_OFFSET;
export const hashRunChar = (hash: number, code: number): number => Math.imul(hash ^ code, FNV_PRIME);

function sameRun(key: string, text: string, start: number, end: number): boolean {
  if (key.length !== end - start) return false;
  for (let k = 0; k < key.length; k++) if (key.charCodeAt(k) !== text.charCodeAt(start + k)) return false;
  return true;
}

/** Open addressing over entry numbers; bounded: forgotten all at once when `maxEntries` is reached. */
export class RunMemo<V> {
  private keys: string[] = [];
  private hashes: number[] = [];
  private values: V[] = [];
  /** Entry number + 1 per slot (0: empty); at most half full. */
  private slots = new Int32Array(1024);

  constructor(private readonly maxEntries: number) {}

  /** The value remembered for `text.slice(start, end)`, whose hash is `hash`. */
  get(text: string, start: number, end: number, hash: number): V | undefined {
    const mask = this.slots.length - 1;
    for (let slot = (hash ^ (hash >>> 16)) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]! - 1;
      if (entry < 0) return undefined;
      if (this.hashes[entry] === hash && sameRun(this.keys[entry]!, text, start, end)) return this.values[entry];
    }
  }

  /** Remembers `value` for the run `key` (not remembered yet) with hash `hash`. */
  set(key: string, hash: number, value: V): void {
    if (this.keys.length >= this.maxEntries) this.clear();
    if ((this.keys.length + 1) * 2 > this.slots.length) this.grow();
    this.keys.push(key);
    this.hashes.push(hash);
    this.values.push(value);
    this.place(this.slots, this.keys.length - 1);
  }

  clear(): void {
    this.keys = [];
    this.hashes = [];
    this.values = [];
    this.slots = new Int32Array(1024);
  }

  private place(slots: Int32Array, entry: number): void {
    const mask = slots.length - 1;
    const hash = this.hashes[entry]!;
    let slot = (hash ^ (hash >>> 16)) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = entry + 1;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    for (let entry = 0; entry < this.keys.length; entry++) this.place(slots, entry);
    this.slots = slots;
  }
}
