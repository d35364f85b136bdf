// The geometry of a chain body or a tile grid (levels-and-tiles.md §2, §3): one-sided loop or open
// chains in the body's frame, which the analysis asks through core's chain queries.
import { chainBounds, outlineChains, tileCellTouched, tileOutline } from '../../../core';
import type { Chain, TileGrid, TileOutline } from '../../../core';
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

  /** A tile grid's geometry: its outline's loops as chains. */
  static ofGrid(grid: TileGrid): SceneChains {
    const outline = tileOutline(grid);
    return new SceneChains(outlineChains(grid, outline), grid, outline);
  }

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
