/**
 * The preview's data model: what the language server sends for a scene and for one pair, and
 * what the webview draws. Plain JSON (numbers, strings, arrays): it crosses LSP and
 * `postMessage` as it is.
 *
 * Frames and units: scene units, seconds, radians; y points up (the scene's frame) unless the
 * scene says `yDown` (a level file's frame: y down the screen, a positive angle clockwise). Points are
 * `[x, y]` tuples; polygons are flat `[x0, y0, x1, y1, ...]` arrays, which keep a 10k-body scene
 * a few megabytes of JSON rather than tens. Source ranges are UTF-16 offsets `[start, end)`
 * into the document at `version`; the client turns them into editor positions only while its
 * document still has that version.
 */
import {
  arrayOf,
  isBoolean,
  isFiniteNumber,
  isNonNegativeInteger,
  isPoint,
  literal,
  nullable,
  numbersOf,
  objectOf,
  optional,
  stringOf,
  type Check,
} from './validate';

export type Point = [number, number];

export interface OffsetRange {
  start: number;
  end: number;
}

/** How the preview colors a body: by its modifiers, in this order of precedence. */
export type BodyKind = 'sensor' | 'static' | 'bullet' | 'dynamic';

export type PartKind = 'circle' | 'capsule' | 'segment' | 'polygon';

/**
 * One convex part as a rounded convex point set (core/shapes/shape.ts): the hull of `vertices`
 * swept by a disc of `radius`. Vertices are body-local (compound offsets already applied).
 */
export interface PreviewPart {
  kind: PartKind;
  vertices: number[];
  radius: number;
  range: OffsetRange;
}

/**
 * One chain of a chain body, or one loop of a tile grid's outline (levels-and-tiles.md §2, §3):
 * vertices body-local, flat `[x0, y0, x1, y1, ...]`. Each edge is solid on its right-hand side
 * walking the vertices in the scene's frame (Box2D's convention: a counter-clockwise loop is
 * solid inside); `loop` joins the last vertex to the first.
 */
export interface PreviewChain {
  points: number[];
  loop: boolean;
}

/**
 * A tile grid's cells (levels-and-tiles.md §3), its top-left corner at the body's origin, rows
 * going down (-y) and columns right (+x): cell (column, row) is `cells[row * columns + column]`,
 * one of TILE_CHARACTERS ('.' empty, '#' solid, '/' and '\' the lower-right and lower-left
 * triangles, 'F' and '7' the upper-left and upper-right ones).
 */
export interface PreviewTiles {
  columns: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
  cells: string;
}

/** The characters of PreviewTiles.cells, a cell kind's character at its kind's index (core/tiles/tile-grid.ts). */
export const TILE_CHARACTERS = '.#/\\F7';

export interface PreviewBody {
  /** Declaration order, 0-based; `bodies[i].index === i`. */
  index: number;
  name: string;
  kind: BodyKind;
  isStatic: boolean;
  isSensor: boolean;
  isBullet: boolean;
  /** The constructor the author wrote: circle, box, polygon, capsule, segment, compound, chain or tiles. */
  sourceKind: string;
  layer: string | null;
  parts: PreviewPart[];
  /**
   * A chain body's chains or a tile grid's outline loops (its `parts` are then empty); absent on
   * every other body. A tile grid (`sourceKind` 'tiles') is drawn filled: its loops are
   * counter-clockwise around solid ground and clockwise around holes.
   */
  chains?: PreviewChain[];
  /** A tile grid's cells, to draw them; absent on every other body. */
  tiles?: PreviewTiles;
  /**
   * Pose at t = 0 and motion: position(t) = position + velocity t, angle(t) = angle + spin t
   * (scene-language.md, "Motion and time"). The webview places each part by this pose at the
   * scrubber's time, so the t = 0 world geometry is exactly what analysis used.
   */
  position: Point;
  angle: number;
  velocity: Point;
  spin: number;
  /** World bounds at t = 0: [minX, minY, maxX, maxY], radii included. */
  bounds: [number, number, number, number];
  nameRange: OffsetRange;
  range: OffsetRange;
  /** Value ranges of the written `at` and `angle` clauses (`(1, 2)` of `at (1, 2)`), if any. */
  atRange?: OffsetRange;
  angleRange?: OffsetRange;
  /** Where a missing `at`/`angle` clause is inserted: just after the body's shape. */
  insertOffset: number;
}

