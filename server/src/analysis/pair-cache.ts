import { resized } from '../../../core';
import { FindingDiagnostic } from './finding-diagnostic';
import type { Finding } from './findings';

/**
 * The pair-result cache of the incremental analysis: the finding of every pair of body slots
 * whose last test found one, keyed by the unordered pair of slots. Pairs that found nothing are
 * not stored (they are the vast majority), so the cache holds about as many entries as there are
 * findings, and "no valid entry" means "no finding".
 *
 * Invalidation is by version stamps rather than by search: each slot has a version, an entry
 * records both versions at test time, and bumping a slot's version (its body changed, moved in
 * the declaration order, or left) makes every entry of that slot stale at once, in O(1) — the
 * same idea as the timestamps Box2D's contact manager uses to find stale contacts, without any
 * per-slot list of pairs. Stale entries are dropped on the next pass over the cache.
 *
 * Storage: the layout of an ordered hash map (Tyler Close's deterministic hash tables, which V8's
 * Map uses too) in typed arrays. Entries sit in insertion order in parallel arrays — both slots,
 * both versions, a chain link — beside one array of findings, and a power-of-two bucket array
 * heads each hash chain. An entry costs a third of what a Map of entry records would (the record,
 * the Map's entry and a boxed key: a pair key above 2^31 is no small integer). Passes walk the entries in
 * insertion order, as they walked the Map: the analysis then visits bodies and sorts findings in
 * nearly the order it stored them, which a hash order would scatter. A dropped entry stays as a
 * hole until the entries are compacted, which keeps the order.
 *
 * In place of its finding the entry keeps the diagnostic last made of it, which holds the
 * finding, and beside it where that diagnostic sits (`note`), so that the incremental analysis hands an unchanged pair's diagnostic back
 * without looking it up anywhere; and the cache logs the entries `set` since the last
 * `takeRecent`, so that it can keep its findings in order by merging the few new ones into the
 * last run's list instead of sorting them all (incremental.ts). `generation` changes whenever
 * entries are renumbered (compaction, clear): a list of entry numbers from before is then void.
 */

/**
 * Slots, and so body indices, are below 2^26 so that a pair packs into one exact integer key
 * below 2^52 (incremental.ts sorts new findings by their bodies' indices packed so). A document
 * with that many bodies would exceed the longest string JavaScript engines allow.
 */
export const MAX_SLOTS = 1 << 26;
export const SLOT_SPAN = 1 << 26;

/**
 * Visitor of a pass: the entry's `a` slot (declared first when tested), its `b` slot, and the
 * entry (`findingOf`, and `note` while the visit lasts). No finding: the entry holds it or the
 * diagnostic made of it (`values`), and a pass over every entry that handed it over would read
 * each of those objects, scattered over the old generation, for visitors that want the slots.
 */
export type PairVisitor = (slotA: number, slotB: number, entry: number) => void;

const NONE = -1;
/** The longest log of recent entries kept once taken (16 KB). */
const RECENT_KEPT = 4096;

export class PairCache {
  private versions = new Uint32Array(64);
  /** Per entry, in insertion order: a's slot (NONE: a hole), b's slot, both versions at test time, next in its chain. */
  private slotA = new Int32Array(0);
  private slotB = new Int32Array(0);
  private versionA = new Uint32Array(0);
  private versionB = new Uint32Array(0);
  private next = new Int32Array(0);
  /**
   * Per entry: its finding, or once noted the diagnostic made of it (which holds the finding):
   * one array of pointers, not two.
   */
  private values: (Finding | FindingDiagnostic | undefined)[] = [];
  private placements = new Uint8Array(0);
  /** Entries set since the last takeRecent (repeats and since-dropped ones included). */
  private recent = new Int32Array(16);
  private recentCount = 0;
  private renumbered = 0;
  /** First entry of each hash chain (NONE: empty). */
  private buckets = new Int32Array(0);
  /** Entries used (holes included) and entries live (stale ones included until a pass drops them). */
  private used = 0;
  private live = 0;

  /** Number of stored entries, stale ones included until the next `forEachValid`. */
  get size(): number {
    return this.live;
  }

  /** Entry numbers in use (holes included): every entry number is below it. */
  get entryCount(): number {
    return this.used;
  }

