// Incremental analysis, second layer: the findings order. The valid pair-cache entries in
// findings order (by a's index, then b's), kept between runs and brought up to date by merging
// in the entries set since, or by binary search on the kept keys while no body changed index.
import { growFloat64, growInt32, resized } from '../../../core';
import type { Diagnostic } from '../common/diagnostic';
import type { Scene } from '../semantics/scene';
import { lowerBound } from '../syntax/positions';
import { SlotTable, slack } from './incremental-slots';
import { SLOT_SPAN } from './pair-cache';

export abstract class FindingOrder extends SlotTable {
  /** The last output's cache entries in findings order, valid while the cache's generation is `orderGeneration`. */
  protected order = new Int32Array(0);

  protected spareOrder = new Int32Array(0);

  protected orderCount = 0;

  protected orderGeneration = -1;

  /**
   * Per entry: the stamp of the output pass that last took it (repeats in the recent log). A
   * byte, as `outputMark`: see nextStamp.
   */
  protected entryMark = new Uint8Array(0);

  protected markStamp = 0;

  /**
   * For the change record (DiagnosticsChange): per cache entry, the index of its diagnostic
   * among the last output's finding diagnostics; that output's list and the scene it was made
   * for, and whether each of its finding diagnostics sat on one of its pair's names (then
   * positionOrder placed them by owner, and an entry's index says where its diagnostic was).
   * Scratch: the findings not carried over, and the old indices of the diagnostics dropped.
   */
  protected positionOf = new Int32Array(0);

  protected lastOutput: readonly Diagnostic[] | null = null;

  protected lastOutputScene: Scene | null = null;

  protected lastOutputIndexed = false;

  protected notCarried: number[] = [];

  protected removedPositions: number[] = [];

  /** The key of each entry of `order` when it was built (a's index × SLOT_SPAN + b's), and a spare. */
  protected orderKeys = new Float64Array(0);

  protected spareOrderKeys = new Float64Array(0);

  /** orderEntries' scratch: the fresh entries' keys and their places in the last order. */
  protected freshKeys = new Float64Array(0);

  protected freshPlaces = new Int32Array(0);

  protected override clearState(): void {
    super.clearState();
    this.order = new Int32Array(0);
    this.spareOrder = new Int32Array(0);
    this.orderCount = 0;
    this.orderGeneration = -1;
    this.entryMark = new Uint8Array(0);
    this.orderKeys = new Float64Array(0);
    this.spareOrderKeys = new Float64Array(0);
    this.freshKeys = new Float64Array(0);
    this.freshPlaces = new Int32Array(0);
    this.positionOf = new Int32Array(0);
    this.lastOutput = null;
    this.lastOutputScene = null;
    this.lastOutputIndexed = false;
  }

