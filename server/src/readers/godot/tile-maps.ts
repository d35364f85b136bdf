// The collision of a TileMapLayer (Godot 4.3+) or a TileMap (Godot 4.0–4.2, one or more layers)
// as static bodies: one per tile map layer and TileSet physics layer that has any, each cell's
// collision polygons placed as tile_map_layer.cpp places them (_physics_update_cell): at the
// cell's center, TileSet::map_to_local = (cell + 0.5) · tile_size for square tiles, after the
// cell's own transform bits (TileData::get_transformed_vertices: transpose first, then flip h,
// flip v), under the node's global transform. Cells live in typed arrays; only parts allocate.
import type { TextRange } from '../../common/diagnostic';
import type { LevelBody, LevelPart, LevelShape } from '../level-scene';
import type { Loader, NodeProperty, TreeNode } from './scene-tree';
import { boolProp, rangeOf } from './poses';
import { type DecodedCells, decodeLayerData, decodeMapData } from './tile-data';
import { ALTERNATIVE_MASK, SHAPE_NAMES, type TileSetInfo, type TileShapes, readTileSet } from './tile-set';
import { type Affine, determinant, isFiniteAffine, compose, rigid, rigidPart } from '../affine';
import { readInteger } from './values';
import { CellPart } from '../cell-part';

export const TILE_MAP_TYPES = new Set(['TileMap', 'TileMapLayer']);

const FLIP_H = 1 << 12;
const FLIP_V = 1 << 13;
const TRANSPOSE = 1 << 14;


/** One of the polygons of a cell whose tile has several: `cell (x, y)[k]`. */
class CellPolygonPart extends CellPart {
  constructor(
    shape: LevelShape,
    range: TextRange,
    cell: readonly [number, number],
    readonly polygon: number,
  ) {
    super(shape, range, cell);
  }

  override get label(): string {
    return `${super.label}[${this.polygon}]`;
  }
}

/** One tile map layer of the node: where its cells are written and whether it collides. */
interface MapLayer {
  /** The TileMap's layer index; undefined for a TileMapLayer. */
  readonly index?: number;
  readonly data: NodeProperty;
  readonly enabled: boolean;
}

interface Tally {
  missing: number;
  firstMissing?: number;
  scenes: Map<number, number>;
  oneWay: number;
  /** Polygons left out because a coordinate overflowed. */
  infinite: number;
}

function mapLayers(loader: Loader, node: TreeNode): MapLayer[] {
  if (node.type === 'TileMapLayer') {
    const data = node.props.get('tile_map_data');
    if (data === undefined) return [];
    return [{ data, enabled: boolProp(loader, node, 'enabled', true) && boolProp(loader, node, 'collision_enabled', true) }];
  }
  const indices = new Set<number>();
  for (const key of node.props.keys()) {
    const m = /^layer_(\d+)\/tile_data$/.exec(key);
    if (m !== null && Number(m[1]) <= 0xffff) indices.add(Number(m[1]));
  }
  const out: MapLayer[] = [];
  // Godot 3's single-layer `tile_data` is layer 0 to Godot 4.
  const plain = node.props.get('tile_data');
  if (plain !== undefined && !indices.has(0)) out.push({ index: 0, data: plain, enabled: boolProp(loader, node, 'layer_0/enabled', true) });
  for (const index of [...indices].sort((a, b) => a - b)) {
    out.push({ index, data: node.props.get(`layer_${index}/tile_data`)!, enabled: boolProp(loader, node, `layer_${index}/enabled`, true) });
  }
  return out;
}

/**
 * The static bodies of the tile map `node` whose global transform is `global`; problems are
 * reported. Empty when the map has no collision, or none Collide can read.
 */
