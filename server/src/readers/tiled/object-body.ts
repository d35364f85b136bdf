// One object of an object layer as a body (levels-and-tiles.md §1): its shape in its own frame
// (origin at its x, y as written, rotation about that origin), its template's and its tile's
// fields and properties beneath its own, its motion from the property chain.
import type { Diagnostic, TextRange } from '../../common/diagnostic';
import type { LevelBody, LevelMove, LevelPart, LevelShape } from '../level-scene';
import type { ExternalFiles, ResolvedTileset } from './external';
import type { ShapeKind, TiledObject } from './model';
import type { PropertyReader, Scope } from './properties';
import { IDENTITY, type Affine } from '../affine';
import { shapesOf, type ShapeNote } from './shapes';
import { alignmentOffset, hasCollision, tileOf, tilePlacement, tileShapes } from './tiles';

/** What an object's layer (and its groups) gives it. */
export interface LayerScope {
  readonly offsetX: number;
  readonly offsetY: number;
  /** The layer's properties, then its groups', innermost first. */
  readonly chain: readonly Scope[];
  /** Whether the layer's or a group's name says static (STATIC_LAYER_WORDS). */
  readonly staticByName: boolean;
}

export interface ObjectContext {
  /**
   * Isometric maps: Tiled's pixelToScreenCoords, from the objects' coordinates (along the
   * tile axes, in pixels of tile height) to the screen's. Undefined on other maps.
   */
  readonly projection: Affine | undefined;
  readonly tilesets: readonly ResolvedTileset[];
  readonly files: ExternalFiles;
  readonly folder: string;
  readonly properties: PropertyReader;
  readonly notes: NoteSink;
}

/** Diagnostics for approximations and empty shapes, once per range and kind. */
export class NoteSink {
  private readonly seen = new Set<string>();
  constructor(private readonly diagnostics: Diagnostic[]) {}

  push(diagnostic: Diagnostic): void {
    this.diagnostics.push(diagnostic);
  }