  /** Changes whenever entry numbers given out before stop being valid. */
  get generation(): number {
    return this.renumbered;
  }

  /** Makes every stored result of `slot` stale (its body changed or left). */
  invalidate(slot: number): void {
    this.ensure(slot);
    // Wraps after 2^32 bumps of one slot; a stale entry would need that exact count to revive.
    this.versions[slot] = (this.versions[slot]! + 1) >>> 0;
  }

  /** Stores the finding of the pair (slotA declared first), stamped with the current versions. */
  set(slotA: number, slotB: number, finding: Finding): void {
    this.ensure(Math.max(slotA, slotB));
    const lo = Math.min(slotA, slotB);
    const hi = Math.max(slotA, slotB);
    let e = this.buckets.length === 0 ? NONE : this.buckets[hash(lo, hi) & (this.buckets.length - 1)]!;
    for (; e !== NONE; e = this.next[e]!) {
      const a = this.slotA[e]!;
      const b = this.slotB[e]!;
      if ((a === lo && b === hi) || (a === hi && b === lo)) break;
    }
    if (e === NONE) {
      if (this.used === this.slotA.length) this.makeRoom();
      e = this.used++;
      const bucket = hash(lo, hi) & (this.buckets.length - 1);
      this.next[e] = this.buckets[bucket]!;
      this.buckets[bucket] = e;
      this.live++;
    }
    this.slotA[e] = slotA;
    this.slotB[e] = slotB;
    this.versionA[e] = this.versions[slotA]!;
    this.versionB[e] = this.versions[slotB]!;
    this.values[e] = finding;
    if (this.recentCount === this.recent.length) this.recent = resized(this.recent, 2 * this.recent.length);
    this.recent[this.recentCount++] = e;
  }

  /** Whether `entry` holds a result whose two slots have not been invalidated since. */
  isValid(entry: number): boolean {
    const a = this.slotA[entry]!;
    return a !== NONE && this.versions[a] === this.versionA[entry] && this.versions[this.slotB[entry]!] === this.versionB[entry];
  }

  /** Makes a stale entry a hole (what a pass does to the stale entries it meets). */
  drop(entry: number): void {
    if (this.slotA[entry] === NONE) return;
    this.slotA[entry] = NONE;
    this.slotB[entry] = NONE;
    this.values[entry] = undefined;
    this.live--;
  }

  slotAOf(entry: number): number {
    return this.slotA[entry]!;
  }

  slotBOf(entry: number): number {
    return this.slotB[entry]!;
  }

  findingOf(entry: number): Finding {
    const v = this.values[entry]!;
    return v instanceof FindingDiagnostic ? v.finding : v;
  }

  /**
   * The diagnostic last noted for the entry's finding (undefined: none since it was set), and its
   * placement.
   */
  diagnosticOf(entry: number): FindingDiagnostic | undefined {
    const v = this.values[entry];
    return v instanceof FindingDiagnostic ? v : undefined;
  }

  /** The diagnostic noted for the entry, which the caller knows has one (no check made). */
  notedOf(entry: number): FindingDiagnostic {
    return this.values[entry] as FindingDiagnostic;
  }

  placementOf(entry: number): number {
    return this.placements[entry]!;
  }

  /**
   * Notes the diagnostic made of the entry's finding (the finding it holds is the entry's from
   * now on: a relabeled one), and a byte of the caller's about where it sits.
   */
  note(entry: number, diagnostic: FindingDiagnostic, placement: number): void {
    this.values[entry] = diagnostic;
    this.placements[entry] = placement;
  }

  /** The entries set since the last takeRecent, as takeRecent gives them, without forgetting them. */
  peekRecent(): { readonly entries: Int32Array; readonly count: number } {
    return { entries: this.recent, count: this.recentCount };
  }

  /**
   * The entries set since the last call (in the order set; an entry set twice is there twice),
   * valid until the next `set`; forgets them.
   */
  takeRecent(): { readonly entries: Int32Array; readonly count: number } {
    const out = { entries: this.recent, count: this.recentCount };
    this.recentCount = 0;
    // A log grown by a whole document's entries (a first run) is let go with this batch, not kept for the few entries an edit sets.
    if (this.recent.length > RECENT_KEPT) this.recent = new Int32Array(16);
    return out;
  }

