// The geometry of a chain body or a tile grid (levels-and-tiles.md §2, §3): one-sided loop or open
// chains in the body's frame, which the analysis asks through core's chain queries.
import { chainBounds, loopPoints, makeChainPacked, retileRows, tileCellTouched, tileOutline } from '../../../core';
import type { AABB, Chain, TileGrid, TileLoop, TileOutline } from '../../../core';
import { SceneShape } from './scene';

/**
 * A body's chains: its `chain(...)`, or the loops of its tile grid's outline (the grid's top-left
 * corner at the body's origin). A SceneShape with no convex part, so that every loop over a
 * body's parts passes it by: the analysis routes its pairs to the chain queries
 * (analysis/chain-pair.ts). Immutable; `sameContent` says whether two give the same findings.
 */
export class SceneChains extends SceneShape {
  /** Bounds of every chain in the body's frame: minX, minY, maxX, maxY (empty: Infinity, -Infinity). */
  readonly bounds: readonly [number, number, number, number];
  /** Each chain's bounds in the body's frame, four numbers a chain, so that a query visits only the chains near it. */
  readonly chainBoxes: Float64Array;

  constructor(
    readonly chains: readonly Chain[],
    /** The tile grid, in the body's frame, for a `tiles` statement. */
    readonly grid: TileGrid | undefined,
    /** The grid's outline, kept so that an edited row can be retiled (core retileRows). */
    readonly outline: TileOutline | undefined,
  ) {
    super([], grid ? 'tiles' : 'chain', undefined);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    this.chainBoxes = new Float64Array(4 * chains.length);
    for (let k = 0; k < chains.length; k++) {
      const [x0, y0, x1, y1] = chainBounds(chains[k]!);
      this.chainBoxes.set([x0, y0, x1, y1], 4 * k);
      minX = Math.min(minX, x0);
      minY = Math.min(minY, y0);
      maxX = Math.max(maxX, x1);
      maxY = Math.max(maxY, y1);
    }
    this.bounds = [minX, minY, maxX, maxY];
  }

  /**
   * The chains' box in the pose (x, y, angle): `bounds` with its four corners moved, written to
   * `out`; empty (Infinity, -Infinity) when there is no chain. A chain body is static, so this is
   * its box at every t, for the analysis' broad phase and the preview alike.
   */
  boxInPose(x: number, y: number, angle: number, out: AABB): AABB {
    const [x0, y0, x1, y1] = this.bounds;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    if (x0 <= x1 && y0 <= y1) {
      const c = Math.cos(angle);
      const s = Math.sin(angle);
      for (let k = 0; k < 4; k++) {
        const lx = k & 1 ? x1 : x0;
        const ly = k & 2 ? y1 : y0;
        const wx = x + c * lx - s * ly;
        const wy = y + s * lx + c * ly;
        minX = Math.min(minX, wx);
        minY = Math.min(minY, wy);
        maxX = Math.max(maxX, wx);
        maxY = Math.max(maxY, wy);
      }
    }
    out.minX = minX;
    out.minY = minY;
    out.maxX = maxX;
    out.maxY = maxY;
    return out;
  }

