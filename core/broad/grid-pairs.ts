import { growFloat64, growInt32 } from './broad-phase';
import { MAX_COORDINATE } from './proxy-map';
import { looseCellSize, MAX_ABS_CELLS, SIZE_SLACK } from './loose-grid';

/**
 * All overlapping pairs of a fixed set of boxes at once: the loose grid of loose-grid.ts (each
 * box filed under the cell holding its centre, cells sized to the 95th percentile of the boxes'
 * larger sides, oversized boxes apart), built in one pass by a counting sort of the boxes into
 * cell order instead of one insertion per box into a hash table of linked lists. This is the
 * layout of the particle grids of Green ("Particle Simulation using CUDA", NVIDIA 2008): the
 * boxes sorted by cell and a start offset per cell, so a cell's boxes are contiguous; Ericson,
 * "Real-Time Collision Detection" §7.1.5 on the 3×3 test (here each cell against itself and its
 * four neighbours "after" it). The answer is the loose grid's, and every broad phase's: each
 * unordered pair of closed boxes that overlap, once.
 *
 * Why a second form of the same grid: a from-scratch analysis (the CLI's `collide check`) runs
 * once per process, so its cost is mostly V8 warming up. The incremental grid spends 10k bodies'
 * worth of calls through insert, slot allocation, hashing and list linking before its first pair,
 * each small function interpreted until it is compiled on its own; here a handful of loops over
 * typed arrays are compiled on the stack (on-stack replacement) within a few hundred iterations.
 *
 * The grid is dense over the boxes' centres, so a scene whose centres are spread thin (a few far
 * clusters) would need more cells than boxes: `gridPairs` then declines (returns false), and
 * the caller uses the incremental broad phase, whose cells are hashed.
 */

/** Pairs found by `gridPairs`: keys i·n + j with i < j (n the box count), unordered, count of them. */
export interface PairKeys {
  keys: Float64Array<ArrayBuffer>;
  count: number;
}

export function emptyPairKeys(capacity = 1024): PairKeys {
  return { keys: new Float64Array(capacity), count: 0 };
}

/** Cells allowed per box (plus a constant) before the dense grid gives way to the hashed one. */
const CELLS_PER_BOX = 4;
const EXTRA_CELLS = 1024;
const EMPTY = -1;
const OVERSIZED = -2;

// Scratch, grown by doubling and kept between calls (gridPairs never re-enters).
let clean = new Float64Array(64);
let sides = new Float64Array(16);
let cellOf = new Int32Array(16);
let start = new Int32Array(16);
let order = new Int32Array(16);
let sorted = new Float64Array(64);
let oversized = new Int32Array(16);

/**
 * Every overlapping pair of `count` boxes, box i at boxes[4i .. 4i + 3] as (minX, minY, maxX,
 * maxY), written to `out` (its count reset first) as keys i·n + j, i < j, n = count. A box with
 * a NaN coordinate or min > max is empty and overlaps nothing; coordinates beyond
 * ±MAX_COORDINATE saturate there (the contract of broad-phase.ts). Returns false, with `out`
 * empty, when the dense grid would need more than CELLS_PER_BOX cells per box.
 */
