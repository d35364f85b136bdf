import type { ConvexShape } from '../../../core/shapes/shape';
import type { Vec2 } from '../../../core/math/vec2';
import type { TextRange } from '../common/diagnostic';

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

export interface ScenePart {
  /** Geometry in body-local coordinates (compound offset and angle already applied). */
  readonly shape: ConvexShape;
  /** Source constructor of this part. */
  readonly sourceKind: Exclude<SourceShapeKind, 'compound'>;
  /** Range of the part's shape expression in the text. */
  readonly range: TextRange;
}

export interface SceneBody {
  /** Declaration order, 0-based. */
  readonly index: number;
  readonly name: string;
  readonly nameRange: TextRange;
  /** The whole `body` statement. */
  readonly range: TextRange;
  readonly isStatic: boolean;
  readonly isSensor: boolean;
  readonly isBullet: boolean;
  readonly sourceKind: SourceShapeKind;
  /** Name of the named shape used, if the body refers to one (`body b square at ...`). */
  readonly shapeName?: string;
  readonly shapeRange: TextRange;
  /** One or more convex parts (a compound has several). */
  readonly parts: readonly ScenePart[];
  /** Pose at t = 0 and motion: position(t) = position + velocity t, angle(t) = angle + spin t. */
  readonly position: Vec2;
  readonly angle: number;
  readonly velocity: Vec2;
  readonly spin: number;
  readonly layer: string | null;
  /** Ranges of each property's whole clause (`at (1, 2)`), when written; quick fixes edit them. */
  readonly props: {
    readonly at?: BodyProperty;
    readonly angle?: BodyProperty;
    readonly velocity?: BodyProperty;
    readonly spin?: BodyProperty;
    readonly layer?: BodyProperty;
  };
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
