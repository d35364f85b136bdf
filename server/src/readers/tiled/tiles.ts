// Gids to tiles, and a tile's collision objects as shapes placed where the tile is drawn.
// Flip flags (TMX reference, "Tile Flipping"): the diagonal flip (x and y swapped) comes first,
// then the horizontal and the vertical ones, each within the tile's drawn box.
import type { LevelShape } from '../level-scene';
import type { ResolvedTileset } from './external';
import { FLIP_D, FLIP_H, FLIP_HEX, FLIP_V, GID_MASK, type TileDefinition, type Tileset } from './model';
import { compose, type Affine } from '../affine';
import { placement, shapesOf, type ShapeNote } from './shapes';

export interface TileRef {
  readonly tileset: Tileset;
  readonly tile: TileDefinition | undefined;
  /** The tile's image size (its own in an image collection, else the tileset's). */
  readonly width: number;
  readonly height: number;
}

/**
 * The tile of a gid (flags masked off): 'none' for gid 0, 'unknown' when no tileset has it,
 * 'unread' when its tileset could not be read (already reported).
 */
export function tileOf(tilesets: readonly ResolvedTileset[], gid: number): TileRef | 'none' | 'unknown' | 'unread' {
  const id = gid & GID_MASK;
  if (id === 0) return 'none';
  let lo = 0;
  let hi = tilesets.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tilesets[mid]!.firstgid <= id) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return 'unknown';
  const { firstgid, tileset } = tilesets[found]!;
  if (tileset === undefined) return 'unread';
  const local = id - firstgid;
  if (tileset.tileCount !== undefined && local >= tileset.tileCount && !tileset.tiles.has(local)) return 'unknown';
  const tile = tileset.tiles.get(local);
  return { tileset, tile, width: tile?.width ?? tileset.tileWidth, height: tile?.height ?? tileset.tileHeight };
}

/** Whether the tile has any collision object that makes a shape. */
export function hasCollision(ref: TileRef): boolean {
  return ref.tile !== undefined && ref.tile.objects.some((o) => (o.shape ?? 'rectangle') !== 'point' && o.shape !== 'text');
}

/**
 * The affine map from the tile's own frame (its image's top-left, unflipped) to the frame where
 * its drawn box of `width` × `height` (after the diagonal flip's swap) has its top-left at
 * (left, top), with the gid's flips.
 */
export function tilePlacement(ref: TileRef, gid: number, left: number, top: number, width: number, height: number, hexagonal = false): Affine {
  if (hexagonal) return hexagonalPlacement(ref, gid, left, top, width, height);
  let box: Affine = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };
  let bw = ref.width;
  let bh = ref.height;
  if ((gid & FLIP_D) !== 0) {
    box = { a: 0, b: 1, c: 1, d: 0, e: 0, f: 0 };
    bw = ref.height;
    bh = ref.width;
  }
  if ((gid & FLIP_H) !== 0) box = compose({ a: -1, b: 0, c: 0, d: 1, e: bw, f: 0 }, box);
  if ((gid & FLIP_V) !== 0) box = compose({ a: 1, b: 0, c: 0, d: -1, e: 0, f: bh }, box);
  const sx = bw > 0 ? width / bw : 1;
  const sy = bh > 0 ? height / bh : 1;
  // The tile offset is scaled with the tile (Tiled's OrthogonalRenderer::boundingRect).
  return compose({ a: sx, b: 0, c: 0, d: sy, e: left + ref.tileset.offsetX * sx, f: top + ref.tileset.offsetY * sy }, box);
}

/**
 * On hexagonal maps the diagonal flag turns a tile 60° clockwise and the fourth flag 120°, about
 * its drawn box's center, after its flips (Tiled's CellRenderer for HexagonalCells).
 */