export function tileMapBodies(loader: Loader, node: TreeNode, global: Affine): LevelBody[] {
  const name = node.path === '' ? node.name : node.path;
  const layers = mapLayers(loader, node).filter((l) => l.enabled);
  if (layers.length === 0) return [];
  const report = (p: NodeProperty | undefined, severity: 'error' | 'warning' | 'information' | 'hint', code: string, message: string): void => {
    const range = p === undefined ? node.anchor.nameRange : rangeOf(loader, node, p);
    loader.report(p?.file ?? loader.top, range, node.anchor, severity, code, message);
  };
  // Godot 3 tile sets keep shapes per tile id, not per atlas tile: nothing here reads them.
  if (layers[0]!.data.file.format < 3) {
    report(undefined, 'warning', 'godot-tile-map', `${node.type} '${name}' is a Godot 3 tile map, which Collide does not read: its collision is not checked.`);
    return [];
  }
  const written = node.props.get('tile_set');
  if (written === undefined || written.property.value.kind === 'null') {
    report(undefined, 'information', 'godot-tile-set', `${node.type} '${name}' has no tile_set: Godot gives its cells no collision.`);
    return [];
  }
  const tileSet = readTileSet(loader, written.file, written.property.value);
  if (typeof tileSet === 'string') {
    report(written, 'warning', 'godot-tile-set', `${tileSet}; the collision of ${node.type} '${name}' is not checked.`);
    return [];
  }
  for (const n of tileSet.notes) loader.report(n.file, n.range, node.anchor, n.severity, n.code, n.message);
  if (!tileSet.hasCollision) return [];
  if (tileSet.shape !== 0) {
    report(written, 'warning', 'godot-tile-map', `The tiles of '${name}' are ${SHAPE_NAMES[tileSet.shape]} tiles; Collide reads square tiles only, so this map's collision is not checked.`);
    return [];
  }
  if (node.type === 'TileMap') {
    const format = node.props.get('format');
    const value = format === undefined ? undefined : readInteger(format.property.value, 'format');
    if (value !== undefined && (!value.ok || value.value !== 2)) {
      report(format, 'warning', 'godot-tile-map', `TileMap format ${value.ok ? value.value : '?'} is the tile data of Godot 3 or of a Godot 4 beta, which Collide does not read (format 2 it does): the collision of '${name}' is not checked.`);
      return [];
    }
  }
  if (!isFiniteAffine(global) || determinant(global) === 0) {
    report(undefined, 'warning', 'godot-degenerate-transform', `'${name}' has a non-finite or zero-scale transform; its tiles are not checked.`);
    return [];
  }
  const pose = rigidPart(global);
  const residual = { ...compose(rigid(0, 0, -pose.angle), { ...global, e: 0, f: 0 }), e: 0, f: 0 };
  const many = layers.length > 1;
  const built: { layer: MapLayer; physics: number; parts: LevelPart[] }[] = [];
  for (const layer of layers) {
    const decoded: DecodedCells = node.type === 'TileMapLayer' ? decodeLayerData(layer.data.property.value) : decodeMapData(layer.data.property.value);
    if (decoded.problem !== undefined) report(layer.data, 'warning', 'godot-tile-data', decoded.problem);
    if (decoded.cells === undefined) continue;
    if (decoded.overwritten) report(layer.data, 'information', 'godot-tile-data', `${decoded.overwritten} cell(s) of '${name}'${many ? ` in layer ${layer.index}` : ''} are written again later at the same coordinates: Godot keeps the last writing, and so does Collide.`);
    const tally: Tally = { missing: 0, scenes: new Map(), oneWay: 0, infinite: 0 };
    const anchor = layer.data.file === loader.top ? undefined : node.anchor.range;
    const perPhysics = cellParts(anchor, decoded, tileSet, residual, tally);
    perPhysics.forEach((parts, physics) => {
      if (parts !== undefined && parts.length > 0) built.push({ layer, physics, parts });
    });
    const where = many ? ` in layer ${layer.index}` : '';
    if (tally.missing > 0) {
      const i = tally.firstMissing!;
      const c = decoded.cells;
      const first = `cell (${c.x[i]}, ${c.y[i]}): source ${c.source[i]}, atlas (${c.atlasX[i]}, ${c.atlasY[i]}), alternative ${c.alternative[i]! & ALTERNATIVE_MASK}`;
      report(layer.data, 'information', 'godot-missing-tile', `${tally.missing} cell(s) of '${name}'${where} name tiles its TileSet does not have (the first, ${first}): Godot gives them no collision.`);
    }
    for (const [source, count] of tally.scenes) {
      report(layer.data, 'warning', 'godot-tile-scenes', `${count} cell(s) of '${name}'${where} place scenes of scene collection source ${source}, which may hold bodies; Collide does not instance them, so they are not checked.`);
    }
    if (tally.infinite > 0) report(layer.data, 'warning', 'godot-bad-value', `${tally.infinite} tile polygon(s) of '${name}'${where} reach beyond the largest finite number once placed; they are left out.`);
    if (tally.oneWay > 0) report(undefined, 'hint', 'godot-one-way', `${tally.oneWay} tile polygon(s) of '${name}'${where} collide one way in Godot; Collide checks them from every side.`);
  }
  const manyPhysics = new Set(built.map((b) => b.physics)).size > 1;
  const manyLayers = new Set(built.map((b) => b.layer)).size > 1;
  return built.map(({ layer, physics, parts }) => ({
    name: `${name}${manyLayers ? `/layer ${layer.index}` : ''}${manyPhysics ? `/physics layer ${physics}` : ''}`,
    isStatic: true,
    sensor: false,
    bullet: false,
    x: pose.x,
    y: pose.y,
    angle: pose.angle,
    vx: 0,
    vy: 0,
    spin: 0,
    layers: { ...tileSet.physicsLayers[physics]! },
    parts,
    range: node.anchor.range,
    nameRange: node.anchor.nameRange,
    kind: node.type ?? 'TileMap',
  }));
}

