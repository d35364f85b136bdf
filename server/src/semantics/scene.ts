import type { ConvexShape } from '../../../core/shapes/shape';
import type { Vec2 } from '../../../core/math/vec2';
import type { TextRange } from '../common/diagnostic';
import type { SymbolDefinition } from './symbols';

/**
 * The analysed scene: what semantics builds from the syntax tree and what analysis consumes.
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

/** The constructor the author wrote (for hover and the preview); parts hold the geometry. */
export type SourceShapeKind = 'circle' | 'box' | 'polygon' | 'capsule' | 'segment' | 'compound';

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

/** The clause keywords in the order a body's offsets list them (see `SceneBody`). */
export const BODY_CLAUSES = ['at', 'angle', 'velocity', 'spin', 'layer'] as const;
export type BodyClause = (typeof BODY_CLAUSES)[number];

/** Bits of `SceneBody.flags`: the modifiers, then one bit per written clause (BODY_CLAUSES order). */
export const BODY_STATIC = 1;
export const BODY_SENSOR = 2;
export const BODY_BULLET = 4;
const FIRST_CLAUSE_BIT = 8;
/**
 * Set when `SceneBody.geometry` is the body's one shape itself, written in the body statement
 * (after the clause bits): the part's range is then the body's shape range and its constructor
 * the body's `sourceKind`.
 */
export const BODY_ONE_SHAPE = FIRST_CLAUSE_BIT << 5;
/** Where the first clause's offsets start in `SceneBody.data`, after x, y, angle and spin. */
const CLAUSES_AT = 4;

/**
 * A body of the scene, and the definition of its name in the symbol table (a body that enters the
 * scene is its own definition: `kind` 'body', never a duplicate, which stays out of the scene).
 *
 * Compact, since a large scene has one per statement (a 100k-body document kept ~500 bytes per
 * body in ranges, pose objects and clause records before): the statement's, shape's and clauses'
 * ranges are offsets (Smi fields, and the clauses' offsets relative to the statement's start, so
 * that a body moved by an edit shares them), the pose and spin are one packed array of doubles,
 * and the ranges, position and clauses are made on request. `nameRange` alone is an object, held
 * once: the body's diagnostics share it, and the incremental analysis recognises a diagnostic
 * placed on a body's name by it (analysis/incremental.ts). A resting body's `velocity` is the
 * shared zero vector. Immutable; nothing reads a body's identity but the incremental analysis,
 * for "same object, same content".
 */
export class SceneBody implements SymbolDefinition {
  constructor(
    /** Declaration order, 0-based. */
    readonly index: number,
    readonly name: string,
    readonly nameRange: TextRange,
    /** Start of the whole `body` statement. */
    readonly start: number,
    /** End of the whole `body` statement. */
    readonly end: number,
    /** Start of the shape expression (or shape name). */
    readonly shapeStart: number,
    /** End of the shape expression. */
    readonly shapeEnd: number,
    /** BODY_STATIC | BODY_SENSOR | BODY_BULLET, and one bit per written clause. */
    readonly flags: number,
    readonly sourceKind: SourceShapeKind,
    /** Name of the named shape used, if the body refers to one (`body b square at ...`). */
    readonly shapeName: string | undefined,
    readonly layer: string | null,
    /**
     * The geometry: the body's one shape when `flags` has BODY_ONE_SHAPE, else its parts (a
     * compound's, or a named shape's list, shared by every body that uses it). Almost every body
     * of a large scene has one part written in its statement, and an array and a ScenePart each
     * were a sixth of a 100k-body scene's memory. Read it through `partCount` and `partShape`.
     */
    readonly geometry: ConvexShape | readonly ScenePart[],
    /** Velocity (scene units per second); position(t) = position + velocity t. */
    readonly velocity: Vec2,
    /**
     * x, y, angle and spin, then each written clause's start, value start and end relative to
     * `start` (BODY_CLAUSES order, each whose flag is set): packed doubles, 8 bytes each.
     */
    readonly data: readonly number[],
    /** One line for outlines and hovers: the modifiers and the shape ('' without editor data). */
    readonly detail: string,
  ) {}

  get kind(): 'body' {
    return 'body';
  }