function hexagonalPlacement(ref: TileRef, gid: number, left: number, top: number, width: number, height: number): Affine {
  const bw = ref.width;
  const bh = ref.height;
  const sx = bw > 0 ? width / bw : 1;
  const sy = bh > 0 ? height / bh : 1;
  const fx = (gid & FLIP_H) !== 0 ? -sx : sx;
  const fy = (gid & FLIP_V) !== 0 ? -sy : sy;
  const degrees = ((gid & FLIP_D) !== 0 ? 60 : 0) + ((gid & FLIP_HEX) !== 0 ? 120 : 0);
  const r = degrees * (Math.PI / 180);
  const cos = degrees === 0 ? 1 : Math.cos(r);
  const sin = degrees === 0 ? 0 : Math.sin(r);
  // About the image's center: scale (flips included), turn, then put that center at the box's.
  const cx = left + width / 2 + ref.tileset.offsetX * sx;
  const cy = top + height / 2 + ref.tileset.offsetY * sy;
  const a = cos * fx;
  const b = sin * fx;
  const c = -sin * fy;
  const d = cos * fy;
  return { a, b, c, d, e: cx - a * (bw / 2) - c * (bh / 2), f: cy - b * (bw / 2) - d * (bh / 2) };
}

/** The tile's collision objects through `m`, appended to `out`; the last approximation made, if any. */
export function tileShapes(ref: TileRef, m: Affine, out: LevelShape[]): ShapeNote | undefined {
  let note: ShapeNote | undefined;
  if (ref.tile === undefined) return undefined;
  for (const o of ref.tile.objects) {
    const kind = o.shape ?? 'rectangle';
    const at = compose(m, placement(o.x?.value ?? 0, o.y?.value ?? 0, o.rotation ?? 0));
    note = shapesOf({ kind, width: o.width ?? 0, height: o.height ?? 0, points: o.points }, at, out) ?? note;
  }
  return note;
}

/**
 * The box a tile layer draws a tile in, relative to its cell's top-left: its own size, or with
 * tilerendersize `grid` the cell's (stretched, or scaled to fit and centered); standing on the
 * cell's bottom, a diagonal flip swapping its sides (Tiled's MapRenderer and CellRenderer).
 */
export function cellBox(ref: TileRef, gid: number, cellWidth: number, cellHeight: number): { left: number; top: number; width: number; height: number } {
  let width = ref.width;
  let height = ref.height;
  let left = 0;
  if (ref.tileset.renderSize === 'grid' && width > 0 && height > 0) {
    if (ref.tileset.fillMode === 'preserve-aspect-fit') {
      const scale = Math.min(cellWidth / width, cellHeight / height);
      left = (cellWidth - width * scale) / 2;
      const bottom = cellHeight - (cellHeight - height * scale) / 2;
      width *= scale;
      height *= scale;
      return (gid & FLIP_D) !== 0 ? { left: left + (width - height) / 2, top: bottom - height / 2 - width / 2, width: height, height: width } : { left, top: bottom - height, width, height };
    }
    width = cellWidth;
    height = cellHeight;
  }
  if ((gid & FLIP_D) !== 0) return { left, top: cellHeight - width, width: height, height: width };
  return { left, top: cellHeight - height, width, height };
}

/**
 * Where a tile object's drawn box has its top-left, relative to the object's (x, y): by the
 * tileset's alignment, else bottom-left (bottom-center on isometric maps, as Tiled's
 * MapObject::alignment says).
 */
export function alignmentOffset(alignment: string, width: number, height: number, isometric: boolean): readonly [number, number] {
  switch (alignment === 'unspecified' && isometric ? 'bottom' : alignment) {
    case 'topleft':
      return [0, 0];
    case 'top':
      return [-width / 2, 0];
    case 'topright':
      return [-width, 0];
    case 'left':
      return [0, -height / 2];
    case 'center':
      return [-width / 2, -height / 2];
    case 'right':
      return [-width, -height / 2];
    case 'bottom':
      return [-width / 2, -height];
    case 'bottomright':
      return [-width, -height];
    default:
      // 'bottomleft', and 'unspecified' on orthogonal maps.
      return [0, -height];
  }
}
