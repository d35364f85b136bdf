import type { TileGrid } from './tile-grid';
import {
  BOTTOM_LINE_BITS,
  compareLoops,
  DL,
  DX,
  emitRow,
  stepOffsets,
  TOP_LINE_BITS,
  traceLoop,
  type TileLoop,
  type TileOutline,
} from './tile-outline';

/**
 * Incremental outline: after rows firstRow..lastRow of a grid change (same width and height),
 * `retileRows` brings its outline up to date by retracing only the loops that reach those rows.
 *
 * Why this is the from-scratch outline: a row's cells decide only the steps it owns (on its two
 * grid lines; tile-outline.ts), and those of its upper and lower neighbors' shared sides, so the
 * steps of rows firstRow - 1 .. lastRow + 1 are re-emitted and every other step is unchanged. A
 * loop whose span of grid lines misses that band's lines has no step there, and every vertex it
 * passes through has the same steps as before; since linking looks at one vertex's steps only,
 * that loop is still a loop of the outline, as it was. The other loops are dropped and retraced
 * from their old steps outside the band and the band's new steps: the boundary minus the kept
 * loops, whose steps, traced with the same rule, are exactly the remaining loops. The loops are
 * kept in their canonical order (first corners), so the result equals tileOutline's, loop for loop.
 *
 * Cost: one pass over the loops' spans, plus the steps of the retraced loops and of the band.
 */

export interface RetileReport {
  /** Loops dropped (they reached the changed rows) and loops traced in their place. */
  readonly removedLoops: number;
  readonly addedLoops: number;
  /** Unit steps walked while retracing. */
  readonly tracedSteps: number;
}

/** Direction index of a unit step (dx, dl), each in -1..1. */
const DIRECTION = new Int8Array(9);
for (let d = 0; d < 8; d++) DIRECTION[(DX[d]! + 1) * 3 + (DL[d]! + 1)] = d;

/** Updates `outline` (made by tileOutline for `grid`'s size) for a change of rows firstRow..lastRow. */
export function retileRows(outline: TileOutline, grid: TileGrid, firstRow: number, lastRow: number): RetileReport {
  const w = outline.width;
  const h = outline.height;
  if (grid.width !== w || grid.height !== h) throw new RangeError('retileRows: the grid changed size; make a new outline');
  const stride = w + 1;
  const r0 = Math.max(0, Math.min(firstRow, lastRow) - 1);
  const r1 = Math.min(h - 1, Math.max(firstRow, lastRow) + 1);
  if (r0 > r1) return { removedLoops: 0, addedLoops: 0, tracedSteps: 0 };
  const lineLo = r0;
  const lineHi = r1 + 1;
  // Loops are in order of their first corner, whose line is their first line: those starting
  // below the band are a suffix, and only the prefix before it is scanned, on the dense keys.
  const keys = outline.keys;
  const total = outline.loops.length;
  let end = total;
  for (let lo = 0, hi = total; lo < hi; ) {
    const mid = (lo + hi) >> 1;
    if (keys[4 * mid + 2]! > lineHi) hi = end = mid;
    else lo = mid + 1;
  }
  const removedAt: number[] = [];
  for (let i = 0; i < end; i++) if (keys[4 * i + 3]! >= lineLo) removedAt.push(i);
  const removed = removedAt.map((i) => outline.loops[i]!);

  const steps = outline.steps;
  for (let r = r0; r <= r1; r++) {
    for (let c = 0; c <= w; c++) {
      steps[r * stride + c] = steps[r * stride + c]! & ~TOP_LINE_BITS;
      steps[(r + 1) * stride + c] = steps[(r + 1) * stride + c]! & ~BOTTOM_LINE_BITS;
    }
  }
  for (let r = r0; r <= r1; r++) emitRow(grid, steps, r);

  // The steps to retrace from: the dropped loops' steps outside the band, the band's new steps.
  const starts: number[] = [];
  const ownedInBand = (v: number, d: number) => {
    const line = Math.floor(v / stride);
    const row = TOP_LINE_BITS & (1 << d) ? line : line - 1;
    return row >= r0 && row <= r1;
  };
  for (const loop of removed) {
    const n = loop.corners.length;
    for (let i = 0; i < n; i++) {
      const a = loop.corners[i]!;
      const b = loop.corners[(i + 1) % n]!;
      const la = Math.floor(a / stride);
      const lb = Math.floor(b / stride);
      const dx = b - lb * stride - (a - la * stride);
      const dl = lb - la;
      const d = DIRECTION[(Math.sign(dx) + 1) * 3 + (Math.sign(dl) + 1)]!;
      const count = Math.max(Math.abs(dx), Math.abs(dl));
      const offset = DX[d]! + DL[d]! * stride;
      for (let k = 0, v = a; k < count; k++, v += offset) if (!ownedInBand(v, d)) starts.push(8 * v + d);
    }
  }
  for (let line = lineLo; line <= lineHi; line++) {
    for (let c = 0; c <= w; c++) {
      const v = line * stride + c;
      const bits = steps[v]!;
      for (let d = 0; d < 8; d++) if (bits & (1 << d) && ownedInBand(v, d)) starts.push(8 * v + d);
    }
  }

  const seen = new Set<number>();
  const visit = (v: number, d: number) => {
    seen.add(8 * v + d);
  };
  const offsets = stepOffsets(w);
  const added: TileLoop[] = [];
  for (const key of starts) {
    if (seen.has(key)) continue;
    added.push(traceLoop(steps, w, offsets, Math.floor(key / 8), key % 8, visit));
  }
  added.sort(compareLoops);
  replaceLoops(outline, removedAt, added);
  return { removedLoops: removed.length, addedLoops: added.length, tracedSteps: seen.size };
}

/**
 * The outline's loops without those at `removedAt` (increasing) and with `added` (in order)
 * merged in: kept loops are copied as references and keys, compared on the keys only.
 */
function replaceLoops(outline: TileOutline, removedAt: readonly number[], added: readonly TileLoop[]): void {
  const old = outline.loops;
  const oldKeys = outline.keys;
  const count = old.length - removedAt.length + added.length;
  const loops: TileLoop[] = new Array<TileLoop>(count);
  const keys = new Int32Array(4 * count);
  let out = 0;
  let r = 0;
  let j = 0;
  const take = (loop: TileLoop, a: number, b: number, lo: number, hi: number) => {
    loops[out] = loop;
    keys[4 * out] = a;
    keys[4 * out + 1] = b;
    keys[4 * out + 2] = lo;
    keys[4 * out + 3] = hi;
    out++;
  };
  for (let i = 0; i <= old.length; i++) {
    if (i < old.length && r < removedAt.length && removedAt[r] === i) {
      r++;
      continue;
    }
    // Added loops that come before kept loop i (or all that are left, at the end).
    while (j < added.length) {
      const n = added[j]!;
      const a = n.corners[0]!;
      const b = n.corners[1]!;
      if (i < old.length && (oldKeys[4 * i]! - a || oldKeys[4 * i + 1]! - b) <= 0) break;
      take(n, a, b, n.minLine, n.maxLine);
      j++;
    }
    if (i < old.length) take(old[i]!, oldKeys[4 * i]!, oldKeys[4 * i + 1]!, oldKeys[4 * i + 2]!, oldKeys[4 * i + 3]!);
  }
  outline.loops = loops;
  outline.keys = keys;
}
