/**
 * The id → slot table of every broad phase (proxy-map.ts): a Map<number, number> in behavior,
 * stored as a typed array indexed by the id itself while ids stay small, which is how the
 * analysis numbers its proxies (declaration indices, or the incremental analyzer's dense slots).
 * A Map entry costs several times an array cell's 4 bytes, and a hash per lookup where the
 * array needs an index: no hashing in the insert loop of a from-scratch analysis. An id beyond DENSE_LIMIT (the contract allows up to 2^31 − 1) goes to
 * a Map, so a few large or sparse ids never allocate a huge array.
 *
 * While every small id's slot is the id itself or -1 (the loose grid files a small id in the
 * slot of that number: loose-grid.ts), a byte per id says which (`states`) and the Int32 column
 * is not made. The first other slot turns the bytes into the column
 * for good (until `clear`).
 */
const ABSENT = -2;
/** Ids below this live in the array (at most 4 × 2^22 bytes = 16 MB, reached only with that many ids). */
const DENSE_LIMIT = 1 << 22;

/** `states` of an id: absent, slot -1 (an empty box), slot = the id. */
const STATE_ABSENT = 0;
const STATE_EMPTY = 1;
const STATE_SELF = 2;

export class IdTable {
  /** Per small id its state (see the class comment), or null once `dense` holds the slots. */
  private states: Uint8Array | null = new Uint8Array(0);
  private dense = new Int32Array(0);
  private sparse: Map<number, number> | null = null;
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(id: number): number | undefined {
    if (id < DENSE_LIMIT) {
      const states = this.states;
      if (states !== null) {
        const state = id < states.length ? states[id]! : STATE_ABSENT;
        return state === STATE_SELF ? id : state === STATE_EMPTY ? -1 : undefined;
      }
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
      let states = this.states;
      if (states !== null) {
        if (slot === id || slot === -1) {
          if (id >= states.length) states = this.grow(id + 1) as Uint8Array;
          if (states[id] === STATE_ABSENT) this.count++;
          states[id] = slot === -1 ? STATE_EMPTY : STATE_SELF;
          return;
        }
        this.toSlots();
      }
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
      const states = this.states;
      if (states !== null) {
        if (id >= states.length || states[id] === STATE_ABSENT) return false;
        states[id] = STATE_ABSENT;
        this.count--;
        return true;
      }
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
    if (n > this.length) this.resize(n);
  }

  clear(): void {
    this.states = new Uint8Array(0);
    this.dense = new Int32Array(0);
    this.sparse = null;
    this.count = 0;
  }

  /** The slots of every id, in no particular order. */
  *values(): IterableIterator<number> {
    const states = this.states;
    if (states !== null) {
      for (let i = 0; i < states.length; i++) if (states[i] !== STATE_ABSENT) yield states[i] === STATE_SELF ? i : -1;
    }
    const d = this.dense;
    for (let i = 0; i < d.length; i++) if (d[i] !== ABSENT) yield d[i]!;
    if (this.sparse) yield* this.sparse.values();
  }

  /** Ids below this have a cell (a state or a slot). */
  private get length(): number {
    return this.states !== null ? this.states.length : this.dense.length;
  }

  /** Cells for ids below `needed` at least, by doubling; returns the column in use. */
  private grow(needed: number): Uint8Array | Int32Array {
    let n = Math.max(64, this.length);
    while (n < needed) n *= 2;
    this.resize(Math.min(n, DENSE_LIMIT));
    return this.states ?? this.dense;
  }

  private resize(n: number): void {
    if (this.states !== null) {
      const s = new Uint8Array(n);
      s.set(this.states);
      this.states = s;
      return;
    }
    const d = new Int32Array(n).fill(ABSENT);
    d.set(this.dense);
    this.dense = d;
  }

  /** Turns the states into the slot column, for a slot other than the id or -1. */
  private toSlots(): void {
    const states = this.states!;
    const d = new Int32Array(states.length).fill(ABSENT);
    for (let i = 0; i < states.length; i++) {
      const state = states[i]!;
      if (state !== STATE_ABSENT) d[i] = state === STATE_SELF ? i : -1;
    }
    this.dense = d;
    this.states = null;
  }
}
