/**
 * A tile grid: width × height cells of one size, the top-left corner of the grid at (x, y) in the
 * scene's y-up frame, rows going down the page (-y) and columns to the right (+x), as the scene
 * language's `tiles` statement lays them out (levels-and-tiles.md §3). Cell (column, row) spans
 * x from x + column w to x + (column + 1) w and y from y - (row + 1) h to y - row h.
 *
 * Kinds, after N's tiles: empty, solid, and the four half-cell triangles cut by a diagonal. A
 * triangle's two legs lie on the cell's sides, so each side of a cell is either wholly solid or
 * wholly empty, which is what lets tile-outline.ts work on whole sides.
 */

export const TILE_EMPTY = 0;
/** `#`: the whole cell. */
export const TILE_SOLID = 1;
/** `/`: the lower-right triangle, a ramp rising to the right. */
export const TILE_RAMP_RIGHT = 2;
/** `\`: the lower-left triangle, a ramp rising to the left. */
export const TILE_RAMP_LEFT = 3;
/** `F`: the upper-left triangle (a ceiling). */
export const TILE_CEILING_LEFT = 4;
/** `7`: the upper-right triangle (a ceiling). */
export const TILE_CEILING_RIGHT = 5;

export type TileKind = 0 | 1 | 2 | 3 | 4 | 5;

export interface TileGrid {
  readonly width: number;
  readonly height: number;
  /** Kinds row by row, row 0 at the top: cell (c, r) at r * width + c. */
  readonly cells: Uint8Array;
  readonly cellWidth: number;
  readonly cellHeight: number;
  /** The grid's top-left corner. */
  readonly x: number;
  readonly y: number;
}

/** The kind a row character stands for, or -1 for a character that is no tile. */
export function tileKindOf(ch: string): TileKind | -1 {
  switch (ch) {
    case '#':
      return TILE_SOLID;
    case '.':
    case ' ':
      return TILE_EMPTY;
    case '/':
      return TILE_RAMP_RIGHT;
    case '\\':
      return TILE_RAMP_LEFT;
    case 'F':
      return TILE_CEILING_LEFT;
    case '7':
      return TILE_CEILING_RIGHT;
    default:
      return -1;
  }
}

/**
 * A grid from one string per row, top row first; the width is the longest row's, shorter rows
 * and unknown characters are empty (the language reports them; the rest of the grid counts).
 */
export function tileGridFromRows(rows: readonly string[], cellWidth: number, cellHeight: number, x: number, y: number): TileGrid {
  const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
  const height = rows.length;
  const cells = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    const row = rows[r]!;
    for (let c = 0; c < row.length; c++) {
      const k = tileKindOf(row[c]!);
      cells[r * width + c] = k < 0 ? TILE_EMPTY : k;
    }
  }
  return { width, height, cells, cellWidth, cellHeight, x, y };
}

/** Which cell a point (world) lies in, as [column, row], or null outside the grid. */
export function tileCellAt(grid: TileGrid, px: number, py: number): [number, number] | null {
  const c = Math.floor((px - grid.x) / grid.cellWidth);
  const r = Math.floor((grid.y - py) / grid.cellHeight);
  if (!(c >= 0 && c < grid.width && r >= 0 && r < grid.height)) return null;
  return [c, r];
}

/**
 * The cell a contact with the grid's outline touches: the one just behind the contact point,
 * against the normal (which points from the outline towards the other shape), so that a point on
 * a side shared by a solid and an empty cell names the solid one. For a finding's
 * `"cell": [column, row]`; null outside the grid.
 */
export function tileCellTouched(grid: TileGrid, px: number, py: number, nx: number, ny: number): [number, number] | null {
  const nudge = 1e-6 * Math.min(Math.abs(grid.cellWidth), Math.abs(grid.cellHeight));
  return tileCellAt(grid, px - nudge * nx, py - nudge * ny);
}
