import type { AABB } from '../math/aabb';
import { growFloat64, growInt32 } from '../math/typed-array';
import type { BroadPhaseKind } from './broad-phase';
import { sortIndicesByKey } from './index-sort';
import { ProxyMap } from './proxy-map';

/**
 * Sort and sweep (sweep and prune) along one axis (Ericson, "Real-Time Collision Detection"
 * §7.5.1; Baraff's and Cohen et al.'s I-COLLIDE are the origins):
 *
 * - Proxies are kept sorted by their lower bound on the sweep axis. All pairs are found in one
 *   pass: each interval is compared only with the intervals that start before it ends.
 * - The axis is the one along which box centers vary most, measured during each sweep and used
 *   for the next (Ericson's variance heuristic): on a level that is long and flat, sweeping
 *   along its length leaves few intervals overlapping at any point.
 * - A moved proxy is put back in order by insertion sort, which is linear in how far it travels
 *   in the order, so coherent motion is cheap. New proxies gather in an unsorted tail that is
 *   sorted on its own (introsort) and merged into the sorted run once, at the next query, so a
 *   scene built from scratch costs one O(n log n) sort rather than n insertions.
 * - A query scans from the first interval that could still reach the query box: lower bound at
 *   least `query.min - maxExtent`, where maxExtent bounds every interval's length.
 *
 * Arrays are structure-of-arrays in sweep order, so the inner loop reads contiguous numbers.
 */
const HYSTERESIS = 1.25;

export class SortAndSweep extends ProxyMap {
  readonly kind: BroadPhaseKind = 'sort-and-sweep';
  // ProxyMap's slots are stable handles here; `pos` finds each one's place in the sweep order.
  /** Position in the sweep order of each slot. */
  private pos = new Int32Array(16);
  private freeSlots = new Int32Array(16);
  private freeCount = 0;
  private slotCount = 0;

  /** 0: sweep along x (lo/hi are x, olo/ohi are y); 1: sweep along y. */
  private sweepAxis = 0;
  private wantAxis = 0;
  private count = 0;
  /** Positions [0, sorted) are in order; [sorted, count) is the unsorted tail of new proxies. */
  private sorted = 0;
  private maxExtent = 0;
  private lo = new Float64Array(16);
  private hi = new Float64Array(16);
  private olo = new Float64Array(16);
  private ohi = new Float64Array(16);
  private slotAt = new Int32Array(16);
  private idAt = new Int32Array(16);
  // Second buffers for the merge; swapped with the first after each merge.
  private lo2 = new Float64Array(16);
  private hi2 = new Float64Array(16);
  private olo2 = new Float64Array(16);
  private ohi2 = new Float64Array(16);
  private slotAt2 = new Int32Array(16);
  private idAt2 = new Int32Array(16);
  private perm = new Int32Array(16);

  /** The current sweep axis (0 = x, 1 = y), for tests and diagnostics. */
  get axis(): number {
    this.flush();
    return this.sweepAxis;
  }

  protected add(id: number, box: Float64Array): number {
    const s = this.allocateSlot();
    this.append(s, id, box);
    return s;
  }

  protected boxInto(slot: number, out: AABB): void {
    const p = this.pos[slot]!;
    // lo/hi are along the sweep axis, olo/ohi along the other (both kept so at every update).
    if (this.sweepAxis === 0) {
      out.minX = this.lo[p]!;
      out.maxX = this.hi[p]!;
      out.minY = this.olo[p]!;
      out.maxY = this.ohi[p]!;
    } else {
      out.minY = this.lo[p]!;
      out.maxY = this.hi[p]!;
      out.minX = this.olo[p]!;
      out.maxX = this.ohi[p]!;
    }
  }

  protected update(slot: number, b: Float64Array): boolean {
    const p = this.pos[slot]!;
    const a = this.sweepAxis;
    const lo = b[a]!;
    const hi = b[a + 2]!;
    this.hi[p] = hi;
    this.olo[p] = b[1 - a]!;
    this.ohi[p] = b[3 - a]!;
    if (hi - lo > this.maxExtent) this.maxExtent = hi - lo;
    const old = this.lo[p]!;
    this.lo[p] = lo;
    if (p >= this.sorted || lo === old) return false;
    return this.restoreOrder(p);
  }

  protected reset(): void {
    this.count = 0;
    this.sorted = 0;
    this.slotCount = 0;
    this.freeCount = 0;
    this.maxExtent = 0;
  }

