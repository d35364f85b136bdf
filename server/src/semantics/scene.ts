// The analyzed scene: what semantics builds and analysis consumes, as plain data. A body's
// packed flags, spans and data are laid out by body-layout.ts.
import type { ConvexShape, Vec2 } from '../../../core';
import type { TextRange } from '../common/diagnostic';
import * as layout from './body-layout';
import type { BodyClause } from './body-layout';
import type { SceneChains } from './scene-chains';

// Bound once as module-local constants: hot loops read them, and an imported binding is a
// property read of the exporting module's object wherever modules are not bundled (tsx).
const {
  BODY_BULLET,
  BODY_CLAUSES,
  BODY_MOVING,
  BODY_ONE_SHAPE,
  BODY_SENSOR,
  BODY_SPINNING,
  BODY_STATIC,
  BODY_WIDE_SPANS,
  bodyData,
  CLAUSE_START,
  CLAUSE_VALUE,
  DATA_AT_LIMIT,
  DATA_AT_SHIFT,
  dataAtFlags,
  FIRST_CLAUSE_BIT,
  MAX_NAME_AT,
  MAX_SPAN_REST,
  MAX_SPAN_SHAPE,
  NAME_AT_SHIFT,
  POSE_LENGTH,
  SOURCE_KIND_SHIFT,
  SOURCE_SHAPE_KINDS,
  SPAN_GAP_SHIFT,
  SPAN_SHAPE_SHIFT,
  WIDE_SPANS,
} = layout;

/**
 * The analyzed scene: what semantics builds from the syntax tree and what analysis consumes.
 * Plain data. Units: scene units, seconds, radians. Ranges: UTF-16 offsets into the text.
 */
export interface Scene {
  /** Length of one simulation step in seconds (> 0; default 1/60). */
  readonly dt: number;
  /** How many steps ahead the swept check looks (integer, 1..MAX_FRAMES; default 1). */
  readonly frames: number;
  /** Overlap depth at or below this is resting contact (>= 0; default 0.005). */
  readonly slop: number;
  /** Bodies in declaration order; `bodies[i].index === i`. */
  readonly bodies: readonly SceneBody[];
  /** Declared layers by name. */
  readonly layers: ReadonlyMap<string, SceneLayer>;
}

export interface SceneLayer {
  readonly name: string;
  /** Layers this one collides with, as written (the relation is made symmetric by `layersCollide`). */
  readonly collides: readonly string[];
  readonly range: TextRange;
  readonly nameRange: TextRange;
}

/** The constructor the author wrote (for hover and the preview); `SceneBody.geometry` holds the shape. */
export type SourceShapeKind = 'circle' | 'box' | 'polygon' | 'capsule' | 'segment' | 'compound' | 'chain' | 'tiles';

/** The source kinds whose geometry is chains (scene-chains.ts), from this index on in SOURCE_SHAPE_KINDS. */
const FIRST_CHAIN_KIND = 6;

/**
 * One convex part of a compound or of a named shape (a body whose shape is written in its
 * statement holds the shape alone: SceneBody `geometry`). Its range is kept as two offsets and
 * made on request.
 */
export class ScenePart {
  constructor(
    /** Geometry in body-local coordinates (compound offset and angle already applied). */
    readonly shape: ConvexShape,
    /** Source constructor of this part. */
    readonly sourceKind: Exclude<SourceShapeKind, 'compound'>,
    /** Start of the part's shape expression in the text. */
    readonly start: number,
    /** End of the part's shape expression. */
    readonly end: number,
  ) {}

  /** Range of the part's shape expression in the text. */
  get range(): TextRange {
    return { start: this.start, end: this.end };
  }
}

/** A body's property clauses, by keyword, when written; quick fixes and the preview edit them. */
export interface BodyProperties {
  readonly at?: BodyProperty;
  readonly angle?: BodyProperty;
  readonly velocity?: BodyProperty;
  readonly spin?: BodyProperty;
  readonly layer?: BodyProperty;
}