export function gridPairs(boxes: Float64Array, count: number, out: PairKeys): boolean {
  out.count = 0;
  const n = count;
  clean = growFloat64(clean, 4 * n);
  sides = growFloat64(sides, n);
  cellOf = growInt32(cellOf, n);
  const b = clean;
  // Pass 1: saturated copies, the larger side of each box and the range of the centres.
  let m = 0;
  let cMinX = Infinity;
  let cMinY = Infinity;
  let cMaxX = -Infinity;
  let cMaxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const o = 4 * i;
    const minX = saturate(boxes[o]!);
    const minY = saturate(boxes[o + 1]!);
    const maxX = saturate(boxes[o + 2]!);
    const maxY = saturate(boxes[o + 3]!);
    // Written so that NaN fails the test.
    if (!(minX <= maxX && minY <= maxY)) {
      cellOf[i] = EMPTY;
      continue;
    }
    b[o] = minX;
    b[o + 1] = minY;
    b[o + 2] = maxX;
    b[o + 3] = maxY;
    cellOf[i] = 0;
    const w = maxX - minX;
    const h = maxY - minY;
    sides[m++] = w > h ? w : h;
    const x = (minX + maxX) * 0.5;
    const y = (minY + maxY) * 0.5;
    if (x < cMinX) cMinX = x;
    if (x > cMaxX) cMaxX = x;
    if (y < cMinY) cMinY = y;
    if (y > cMaxY) cMaxY = y;
  }
  if (m === 0) return true;
  const cell = looseCellSize(sides, m, Math.max(cMaxX - cMinX, cMaxY - cMinY));
  const inv = 1 / cell;
  const width = Math.floor((cMaxX - cMinX) * inv) + 1;
  const height = Math.floor((cMaxY - cMinY) * inv) + 1;
  if (!(width * height <= CELLS_PER_BOX * m + EXTRA_CELLS)) return false;
  const cells = width * height;
  start = growInt32(start, cells + 1);
  start.fill(0, 0, cells + 1);
  // Pass 2: each box's cell (row-major), or oversized: wider than a cell less the slack, or so
  // far out that rounding of its cell coordinate could eat the slack (loose-grid.ts targetCell).
  const limit = cell * (1 - SIZE_SLACK);
  const far = cell * MAX_ABS_CELLS;
  let overCount = 0;
  oversized = growInt32(oversized, n);
  for (let i = 0; i < n; i++) {
    if (cellOf[i] === EMPTY) continue;
    const o = 4 * i;
    const centreX = (b[o]! + b[o + 2]!) * 0.5;
    const centreY = (b[o + 1]! + b[o + 3]!) * 0.5;
    const fx = (centreX - cMinX) * inv;
    const fy = (centreY - cMinY) * inv;
    if (
      b[o + 2]! - b[o]! > limit ||
      b[o + 3]! - b[o + 1]! > limit ||
      !(Math.abs(centreX) < far && Math.abs(centreY) < far) ||
      !(fx < MAX_ABS_CELLS && fy < MAX_ABS_CELLS)
    ) {
      cellOf[i] = OVERSIZED;
      oversized[overCount++] = i;
      continue;
    }
    // Clamped into the grid: rounding may put a centre on the far edge one cell out, and clamping
    // only brings cell coordinates closer together, so neighbours stay neighbours.
    const cx = Math.min(Math.floor(fx), width - 1);
    const cy = Math.min(Math.floor(fy), height - 1);
    const c = cy * width + cx;
    cellOf[i] = c;
    start[c + 1]!++;
  }
  for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!;
  // Pass 3: the regular boxes in cell order (a counting sort: Cormen et al. §8.2), with their
  // boxes copied alongside so that a cell's boxes are read contiguously.
  const regular = start[cells]!;
  order = growInt32(order, regular);
  sorted = growFloat64(sorted, 4 * regular);
  const s = sorted;
  for (let i = 0; i < n; i++) {
    const c = cellOf[i]!;
    if (c < 0) continue;
    const k = start[c]!++;
    order[k] = i;
    s[4 * k] = b[4 * i]!;
    s[4 * k + 1] = b[4 * i + 1]!;
    s[4 * k + 2] = b[4 * i + 2]!;
    s[4 * k + 3] = b[4 * i + 3]!;
  }
  // start[c] now holds the end of cell c, which is the start of cell c + 1.
  let keys = out.keys;
  let found = 0;
  for (let cy = 0; cy < height; cy++) {
    for (let cx = 0; cx < width; cx++) {
      const c = cy * width + cx;
      const from = c === 0 ? 0 : start[c - 1]!;
      const to = start[c]!;
      if (from === to) continue;
      // The neighbours after this cell: (cx + 1, cy − 1), (cx + 1, cy), (cx + 1, cy + 1),
      // (cx, cy + 1). Each neighbouring pair of cells is then visited from one side only.
      const right = cx + 1 < width;
      const up = cy + 1 < height;
      for (let k = from; k < to; k++) {
        const p = 4 * k;
        const minX = s[p]!;
        const minY = s[p + 1]!;
        const maxX = s[p + 2]!;
        const maxY = s[p + 3]!;
        const id = order[k]!;
        // Ranges of sorted positions to test against: the rest of this cell, then the neighbours.
        for (let r = 0; r < 5; r++) {
          let lo: number;
          let hi: number;
          if (r === 0) {
            lo = k + 1;
            hi = to;
          } else {
            let nc: number;
            if (r === 1) {
              if (!right || cy === 0) continue;
              nc = c - width + 1;
            } else if (r === 2) {
              if (!right) continue;
              nc = c + 1;
            } else if (r === 3) {
              if (!right || !up) continue;
              nc = c + width + 1;
            } else {
              if (!up) continue;
              nc = c + width;
            }
            lo = nc === 0 ? 0 : start[nc - 1]!;
            hi = start[nc]!;
          }
          for (let t = lo; t < hi; t++) {
            const q = 4 * t;
            if (s[q]! <= maxX && minX <= s[q + 2]! && s[q + 1]! <= maxY && minY <= s[q + 3]!) {
              if (found === keys.length) keys = growFloat64(keys, found + 1);
              const other = order[t]!;
              keys[found++] = id < other ? id * n + other : other * n + id;
            }
          }
        }
      }
    }
  }
  // Oversized boxes: against each other, and against the grid by range. A regular box that
  // overlaps one has its centre within half a cell of it: one extra cell on each side covers that
  // and any rounding (loose-grid.ts query).
  for (let k = 0; k < overCount; k++) {
    const id = oversized[k]!;
    const o = 4 * id;
    const minX = b[o]!;
    const minY = b[o + 1]!;
    const maxX = b[o + 2]!;
    const maxY = b[o + 3]!;
    for (let j = k + 1; j < overCount; j++) {
      const other = oversized[j]!;
      const q = 4 * other;
      if (b[q]! <= maxX && minX <= b[q + 2]! && b[q + 1]! <= maxY && minY <= b[q + 3]!) {
        if (found === keys.length) keys = growFloat64(keys, found + 1);
        keys[found++] = id < other ? id * n + other : other * n + id;
      }
    }
    // Cell ranges clamped to the grid (an unbounded box covers all of it).
    const x0 = Math.max(Math.floor((minX - cMinX) * inv) - 1, 0);
    const x1 = Math.min(Math.floor((maxX - cMinX) * inv) + 1, width - 1);
    const y0 = Math.max(Math.floor((minY - cMinY) * inv) - 1, 0);
    const y1 = Math.min(Math.floor((maxY - cMinY) * inv) + 1, height - 1);
    if (!(x0 <= x1 && y0 <= y1)) continue;
    for (let cy = y0; cy <= y1; cy++) {
      // A row's cells are contiguous in sorted order: one range per row.
      const first = cy * width + x0;
      const lo = first === 0 ? 0 : start[first - 1]!;
      const hi = start[cy * width + x1]!;
      for (let t = lo; t < hi; t++) {
        const q = 4 * t;
        if (s[q]! <= maxX && minX <= s[q + 2]! && s[q + 1]! <= maxY && minY <= s[q + 3]!) {
          if (found === keys.length) keys = growFloat64(keys, found + 1);
          const other = order[t]!;
          keys[found++] = id < other ? id * n + other : other * n + id;
        }
      }
    }
  }
  out.keys = keys;
  out.count = found;
  return true;
}

function saturate(v: number): number {
  return v < -MAX_COORDINATE ? -MAX_COORDINATE : v > MAX_COORDINATE ? MAX_COORDINATE : v;
}