  protected queryBox(qMinX: number, qMinY: number, qMaxX: number, qMaxY: number, visit: (id: number) => boolean | void): void {
    const a = this.sweepAxis;
    const qLo = a === 0 ? qMinX : qMinY;
    const qHi = a === 0 ? qMaxX : qMaxY;
    const qOLo = a === 0 ? qMinY : qMinX;
    const qOHi = a === 0 ? qMaxY : qMaxX;
    // Anything starting before qLo - maxExtent ends before qLo. The slack covers the rounding
    // of both subtractions (relative 2^-52 of the magnitudes involved).
    let start = qLo - this.maxExtent;
    start -= (Math.abs(start) + Math.abs(qLo) + this.maxExtent) * 1e-15;
    const lo = this.lo;
    const hi = this.hi;
    const olo = this.olo;
    const ohi = this.ohi;
    const ids = this.idAt;
    const n = this.count;
    for (let i = this.lowerBound(start); i < n && lo[i]! <= qHi; i++) {
      if (hi[i]! >= qLo && olo[i]! <= qOHi && qOLo <= ohi[i]!) {
        if (visit(ids[i]!) === false) return;
      }
    }
  }

  protected visitPairs(visit: (a: number, b: number) => void): void {
    const lo = this.lo;
    const hi = this.hi;
    const olo = this.olo;
    const ohi = this.ohi;
    const ids = this.idAt;
    const n = this.count;
    // Center sums for the variance heuristic (doubled centers; the factor cancels).
    let s1 = 0;
    let s2 = 0;
    let t1 = 0;
    let t2 = 0;
    for (let i = 0; i < n; i++) {
      const h = hi[i]!;
      const l = lo[i]!;
      const ol = olo[i]!;
      const oh = ohi[i]!;
      const c = l + h;
      const d = ol + oh;
      s1 += c;
      s2 += c * c;
      t1 += d;
      t2 += d * d;
      const idI = ids[i]!;
      for (let j = i + 1; j < n && lo[j]! <= h; j++) {
        if (olo[j]! <= oh && ol <= ohi[j]!) {
          const idJ = ids[j]!;
          if (idI < idJ) visit(idI, idJ);
          else visit(idJ, idI);
        }
      }
    }
    if (n > 1) {
      const varSweep = s2 - (s1 * s1) / n;
      const varOther = t2 - (t1 * t1) / n;
      // Switch only on a clear difference, so a square level does not flip every sweep.
      if (varOther > varSweep * HYSTERESIS) this.wantAxis = 1 - this.sweepAxis;
    }
  }

  // ---- internals ---------------------------------------------------------------------------

  private allocateSlot(): number {
    if (this.freeCount > 0) return this.freeSlots[--this.freeCount]!;
    const s = this.slotCount++;
    this.pos = growInt32(this.pos, this.slotCount);
    return s;
  }

  private append(slot: number, id: number, b: Float64Array): void {
    const p = this.count++;
    this.ensureCapacity(this.count);
    const a = this.sweepAxis;
    this.lo[p] = b[a]!;
    this.hi[p] = b[a + 2]!;
    this.olo[p] = b[1 - a]!;
    this.ohi[p] = b[3 - a]!;
    this.slotAt[p] = slot;
    this.idAt[p] = id;
    this.pos[slot] = p;
    const e = b[a + 2]! - b[a]!;
    if (e > this.maxExtent) this.maxExtent = e;
  }

  private ensureCapacity(n: number): void {
    if (n <= this.lo.length) return;
    this.lo = growFloat64(this.lo, n);
    this.hi = growFloat64(this.hi, n);
    this.olo = growFloat64(this.olo, n);
    this.ohi = growFloat64(this.ohi, n);
    this.slotAt = growInt32(this.slotAt, n);
    this.idAt = growInt32(this.idAt, n);
    const cap = this.lo.length;
    this.lo2 = new Float64Array(cap);
    this.hi2 = new Float64Array(cap);
    this.olo2 = new Float64Array(cap);
    this.ohi2 = new Float64Array(cap);
    this.slotAt2 = new Int32Array(cap);
    this.idAt2 = new Int32Array(cap);
    this.perm = new Int32Array(cap);
  }

  protected drop(slot: number): void {
    const p = this.pos[slot]!;
    const last = this.count - 1;
    if (p >= this.sorted) {
      // In the unsorted tail: the last element fills the hole.
      if (p !== last) this.copyPosition(last, p);
    } else {
      // In the sorted run: close the gap, keeping the order.
      this.lo.copyWithin(p, p + 1, this.count);
      this.hi.copyWithin(p, p + 1, this.count);
      this.olo.copyWithin(p, p + 1, this.count);
      this.ohi.copyWithin(p, p + 1, this.count);
      this.slotAt.copyWithin(p, p + 1, this.count);
      this.idAt.copyWithin(p, p + 1, this.count);
      for (let i = p; i < last; i++) this.pos[this.slotAt[i]!] = i;
      this.sorted--;
    }
    this.count = last;
    this.freeSlots = growInt32(this.freeSlots, this.freeCount + 1);
    this.freeSlots[this.freeCount++] = slot;
  }

  private copyPosition(from: number, to: number): void {
    this.lo[to] = this.lo[from]!;
    this.hi[to] = this.hi[from]!;
    this.olo[to] = this.olo[from]!;
    this.ohi[to] = this.ohi[from]!;
    const s = this.slotAt[from]!;
    this.slotAt[to] = s;
    this.idAt[to] = this.idAt[from]!;
    this.pos[s] = to;
  }

