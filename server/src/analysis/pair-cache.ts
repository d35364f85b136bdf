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
 */
export interface PairEntry {
  /** The slot of the pair's `a` (declared first when tested) and of its `b`. */
  readonly slotA: number;
  readonly slotB: number;
  readonly versionA: number;
  readonly versionB: number;
  /** Mutable so that a finding relabelled for the current text replaces the stale label. */
  finding: Finding;
}

/**
 * Slots are below 2^26 so that an unordered pair packs into one exact integer key below 2^52.
 * A document with that many bodies would exceed the longest string JavaScript engines allow.
 */
export const MAX_SLOTS = 1 << 26;
const SLOT_SPAN = 1 << 26;

export function pairKey(s: number, t: number): number {
  return s < t ? s * SLOT_SPAN + t : t * SLOT_SPAN + s;
}

export class PairCache {
  private versions = new Uint32Array(64);
  private readonly entries = new Map<number, PairEntry>();

  /** Number of stored entries, stale ones included until the next `forEachValid`. */
  get size(): number {
    return this.entries.size;
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
    this.entries.set(pairKey(slotA, slotB), {
      slotA,
      slotB,
      versionA: this.versions[slotA]!,
      versionB: this.versions[slotB]!,
      finding,
    });
  }

  isValid(e: PairEntry): boolean {
    return this.versions[e.slotA] === e.versionA && this.versions[e.slotB] === e.versionB;
  }

  /** Visits every valid entry once and drops the stale ones. */
  forEachValid(visit: (e: PairEntry) => void): void {
    // Deleting the entry being visited is safe during Map iteration (ECMAScript §24.1.3.5).
    for (const [key, e] of this.entries) {
      if (this.isValid(e)) visit(e);
      else this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.versions = new Uint32Array(64);
  }

  private ensure(slot: number): void {
    if (slot < this.versions.length) return;
    let n = this.versions.length;
    while (n <= slot) n *= 2;
    const v = new Uint32Array(n);
    v.set(this.versions);
    this.versions = v;
  }
}
