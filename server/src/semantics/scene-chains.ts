// The geometry of a chain body or a tile grid (levels-and-tiles.md §2, §3): one-sided loop or open
// chains in the body's frame, which the analysis asks through core's chain queries.
import { chainBounds, loopPoints, makeChainPacked, retileRows, tileCellTouched, tileOutline } from '../../../core';
import type { Chain, TileGrid, TileLoop, TileOutline } from '../../../core';
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
   * The chains whose boxes meet the box (body frame), into `out` (cleared first): a linear pass
   * over packed boxes, a few microseconds for the thousands of loops of a large level.
   */
  chainsNear(minX: number, minY: number, maxX: number, maxY: number, out: number[]): number[] {
    out.length = 0;
    const b = this.chainBoxes;
    for (let k = 0, o = 0; o < b.length; k++, o += 4) {
      if (b[o]! <= maxX && minX <= b[o + 2]! && b[o + 1]! <= maxY && minY <= b[o + 3]!) out.push(k);
    }
    return out;
  }

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
