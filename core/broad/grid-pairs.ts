import { growFloat64, growInt32 } from '../math/typed-array';
import { MAX_COORDINATE } from './proxy-map';
import { looseCellSize, MAX_ABS_CELLS, SIZE_SLACK } from './loose-grid';

/**
 * All overlapping pairs of a fixed set of boxes at once: the loose grid of loose-grid.ts (each
 * box filed under the cell holding its center, cells sized to the 95th percentile of the boxes'
 * larger sides, oversized boxes apart), built in one pass by a counting sort of the boxes into
 * cell order instead of one insertion per box into a hash table of linked lists. This is the
 * layout of the particle grids of Green ("Particle Simulation using CUDA", NVIDIA 2008): the
 * boxes sorted by cell and a start offset per cell, so a cell's boxes are contiguous; Ericson,
 * "Real-Time Collision Detection" §7.1.5 on the 3×3 test (here each cell against itself and its
 * four neighbors "after" it). The answer is the loose grid's, and every broad phase's: each
 * unordered pair of closed boxes that overlap, once.
 *
 * Why a second form of the same grid: a from-scratch analysis (the CLI's `collide check`) runs
 * once per process, so its cost is mostly V8 warming up. The incremental grid spends a call per
 * body through insert, slot allocation, hashing and list linking before its first pair,
 * each small function interpreted until it is compiled on its own; here a handful of loops over
 * typed arrays are compiled on the stack (on-stack replacement) within a few hundred iterations.
 *
 * The grid is dense over the boxes' centers, so a scene whose centers are spread thin (a few far
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

// Scratch, grown by doubling and kept between calls (gridPairs never re-enters), and the layout
// of the call in progress. Each pass is a function of its own, one loop each: run once per call,
// a pass is compiled on the stack (on-stack replacement) with the type feedback of its own loop
// only, where one function holding every pass would be compiled whole, then thrown away on
// reaching a pass it had no feedback for (the oversized boxes, last) and compiled again.
let clean = new Float64Array(64);
let sides = new Float64Array(16);
let cellOf = new Int32Array(16);
let start = new Int32Array(16);
let order = new Int32Array(16);
let sorted = new Float64Array(64);
let oversized = new Int32Array(16);
let keys = new Float64Array(0);
let found = 0;
let overCount = 0;
let originX = 0;
let originY = 0;
let spanX = 0;
let spanY = 0;
let inv = 0;
let width = 0;
let height = 0;
/** Cells per row of the padded layout: the grid's columns and an empty one on each side. */
let stride = 0;
/**
 * Offsets in the padded layout from a cell to itself and to the four neighbors it is tested
 * against (see regularPairs): (cx + 1, cy − 1), (cx + 1, cy), (cx + 1, cy + 1), (cx, cy + 1).
 */
const after = new Int32Array(5);

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
  const m = measure(boxes, n);
  if (m === 0) return true;
  const cell = layOut(m);
  if (cell === 0) return false;
  const cells = stride * (height + 2);
  file(n, cell);
  for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!;
  sortByCell(n, start[cells]!);
  // Room for a pair per box up front (levels have fewer pairs than boxes, as a rule), so that the
  // keys rarely grow inside the pair passes: a first growth there reaches code the pass had not
  // run when it was compiled on the stack, and the pass is compiled again.
  keys = growFloat64(out.keys, n);
  found = 0;
  regularPairs(n);
  oversizedPairs(n);
  out.keys = keys;
  out.count = found;
  keys = new Float64Array(0);
  return true;
}

/**
 * The grid for the m boxes measure() kept: sets inv, width, height and stride, zeroes the cell
 * counts in `start`, and returns the cell size (always positive), or 0 when the dense grid would
 * need more than CELLS_PER_BOX cells per box.
 */
function layOut(m: number): number {
  const cell = looseCellSize(sides, m, Math.max(spanX, spanY));
  inv = 1 / cell;
  width = Math.floor(spanX * inv) + 1;
  height = Math.floor(spanY * inv) + 1;
  if (!(width * height <= CELLS_PER_BOX * m + EXTRA_CELLS)) return 0;
  // The cells are laid out with an empty border (a row above and below, a column on each side),
  // so every grid cell has all eight neighbors and the pair pass needs no edge cases.
  stride = width + 2;
  const cells = stride * (height + 2);
  start = growInt32(start, cells + 1);
  start.fill(0, 0, cells + 1);
  return cell;
}