export type FindingKind = 'overlap' | 'tunnelling' | 'collision' | 'ghost-bump';
export type FindingSeverity = 'error' | 'warning' | 'information' | 'hint';

/** A finding (scene-language.md, "Findings") with the body indices the preview links to. */
export interface PreviewFinding {
  kind: FindingKind;
  severity: FindingSeverity;
  a: string;
  b: string;
  ia: number;
  ib: number;
  /** Unit normal from a towards b (at t = 0 for overlaps, at the time of impact otherwise). */
  normal: Point;
  /** overlap: penetration depth at t = 0 and contact points. */
  depth?: number;
  points?: Point[];
  /** tunnelling / collision: first time of impact (s) and contact point then. */
  toi?: number;
  point?: Point;
  substeps?: number;
  /**
   * ghost-bump: `point` is the seam, `toi` the first time the body reaches it; `moving` says
   * which of a and b slides (the other is the static piece it slides on), `pieces` names the two
   * flush pieces (the one slid on, then the one beyond the seam).
   */
  moving?: 'a' | 'b';
  pieces?: [string, string];
  message: string;
}

export interface PreviewScene {
  uri: string;
  version: number;
  dt: number;
  frames: number;
  slop: number;
  bodies: PreviewBody[];
  findings: PreviewFinding[];
  /** Union of the bodies' bounds over [0, frames dt] ([minX, minY, maxX, maxY]); null when empty. */
  bounds: [number, number, number, number] | null;
  /** How many error diagnostics the document has (the scene then holds what could be built). */
  errorCount: number;
  /**
   * The scene's y axis points down the screen, as in the level files it was read from (Godot,
   * Tiled): drawn mirrored top to bottom. Absent or false: y up, as in a `.collide` scene.
   */
  yDown?: boolean;
}

/** A scene's fields but its bodies and findings (what a delta and the scene's bytes carry whole). */
export type PreviewSceneHeader = Omit<PreviewScene, 'bodies' | 'findings'>;

/** A vertex of a GJK simplex / EPA polytope: w = pointB - pointA with the vertex indices. */
export interface PreviewSimplexVertex {
  w: Point;
  indexA: number;
  indexB: number;
}

export interface PreviewGjkStep {
  simplex: PreviewSimplexVertex[];
  closest: Point;
  direction: Point;
}

export interface PreviewEpaStep {
  polytope: PreviewSimplexVertex[];
  closestEdge: number;
  distance: number;
}

/**
 * The explicit Minkowski difference B ⊖ A of the two parts' cores, in world coordinates, and
 * the rounding radius (radius A + radius B) that turns it into the true configuration-space
 * obstacle. `vertexA[i]`/`vertexB[i]` say which core vertices made vertex i; `edgeFrom[i]` says
 * whether edge i → i+1 is an edge of A (negated) or of B ('both' for a parallel pair merged).
 */
export interface PreviewMinkowski {
  vertices: number[];
  vertexA: number[];
  vertexB: number[];
  edgeFrom: ('A' | 'B' | 'both')[];
  radius: number;
}

/** One conservative-advancement iteration (Mirtich; Coumans): where the pair stood and how far apart. */
export interface PreviewAdvancementStep {
  t: number;
  distance: number;
  normal: Point;
  /** B ⊖ A at time t (cores, world), when the pair rotates and the difference changes shape. */
  minkowski?: PreviewMinkowski;
}

export type ToiState = 'hit' | 'separated' | 'overlapped' | 'failed';

export interface PreviewToi {
  state: ToiState;
  t: number;
  point: Point;
  normal: Point;
  method: string;
  iterations: number;
}

