/**
 * The incremental analyzer's name → slot index: a hash table by open addressing with linear
 * probing (Knuth, TAOCP vol. 3 §6.4, Algorithm L) whose entries are slot numbers only, in one
 * Int32Array. The keys are not stored: a slot's name is its body's, which the analyzer holds
 * anyway (`nameOf`), so a probe compares against that. Deletion shifts the following entries of
 * the run back (Algorithm R) instead of leaving tombstones, so a long session of edits never
 * degrades the probes.
 *
 * Why not a Map<string, number>: its hash table and its copies of the keys cost several times
 * this table, which is 4 bytes per entry at a load of at most one half, and the names are the
 * bodies' own strings.
 *
 * Any capacity, not only powers of two: a hash goes to entry ⌊hash · capacity / 2^32⌋ (Lemire's
 * multiply-shift range reduction, "Fast Random Integer Generation in an Interval", 2019), so
 * `reserve` sizes a first run's table to twice the names, not to the power of two past that.
 */
const EMPTY = -1;
const MIN_CAPACITY = 16;
const TWO_TO_32 = 4294967296;

export class NameSlots {
  private table = new Int32Array(MIN_CAPACITY).fill(EMPTY);
  /** capacity / 2^32, exact (a power-of-two scaling): a hash times it, truncated, is its home entry. */
  private scale = MIN_CAPACITY / TWO_TO_32;
  private count = 0;

  /** `nameOf(slot)` is the name of every slot in the table, for as long as it is in it. */
  constructor(private readonly nameOf: (slot: number) => string) {}

  get size(): number {
    return this.count;
  }

  /** The slot filed under `name`, or -1. */
  get(name: string): number {
    const table = this.table;
    const last = table.length - 1;
    for (let i = this.home(hashName(name)); ; i = i === last ? 0 : i + 1) {
      const s = table[i]!;
      if (s === EMPTY || this.nameOf(s) === name) return s;
    }
  }

  /** Files `slot` under its name (`nameOf(slot)`), which must not be in the table yet. */
  add(slot: number): void {
    if (2 * (this.count + 1) > this.table.length) this.rehash(2 * this.table.length);
    this.insert(slot, hashName(this.nameOf(slot)));
    this.count++;
  }

  /** Takes `name` out of the table; false when it was not there. */
  delete(name: string): boolean {
    const table = this.table;
    const last = table.length - 1;
    let i = this.home(hashName(name));
    for (; ; i = i === last ? 0 : i + 1) {
      const s = table[i]!;
      if (s === EMPTY) return false;
      if (this.nameOf(s) === name) break;
    }
    // Algorithm R: move back every later entry of the run whose home is not between the hole and
    // itself (cyclically), so that no probe sequence crosses an empty entry it did not before.
    for (let j = i === last ? 0 : i + 1; ; j = j === last ? 0 : j + 1) {
      const s = table[j]!;
      if (s === EMPTY) break;
      const home = this.home(hashName(this.nameOf(s)));
      if (i <= j ? i < home && home <= j : i < home || home <= j) continue;
      table[i] = s;
      i = j;
    }
    table[i] = EMPTY;
    this.count--;
    // Shrinks after mass removals (a document cut to a few lines), keeping the load <= 1/2.
    if (this.table.length > MIN_CAPACITY && 8 * this.count < this.table.length) this.rehash(Math.max(MIN_CAPACITY, this.table.length >> 1));
    return true;
  }

  /** Sizes the table for `count` names at once (a first run files a whole document's): twice that. */
  reserve(count: number): void {
    const capacity = 2 * (count + 1);
    if (capacity > this.table.length) this.rehash(capacity);
  }

  clear(): void {
    this.table = new Int32Array(MIN_CAPACITY).fill(EMPTY);
    this.scale = MIN_CAPACITY / TWO_TO_32;
    this.count = 0;
  }

  /**
   * The entry a hash starts its probes at. Below `capacity` for every 32-bit hash: the product
   * is exact for capacities below 2^21, and past that its rounding (under 2^-22) stays far below
   * the gap (at least 2^-11) between the largest product and `capacity`.
   */
  private home(hash: number): number {
    return (hash * this.scale) | 0;
  }

  private insert(slot: number, hash: number): void {
    const table = this.table;
    const last = table.length - 1;
    let i = this.home(hash);
    while (table[i] !== EMPTY) i = i === last ? 0 : i + 1;
    table[i] = slot;
  }

  private rehash(capacity: number): void {
    const old = this.table;
    this.table = new Int32Array(capacity).fill(EMPTY);
    this.scale = capacity / TWO_TO_32;
    for (let k = 0; k < old.length; k++) {
      const s = old[k]!;
      if (s !== EMPTY) this.insert(s, hashName(this.nameOf(s)));
    }
  }
}

/**
 * FNV-1a over the UTF-16 code units, finished with a multiplicative mix (the low bits index the
 * table, and FNV's low bits follow the last characters closely, which generated names share).
 */
function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