/**
 * Pass 1: saturated copies of the boxes into `clean`, the larger side of each valid box into
 * `sides`, the range of the centers into (originX, originY) + (spanX, spanY). Returns how many
 * boxes are valid; an empty one is marked EMPTY in `cellOf`.
 */
function measure(boxes: Float64Array, n: number): number {
  clean = growFloat64(clean, 4 * n);
  sides = growFloat64(sides, n);
  cellOf = growInt32(cellOf, n);
  const b = clean;
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
  originX = cMinX;
  originY = cMinY;
  spanX = cMaxX - cMinX;
  spanY = cMaxY - cMinY;
  return m;
}

/**
 * Pass 2: each valid box's cell (row-major) into `cellOf` and the cell's count into
 * start[cell + 1], or the box into `oversized`: wider than a cell less the slack, or so far out
 * that rounding of its cell coordinate could eat the slack (loose-grid.ts targetCell).
 */
function file(n: number, cell: number): void {
  const b = clean;
  const limit = cell * (1 - SIZE_SLACK);
  const far = cell * MAX_ABS_CELLS;
  oversized = growInt32(oversized, n);
  let over = 0;
  for (let i = 0; i < n; i++) {
    if (cellOf[i] === EMPTY) continue;
    const o = 4 * i;
    const centerX = (b[o]! + b[o + 2]!) * 0.5;
    const centerY = (b[o + 1]! + b[o + 3]!) * 0.5;
    const fx = (centerX - originX) * inv;
    const fy = (centerY - originY) * inv;
    if (
      b[o + 2]! - b[o]! > limit ||
      b[o + 3]! - b[o + 1]! > limit ||
      !(Math.abs(centerX) < far && Math.abs(centerY) < far) ||
      !(fx < MAX_ABS_CELLS && fy < MAX_ABS_CELLS)
    ) {
      cellOf[i] = OVERSIZED;
      oversized[over++] = i;
      continue;
    }
    // Clamped into the grid: rounding may put a center on the far edge one cell out, and clamping
    // only brings cell coordinates closer together, so neighbors stay neighbors.
    const cx = Math.min(Math.floor(fx), width - 1);
    const cy = Math.min(Math.floor(fy), height - 1);
    const c = (cy + 1) * stride + cx + 1;
    cellOf[i] = c;
    start[c + 1]!++;
  }
  overCount = over;
}

/**
 * Pass 3: the regular boxes in cell order (a counting sort: Cormen et al. §8.2), their boxes
 * copied alongside so that a cell's boxes are read contiguously. `start` holds the cells' start
 * offsets on entry and their ends on return (the end of cell c is the start of cell c + 1).
 */
function sortByCell(n: number, regular: number): void {
  order = growInt32(order, regular);
  sorted = growFloat64(sorted, 4 * regular);
  const b = clean;
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
}

/**
 * Pass 4: regular boxes against the rest of their cell and the cells after it: (cx + 1, cy − 1),
 * (cx + 1, cy), (cx + 1, cy + 1) and (cx, cy + 1), so each neighboring pair of cells is visited
 * from one side only. Sorted position k runs through the cells in order (the
 * empty border cells too), and cell c's boxes are the positions [start[c − 1], start[c]). Every
 * box meets five runs, tested in one loop: one call of `test` to compile into this pass, which
 * runs once and is compiled on the stack, where a branch per grid edge would leave code that has
 * not run when it is compiled (the first row has no row above) and make it compile again.
 */
function regularPairs(n: number): void {
  const s = sorted;
  const w = stride;
  after[0] = 0;
  after[1] = 1 - w;
  after[2] = 1;
  after[3] = w + 1;
  after[4] = w;
  const cells = w * (height + 2);
  let c = 0;
  const total = start[cells - 1]!;
  for (let k = 0; k < total; k++) {
    while (start[c]! <= k) c++;
    const p = 4 * k;
    const minX = s[p]!;
    const minY = s[p + 1]!;
    const maxX = s[p + 2]!;
    const maxY = s[p + 3]!;
    const id = order[k]!;
    for (let i = 0; i < 5; i++) {
      const d = c + after[i]!;
      // In its own cell a box meets the boxes after it; in a neighbor, all of them.
      test(id, minX, minY, maxX, maxY, i === 0 ? k + 1 : start[d - 1]!, start[d]!, n);
    }
  }
}