/** The modifier words of a body's detail by its BODY_STATIC | BODY_SENSOR | BODY_BULLET bits. */
const MODIFIER_WORDS = ['dynamic', 'static', 'sensor', 'static sensor', 'bullet', 'static bullet', 'sensor bullet', 'static sensor bullet'];

/**
 * A body's line for outlines and hovers: its modifiers ('dynamic' when none), each once and in
 * one order (static, sensor, bullet) whatever the order written, and its shape's name or
 * constructor. Made on read rather than stored: a string field is 8 bytes a body for a line only
 * an outline or a hover shows.
 */
export function bodyDetail(modifiers: number, shapeWord: string): string {
  return `${MODIFIER_WORDS[modifiers & 7]!} ${shapeWord}`;
}

/**
 * The parts of a compound or of a named shape, with the shape's name (a compound written in a
 * body statement has none). One per named shape, shared by every body that uses it.
 */
export class SceneShape {
  constructor(
    readonly parts: readonly ScenePart[],
    readonly sourceKind: SourceShapeKind,
    /** The named shape's name, when the parts are one. */
    readonly name: string | undefined,
  ) {}
}

/**
 * A body of the scene: plain data, its packed flags and offsets read through accessors. The
 * symbol table keeps this record in place of the body's definition and makes the editor's
 * definition from it on request (symbols.ts `bodyDefinition`).
 *
 * Compact, since a large scene has one per statement and a language server keeps it for as long
 * as the document is open (objects for ranges, pose vectors and clause records would be several
 * hundred bytes a body): the statement's, shape's and clauses' ranges are offsets (the name's start a Smi field,
 * its end made from the name's length; the statement's start, the shape's and the statement's
 * end packed into the flags and one Smi, `spans`, relative to the name, since a field is 8 bytes
 * a body; the clauses' offsets relative to the statement's start, so that a body moved by an
 * edit shares them), the pose, spin and velocity are one packed array of doubles, the modifiers,
 * written clauses and source shape kind are bits of one Smi, and the ranges, position, velocity,
 * clauses, parts and detail are made on request: compare what such a getter returns by content,
 * never by identity (`parts` is a new array on each read for a body with its one shape). So is
 * `nameRange`, kept as `nameStart` and `nameEnd` (what hot paths read): a stored range would be
 * one more object a body for every scavenge of a check to copy twice (into the survivor space,
 * then into the old generation).
 * Nothing compares a body's name range by identity: findings' diagnostics are placed on names
 * by offsets (analysis/pipeline.ts, onName). Immutable; nothing reads a body's identity but the
 * incremental analysis, for "same object, same content".
 */
export class SceneBody {
  constructor(
    /** Declaration order, 0-based. */
    readonly index: number,
    readonly name: string,
    /**
     * Where the body's name starts: its name range, kept as offsets (see the class comment). A
     * field, not packed: the loops that label findings read it once or twice each.
     */
    readonly nameStart: number,
    /**
     * The shape's start and end and the statement's end, relative to `nameEnd`, packed by
     * `bodySpans`; with BODY_WIDE_SPANS (-1 here) they end `data` instead, with the statement's
     * start, which is otherwise in the flags. Read `start`, `shapeStart`, `shapeEnd` and `end`.
     */
    readonly spans: number,
    /**
     * BODY_STATIC | BODY_SENSOR | BODY_BULLET, one bit per written clause, BODY_ONE_SHAPE,
     * BODY_MOVING, BODY_SPINNING, BODY_WIDE_SPANS, the source shape kind (`sourceKindFlags`), the
     * name's offset into the statement (`nameAtFlags`), and where the body's numbers start in
     * `data` (`dataAtFlags`).
     */
    readonly flags: number,
    readonly layer: string | null,
    /**
     * The geometry: the body's one shape when `flags` has BODY_ONE_SHAPE, else its parts (a
     * compound's, or a named shape's, shared by every body that uses it). Almost every body of a
     * large scene has one part written in its statement, and an array and a ScenePart each would
     * be a large share of its memory. Read it through `partCount` and `partShape`.
     */
    readonly geometry: ConvexShape | SceneShape,
    /**
     * x, y and angle, the spin when BODY_SPINNING, the velocity (x, y) when BODY_MOVING, then
     * each written clause's start, value start and end relative to `start` (BODY_CLAUSES order,
     * each whose flag is set), one double per clause (`packClauses`) or, when one does not fit,
     * three, then, with BODY_WIDE_SPANS, the statement's and shape's offsets (`bodySpans`):
     * packed doubles, 8 bytes each (`bodyData` makes it). When the flags' data offset
     * (`dataAtFlags`) is not 0, this is the body's one shape's `xy` too, with the shape's
     * vertices first and the body's numbers from that offset on: an array of its own would cost
     * a JSArray and its store's header per body besides its numbers. Core readers bound a shape's vertices by its `count` (shape.ts).
     */
    readonly data: readonly number[],
  ) {}

