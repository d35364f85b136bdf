import { makeChainPacked, type Chain } from '../chain/chain';
import type { TileGrid } from './tile-grid';

/**
 * The outline of the union of a tile grid's solid cells, as loops for chains (chain.ts): outer
 * boundaries counter-clockwise and holes clockwise, so the matter is on each loop's left and
 * bodies collide from its right, as a chain's edges are solid. Collinear edges are merged (no
 * vertex between flush cells, ramps that continue one another are one edge), and no edge lies
 * between two solid cells.
 *
 * The method is the boundary of a union of grid cells as in contour tracing of binary images
 * (the square-tracing family; Ericson, "Real-Time Collision Detection", §12.2 on welding shared
 * edges): every cell emits its boundary as unit steps between grid vertices, counter-clockwise,
 * except a side shared with a neighbor that is solid on that side (the two would cancel); the
 * steps are then linked into loops. Everything is in integer grid coordinates, exact: a vertex is
 * (X, L), column X from the left and grid line L from the top, with id L (width + 1) + X; a step
 * is a vertex and one of eight directions, kept as one bit of a byte per vertex (at most one step
 * leaves a vertex in each direction).
 *
 * Linking: at a vertex where solid cells meet only by a corner, two steps arrive and two leave.
 * Each arriving step continues with the leaving step next to it counter-clockwise from where it
 * came (the sharpest right turn), so every loop is the border between the solid and one empty
 * region: the notch an empty region shows at such a vertex stays in its loop. The rule looks at
 * one vertex's steps only and pairs them one to one, so the loops do not depend on the order in
 * which they are traced, which is what lets tile-retile.ts retrace a part of the outline.
 */

/** Directions, counter-clockwise in the y-up frame: E, NE, N, NW, W, SW, S, SE. */
export const DX = [1, 1, 0, -1, -1, -1, 0, 1] as const;
/** Grid-line change of each direction (lines count down the page). */
export const DL = [0, -1, -1, -1, 0, 1, 1, 1] as const;

const E = 0;
const NE = 1;
const N = 2;
const NW = 3;
const W = 4;
const SW = 5;
const S = 6;
const SE = 7;

/** Sides of a cell: bottom, right, top, left. */
const BOTTOM = 1;
const RIGHT = 2;
const TOP = 4;
const LEFT = 8;

/** Solid sides of each kind (tile-grid.ts): empty, solid, `/`, `\`, `F`, `7`. */
const SIDES = [0, BOTTOM | RIGHT | TOP | LEFT, BOTTOM | RIGHT, BOTTOM | LEFT, TOP | LEFT, RIGHT | TOP];

/**
 * The steps a row owns: those its cells emit, on its top line (W, SW, S, SE) and on its bottom
 * line (E, NE, N, NW). Disjoint between rows.
 */
export const TOP_LINE_BITS = (1 << W) | (1 << SW) | (1 << S) | (1 << SE);
export const BOTTOM_LINE_BITS = (1 << E) | (1 << NE) | (1 << N) | (1 << NW);

/**
 * One loop: its corners as vertex ids, in order, starting at the least id; its span of grid lines.
 * A plain array of small integers: an outline holds a loop per island and hole, a hundred
 * thousand in a noisy 1,000 × 1,000 grid, and a typed array each costs the collector far more.
 */
export interface TileLoop {
  readonly corners: readonly number[];
  readonly minLine: number;
  readonly maxLine: number;
}

/**
 * The outline of a grid: its loops in order of their first corner (then second), and the steps
 * of the whole boundary (one byte per vertex), which tile-retile.ts updates row by row. `keys`
 * repeats each loop's first and second corner and its span of lines, four integers a loop in the
 * loops' order, so that a retile scans one dense array instead of every loop object (at a
 * hundred thousand loops, fetching each object is most of the work).
 */
export interface TileOutline {
  readonly width: number;
  readonly height: number;
  readonly steps: Uint8Array;
  loops: TileLoop[];
  keys: Int32Array;
}

/** The dense keys of loops (first corner, second corner, first line, last line each). */
export function loopKeys(loops: readonly TileLoop[]): Int32Array {
  const keys = new Int32Array(4 * loops.length);
  for (let i = 0; i < loops.length; i++) {
    const l = loops[i]!;
    keys[4 * i] = l.corners[0]!;
    keys[4 * i + 1] = l.corners[1]!;
    keys[4 * i + 2] = l.minLine;
    keys[4 * i + 3] = l.maxLine;
  }
  return keys;
}

