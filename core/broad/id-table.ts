/**
 * The id → slot table of every broad phase (proxy-map.ts): a Map<number, number> in behaviour,
 * stored as a typed array indexed by the id itself while ids stay small, which is how the
 * analysis numbers its proxies (declaration indices, or the incremental analyzer's dense slots).
 * A Map entry costs about 36 bytes and a hash per lookup; an array cell costs 4 bytes and an
 * index: for a 100k-body level, 3.6 MB against 0.5 MB, and no hashing in the insert loop of a
 * from-scratch analysis. An id beyond DENSE_LIMIT (the contract allows up to 2^31 − 1) goes to
 * a Map, so a few large or sparse ids never allocate a huge array.
 */
const ABSENT = -2;
/** Ids below this live in the array (at most 4 × 2^22 bytes = 16 MB, reached only with that many ids). */
const DENSE_LIMIT = 1 << 22;

export class IdTable {
  private dense = new Int32Array(0);
  private sparse: Map<number, number> | null = null;
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(id: number): number | undefined {
    if (id < DENSE_LIMIT) {
      const v = id < this.dense.length ? this.dense[id]! : ABSENT;
      return v === ABSENT ? undefined : v;
    }
    return this.sparse?.get(id);
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** Slots are integers >= -1 (-1: an id whose box is empty). */
  set(id: number, slot: number): void {
    if (id < DENSE_LIMIT) {
      if (id >= this.dense.length) this.grow(id + 1);
      if (this.dense[id] === ABSENT) this.count++;
      this.dense[id] = slot;
      return;
    }
    this.sparse ??= new Map();
    if (!this.sparse.has(id)) this.count++;
    this.sparse.set(id, slot);
  }

  delete(id: number): boolean {
    if (id < DENSE_LIMIT) {
      if (id >= this.dense.length || this.dense[id] === ABSENT) return false;
      this.dense[id] = ABSENT;
      this.count--;
      return true;
    }
    if (!this.sparse?.delete(id)) return false;
    this.count--;
    return true;
  }

  /** Sizes the array for ids below `count` at once (up to DENSE_LIMIT). */
  reserve(count: number): void {
    const n = Math.min(count, DENSE_LIMIT);
    if (n > this.dense.length) this.resize(n);
  }

  clear(): void {
    this.dense = new Int32Array(0);
    this.sparse = null;
    this.count = 0;
  }

  /** The slots of every id, in no particular order. */
  *values(): IterableIterator<number> {
    const d = this.dense;
    for (let i = 0; i < d.length; i++) if (d[i] !== ABSENT) yield d[i]!;
    if (this.sparse) yield* this.sparse.values();
  }

  private grow(needed: number): void {
    let n = Math.max(64, this.dense.length);
    while (n < needed) n *= 2;
    this.resize(Math.min(n, DENSE_LIMIT));
  }

  private resize(n: number): void {
    const d = new Int32Array(n).fill(ABSENT);
    d.set(this.dense);
    this.dense = d;
  }
}