  /**
   * Where the body's name ends: the name is the identifier's text (syntax/token-cursor.ts), as
   * long as its range.
   */
  get nameEnd(): number {
    return this.nameStart + this.name.length;
  }

  /** Start of the whole `body` statement. */
  get start(): number {
    if ((this.flags & BODY_WIDE_SPANS) !== 0) return this.nameStart - this.data[this.data.length - WIDE_SPANS]!;
    return this.nameStart - ((this.flags >> NAME_AT_SHIFT) & (MAX_NAME_AT - 1));
  }

  /** Start of the shape expression (or shape name). */
  get shapeStart(): number {
    if ((this.flags & BODY_WIDE_SPANS) !== 0) return this.nameEnd + this.data[this.data.length - WIDE_SPANS + 1]!;
    return this.nameEnd + (this.spans >> SPAN_GAP_SHIFT);
  }

  /** End of the shape expression. */
  get shapeEnd(): number {
    if ((this.flags & BODY_WIDE_SPANS) !== 0) return this.shapeStart + this.data[this.data.length - WIDE_SPANS + 2]!;
    return this.nameEnd + (this.spans >> SPAN_GAP_SHIFT) + ((this.spans >> SPAN_SHAPE_SHIFT) & (MAX_SPAN_SHAPE - 1));
  }

  /** End of the whole `body` statement. */
  get end(): number {
    if ((this.flags & BODY_WIDE_SPANS) !== 0) return this.shapeEnd + this.data[this.data.length - 1]!;
    return this.shapeEnd + (this.spans & (MAX_SPAN_REST - 1));
  }

  /** The constructor the author wrote, or 'compound'. */
  get sourceKind(): SourceShapeKind {
    return SOURCE_SHAPE_KINDS[(this.flags >> SOURCE_KIND_SHIFT) & 7]!;
  }

  /** Name of the named shape used, if the body refers to one (`body b square at ...`). */
  get shapeName(): string | undefined {
    return (this.flags & BODY_ONE_SHAPE) !== 0 ? undefined : (this.geometry as SceneShape).name;
  }

  /** One line for outlines and hovers: the modifiers and the shape, made on each read. */
  get detail(): string {
    return bodyDetail(this.flags, this.shapeName ?? this.sourceKind);
  }

  /** The name's range, made on each read (compare it by content: see the class comment). */
  get nameRange(): TextRange {
    return { start: this.nameStart, end: this.nameEnd };
  }

  /** The whole `body` statement. */
  get range(): TextRange {
    return { start: this.start, end: this.end };
  }

  get shapeRange(): TextRange {
    return { start: this.shapeStart, end: this.shapeEnd };
  }

  get isStatic(): boolean {
    return (this.flags & BODY_STATIC) !== 0;
  }

  get isSensor(): boolean {
    return (this.flags & BODY_SENSOR) !== 0;
  }

  get isBullet(): boolean {
    return (this.flags & BODY_BULLET) !== 0;
  }