/** Emits into `steps` the boundary steps that row r's cells own. */
export function emitRow(grid: TileGrid, steps: Uint8Array, r: number): void {
  const w = grid.width;
  const h = grid.height;
  const cells = grid.cells;
  const stride = w + 1;
  const top = r * stride;
  const bottom = (r + 1) * stride;
  for (let c = 0; c < w; c++) {
    const kind = cells[r * w + c]!;
    if (kind === 0) continue;
    const sides = SIDES[kind]!;
    if (sides & BOTTOM && !(r + 1 < h && SIDES[cells[(r + 1) * w + c]!]! & TOP)) steps[bottom + c] |= 1 << E;
    if (sides & RIGHT && !(c + 1 < w && SIDES[cells[r * w + c + 1]!]! & LEFT)) steps[bottom + c + 1] |= 1 << N;
    if (sides & TOP && !(r > 0 && SIDES[cells[(r - 1) * w + c]!]! & BOTTOM)) steps[top + c + 1] |= 1 << W;
    if (sides & LEFT && !(c > 0 && SIDES[cells[r * w + c - 1]!]! & RIGHT)) steps[top + c] |= 1 << S;
    // The diagonal, always boundary: the other half of the cell is empty.
    if (kind === 2) steps[top + c + 1] |= 1 << SW;
    else if (kind === 3) steps[bottom + c + 1] |= 1 << NW;
    else if (kind === 4) steps[bottom + c] |= 1 << NE;
    else if (kind === 5) steps[top + c] |= 1 << SE;
  }
}

/** The direction that continues a step arriving at vertex u in direction d (see the top comment). */
function next(steps: Uint8Array, u: number, d: number): number {
  const bits = steps[u]!;
  for (let k = 5; k <= 12; k++) {
    const dir = (d + k) & 7;
    if (bits & (1 << dir)) return dir;
  }
  return -1;
}

/** The id step of each direction for a grid `width` cells wide. */
export function stepOffsets(width: number): Int32Array {
  const out = new Int32Array(8);
  for (let d = 0; d < 8; d++) out[d] = DX[d]! + DL[d]! * (width + 1);
  return out;
}

/**
 * Traces the loop through step (v0, d0), calling `visit(v, d)` for each of its steps, and returns
 * it with its corners from the least id. `steps` must hold the whole boundary.
 */
export function traceLoop(steps: Uint8Array, width: number, offsets: Int32Array, v0: number, d0: number, visit: (v: number, d: number) => void): TileLoop {
  const corners: number[] = [];
  let v = v0;
  let d = d0;
  for (;;) {
    visit(v, d);
    const u = v + offsets[d]!;
    const k = next(steps, u, d);
    if (k !== d) corners.push(u);
    if (u === v0 && k === d0) break;
    if (k < 0) break; // Not a closed boundary: cannot happen for steps emitted from a grid.
    v = u;
    d = k;
  }
  return canonicalLoop(corners, width);
}

/** The loop's corners rotated to start at the least id (ties: the lesser following corner). */
function canonicalLoop(corners: number[], width: number): TileLoop {
  const n = corners.length;
  let start = 0;
  for (let i = 1; i < n; i++) {
    const a = corners[i]!;
    const b = corners[start]!;
    if (a < b || (a === b && corners[(i + 1) % n]! < corners[(start + 1) % n]!)) start = i;
  }
  const out: number[] = [];
  let minLine = Infinity;
  let maxLine = -Infinity;
  for (let i = 0; i < n; i++) {
    const id = corners[(start + i) % n]!;
    out.push(id);
    const line = Math.floor(id / (width + 1));
    if (line < minLine) minLine = line;
    if (line > maxLine) maxLine = line;
  }
  return { corners: out, minLine, maxLine };
}

/** Loop order: by first corner, then second. */
export function compareLoops(a: TileLoop, b: TileLoop): number {
  return a.corners[0]! - b.corners[0]! || a.corners[1]! - b.corners[1]!;
}

/** The outline of the grid's solid cells, from scratch. */
export function tileOutline(grid: TileGrid): TileOutline {
  const w = grid.width;
  const steps = new Uint8Array((w + 1) * (grid.height + 1));
  for (let r = 0; r < grid.height; r++) emitRow(grid, steps, r);
  const todo = steps.slice();
  const offsets = stepOffsets(w);
  const loops: TileLoop[] = [];
  const clear = (v: number, d: number) => {
    todo[v] = todo[v]! & ~(1 << d);
  };
  for (let v = 0; v < todo.length; v++) {
    while (todo[v] !== 0) {
      const d = 31 - Math.clz32(todo[v]! & -todo[v]!);
      loops.push(traceLoop(steps, w, offsets, v, d, clear));
    }
  }
  loops.sort(compareLoops);
  return { width: w, height: grid.height, steps, loops, keys: loopKeys(loops) };
}

/** A loop's corners in the world (packed x, y), as the grid places its vertices. */
export function loopPoints(grid: TileGrid, loop: TileLoop): Float64Array {
  const stride = grid.width + 1;
  const n = loop.corners.length;
  const out = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const id = loop.corners[i]!;
    const line = Math.floor(id / stride);
    out[2 * i] = grid.x + (id - line * stride) * grid.cellWidth;
    out[2 * i + 1] = grid.y - line * grid.cellHeight;
  }
  return out;
}

/** The outline's loops as loop chains (world), in the outline's order. */
export function outlineChains(grid: TileGrid, outline: TileOutline): Chain[] {
  return outline.loops.map((l) => makeChainPacked(loopPoints(grid, l), true));
}