  /**
   * The chains whose boxes meet the box (body frame), into `out` (cleared first), in increasing
   * order. Few chains are scanned directly; many (a tile grid's loops) through a uniform grid of
   * buckets over the chains' bounds, built on first use (Ericson, "Real-Time Collision
   * Detection" §7.1), each chain listed in every bucket its box meets.
   */
  chainsNear(minX: number, minY: number, maxX: number, maxY: number, out: number[]): number[] {
    out.length = 0;
    const b = this.chainBoxes;
    const n = b.length >> 2;
    if (n <= DIRECT_SCAN) {
      for (let k = 0, o = 0; k < n; k++, o += 4) if (meets(b, o, minX, minY, maxX, maxY)) out.push(k);
      return out;
    }
    // A box that misses the chains' bounds meets none of them.
    const [x0, y0, x1, y1] = this.bounds;
    if (maxX < x0 || maxY < y0 || minX > x1 || minY > y1) return out;
    const g = (this.buckets ??= bucketsOf(b, this.bounds));
    // Clamped at both ends, as the chains' own spans are: a query that only touches the far
    // edge of the bounds (x = its max, on a bucket boundary) falls in the last bucket.
    const c0 = clampIndex(Math.floor((minX - g.x) / g.size), g.columns);
    const c1 = clampIndex(Math.floor((maxX - g.x) / g.size), g.columns);
    const r0 = clampIndex(Math.floor((minY - g.y) / g.size), g.rows);
    const r1 = clampIndex(Math.floor((maxY - g.y) / g.size), g.rows);
    if (!(c0 <= c1 && r0 <= r1)) return out;
    const stamp = ++g.stamp;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const at = r * g.columns + c;
        for (let i = g.starts[at]!; i < g.starts[at + 1]!; i++) {
          const k = g.items[i]!;
          if (g.seen[k] === stamp) continue;
          g.seen[k] = stamp;
          if (meets(b, 4 * k, minX, minY, maxX, maxY)) out.push(k);
        }
      }
    }
    if (r0 !== r1 || c0 !== c1) out.sort((x, y) => x - y);
    return out;
  }

  /** The buckets of chainsNear, once built. */
  private buckets: Buckets | undefined = undefined;

  /**
   * A tile grid's geometry: its outline's loops as chains. When a grid of the same size and cells
   * was built recently (the same `tiles` statement before an edit), its geometry is reused as is,
   * or, when only a band of rows differs, its outline is copied and retiled there (core
   * retileRows, which equals the outline from scratch) and the loops it kept keep their chains
   * (and the chains their edge trees): typing in one row of a large grid re-merges only around it.
   */
  static ofGrid(grid: TileGrid): SceneChains {
    const key = `${grid.width}×${grid.height}×${grid.cellWidth}×${grid.cellHeight}`;
    const before = RECENT.get(key);
    let made: SceneChains | undefined;
    if (before?.grid) {
      const band = changedRows(before.grid.cells, grid.cells, grid.width);
      if (band === null) made = before;
      else if (band[1] - band[0] < grid.height / 4 && before.outline) {
        const o = before.outline;
        const outline: TileOutline = { width: o.width, height: o.height, steps: o.steps.slice(), loops: o.loops.slice(), keys: o.keys.slice() };
        retileRows(outline, grid, band[0], band[1]);
        made = SceneChains.fromOutline(grid, outline, before.chainOf);
      }
    }
    made ??= SceneChains.fromOutline(grid, tileOutline(grid), undefined);
    RECENT.delete(key);
    RECENT.set(key, made);
    if (RECENT.size > RECENT_GRIDS) RECENT.delete(RECENT.keys().next().value!);
    return made;
  }

  /** The loops' chains, taken from `kept` for a loop it knows (the same loop object). */
  private static fromOutline(grid: TileGrid, outline: TileOutline, kept: WeakMap<TileLoop, Chain> | undefined): SceneChains {
    const chainOf = new WeakMap<TileLoop, Chain>();
    const chains = outline.loops.map((l) => {
      const c = kept?.get(l) ?? makeChainPacked(loopPoints(grid, l), true);
      chainOf.set(l, c);
      return c;
    });
    const made = new SceneChains(chains, grid, outline);
    made.chainOf = chainOf;
    return made;
  }

  /** A grid's chain by loop, for the next retile (ofGrid). */
  private chainOf: WeakMap<TileLoop, Chain> | undefined = undefined;

  /**
   * The cell (column, row) behind a contact at a body-local point with a body-local normal from
   * the grid towards the other body, or null (not a grid, or outside it).
   */
  cellAt(px: number, py: number, nx: number, ny: number): [number, number] | null {
    return this.grid ? tileCellTouched(this.grid, px, py, nx, ny) : null;
  }

  /** Whether the two hold the same geometry (so the same pairs give the same findings). */
  sameContent(other: SceneChains): boolean {
    if (this === other) return true;
    const g = this.grid;
    const h = other.grid;
    if (g || h) {
      if (!g || !h || g.width !== h.width || g.height !== h.height || !Object.is(g.cellWidth, h.cellWidth) || !Object.is(g.cellHeight, h.cellHeight)) return false;
      for (let i = 0; i < g.cells.length; i++) if (g.cells[i] !== h.cells[i]) return false;
      return true;
    }
    if (this.chains.length !== other.chains.length) return false;
    for (let k = 0; k < this.chains.length; k++) {
      const a = this.chains[k]!;
      const b = other.chains[k]!;
      if (a.loop !== b.loop || a.count !== b.count) return false;
      for (let i = 0; i < 2 * a.count; i++) if (!Object.is(a.xy[i], b.xy[i])) return false;
    }
    return true;
  }
}