  /**
   * A chain body's or tile grid's geometry (no convex part: `partCount` is 0), else undefined.
   * Read where a body has no part, so that no other body pays for it.
   */
  get chainGeometry(): SceneChains | undefined {
    if ((this.flags & BODY_ONE_SHAPE) !== 0 || ((this.flags >> SOURCE_KIND_SHIFT) & 7) < FIRST_CHAIN_KIND) return undefined;
    return this.geometry as SceneChains;
  }

  /** Number of convex parts (one but for a compound); what loops over the parts bound by. */
  get partCount(): number {
    return (this.flags & BODY_ONE_SHAPE) !== 0 ? 1 : (this.geometry as SceneShape).parts.length;
  }

  /** Geometry of part i (0 <= i < partCount) in body-local coordinates. */
  partShape(i: number): ConvexShape {
    return (this.flags & BODY_ONE_SHAPE) !== 0 ? (this.geometry as ConvexShape) : (this.geometry as SceneShape).parts[i]!.shape;
  }

  /** Source constructor of part i. */
  partKind(i: number): Exclude<SourceShapeKind, 'compound'> {
    return (this.flags & BODY_ONE_SHAPE) !== 0
      ? (this.sourceKind as Exclude<SourceShapeKind, 'compound'>)
      : (this.geometry as SceneShape).parts[i]!.sourceKind;
  }

  /** Range of part i's shape expression in the text. */
  partRange(i: number): TextRange {
    if ((this.flags & BODY_ONE_SHAPE) !== 0) return { start: this.shapeStart, end: this.shapeEnd };
    return (this.geometry as SceneShape).parts[i]!.range;
  }

  /**
   * The parts as objects, made on each read for a body with its shape written in its statement:
   * for hovers, descriptions and tests; loops over many bodies read `partCount` and `partShape`.
   */
  get parts(): readonly ScenePart[] {
    if ((this.flags & BODY_ONE_SHAPE) === 0) return (this.geometry as SceneShape).parts;
    return [new ScenePart(this.geometry as ConvexShape, this.partKind(0), this.shapeStart, this.shapeEnd)];
  }

  /** Where the body's own numbers start in `data`: after its shape's vertices when it shares it. */
  private get dataAt(): number {
    return this.flags >> DATA_AT_SHIFT;
  }

  /** Position at t = 0, x: what hot paths read instead of making `position`. */
  get x(): number {
    return this.data[this.flags >> DATA_AT_SHIFT]!;
  }

  get y(): number {
    return this.data[(this.flags >> DATA_AT_SHIFT) + 1]!;
  }

  /** Angle at t = 0 (radians); angle(t) = angle + spin t. */
  get angle(): number {
    return this.data[(this.flags >> DATA_AT_SHIFT) + 2]!;
  }

  /** Angular velocity (radians per second). */
  get spin(): number {
    return (this.flags & BODY_SPINNING) !== 0 ? this.data[this.dataAt + POSE_LENGTH]! : 0;
  }

  /** Velocity x (scene units per second); position(t) = position + velocity t. */
  get vx(): number {
    return (this.flags & BODY_MOVING) !== 0 ? this.data[this.velocityAt]! : 0;
  }

  get vy(): number {
    return (this.flags & BODY_MOVING) !== 0 ? this.data[this.velocityAt + 1]! : 0;
  }

  /** Position at t = 0, made on each read (hot paths read `x` and `y`). */
  get position(): Vec2 {
    return { x: this.x, y: this.y };
  }

  /** Velocity, made on each read (hot paths read `vx` and `vy`). */
  get velocity(): Vec2 {
    return { x: this.vx, y: this.vy };
  }

  /** Where the clauses' offsets start in `data`. */
  private get clausesAt(): number {
    return this.velocityAt + ((this.flags & BODY_MOVING) !== 0 ? 2 : 0);
  }

  /** Where the velocity is (or would be) in `data`: after the pose and the spin if any. */
  private get velocityAt(): number {
    return this.dataAt + ((this.flags & BODY_SPINNING) !== 0 ? POSE_LENGTH + 1 : POSE_LENGTH);
  }