  /**
   * Visits every valid entry once, in insertion order, and drops the stale ones. A visitor may
   * invalidate slots and note a diagnostic for the entry it is visiting, but not `set`.
   */
  forEachValid(visit: PairVisitor): void {
    const slotA = this.slotA;
    const slotB = this.slotB;
    const versions = this.versions;
    for (let e = 0; e < this.used; e++) {
      const a = slotA[e]!;
      if (a === NONE) continue;
      const b = slotB[e]!;
      if (versions[a] === this.versionA[e] && versions[b] === this.versionB[e]) {
        visit(a, b, e);
      } else {
        // A hole: lookups step over it (no pair matches NONE) until the entries are compacted.
        slotA[e] = NONE;
        slotB[e] = NONE;
        this.values[e] = undefined;
        this.live--;
      }
    }
  }

  clear(): void {
    this.placements = new Uint8Array(0);
    this.recentCount = 0;
    this.renumbered++;
    this.slotA = new Int32Array(0);
    this.slotB = new Int32Array(0);
    this.versionA = new Uint32Array(0);
    this.versionB = new Uint32Array(0);
    this.next = new Int32Array(0);
    this.values = [];
    this.buckets = new Int32Array(0);
    this.used = 0;
    this.live = 0;
    this.versions = new Uint32Array(64);
  }

  /**
   * Room for one more entry: the live entries compacted to the front in their order, in arrays
   * of twice their number (at least 16), with a bucket per entry or a few more (a power of two),
   * chains rebuilt. Twice, not the next power of two past twice, which would grow a full table
   * fourfold.
   */
  private makeRoom(): void {
    const capacity = Math.max(16, 2 * this.live);
    let bucketCount = 16;
    while (bucketCount < capacity) bucketCount *= 2;
    const oldA = this.slotA;
    const oldB = this.slotB;
    const oldVA = this.versionA;
    const oldVB = this.versionB;
    const oldV = this.values;
    const oldP = this.placements;
    const oldUsed = this.used;
    this.slotA = new Int32Array(capacity);
    this.slotB = new Int32Array(capacity);
    this.versionA = new Uint32Array(capacity);
    this.versionB = new Uint32Array(capacity);
    this.next = new Int32Array(capacity);
    this.values = new Array<Finding | FindingDiagnostic | undefined>(capacity).fill(undefined);
    this.placements = new Uint8Array(capacity);
    this.buckets = new Int32Array(bucketCount).fill(NONE);
    const mask = bucketCount - 1;
    let e = 0;
    for (let j = 0; j < oldUsed; j++) {
      const a = oldA[j]!;
      if (a === NONE) continue;
      const b = oldB[j]!;
      this.slotA[e] = a;
      this.slotB[e] = b;
      this.versionA[e] = oldVA[j]!;
      this.versionB[e] = oldVB[j]!;
      this.values[e] = oldV[j];
      this.placements[e] = oldP[j]!;
      const bucket = hash(Math.min(a, b), Math.max(a, b)) & mask;
      this.next[e] = this.buckets[bucket]!;
      this.buckets[bucket] = e;
      e++;
    }
    this.used = e;
    // Entry numbers changed: the log of recent ones and any list kept outside are void.
    this.recentCount = 0;
    this.renumbered++;
  }

  /**
   * Room for slots below `count` at once (the analyzer's slots for a whole scene): doubling from
   * 64 would leave up to half of the versions unused. Later slots still double it.
   */
  reserve(count: number): void {
    if (count > this.versions.length) this.versions = resized(this.versions, count);
  }

  private ensure(slot: number): void {
    if (slot < this.versions.length) return;
    let n = this.versions.length;
    while (n <= slot) n *= 2;
    this.versions = resized(this.versions, n);
  }
}

/**
 * The unordered pair (lo < hi) → bucket bits: the two slots combined, then MurmurHash3's 32-bit
 * finalizer (Appleby), so that the low bits kept depend on every input bit. A plain product
 * keeps only low input bits in its low bits: pairs whose slots have equal parity would all have
 * landed in even buckets.
 */
function hash(lo: number, hi: number): number {
  let h = (Math.imul(lo, 0x9e3779b1) + hi) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
