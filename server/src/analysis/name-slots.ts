/**
 * The incremental analyzer's name → slot index: a hash table by open addressing with linear
 * probing (Knuth, TAOCP vol. 3 §6.4, Algorithm L) whose entries are slot numbers only, in one
 * Int32Array. The keys are not stored: a slot's name is its body's, which the analyzer holds
 * anyway (`nameOf`), so a probe compares against that. Deletion shifts the following entries of
 * the run back (Algorithm R) instead of leaving tombstones, so a long session of edits never
 * degrades the probes.
 *
 * Why not a Map<string, number>: at 100k bodies the Map's hash table was 3.5 MB of the server's
 * heap and the copies of the keys another array of 0.8 MB; this table is 4 bytes per entry at a
 * load of at most one half (1 MB), and the names are the bodies' own strings.
 */
const EMPTY = -1;
const MIN_CAPACITY = 16;

export class NameSlots {
  private table = new Int32Array(MIN_CAPACITY).fill(EMPTY);
  private mask = MIN_CAPACITY - 1;
  private count = 0;

  /** `nameOf(slot)` is the name of every slot in the table, for as long as it is in it. */
  constructor(private readonly nameOf: (slot: number) => string) {}

  get size(): number {
    return this.count;
  }

  /** The slot filed under `name`, or -1. */
  get(name: string): number {
    const table = this.table;
    const mask = this.mask;
    for (let i = hashName(name) & mask; ; i = (i + 1) & mask) {
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
    const mask = this.mask;
    let i = hashName(name) & mask;
    for (; ; i = (i + 1) & mask) {
      const s = table[i]!;
      if (s === EMPTY) return false;
      if (this.nameOf(s) === name) break;
    }
    // Algorithm R: move back every later entry of the run whose home is not between the hole and
    // itself (cyclically), so that no probe sequence crosses an empty entry it did not before.
    for (let j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const s = table[j]!;
      if (s === EMPTY) break;
      const home = hashName(this.nameOf(s)) & mask;
      if (i <= j ? i < home && home <= j : i < home || home <= j) continue;
      table[i] = s;
      i = j;
    }
    table[i] = EMPTY;
    this.count--;
    // Shrinks after mass removals (a document cut to a few lines), keeping the load <= 1/2.
    if (this.table.length > MIN_CAPACITY && 8 * this.count < this.table.length) this.rehash(this.table.length >> 1);
    return true;
  }

  /** Sizes the table for `count` names at once (a first run files a whole document's). */
  reserve(count: number): void {
    let capacity = this.table.length;
    while (2 * (count + 1) > capacity) capacity *= 2;
    if (capacity > this.table.length) this.rehash(capacity);
  }

  clear(): void {
    this.table = new Int32Array(MIN_CAPACITY).fill(EMPTY);
    this.mask = MIN_CAPACITY - 1;
    this.count = 0;
  }

  private insert(slot: number, hash: number): void {
    const table = this.table;
    const mask = this.mask;
    let i = hash & mask;
    while (table[i] !== EMPTY) i = (i + 1) & mask;
    table[i] = slot;
  }

  private rehash(capacity: number): void {
    const old = this.table;
    this.table = new Int32Array(capacity).fill(EMPTY);
    this.mask = capacity - 1;
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