  note(what: ShapeNote, range: TextRange, subject: string): void {
    const key = `${what} ${range.start} ${range.end}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const [severity, code, message]: [Diagnostic['severity'], string, string] =
      what === 'ellipse-approximated'
        ? ['hint', 'tiled-ellipse-approximated', `${subject}: an ellipse that is not a circle is checked as a convex polygon of 32 vertices.`]
        : what === 'capsule-approximated'
          ? ['hint', 'tiled-capsule-approximated', `${subject}: a stretched capsule is checked as a convex polygon.`]
          : what === 'empty'
            ? ['information', 'tiled-empty-shape', `${subject}: a shape with no width or height is not a body.`]
            : ['warning', 'tiled-too-few-points', `${subject}: a polygon needs three points and a polyline two; not a body.`];
    this.diagnostics.push({ range, severity, code, message });
  }
}

/** A body whose name is settled once every object of the map is known. */
export type UnnamedBody = { -readonly [K in keyof LevelBody]: LevelBody[K] };

/** The outcome for one object: a body (its name still to be made unique), or why not. */
export type ObjectOutcome = UnnamedBody | 'not-a-body' | 'tile-without-shapes';

export function objectBody(o: TiledObject, layer: LayerScope, context: ObjectContext): ObjectOutcome {
  let base: TiledObject | undefined;
  let baseTilesets: readonly ResolvedTileset[] = [];
  // The property chain, innermost first; scopes without properties are left out.
  const chain: Scope[] = [];
  if (o.properties.length > 0) chain.push({ properties: o.properties });
  if (o.template !== undefined) {
    const template = context.files.template(o.template.path, context.folder, o.template.range);
    // A template that cannot be read was reported on its reference.
    if (template === undefined) return 'not-a-body';
    base = template.model.object;
    baseTilesets = template.tilesets;
    if (base!.properties.length > 0) chain.push({ properties: base!.properties, foreign: { file: o.template.path, range: o.template.range } });
  }
  const gidFromInstance = o.gid !== undefined;
  const gid = o.gid ?? base?.gid;
  const shape: ShapeKind | 'tile' = o.shape ?? base?.shape ?? (gid !== undefined ? 'tile' : 'rectangle');
  if (shape === 'point' || shape === 'text') return 'not-a-body';
  const width = o.width ?? base?.width;
  const height = o.height ?? base?.height;
  const rotation = o.rotation ?? base?.rotation ?? 0;
  const shapes = SHAPES;
  shapes.length = 0;
  let note: ShapeNote | undefined;
  if (shape === 'tile') {
    const ref = tileOf(gidFromInstance ? context.tilesets : baseTilesets, gid!);
    if (ref === 'unknown') {
      context.notes.push({ range: o.range, severity: 'error', code: 'tiled-unknown-gid', message: `${subjectOf(o)}: its tile (gid ${gid! & 0x0fffffff}) is in no tileset of the map; not read.` });
      return 'not-a-body';
    }
    if (typeof ref !== 'object') return 'not-a-body';
    if (!hasCollision(ref)) return 'tile-without-shapes';
    const w = width ?? ref.width;
    const h = height ?? ref.height;
    // Tile objects stand upright on the screen, also on isometric maps.
    const [left, top] = alignmentOffset(ref.tileset.alignment, w, h, context.projection !== undefined);
    note = tileShapes(ref, tilePlacement(ref, gid!, left, top, w, h), shapes);
    if (ref.tile !== undefined && ref.tile.properties.length > 0) chain.push({ properties: ref.tile.properties, foreign: ref.tileset.file === undefined ? undefined : { file: ref.tileset.file, range: o.range } });
  } else {
    const p = context.projection;
    const linear = p === undefined ? IDENTITY : { a: p.a, b: p.b, c: p.c, d: p.d, e: 0, f: 0 };
    note = shapesOf({ kind: shape, width: width ?? 0, height: height ?? 0, points: o.points ?? base?.points }, linear, shapes);
  }
  if (note !== undefined) context.notes.note(note, o.shapeRange ?? o.range, subjectOf(o));
  if (shapes.length === 0) return 'not-a-body';
  for (let k = 0; k < layer.chain.length; k++) chain.push(layer.chain[k]!);
  const props = context.properties;
  const hasProperties = chain.length > 0;

  const isStatic = (hasProperties ? props.bool(chain, 'static') : undefined) ?? layer.staticByName;
  const velocity = hasProperties ? props.velocity(chain) : undefined;
  const spin = (hasProperties ? props.number(chain, 'spin') : undefined) ?? 0;
  const partRange = o.shapeRange !== undefined && shape !== 'tile' ? o.shapeRange : o.range;
  const parts: LevelPart[] = new Array<LevelPart>(shapes.length);
  for (let k = 0; k < shapes.length; k++) {
    parts[k] = shapes.length === 1 ? { shape: shapes[k]!, range: partRange } : { shape: shapes[k]!, range: partRange, label: shape === 'polyline' ? `segment ${k + 1}` : `shape ${k + 1}` };
  }
  const x = o.x?.value ?? base?.x?.value ?? 0;
  const y = o.y?.value ?? base?.y?.value ?? 0;
  const p = context.projection;
  return {
    // The name it prefers (its own, else its template's); made unique by the caller.
    name: o.name !== '' ? o.name : (base?.name ?? ''),
    isStatic,
    sensor: (hasProperties && props.bool(chain, 'sensor')) || false,
    bullet: (hasProperties && props.bool(chain, 'bullet')) || false,
    x: (p === undefined ? x : p.a * x + p.c * y + p.e) + layer.offsetX,
    y: (p === undefined ? y : p.b * x + p.d * y + p.f) + layer.offsetY,
    // Any finite rotation gives a finite angle this way (rotation × π overflows past 1e308).
    angle: (rotation % 360) * (Math.PI / 180),
    vx: velocity === undefined ? 0 : velocity[0],
    vy: velocity === undefined ? 0 : velocity[1],
    spin: spin * (Math.PI / 180),
    parts,
    range: o.range,
    nameRange: o.nameRange ?? o.tagRange,
    move: o.x !== undefined && o.y !== undefined ? new ObjectMove(o.x.start, o.x.end, o.y.start, o.y.end, layer.offsetX, layer.offsetY, p) : undefined,
    kind: shape,
  };
}

/** Scratch for one object's shapes (copied into its parts): objects are read one at a time. */
const SHAPES: LevelShape[] = [];

function subjectOf(o: TiledObject): string {
  return o.name !== '' ? `Object \`${o.name}\`` : `Object ${o.id}`;
}

/**
 * Moving an object: its `x` and `y` as written are its world origin less the layers' offsets
 * (and, on isometric maps, taken back through the projection). One per object of a map, so it
 * keeps the two values' offsets as numbers and makes their ranges when asked.
 */
class ObjectMove implements LevelMove {
  constructor(
    private readonly xStart: number,
    private readonly xEnd: number,
    private readonly yStart: number,
    private readonly yEnd: number,
    private readonly offsetX: number,
    private readonly offsetY: number,
    private readonly projection: Affine | undefined,
  ) {}

  /** The `x` value's range, then the `y` value's (made on each read). */
  get ranges(): readonly TextRange[] {
    return [
      { start: this.xStart, end: this.xEnd },
      { start: this.yStart, end: this.yEnd },
    ];
  }

  edit(x: number, y: number): readonly string[] {
    const p = this.projection;
    const sx = x - this.offsetX;
    const sy = y - this.offsetY;
    if (p === undefined) return [compact(sx), compact(sy)];
    const det = p.a * p.d - p.b * p.c;
    const u = sx - p.e;
    const v = sy - p.f;
    return [compact((p.d * u - p.c * v) / det), compact((p.a * v - p.b * u) / det)];
  }
}

/** A number as short as it reads back within a millionth of a pixel: `12`, `-3.5`, `0.333333`. */
export function compact(value: number): string {
  if (!Number.isFinite(value)) return '0';
  // Past 1e9 a millionth is below the double's resolution anyway (and the product could overflow).
  const rounded = Math.abs(value) < 1e9 ? Math.round(value * 1e6) / 1e6 : value;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
