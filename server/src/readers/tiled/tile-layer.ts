// A tile layer as one static body: each cell's tile collision shapes, placed where Tiled draws
// the tile (tiles.ts cellBox: on the cell's bottom, plus the tileset's tile offset),
// each part saying its cell. The shapes of a gid (flips included) are made once per layer and
// moved to each cell.
import type { Diagnostic, TextRange } from '../../common/diagnostic';
import type { LevelPart, LevelShape } from '../level-scene';
import type { ResolvedTileset } from './external';
import type { TileLayer } from './model';
import { translated, type ShapeNote } from './shapes';
import { cellBox, hasCollision, tileOf, tilePlacement, tileShapes } from './tiles';

/** A tile's part in its cell; the label is made when asked (a layer may have a million parts). */
class CellPart implements LevelPart {
  constructor(
    readonly shape: LevelShape,
    readonly range: TextRange,
    readonly cell: readonly [number, number],
  ) {}

  get label(): string {
    return `cell (${this.cell[0]}, ${this.cell[1]})`;
  }
}

/**
 * The map's cells: orthogonal ones in rows and columns; isometric ones as Tiled's
 * IsometricRenderer draws them, cell (c, r) in the box of one cell's size whose bottom-left is
 * ((c - r) · w/2 + originX - w/2, (c + r) · h/2 + h).
 */
export interface CellGrid {
  readonly width: number;
  readonly height: number;
  readonly isometric: boolean;
  readonly originX: number;
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
            const box = cellBox(ref, gid, cell.width, cell.height);
            const what = tileShapes(ref, tilePlacement(ref, gid, box.left, box.top, box.width, box.height), made);
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
      const left = cell.isometric ? ((column - row) * cell.width) / 2 + cell.originX - cell.width / 2 : column * cell.width;
      const top = cell.isometric ? ((column + row) * cell.height) / 2 : row * cell.height;
      for (const shape of shapes) parts.push(new CellPart(translated(shape, left, top), block.range, at));
    }
    if (unknownAt !== undefined) {
      const column = block.x + (unknownAt % block.width);
      const row = block.y + Math.floor(unknownAt / block.width);
      diagnostics.push({ range: block.range, severity: 'error', code: 'tiled-unknown-gid', message: `Layer \`${layer.name}\`: the tile at cell (${column}, ${row}) (gid ${gids[unknownAt]! & 0x0fffffff}) is in no tileset of the map; such cells are not read.` });
    }
  }
  return parts;
}
