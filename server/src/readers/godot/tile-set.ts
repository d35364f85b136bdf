// A Godot 4 TileSet resource, as far as collision goes: its tile shape and size, its physics
// layers (collision_layer, collision_mask) and, for each atlas source, each tile alternative's
// collision polygons per physics layer (`X:Y/A/physics_layer_N/polygon_M/points`, relative to
// the tile's center, and `.../one_way`). The TileSet may be a sub_resource of the scene or a .tres
// file, and its sources sub_resources of either. Godot keeps a tile's polygons only on the
// physics layers its TileSet declares (TileData::_set refuses the others once the tile belongs
// to a TileSet); an alternative's own flip_h/flip_v/transpose only change how it is drawn: its
// polygons are stored as they collide (tile_map_layer.cpp applies only a cell's transform bits).
import type { Severity, TextRange } from '../../common/diagnostic';
import { BODY_TYPES } from './bodies';
import type { GodotFile, Loader } from './scene-tree';
import { type Property, attribute } from './sections';
import { readBool, readInteger, readPoints, readString, readVector, resourceReference } from './values';
import type { Variant } from './variant';

export interface TilePolygon {
  /** Flat x, y pairs relative to the tile's center, three points or more. */
  readonly points: readonly number[];
  readonly oneWay: boolean;
}

/** One alternative tile: its polygons per physics layer index (undefined: none on that layer). */
export type TileShapes = readonly (readonly TilePolygon[] | undefined)[];

export type TileSource =
  /** Tiles by `atlasX * 65536 + atlasY`, then by alternative id (transform bits cleared). */
  | { readonly kind: 'atlas'; readonly tiles: ReadonlyMap<number, ReadonlyMap<number, TileShapes>> }
  | { readonly kind: 'scenes'; readonly hasPhysics: boolean }
  | { readonly kind: 'unreadable'; readonly problem: string };

export interface TileSetNote {
  readonly file: GodotFile;
  readonly range: TextRange;
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
}

export interface TileSetInfo {
  /** Godot's TileSet.TileShape: 0 square, 1 isometric, 2 half-offset square, 3 hexagon. */
  readonly shape: number;
  readonly tileWidth: number;
  readonly tileHeight: number;
  readonly physicsLayers: readonly { readonly layer: number; readonly mask: number }[];
  readonly sources: ReadonlyMap<number, TileSource>;
  /** Some atlas tile has a collision polygon on a declared physics layer. */
  readonly hasCollision: boolean;
  readonly notes: readonly TileSetNote[];
}

export const SHAPE_NAMES = ['square', 'isometric', 'half-offset square', 'hexagon'];

/** Godot's TileSetAtlasSource::UNTRANSFORM_MASK: the alternative id without its transform bits. */
export const ALTERNATIVE_MASK = 0x0fff;

interface Resolved {
  readonly file: GodotFile;
  readonly type: string;
  readonly props: readonly Property[];
}

/** The resource a `SubResource(...)` or `ExtResource(...)` value written in `file` names. */
export function resolveResource(loader: Loader, file: GodotFile, value: Variant): Resolved | string {
  const ref = resourceReference(value);
  if (ref === undefined) return 'should be SubResource("id") or ExtResource("id")';
  if (!ref.external) {
    const section = file.subResources.get(ref.id);
    if (section === undefined) return `names no sub_resource with id "${ref.id}"`;
    const type = attribute(section, 'type')?.value;
    return { file, type: type === undefined ? '' : readString(type) ?? '', props: section.properties };
  }
  const target = loader.externalPath(file, ref.id);
  if (target.path === undefined) return target.problem ?? `names an ext_resource "${ref.id}" that cannot be found`;
  const resource = loader.load(target.path);
  if (resource === undefined) return `names ${loader.display(target.path)}, which cannot be read`;
  const header = resource.parsed.sections.find((s) => s.tag === 'gd_resource');
  const body = resource.parsed.sections.find((s) => s.tag === 'resource');
  const type = header === undefined ? undefined : attribute(header, 'type')?.value;
  if (header === undefined || body === undefined || type === undefined) return `names ${loader.display(target.path)}, which is not a text resource with a [resource] section`;
  return { file: resource, type: readString(type) ?? '', props: body.properties };
}

const cache = new WeakMap<Loader, Map<string, TileSetInfo | string>>();