  /**
   * Fills `order` with the valid cache entries in findings order and gives their number: the
   * last output's order with stale entries left out (dropped from the cache) and the entries set
   * since merged in. Bodies that kept their relative order keep their findings' relative order,
   * which is checked (an unchanged body moved past another breaks it), and a full sort by the
   * typed keys is the fallback, as it is after the cache renumbered its entries.
   */
  protected orderEntries(track: boolean): number {
    const cache = this.cache;
    const recent = cache.takeRecent();
    const mark = this.nextEntryMark();
    const entryMark = this.entryMark;
    const fresh: number[] = [];
    const stale: number[] = [];
    let previous = this.orderCount;
    if (this.orderGeneration !== cache.generation) {
      // Entry numbers from before mean nothing now: every valid entry is fresh.
      previous = 0;
      cache.forEachValid((_a, _b, e) => void fresh.push(e));
    } else {
      for (let r = 0; r < recent.count; r++) {
        const e = recent.entries[r]!;
        if (entryMark[e] === mark) continue;
        if (!cache.isValid(e)) {
          // Dropped after the passes below: a hole has no key, and the last order may hold it.
          stale.push(e);
          continue;
        }
        entryMark[e] = mark;
        fresh.push(e);
      }
    }
    const keyOf = (e: number): number => this.orderKey(e);
    fresh.sort((x, y) => keyOf(x) - keyOf(y));
    const capacity = previous + fresh.length;
    let out = this.spareOrder.length >= capacity ? this.spareOrder : new Int32Array(slack(capacity));
    // Keys for at most `capacity` entries.
    if (this.spareOrderKeys.length < capacity) this.spareOrderKeys = new Float64Array(capacity + (capacity >> 3));
    const old = this.order;
    let n = 0;
    let f = 0;
    let last = -1;
    let sorted = true;
    // The last output's diagnostics of the entries left out below are not carried over.
    const removed = this.removedPositions;
    const positionOf = this.positionOf;
    if (!this.indicesMoved && previous > 0) {
      // No body changed index since the last output: its order's keys are as they were, so it
      // is still sorted, and each fresh entry's place in it is found by binary search. The pass
      // then only leaves out the entries gone stale, reading no key.
      // The keys as the order was built (an entry dropped since, a hole, has none now).
      const oldKeys = this.orderKeys;
      const outKeys = this.spareOrderKeys;
      // Typed scratch, not `fresh.map(keyOf)`: a key is a small integer for the first bodies'
      // pairs and a double past 2^31 for the others, so mapped arrays come out in either
      // elements kind (PACKED_SMI or PACKED_DOUBLE) by edit, and TurboFan's code for this
      // function, specialized to one array map, is thrown away ("wrong map") when an edit
      // brings the other one, then recompiled (V8's elements kinds: v8.dev/blog/elements-kinds).
      const freshKeys = (this.freshKeys = growFloat64(this.freshKeys, fresh.length));
      const places = (this.freshPlaces = growInt32(this.freshPlaces, fresh.length));
      const built = oldKeys.subarray(0, previous);
      for (let i = 0; i < fresh.length; i++) {
        freshKeys[i] = keyOf(fresh[i]!);
        places[i] = lowerBound(built, freshKeys[i]!);
      }
      for (let k = 0; k < previous; k++) {
        while (f < fresh.length && places[f] === k) {
          outKeys[n] = freshKeys[f]!;
          out[n++] = fresh[f++]!;
        }
        const e = old[k]!;
        if (entryMark[e] === mark || !cache.isValid(e)) {
          if (entryMark[e] !== mark) cache.drop(e);
          if (track) removed.push(positionOf[e]!);
          continue;
        }
        outKeys[n] = oldKeys[k]!;
        out[n++] = e;
      }
      while (f < fresh.length) {
        outKeys[n] = freshKeys[f]!;
        out[n++] = fresh[f++]!;
      }
      this.spareOrderKeys = oldKeys;
      this.orderKeys = outKeys;
      for (const e of stale) cache.drop(e);
      this.spareOrder = old;
      this.order = out;
      this.orderCount = n;
      this.orderGeneration = cache.generation;
      return n;
    }
    for (let k = 0; k < previous; k++) {
      const e = old[k]!;
      if (entryMark[e] === mark) {
        // Set again this run: it is among the fresh ones.
        if (track) removed.push(positionOf[e]!);
        continue;
      }
      if (!cache.isValid(e)) {
        cache.drop(e);
        if (track) removed.push(positionOf[e]!);
        continue;
      }
      const key = keyOf(e);
      if (key < last) sorted = false;
      last = key;
      while (f < fresh.length && keyOf(fresh[f]!) < key) out[n++] = fresh[f++]!;
      out[n++] = e;
    }
    while (f < fresh.length) out[n++] = fresh[f++]!;
    if (!sorted) {
      const all = Array.from(out.subarray(0, n)).sort((x, y) => keyOf(x) - keyOf(y));
      out.set(all);
    }
    for (const e of stale) cache.drop(e);
    // Sorted by the current indices, which are its keys: the fast pass above may take it next time.
    const keys = this.spareOrderKeys;
    for (let k = 0; k < n; k++) keys[k] = keyOf(out[k]!);
    this.spareOrderKeys = this.orderKeys;
    this.orderKeys = keys;
    this.indicesMoved = false;
    this.spareOrder = old;
    this.order = out;
    this.orderCount = n;
    this.orderGeneration = cache.generation;
    return n;
  }

  /**
   * A stamp for `entryMark` that no entry carries yet, the column sized to the cache's entries:
   * a pass marks the entries it meets with it (orderEntries, assembleInPlace).
   */
  protected nextEntryMark(): number {
    const used = this.cache.entryCount;
    if (this.entryMark.length < used) this.entryMark = resized(this.entryMark, slack(used));
    return (this.markStamp = nextStamp(this.entryMark, this.markStamp));
  }

  /**
   * An entry's key in findings order (compareFindings: a's index, then b's), by its slots'
   * current indices: the one orderEntries sorts by and keeps in `orderKeys`, and assembleInPlace
   * looks up there.
   */
  protected orderKey(e: number): number {
    return this.slotIndex[this.cache.slotAOf(e)]! * SLOT_SPAN + this.slotIndex[this.cache.slotBOf(e)]!;
  }
}

/**
 * The stamp after `stamp` for a column of per-entry byte stamps (entryMark, outputMark), 1 to
 * 255: at the wrap the column is cleared, so that no entry keeps a stamp from 255 passes ago
 * that would read as taken by this one. A byte where 32-bit stamps would take four, for one pass
 * over the column in 255.
 */
export function nextStamp(marks: Uint8Array, stamp: number): number {
  if (stamp < 255) return stamp + 1;
  marks.fill(0);
  return 1;
}