/**
 * The parts of every cell of one layer, per physics layer, in the body's frame. A part's range is
 * its cell's text, or `anchor` when the cells are written in another file.
 */
function cellParts(anchor: TextRange | undefined, decoded: DecodedCells, tileSet: TileSetInfo, residual: Affine, tally: Tally): (LevelPart[] | undefined)[] {
  const cells = decoded.cells!;
  const out: (LevelPart[] | undefined)[] = [];
  const identity = residual.a === 1 && residual.b === 0 && residual.c === 0 && residual.d === 1;
  const { tileWidth: tw, tileHeight: th } = tileSet;
  for (let i = 0; i < cells.count; i++) {
    const source = tileSet.sources.get(cells.source[i]!);
    const alternativeBits = cells.alternative[i]!;
    let shapes: TileShapes | undefined;
    if (source?.kind === 'atlas') shapes = source.tiles.get(cells.atlasX[i]! * 65536 + cells.atlasY[i]!)?.get(alternativeBits & ALTERNATIVE_MASK);
    else if (source?.kind === 'scenes') {
      if (source.hasPhysics) tally.scenes.set(cells.source[i]!, (tally.scenes.get(cells.source[i]!) ?? 0) + 1);
      continue;
    } else if (source?.kind === 'unreadable') continue;
    if (shapes === undefined) {
      if (tally.missing++ === 0) tally.firstMissing = i;
      continue;
    }
    const cx = cells.x[i]!;
    const cy = cells.y[i]!;
    const centerX = (cx + 0.5) * tw;
    const centerY = (cy + 0.5) * th;
    const flipH = (alternativeBits & FLIP_H) !== 0;
    const flipV = (alternativeBits & FLIP_V) !== 0;
    const transpose = (alternativeBits & TRANSPOSE) !== 0;
    for (let physics = 0; physics < shapes.length; physics++) {
      const polygons = shapes[physics];
      if (polygons === undefined) continue;
      const parts = (out[physics] ??= []);
      const range = anchor ?? cells.rangeOf(i);
      for (let k = 0; k < polygons.length; k++) {
        const polygon = polygons[k]!;
        if (polygon.oneWay) tally.oneWay++;
        const src = polygon.points;
        const points: number[] = [];
        let finite = true;
        for (let j = 0; j + 1 < src.length; j += 2) {
          let u = transpose ? src[j + 1]! : src[j]!;
          let v = transpose ? src[j]! : src[j + 1]!;
          if (flipH) u = -u;
          if (flipV) v = -v;
          const lx = centerX + u;
          const ly = centerY + v;
          const px = identity ? lx : residual.a * lx + residual.c * ly;
          const py = identity ? ly : residual.b * lx + residual.d * ly;
          finite &&= Number.isFinite(px) && Number.isFinite(py);
          points.push(px, py);
        }
        if (!finite) {
          tally.infinite++;
          continue;
        }
        const shape: LevelShape = { kind: 'polygon', points };
        parts.push(polygons.length > 1 ? new CellPolygonPart(shape, range, [cx, cy], k) : new CellPart(shape, range, [cx, cy]));
      }
    }
  }
  return out;
}