  /** A body in the scene is the first of its name (a later one is reported and left out). */
  get duplicate(): false {
    return false;
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

  /** Number of convex parts (one but for a compound); what loops over the parts bound by. */
  get partCount(): number {
    return (this.flags & BODY_ONE_SHAPE) !== 0 ? 1 : (this.geometry as readonly ScenePart[]).length;
  }

  /** Geometry of part i (0 <= i < partCount) in body-local coordinates. */
  partShape(i: number): ConvexShape {
    return (this.flags & BODY_ONE_SHAPE) !== 0 ? (this.geometry as ConvexShape) : (this.geometry as readonly ScenePart[])[i]!.shape;
  }

  /** Source constructor of part i. */
  partKind(i: number): Exclude<SourceShapeKind, 'compound'> {
    return (this.flags & BODY_ONE_SHAPE) !== 0
      ? (this.sourceKind as Exclude<SourceShapeKind, 'compound'>)
      : (this.geometry as readonly ScenePart[])[i]!.sourceKind;
  }

  /** Range of part i's shape expression in the text. */
  partRange(i: number): TextRange {
    if ((this.flags & BODY_ONE_SHAPE) !== 0) return { start: this.shapeStart, end: this.shapeEnd };
    return (this.geometry as readonly ScenePart[])[i]!.range;
  }

  /**
   * The parts as objects, made on each read for a body with its shape written in its statement:
   * for hovers, descriptions and tests; loops over many bodies read `partCount` and `partShape`.
   */
  get parts(): readonly ScenePart[] {
    if ((this.flags & BODY_ONE_SHAPE) === 0) return this.geometry as readonly ScenePart[];
    return [new ScenePart(this.geometry as ConvexShape, this.partKind(0), this.shapeStart, this.shapeEnd)];
  }

  /** Position at t = 0, x: what hot paths read instead of making `position`. */
  get x(): number {
    return this.data[0]!;
  }

  get y(): number {
    return this.data[1]!;
  }

  /** Angle at t = 0 (radians); angle(t) = angle + spin t. */
  get angle(): number {
    return this.data[2]!;
  }

  /** Angular velocity (radians per second). */
  get spin(): number {
    return this.data[3]!;
  }

  /** Position at t = 0, made on each read (hot paths read `x` and `y`). */
  get position(): Vec2 {
    return { x: this.data[0]!, y: this.data[1]! };
  }

  /**
   * The same body with another position, velocity or spin: what-if tests (quick fixes) try a
   * body elsewhere or slower. Its clauses' offsets still point at the written values.
   */
  withMotion(change: { readonly position?: Vec2; readonly velocity?: Vec2; readonly spin?: number }): SceneBody {
    const data = this.data.slice();
    if (change.position) {
      data[0] = change.position.x;
      data[1] = change.position.y;
    }
    if (change.spin !== undefined) data[3] = change.spin;
    return new SceneBody(
      this.index,
      this.name,
      this.nameRange,
      this.start,
      this.end,
      this.shapeStart,
      this.shapeEnd,
      this.flags,
      this.sourceKind,
      this.shapeName,
      this.layer,
      this.geometry,
      change.velocity ?? this.velocity,
      data,
      this.detail,
    );
  }

  /** The clauses written, made on each read. */
  get props(): BodyProperties {
    const out: { -readonly [K in BodyClause]?: BodyProperty } = {};
    let o = CLAUSES_AT;
    for (let k = 0; k < BODY_CLAUSES.length; k++) {
      if ((this.flags & (FIRST_CLAUSE_BIT << k)) === 0) continue;
      const d = this.data;
      out[BODY_CLAUSES[k]!] = new BodyProperty(this.start + d[o]!, this.start + d[o + 1]!, this.start + d[o + 2]!);
      o += 3;
    }
    return out;
  }
}

/** The flag bit of clause `k` (BODY_CLAUSES order). */
export function clauseFlag(k: number): number {
  return FIRST_CLAUSE_BIT << k;
}

/**
 * Where a property clause is written, as three offsets: a large scene has a clause or two per
 * body, and as two range objects each they were a sixth of a 100k-body scene's memory. The ranges
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