/** Everything the pair inspector draws for one pair (parts partA of a and partB of b). */
export interface PairDetail {
  uri: string;
  version: number;
  a: string;
  b: string;
  ia: number;
  ib: number;
  partA: number;
  partB: number;
  finding: PreviewFinding | null;
  /** B ⊖ A at t = 0; null when the core cannot build it (it then says why in `notes`). */
  minkowski: PreviewMinkowski | null;
  /**
   * Signed distance of the origin to B ⊖ A (rounded): positive = separated by that much,
   * negative = penetration depth. `closest` is the point of B ⊖ A nearest the origin (world
   * difference coordinates); `pushOut` moves B out of A by the least distance when overlapping.
   * All three, and `normal`, are at t = 0.
   */
  distance: number;
  closest: Point;
  /**
   * Unit normal from A towards B at t = 0, of the least translation: closest = distance ×
   * normal (the way out when they overlap, the gap's direction when apart); null without B ⊖ A.
   * A finding's normal is at its own instant (the time of impact of a tunnelling or collision).
   */
  normal: Point | null;
  pushOut: Point | null;
  /**
   * v_B - v_A. B ⊖ A translates by this times t, so the pair touches when the ray from the
   * origin along -relativeVelocity enters B ⊖ A at t = 0 (the linear cast of the tutorials and
   * of van den Bergen's GJK ray cast); the ray meets it at -relativeVelocity * toi.
   */
  relativeVelocity: Point;
  /** Relative spin (spin B - spin A), radians per second. */
  relativeSpin: number;
  toi: PreviewToi | null;
  gjk: PreviewGjkStep[];
  epa: PreviewEpaStep[];
  advancement: PreviewAdvancementStep[];
  /** Notes for the reader (e.g. a query's non-converged state). */
  notes: string[];
}

// ---- checks: every message from the other side is validated before use ----

/** The longest strings a scene may hold (the reader of a scene's bytes checks the same bounds). */
export const MAX_NAME = 256;
export const MAX_SOURCE_KIND = 32;
export const MAX_MESSAGE = 2048;
export const MAX_URI = 8192;

const isRange: Check<OffsetRange> = objectOf({ start: isNonNegativeInteger, end: isNonNegativeInteger });
export const isBounds = (v: unknown): v is [number, number, number, number] =>
  Array.isArray(v) && v.length === 4 && v.every(isFiniteNumber);
const isName = stringOf(MAX_NAME);
const isNamePair = (v: unknown): v is [string, string] => Array.isArray(v) && v.length === 2 && v.every(isName);

export const isPreviewPart: Check<PreviewPart> = objectOf({
  kind: literal('circle', 'capsule', 'segment', 'polygon'),
  vertices: numbersOf(100_000, true),
  radius: isFiniteNumber,
  range: isRange,
});

export const isPreviewChain: Check<PreviewChain> = objectOf({
  points: numbersOf(4_000_000, true),
  loop: isBoolean,
});