  /**
   * The same body with another position, velocity or spin: what-if tests (quick fixes) try a
   * body elsewhere or slower. Its clauses' offsets still point at the written values. Its data
   * is an array of its own (its shape's, when shared, keeps this body's numbers after the
   * vertices, which no shape reader looks at).
   */
  withMotion(change: { readonly position?: Vec2; readonly velocity?: Vec2; readonly spin?: number }): SceneBody {
    const d = this.data;
    const velocity = change.velocity ?? ((this.flags & BODY_MOVING) !== 0 ? this.velocity : undefined);
    const spin = change.spin ?? ((this.flags & BODY_SPINNING) !== 0 ? this.spin : undefined);
    const data = bodyData(change.position?.x ?? this.x, change.position?.y ?? this.y, this.angle, spin, velocity, d, this.clausesAt);
    const flags = ((this.flags | (velocity ? BODY_MOVING : 0) | (spin !== undefined ? BODY_SPINNING : 0)) & ~dataAtFlags(DATA_AT_LIMIT - 1));
    return new SceneBody(this.index, this.name, this.nameStart, this.spans, flags, this.layer, this.geometry, data);
  }

  /** The clauses written, made on each read. */
  get props(): BodyProperties {
    const out: { -readonly [K in BodyClause]?: BodyProperty } = {};
    const at = this.start;
    const d = this.data;
    let o = this.clausesAt;
    let written = 0;
    for (let k = 0; k < BODY_CLAUSES.length; k++) if ((this.flags & (FIRST_CLAUSE_BIT << k)) !== 0) written++;
    const wide = d.length - ((this.flags & BODY_WIDE_SPANS) !== 0 ? WIDE_SPANS : 0) - o === 3 * written;
    for (let k = 0; k < BODY_CLAUSES.length; k++) {
      if ((this.flags & (FIRST_CLAUSE_BIT << k)) === 0) continue;
      let start: number;
      let value: number;
      let end: number;
      if (wide) {
        start = d[o]!;
        value = d[o + 1]!;
        end = d[o + 2]!;
        o += 3;
      } else {
        const p = d[o++]!;
        start = Math.floor(p / CLAUSE_START);
        const rest = p - start * CLAUSE_START;
        const valueAt = Math.floor(rest / CLAUSE_VALUE);
        value = start + valueAt;
        end = value + (rest - valueAt * CLAUSE_VALUE);
      }
      out[BODY_CLAUSES[k]!] = new BodyProperty(at + start, at + value, at + end);
    }
    return out;
  }
}

/**
 * Where a property clause is written, as three offsets: a large scene has a clause or two per
 * body, and two range objects each would be a large share of its memory. The ranges
 * are made on request (quick fixes and the preview ask for a few).
 */
export class BodyProperty {
  constructor(
    /** Start of the clause, at its keyword. */
    readonly start: number,
    /** Start of the value (`(1, 2)` of `at (1, 2)`). */
    readonly valueStart: number,
    /** End of the value, which ends the clause. */
    readonly end: number,
  ) {}

  /** The clause including its keyword. */
  get range(): TextRange {
    return { start: this.start, end: this.end };
  }

  /** The value only (`(1, 2)` of `at (1, 2)`). */
  get valueRange(): TextRange {
    return { start: this.valueStart, end: this.end };
  }
}

/** Whether two bodies' layers allow a collision (symmetric; no layer collides with everything). */
export function layersCollide(scene: Scene, a: SceneBody, b: SceneBody): boolean {
  if (a.layer === null || b.layer === null) return true;
  const la = scene.layers.get(a.layer);
  const lb = scene.layers.get(b.layer);
  if (!la || !lb) return true; // an unknown layer is already an error; do not hide findings
  return la.collides.includes(b.layer) || lb.collides.includes(a.layer);
}

/** The spec's pair filter: not both static, layers allow it, neither is a sensor. */
export function canCollide(scene: Scene, a: SceneBody, b: SceneBody): boolean {
  if (a.isStatic && b.isStatic) return false;
  if (a.isSensor || b.isSensor) return false;
  return layersCollide(scene, a, b);
}