/** The TileSet `value` (written in `file`) names, read once per loader; a string says why not. */
export function readTileSet(loader: Loader, file: GodotFile, value: Variant): TileSetInfo | string {
  let known = cache.get(loader);
  if (known === undefined) cache.set(loader, (known = new Map()));
  const ref = resourceReference(value);
  const key = ref === undefined ? undefined : `${file.path}\n${ref.external ? 'ext' : 'sub'}\n${ref.id}`;
  const hit = key === undefined ? undefined : known.get(key);
  if (hit !== undefined) return hit;
  const resolved = resolveResource(loader, file, value);
  const info = typeof resolved === 'string' ? `tile_set ${resolved}` : resolved.type !== 'TileSet' ? `tile_set names a ${resolved.type || 'resource without a type'}, not a TileSet` : new TileSetReader(loader, resolved).read();
  if (key !== undefined) known.set(key, info);
  return info;
}

const PHYSICS_KEY = /^physics_layer_(\d+)\/(collision_layer|collision_mask)$/;
const SOURCE_KEY = /^sources\/(\d+)$/;
const ALTERNATIVE_KEY = /^(\d+):(\d+)\/(\d+)$/;
const POLYGON_KEY = /^(\d+):(\d+)\/(\d+)\/physics_layer_(\d+)\/polygon_(\d+)\/(points|one_way)$/;
const SCENE_KEY = /^scenes\/\d+\/scene$/;

/** Indices above this are not plausible in a hand-made or editor-made tile set. */
const MAX_INDEX = 65535;

class TileSetReader {
  private readonly notes: TileSetNote[] = [];
  constructor(
    private readonly loader: Loader,
    private readonly resource: Resolved,
  ) {}

  private note(p: Property, severity: Severity, code: string, message: string): void {
    this.notes.push({ file: this.resource.file, range: p.value.range, severity, code, message });
  }

  read(): TileSetInfo {
    const { props } = this.resource;
    let shape = 0;
    let tileWidth = 16;
    let tileHeight = 16;
    const layers: { layer: number; mask: number }[] = [];
    const sources = new Map<number, TileSource>();
    const sourceProps: [number, Property][] = [];
    for (const p of props) {
      if (p.key === 'tile_shape') {
        const r = readInteger(p.value, 'tile_shape');
        if (r.ok && r.value >= 0 && r.value < SHAPE_NAMES.length) shape = r.value;
        else this.note(p, 'warning', 'godot-bad-value', `tile_shape should be 0 to ${SHAPE_NAMES.length - 1}; square tiles (0) are assumed.`);
      } else if (p.key === 'tile_size') {
        const r = readVector(p.value, 'tile_size');
        // Vector2i: whole numbers of 32 bits.
        if (r.ok && r.value.every((v) => v >= 1 && v <= 0x7fffffff)) [tileWidth, tileHeight] = r.value.map(Math.trunc) as [number, number];
        else this.note(p, 'warning', 'godot-bad-value', "tile_size should be Vector2i(width, height) with positive sizes; Godot's default Vector2i(16, 16) is used.");
      }
      const physics = PHYSICS_KEY.exec(p.key) ?? /^physics_layer_(\d+)\//.exec(p.key);
      if (physics !== null) {
        const index = Number(physics[1]);
        if (index > MAX_INDEX) continue;
        while (layers.length <= index) layers.push({ layer: 1, mask: 1 });
        if (physics[2] === 'collision_layer' || physics[2] === 'collision_mask') {
          const r = readInteger(p.value, p.key);
          const bits = r.ok && r.value >= 0 && r.value <= 0xffffffff ? r.value : undefined;
          if (bits === undefined) this.note(p, 'warning', 'godot-bad-value', `${p.key} should be a whole number of 32 bits; Godot's default 1 is used.`);
          else if (physics[2] === 'collision_layer') layers[index]!.layer = bits;
          else layers[index]!.mask = bits;
        }
      }
      const source = SOURCE_KEY.exec(p.key);
      if (source !== null && Number(source[1]) <= MAX_INDEX) sourceProps.push([Number(source[1]), p]);
    }
    let hasCollision = false;
    for (const [id, p] of sourceProps) {
      const s = this.source(p, layers.length);
      sources.set(id, s);
      if (s.kind === 'atlas') for (const alternatives of s.tiles.values()) for (const shapes of alternatives.values()) if (shapes.some((l) => l !== undefined)) hasCollision = true;
    }
    return { shape, tileWidth, tileHeight, physicsLayers: layers, sources, hasCollision, notes: this.notes };
  }

  private source(p: Property, layerCount: number): TileSource {
    const resolved = resolveResource(this.loader, this.resource.file, p.value);
    if (typeof resolved === 'string') {
      this.note(p, 'warning', 'godot-tile-set', `${p.key} ${resolved}; the collision of its tiles is not checked.`);
      return { kind: 'unreadable', problem: resolved };
    }
    if (resolved.type === 'TileSetScenesCollectionSource') return { kind: 'scenes', hasPhysics: this.scenesHavePhysics(resolved) };
    if (resolved.type !== 'TileSetAtlasSource') {
      this.note(p, 'warning', 'godot-tile-set', `${p.key} is a ${resolved.type || 'resource without a type'}, not a TileSetAtlasSource; the collision of its tiles is not checked.`);
      return { kind: 'unreadable', problem: `is a ${resolved.type}` };
    }
    return { kind: 'atlas', tiles: this.atlasTiles(resolved, layerCount) };
  }

