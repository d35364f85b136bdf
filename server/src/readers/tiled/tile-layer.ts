// A tile layer as one static body: each cell's tile collision shapes, placed where Tiled draws
// the tile (tiles.ts cellBox: on the cell's bottom, plus the tileset's tile offset),
// each part saying its cell. The shapes of a gid (flips included) are made once per layer and
// moved to each cell.
import type { Diagnostic } from '../../common/diagnostic';
import type { LevelPart, LevelShape } from '../level-scene';
import type { ResolvedTileset } from './external';
import { translated, type ShapeNote } from './shapes';
import { FLIP_D, type TileLayer } from './model';
import { cellBox, hasCollision, tileOf, tilePlacement, tileShapes } from './tiles';
import { CellPart } from '../cell-part';


/**
 * Where the map's cells are, as Tiled's renderers draw them: the top-left of the box of one
 * cell's size (width × height) whose bottom a tile stands on.
 */
export interface CellGrid {
  readonly width: number;
  readonly height: number;
  /** Whether the diagonal and 120° flags turn tiles (hexagonal maps) rather than swap their axes. */
  readonly hexagonal: boolean;
  /** Writes the top-left of cell (column, row) into `out`. */
  readonly place: (column: number, row: number, out: number[]) => void;
}

/** Orthogonal maps: rows and columns. */
export function orthogonalGrid(width: number, height: number): CellGrid {
  return {
    width,
    height,
    hexagonal: false,
    place(column, row, out) {
      out[0] = column * width;
      out[1] = row * height;
    },
  };
}

/** Isometric maps (IsometricRenderer): cell (c, r)'s bottom-left at ((c - r) w/2 + originX - w/2, (c + r) h/2 + h). */
export function isometricGrid(width: number, height: number, rows: number): CellGrid {
  const originX = (rows * width) / 2;
  return {
    width,
    height,
    hexagonal: false,
    place(column, row, out) {
      out[0] = ((column - row) * width) / 2 + originX - width / 2;
      out[1] = ((column + row) * height) / 2;
    },
  };
}

/**
 * Staggered and hexagonal maps (HexagonalRenderer, of which staggered maps are the case with no
 * side length): every other column (stagger axis x) or row (y) shifted, integer pixels as Tiled
 * computes them.
 */
export function hexagonalGrid(width: number, height: number, staggerX: boolean, staggerEven: boolean, sideLength: number, hexagonal: boolean): CellGrid {
  const sideX = staggerX ? sideLength : 0;
  const sideY = staggerX ? 0 : sideLength;
  const sideOffsetX = Math.trunc((width - sideX) / 2);
  const sideOffsetY = Math.trunc((height - sideY) / 2);
  const columnWidth = sideOffsetX + sideX;
  const rowHeight = sideOffsetY + sideY;
  const tileWidth = columnWidth + sideOffsetX;
  const tileHeight = rowHeight + sideOffsetY;
  const shifted = (i: number): boolean => ((i & 1) ^ (staggerEven ? 1 : 0)) !== 0;
  return {
    width,
    height,
    hexagonal,
    place(column, row, out) {
      if (staggerX) {
        out[0] = column * columnWidth;
        out[1] = row * (tileHeight + sideY) + (shifted(column) ? rowHeight : 0);
      } else {
        out[0] = column * (tileWidth + sideX) + (shifted(row) ? columnWidth : 0);
        out[1] = row * rowHeight;
      }
      // Tiles stand on the bottom of Tiled's own tile height, which may round the map's down.
      out[1] += tileHeight - height;
    },
  };
}

/** The parts of a tile layer, in the body frame (the layer's offsets are the body's position). */
export function tileLayerParts(
  layer: TileLayer,
  tilesets: readonly ResolvedTileset[],
  cell: CellGrid,
  diagnostics: Diagnostic[],
  note: (what: ShapeNote) => void,
): LevelPart[] {
  const parts: LevelPart[] = [];
  // Per raw gid: its shapes relative to the cell's top-left (empty when it has none).
  const byGid = new Map<number, readonly LevelShape[]>();
  const corner = [0, 0];
  for (const block of layer.blocks) {
    const gids = block.gids;
    let unknownAt: number | undefined;
    for (let k = 0; k < gids.length; k++) {
      const gid = gids[k]!;
      if (gid === 0) continue;
      let shapes = byGid.get(gid);
      if (shapes === undefined) {
        const ref = tileOf(tilesets, gid);
        const made: LevelShape[] = [];
        if (typeof ref === 'object') {
          if (hasCollision(ref)) {
            // Hexagonal cells turn rather than swap a flagged tile's sides.
            const box = cellBox(ref, cell.hexagonal ? gid & ~FLIP_D : gid, cell.width, cell.height);
            const what = tileShapes(ref, tilePlacement(ref, gid, box.left, box.top, box.width, box.height, cell.hexagonal), made);
            if (what !== undefined) note(what);
          }
        } else if (ref === 'unknown') unknownAt ??= k;
        shapes = made;
        byGid.set(gid, shapes);
      }
      if (shapes.length === 0) continue;
      const column = block.x + (k % block.width);
      const row = block.y + Math.floor(k / block.width);
      const at: readonly [number, number] = [column, row];
      cell.place(column, row, corner);
      for (const shape of shapes) parts.push(new CellPart(translated(shape, corner[0]!, corner[1]!), block.range, at));
    }
    if (unknownAt !== undefined) {
      const column = block.x + (unknownAt % block.width);
      const row = block.y + Math.floor(unknownAt / block.width);
      diagnostics.push({ range: block.range, severity: 'error', code: 'tiled-unknown-gid', message: `Layer \`${layer.name}\`: the tile at cell (${column}, ${row}) (gid ${gids[unknownAt]! & 0x0fffffff}) is in no tileset of the map; such cells are not read.` });
    }
  }
  return parts;
}