  /** Insertion sort of the single out-of-order element at p within the sorted run. */
  private restoreOrder(p: number): boolean {
    const lo = this.lo;
    const key = lo[p]!;
    let q = p;
    if (q > 0 && lo[q - 1]! > key) {
      while (q > 0 && lo[q - 1]! > key) q--;
    } else {
      const end = this.sorted - 1;
      while (q < end && lo[q + 1]! < key) q++;
    }
    if (q === p) return false;
    const hi = this.hi[p]!;
    const olo = this.olo[p]!;
    const ohi = this.ohi[p]!;
    const slot = this.slotAt[p]!;
    const id = this.idAt[p]!;
    if (q < p) for (let i = p; i > q; i--) this.copyPosition(i - 1, i);
    else for (let i = p; i < q; i++) this.copyPosition(i + 1, i);
    this.lo[q] = key;
    this.hi[q] = hi;
    this.olo[q] = olo;
    this.ohi[q] = ohi;
    this.slotAt[q] = slot;
    this.idAt[q] = id;
    this.pos[slot] = q;
    return true;
  }

  /** First position whose lower bound is >= x (binary search in the sorted run). */
  private lowerBound(x: number): number {
    const lo = this.lo;
    let a = 0;
    let b = this.count;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (lo[m]! < x) a = m + 1;
      else b = m;
    }
    return a;
  }

  /** Brings the arrays to sorted order on the wanted axis before a query or sweep. */
  protected override flush(): void {
    if (this.wantAxis !== this.sweepAxis) {
      this.swapAxis();
      this.sorted = 0;
    }
    if (this.sorted === this.count) return;
    if (this.sorted === 0) {
      // Sorting everything anyway: pick the axis from the data first (Ericson §7.5.1).
      if (this.chooseAxis() !== this.sweepAxis) this.swapAxis();
    }
    this.mergeTail();
  }

  private swapAxis(): void {
    [this.lo, this.olo] = [this.olo, this.lo];
    [this.hi, this.ohi] = [this.ohi, this.hi];
    this.sweepAxis = 1 - this.sweepAxis;
    this.wantAxis = this.sweepAxis;
  }

  private chooseAxis(): number {
    const n = this.count;
    if (n < 2) return this.sweepAxis;
    let s1 = 0;
    let s2 = 0;
    let t1 = 0;
    let t2 = 0;
    for (let i = 0; i < n; i++) {
      const c = this.lo[i]! + this.hi[i]!;
      const d = this.olo[i]! + this.ohi[i]!;
      s1 += c;
      s2 += c * c;
      t1 += d;
      t2 += d * d;
    }
    const varSweep = s2 - (s1 * s1) / n;
    const varOther = t2 - (t1 * t1) / n;
    return varOther > varSweep ? 1 - this.sweepAxis : this.sweepAxis;
  }

  /** Sorts the tail [sorted, count) and merges it with the sorted run, in O(n + k log k). */
  private mergeTail(): void {
    const n = this.count;
    const k0 = this.sorted;
    const perm = this.perm;
    for (let i = k0; i < n; i++) perm[i] = i;
    sortIndicesByKey(perm, k0, n, this.lo);
    const lo = this.lo;
    const hi = this.hi;
    const olo = this.olo;
    const ohi = this.ohi;
    const slotAt = this.slotAt;
    const idAt = this.idAt;
    const lo2 = this.lo2;
    const hi2 = this.hi2;
    const olo2 = this.olo2;
    const ohi2 = this.ohi2;
    const slotAt2 = this.slotAt2;
    const idAt2 = this.idAt2;
    const pos = this.pos;
    let i = 0;
    let j = k0;
    let maxExtent = 0;
    for (let out = 0; out < n; out++) {
      let src: number;
      if (j >= n || (i < k0 && lo[i]! <= lo[perm[j]!]!)) src = i++;
      else src = perm[j++]!;
      const l = lo[src]!;
      const h = hi[src]!;
      lo2[out] = l;
      hi2[out] = h;
      olo2[out] = olo[src]!;
      ohi2[out] = ohi[src]!;
      const s = slotAt[src]!;
      slotAt2[out] = s;
      idAt2[out] = idAt[src]!;
      pos[s] = out;
      if (h - l > maxExtent) maxExtent = h - l;
    }
    this.lo = lo2;
    this.hi = hi2;
    this.olo = olo2;
    this.ohi = ohi2;
    this.slotAt = slotAt2;
    this.idAt = idAt2;
    this.lo2 = lo;
    this.hi2 = hi;
    this.olo2 = olo;
    this.ohi2 = ohi;
    this.slotAt2 = slotAt;
    this.idAt2 = idAt;
    this.sorted = n;
    this.maxExtent = maxExtent;
  }
}