/**
 * Pass 5: oversized boxes against each other, and against the grid by range. Among themselves by
 * sort and sweep on x (Baraff's "sweep and prune"; Ericson, "Real-Time Collision Detection"
 * §7.5.1): sorted by minX, a box meets only the boxes after it whose minX is within its maxX, so
 * the pass costs O(k log k) plus the pairs, not k²/2 tests (a large level has thousands of
 * oversized boxes). A regular box that overlaps one has its center within half a cell of it: one extra cell
 * on each side covers that and any rounding (loose-grid.ts query). A row's cells are contiguous
 * in sorted order, so each row of the range is one run of boxes.
 */
function oversizedPairs(n: number): void {
  const b = clean;
  oversized.subarray(0, overCount).sort(byMinX);
  for (let k = 0; k < overCount; k++) {
    const id = oversized[k]!;
    const o = 4 * id;
    const minX = b[o]!;
    const minY = b[o + 1]!;
    const maxX = b[o + 2]!;
    const maxY = b[o + 3]!;
    // A later box starts at or after minX, so it meets this one on x exactly when it starts by maxX.
    for (let j = k + 1; j < overCount; j++) {
      const q = 4 * oversized[j]!;
      if (!(b[q]! <= maxX)) break;
      if (b[q + 1]! <= maxY && minY <= b[q + 3]!) emit(id, oversized[j]!, n);
    }
    // Clamped to the grid (an unbounded box covers all of it).
    const x0 = Math.max(Math.floor((minX - originX) * inv) - 1, 0);
    const x1 = Math.min(Math.floor((maxX - originX) * inv) + 1, width - 1);
    const y0 = Math.max(Math.floor((minY - originY) * inv) - 1, 0);
    const y1 = Math.min(Math.floor((maxY - originY) * inv) + 1, height - 1);
    if (!(x0 <= x1 && y0 <= y1)) continue;
    for (let cy = y0; cy <= y1; cy++) {
      const row = (cy + 1) * stride + 1;
      test(id, minX, minY, maxX, maxY, start[row + x0 - 1]!, start[row + x1]!, n);
    }
  }
}

/** Oversized boxes by their minX (valid boxes: saturated, never NaN). */
function byMinX(i: number, j: number): number {
  return clean[4 * i]! - clean[4 * j]!;
}

/** Box `id` against the sorted boxes at positions [lo, hi): each overlapping one is a pair. */
function test(id: number, minX: number, minY: number, maxX: number, maxY: number, lo: number, hi: number, n: number): void {
  const s = sorted;
  for (let t = lo; t < hi; t++) {
    const q = 4 * t;
    if (s[q]! <= maxX && minX <= s[q + 2]! && s[q + 1]! <= maxY && minY <= s[q + 3]!) emit(id, order[t]!, n);
  }
}

function emit(a: number, b: number, n: number): void {
  if (found === keys.length) keys = growFloat64(keys, found + 1);
  keys[found++] = a < b ? a * n + b : b * n + a;
}

function saturate(v: number): number {
  return v < -MAX_COORDINATE ? -MAX_COORDINATE : v > MAX_COORDINATE ? MAX_COORDINATE : v;
}

/**
 * Where `gridPairs` files each box: the cell side, the grid's origin (the lowest box center on
 * each axis) and size in cells, and per box its cell `row * columns + column` (cell (c, r) spans
 * [originX + c·cell, originX + (c + 1)·cell) × [originY + r·cell, ...) and holds the boxes whose
 * centers are in it), OVERSIZED_CELL for a box tested apart, EMPTY_CELL for an empty one. For
 * drawing the broad phase (the preview's debug draw); null when gridPairs would decline.
 */
export interface GridLayout {
  readonly cell: number;
  readonly originX: number;
  readonly originY: number;
  readonly columns: number;
  readonly rows: number;
  readonly cellOf: Int32Array;
}

export const OVERSIZED_CELL = OVERSIZED;
export const EMPTY_CELL = EMPTY;

export function gridLayout(boxes: Float64Array, count: number): GridLayout | null {
  const n = count;
  const m = measure(boxes, n);
  const out = new Int32Array(n).fill(EMPTY);
  if (m === 0) return { cell: 1, originX: 0, originY: 0, columns: 0, rows: 0, cellOf: out };
  const cell = layOut(m);
  if (cell === 0) return null;
  file(n, cell);
  for (let i = 0; i < n; i++) {
    const c = cellOf[i]!;
    out[i] = c < 0 ? c : (Math.floor(c / stride) - 1) * width + (c % stride) - 1;
  }
  return { cell, originX, originY, columns: width, rows: height, cellOf: out };
}
