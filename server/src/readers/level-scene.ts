// What a level reader makes of a Godot scene or a Tiled map: the bodies and parts the contract
// of levels-and-tiles.md §1 names, in the file's own units (pixels, y down), each with its range
// in the level file. Plain data; lowering (lower.ts) makes the equivalent .collide scene of it.
import type { Diagnostic, TextRange } from '../common/diagnostic';

export type LevelFormat = 'godot' | 'tiled';

/**
 * One convex piece of a body, in body-local coordinates (the body's pose applied on top). A
 * polygon may be concave or repeat vertices: lowering decomposes and validates it, and reports
 * what it cannot use on `range`.
 */
export type LevelShape =
  | { readonly kind: 'circle'; readonly radius: number; readonly x: number; readonly y: number }
  | { readonly kind: 'box'; readonly width: number; readonly height: number; readonly x: number; readonly y: number; readonly angle: number }
  /** Along local x before `angle`: total length of the core segment (`length`), radius `radius`. */
  | { readonly kind: 'capsule'; readonly length: number; readonly radius: number; readonly x: number; readonly y: number; readonly angle: number }
  /** Flat x, y pairs, either winding, three or more vertices. */
  | { readonly kind: 'polygon'; readonly points: readonly number[] }
  | { readonly kind: 'segment'; readonly ax: number; readonly ay: number; readonly bx: number; readonly by: number };

export interface LevelPart {
  readonly shape: LevelShape;
  /** Where the part is written: the CollisionShape2D node, the object, the tile's cell. */
  readonly range: TextRange;
  /** What a message calls the part when it is not the body's only one ("CollisionShape2D2", "cell (3, 4)"). */
  readonly label?: string;
  /** A tile layer's cell of the part: [column, row], zero-based, row 0 at the top. */
  readonly cell?: readonly [number, number];
}

/**
 * How to move a body in its level file, when that is unambiguous: the value written at `range`
 * (Godot `position = Vector2(x, y)`, or Tiled's `x` and `y` attributes or members) becomes the
 * body's local position. `toLocal` maps a world position of the body's origin to that local
 * position (the inverse of its parents' transform, and of the object's own origin rule).
 */
export interface LevelMove {
  /** Godot: the `Vector2(...)` value; Tiled: one range covering both numbers' attributes/members. */
  readonly ranges: readonly TextRange[];
  /** New texts for `ranges`, in order, that put the body's origin at world (x, y). */
  readonly edit: (x: number, y: number) => readonly string[];
}

export interface LevelBody {
  /** The contract's name (levels-and-tiles.md §1): `Walls/Wall3`, `Player`, `Objects#12`. */
  readonly name: string;
  readonly isStatic: boolean;
  readonly sensor: boolean;
  readonly bullet: boolean;
  /** World pose of the body's origin at t = 0 (angle in radians, the file's y-down frame). */
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly vx: number;
  readonly vy: number;
  /** Radians per second. */
  readonly spin: number;
  /** Godot's collision_layer and collision_mask bits; absent: collides with every body. */
  readonly layers?: { readonly layer: number; readonly mask: number };
  readonly parts: readonly LevelPart[];
  /** The whole node or object. */
  readonly range: TextRange;
  /** Where a finding on the body is underlined: the node's header or the object's name or tag. */
  readonly nameRange: TextRange;
  readonly move?: LevelMove;
  /** Godot: the node's type (`RigidBody2D`); Tiled: the object's kind (`rectangle`, `tile layer`). */
  readonly kind: string;
}

export interface LevelScene {
  readonly format: LevelFormat;
  /** Seconds per step: 1 / physics_ticks_per_second, or the map's `dt`; default 1/60. */
  readonly dt: number;
  /** Resting-contact depth in the file's units (docs/levels.md gives the default). */
  readonly slop: number;
  readonly frames: number;
  /** In document order (a body's index is its declaration order in the lowered scene). */
  readonly bodies: readonly LevelBody[];
  /** The reader's own findings about the file: ranges into the level's text. */
  readonly diagnostics: readonly Diagnostic[];
  /** Other files read (tilesets, sub-scenes, resources, project.godot), absolute paths. */
  readonly dependencies: readonly string[];
}

/** Default resting-contact depth for levels, in pixels: Godot's contact_max_allowed_penetration default. */
export const LEVEL_SLOP = 0.3;
export const LEVEL_DT = 1 / 60;

/**
 * What a reader may ask of its surroundings: other files (by absolute path, '/'-separated) and
 * decompression. The CLI reads the disk; the language server prefers open documents. Neither
 * throws: a file that cannot be read is `undefined`, and the reader reports it.
 */
export interface LevelHost {
  readFile(absolutePath: string): string | undefined;
  /** zlib (RFC 1950) or gzip (RFC 1952) data inflated, or undefined when malformed. */
  inflate(data: Uint8Array, format: 'zlib' | 'gzip'): Uint8Array | undefined;
}

/** A reader: the level's text and absolute path in, its scene out. Never throws, never hangs. */
export type LevelReader = (text: string, path: string, host: LevelHost) => LevelScene;