const TILE_CELLS = /^[.#/\\F7]*$/;

/** A grid of at most 100 million cells, its cells as many as its columns and rows say, each a tile character. */
export const isPreviewTiles: Check<PreviewTiles> = (v): v is PreviewTiles => {
  const shape = objectOf({ columns: isNonNegativeInteger, rows: isNonNegativeInteger, cellWidth: isFiniteNumber, cellHeight: isFiniteNumber, cells: stringOf(100_000_000) });
  return shape(v) && v.columns * v.rows === v.cells.length && TILE_CELLS.test(v.cells);
};

export const isPreviewBody: Check<PreviewBody> = objectOf({
  index: isNonNegativeInteger,
  name: isName,
  kind: literal('sensor', 'static', 'bullet', 'dynamic'),
  isStatic: isBoolean,
  isSensor: isBoolean,
  isBullet: isBoolean,
  sourceKind: stringOf(MAX_SOURCE_KIND),
  layer: nullable(isName),
  parts: arrayOf(isPreviewPart, 10_000),
  chains: optional(arrayOf(isPreviewChain, 4_000_000)),
  tiles: optional(isPreviewTiles),
  position: isPoint,
  angle: isFiniteNumber,
  velocity: isPoint,
  spin: isFiniteNumber,
  bounds: isBounds,
  nameRange: isRange,
  range: isRange,
  atRange: optional(isRange),
  angleRange: optional(isRange),
  insertOffset: isNonNegativeInteger,
});

export const isPreviewFinding: Check<PreviewFinding> = objectOf({
  kind: literal('overlap', 'tunnelling', 'collision', 'ghost-bump'),
  severity: literal('error', 'warning', 'information', 'hint'),
  a: isName,
  b: isName,
  ia: isNonNegativeInteger,
  ib: isNonNegativeInteger,
  normal: isPoint,
  depth: optional(isFiniteNumber),
  points: optional(arrayOf(isPoint, 16)),
  toi: optional(isFiniteNumber),
  point: optional(isPoint),
  substeps: optional(isFiniteNumber),
  moving: optional(literal('a', 'b')),
  pieces: optional(isNamePair),
  message: stringOf(MAX_MESSAGE),
});

/** The checks of a PreviewSceneHeader's fields (a scene's, a delta's, a parts answer's). */
export const SCENE_HEADER_CHECKS = {
  uri: stringOf(MAX_URI),
  version: Number.isInteger as Check<number>,
  dt: isFiniteNumber,
  frames: isNonNegativeInteger,
  slop: isFiniteNumber,
  bounds: nullable(isBounds),
  errorCount: isNonNegativeInteger,
  yDown: optional(isBoolean),
};

/** A scene's header: its fields but its bodies and findings. */
export function sceneHeader(scene: PreviewScene): PreviewSceneHeader {
  const { bodies: _bodies, findings: _findings, ...header } = scene;
  return header;
}

/** Whether two headers are the same, number for number (yDown absent is false). */
export function sameSceneHeader(a: PreviewSceneHeader, b: PreviewSceneHeader): boolean {
  const boundsSame = a.bounds === null || b.bounds === null ? a.bounds === b.bounds : a.bounds.every((x, k) => Object.is(x, b.bounds![k]));
  return (
    a.uri === b.uri &&
    a.version === b.version &&
    Object.is(a.dt, b.dt) &&
    a.frames === b.frames &&
    Object.is(a.slop, b.slop) &&
    a.errorCount === b.errorCount &&
    (a.yDown ?? false) === (b.yDown ?? false) &&
    boundsSame
  );
}

const isSceneShape = objectOf({
  ...SCENE_HEADER_CHECKS,
  bodies: arrayOf(isPreviewBody, 1_000_000),
  findings: arrayOf(isPreviewFinding, 10_000_000),
});

/** A scene is valid when its shape is, and every finding and body index points inside it. */
export const isPreviewScene: Check<PreviewScene> = (v): v is PreviewScene => {
  if (!isSceneShape(v)) return false;
  const n = v.bodies.length;
  for (let i = 0; i < n; i++) if (v.bodies[i]!.index !== i) return false;
  for (const f of v.findings) if (f.ia >= n || f.ib >= n) return false;
  return v.dt > 0;
};

const isSimplexVertex: Check<PreviewSimplexVertex> = objectOf({
  w: isPoint,
  indexA: Number.isInteger as Check<number>,
  indexB: Number.isInteger as Check<number>,
});

export const isPreviewMinkowski: Check<PreviewMinkowski> = (v): v is PreviewMinkowski => {
  const shape = objectOf({
    vertices: numbersOf(200_000, true),
    vertexA: numbersOf(100_000),
    vertexB: numbersOf(100_000),
    edgeFrom: arrayOf(literal('A', 'B', 'both'), 100_000),
    radius: isFiniteNumber,
  });
  if (!shape(v)) return false;
  const n = v.vertices.length / 2;
  return v.vertexA.length === n && v.vertexB.length === n && v.edgeFrom.length === n;
};

const isToi: Check<PreviewToi> = objectOf({
  state: literal('hit', 'separated', 'overlapped', 'failed'),
  t: isFiniteNumber,
  point: isPoint,
  normal: isPoint,
  method: stringOf(64),
  iterations: isNonNegativeInteger,
});

export const isPairDetail: Check<PairDetail> = objectOf({
  uri: stringOf(8192),
  version: Number.isInteger as Check<number>,
  a: isName,
  b: isName,
  ia: isNonNegativeInteger,
  ib: isNonNegativeInteger,
  partA: isNonNegativeInteger,
  partB: isNonNegativeInteger,
  finding: nullable(isPreviewFinding),
  minkowski: nullable(isPreviewMinkowski),
  distance: isFiniteNumber,
  closest: isPoint,
  normal: nullable(isPoint),
  pushOut: nullable(isPoint),
  relativeVelocity: isPoint,
  relativeSpin: isFiniteNumber,
  toi: nullable(isToi),
  gjk: arrayOf(
    objectOf({ simplex: arrayOf(isSimplexVertex, 3), closest: isPoint, direction: isPoint }),
    10_000,
  ),
  epa: arrayOf(
    objectOf({ polytope: arrayOf(isSimplexVertex, 10_000), closestEdge: Number.isInteger as Check<number>, distance: isFiniteNumber }),
    10_000,
  ),
  advancement: arrayOf(
    objectOf({ t: isFiniteNumber, distance: isFiniteNumber, normal: isPoint, minkowski: optional(isPreviewMinkowski) }),
    10_000,
  ),
  notes: arrayOf(stringOf(1024), 64),
});