  private atlasTiles(source: Resolved, layerCount: number): Map<number, Map<number, TileShapes>> {
    const tiles = new Map<number, Map<number, TileShapes>>();
    // Polygons by tile, alternative, layer and index, gathered before they are ordered.
    const polygons = new Map<string, { points?: number[]; oneWay: boolean }>();
    const alternative = (ax: number, ay: number, alt: number): (TilePolygon[] | undefined)[] => {
      let alternatives = tiles.get(ax * 65536 + ay);
      if (alternatives === undefined) tiles.set(ax * 65536 + ay, (alternatives = new Map()));
      let shapes = alternatives.get(alt) as (TilePolygon[] | undefined)[] | undefined;
      if (shapes === undefined) alternatives.set(alt, (shapes = []));
      return shapes;
    };
    const dropped = new Set<number>();
    let droppedAt: Property | undefined;
    for (const p of source.props) {
      const declared = ALTERNATIVE_KEY.exec(p.key);
      if (declared !== null) {
        const [ax, ay, alt] = [Number(declared[1]), Number(declared[2]), Number(declared[3])];
        if (ax <= 0xffff && ay <= 0xffff && alt <= ALTERNATIVE_MASK) alternative(ax, ay, alt);
        continue;
      }
      const m = POLYGON_KEY.exec(p.key);
      if (m === null) continue;
      const [ax, ay, alt, layer, index] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
      if (ax > 0xffff || ay > 0xffff || alt > ALTERNATIVE_MASK || index > MAX_INDEX) continue;
      if (layer >= layerCount) {
        dropped.add(layer);
        droppedAt ??= p;
        continue;
      }
      const key = `${ax}:${ay}/${alt}/${layer}/${index}`;
      let polygon = polygons.get(key);
      if (polygon === undefined) polygons.set(key, (polygon = { oneWay: false }));
      if (m[6] === 'points') {
        const r = readPoints(p.value, p.key);
        if (r.ok) polygon.points = r.value;
        else this.note(p, 'warning', 'godot-bad-value', `${r.problem} This tile polygon is left out.`);
      } else {
        const r = readBool(p.value, p.key);
        if (r.ok) polygon.oneWay = r.value;
        else this.note(p, 'warning', 'godot-bad-value', r.problem);
      }
    }
    if (droppedAt !== undefined) {
      const list = [...dropped].sort((a, b) => a - b).join(', ');
      this.note(droppedAt, 'information', 'godot-tile-set', `Tiles have collision polygons on physics layer(s) ${list}, which the TileSet does not declare: Godot drops them, and so does Collide.`);
    }
    const ordered = [...polygons.entries()].map(([key, polygon]) => ({ key: key.split('/').map((part, i) => (i === 0 ? part : Number(part))), polygon }));
    ordered.sort((a, b) => (a.key[3] as number) - (b.key[3] as number));
    for (const { key, polygon } of ordered) {
      // Fewer than three points make no convex piece in Godot: nothing collides.
      if (polygon.points === undefined || polygon.points.length < 6) continue;
      const [ax, ay] = (key[0] as string).split(':').map(Number) as [number, number];
      const shapes = alternative(ax, ay, key[1] as number);
      const layer = key[2] as number;
      (shapes[layer] ??= []).push({ points: polygon.points, oneWay: polygon.oneWay });
    }
    return tiles;
  }

  /** Whether a scene of a scenes collection source has a physics body among its own nodes. */
  private scenesHavePhysics(source: Resolved): boolean {
    for (const p of source.props) {
      if (!SCENE_KEY.test(p.key)) continue;
      const ref = resourceReference(p.value);
      if (ref === undefined || !ref.external) continue;
      const target = this.loader.externalPath(source.file, ref.id);
      const scene = target.path === undefined ? undefined : this.loader.load(target.path);
      // A scene that cannot be read may hold bodies: say so rather than skip it.
      if (scene === undefined) return true;
      for (const s of scene.parsed.sections) {
        if (s.tag !== 'node') continue;
        const type = attribute(s, 'type')?.value;
        const name = type === undefined ? undefined : readString(type);
        if (name !== undefined && BODY_TYPES.has(name)) return true;
        if (attribute(s, 'instance') !== undefined) return true;
      }
    }
    return false;
  }
}