/** How many grids ofGrid keeps to start from: one per grid being edited, in a few documents. */
const RECENT_GRIDS = 4;
const RECENT = new Map<string, SceneChains>();

/** The first and last row whose cells differ, or null when none does. */
function changedRows(a: Uint8Array, b: Uint8Array, width: number): [number, number] | null {
  let first = -1;
  let last = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const r = Math.floor(i / width);
    if (first < 0) first = r;
    last = r;
  }
  return first < 0 ? null : [first, last];
}

/** Up to this many chains, chainsNear scans their boxes directly. */
const DIRECT_SCAN = 64;

/** Whether the chain box at `o` meets the query box. */
function meets(b: Float64Array, o: number, minX: number, minY: number, maxX: number, maxY: number): boolean {
  return b[o]! <= maxX && minX <= b[o + 2]! && b[o + 1]! <= maxY && minY <= b[o + 3]!;
}

/** A uniform grid of square buckets over the chains' bounds, as compressed lists. */
interface Buckets {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly columns: number;
  readonly rows: number;
  /** Bucket i lists items[starts[i] .. starts[i + 1]). */
  readonly starts: Int32Array;
  readonly items: Int32Array;
  /** Per chain, the query that last listed it (its stamp). */
  readonly seen: Uint32Array;
  stamp: number;
}

/** About this many chains a bucket: the grid is sized to the count. */
const PER_BUCKET = 4;

/** `i` within [0, n - 1]. */
function clampIndex(i: number, n: number): number {
  return Math.min(n - 1, Math.max(0, i));
}

function bucketsOf(b: Float64Array, bounds: readonly [number, number, number, number]): Buckets {
  const n = b.length >> 2;
  const [x, y, x1, y1] = bounds;
  const w = Math.max(x1 - x, 1e-9);
  const h = Math.max(y1 - y, 1e-9);
  const size = Math.max(Math.sqrt((w * h * PER_BUCKET) / n), w / 4096, h / 4096);
  const columns = Math.max(1, Math.ceil(w / size));
  const rows = Math.max(1, Math.ceil(h / size));
  const cells = columns * rows;
  const span = (k: number): [number, number, number, number] => [
    clampIndex(Math.floor((b[4 * k]! - x) / size), columns),
    clampIndex(Math.floor((b[4 * k + 1]! - y) / size), rows),
    clampIndex(Math.floor((b[4 * k + 2]! - x) / size), columns),
    clampIndex(Math.floor((b[4 * k + 3]! - y) / size), rows),
  ];
  const starts = new Int32Array(cells + 1);
  for (let k = 0; k < n; k++) {
    const [c0, r0, c1, r1] = span(k);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) starts[r * columns + c + 1]!++;
  }
  for (let i = 0; i < cells; i++) starts[i + 1]! += starts[i]!;
  const fill = starts.slice(0, cells);
  const items = new Int32Array(starts[cells]!);
  for (let k = 0; k < n; k++) {
    const [c0, r0, c1, r1] = span(k);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) items[fill[r * columns + c]!++] = k;
  }
  return { x, y, size, columns, rows, starts, items, seen: new Uint32Array(n), stamp: 0 };
}
