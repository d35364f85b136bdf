/**
 * The codes and flag bits of a scene's bytes (preview-scene-bytes.ts describes the layout), shared
 * by their writer (preview-scene-bytes-writer.ts) and their reader (preview-scene-bytes-reader.ts).
 */
import type { BodyKind, FindingKind, FindingSeverity, PartKind } from './preview-model';

/** Upper bound on the bytes of one scene: far above a million-body scene, and bounds a hostile one. */
export const MAX_SCENE_BYTES = 1024 * 1024 * 1024;

export const BODY_KINDS: readonly BodyKind[] = ['sensor', 'static', 'bullet', 'dynamic'];
export const PART_KINDS: readonly PartKind[] = ['circle', 'capsule', 'segment', 'polygon'];
export const FINDING_KINDS: readonly FindingKind[] = ['overlap', 'tunnelling', 'collision', 'ghost-bump'];
export const SEVERITIES: readonly FindingSeverity[] = ['error', 'warning', 'information', 'hint'];

/**
 * Integers written as varints are below this: then so is every difference of two of them, and
 * a difference's zigzag form (twice its magnitude) is below 2^53, exact as a double.
 */
export const VARINT_LIMIT = 2 ** 52;
/** The longest varint: 8 bytes of 7 bits hold every value below 2^53. */
export const VARINT_BYTES = 8;

/** The JSON header: the scene's strings and what the sections hold. */
export interface Header {
  uri: string;
  /** Only when the scene has it. */
  yDown?: boolean;
  bodies: number;
  findings: number;
  /** How many float64s the float section holds. */
  floats: number;
  /** How many integers the integer section holds. */
  ints: number;
  /** The integers are float64s, not varints (one is not a varint's, see VARINT_LIMIT). */
  wide: boolean;
  /** How many bytes the tile cells take (the last section). */
  cells: number;
  /** Per body, its name. */
  names: unknown[];
  /** The bodies' distinct `sourceKind`s and `layer`s, in order of first use; a body writes their indices. */
  sourceKinds: unknown[];
  layers: unknown[];
  /** The findings' strings not left out, in finding order: a and b unless NAMED, the message unless worded, the pieces. */
  strings: unknown[];
  /** A part only (preview-scene-parts.ts): the index of its first body and of its first finding. */
  from?: [number, number];
  /** A part only: how many bodies and findings the whole scene has. */
  of?: [number, number];
}

/** A part's range of bodies and of findings, each [from, to). */
export interface SceneSlice {
  readonly bodies: readonly [number, number];
  readonly findings: readonly [number, number];
}

// The scene's flags (the first integer).
export const SCENE_BOUNDS = 1;
export const SCENE_FLAGS = 1;

// A body's flags (its first integer): its kind's index in the low 2 bits, then what it has, the
// bits every body of a common scene may set first (so that its flags take one byte).
export const BODY_KIND_MASK = 3;
export const AT_RANGE = 1 << 2;
export const ANGLE_RANGE = 1 << 3;
/** Its angle is written (it is not +0). */
export const TURNED = 1 << 4;
/** Its velocity and spin are written (one is not +0). */
export const MOVING = 1 << 5;
export const STATIC = 1 << 6;
export const SENSOR = 1 << 7;
export const BULLET = 1 << 8;
export const CHAINS = 1 << 9;
export const TILES = 1 << 10;
/** Its bounds are written: they are not the ones its parts and pose make (preview-body-bounds.ts). */
export const BOUNDS = 1 << 11;
/**
 * Its cosine and sine are written (a turned body, bounds not written): the bounds are the ones
 * its parts and pose make with these, not with the ones cos-sin.ts makes of its angle.
 */
export const COS_SIN = 1 << 12;
export const BODY_FLAGS = (1 << 13) - 1;

// A part's flags: its kind's index in the low 2 bits, then how its numbers are written.
export const PART_KIND_MASK = 3;
/** Its radius is written (it is not +0). */
export const ROUND = 1 << 2;
/** Its vertices are exactly [+0, +0] (a circle's center): none written. */
export const ORIGIN = 1 << 3;
/** Its vertices are [-x, -y, x, -y, x, y, -x, y] (a box centered on the body): x and y written. */
export const BOX = 1 << 4;
export const PART_FLAGS = (1 << 5) - 1;

// A finding's flags: its kind's index in the low 2 bits, its severity's in the next 2, then what
// it has.
export const FINDING_KIND_MASK = 3;
export const SEVERITY_SHIFT = 2;
export const DEPTH = 1 << 4;
export const POINTS = 1 << 5;
/** a and b are the names of bodies ia and ib: neither is written. */
export const NAMED = 1 << 6;
/** The message is overlapMessage's of the finding, b the one to move: not written. */
export const WORDED_B = 1 << 7;
/** The message is overlapMessage's of the finding, a the one to move: not written. */
export const WORDED_A = 1 << 8;
export const TOI = 1 << 9;
export const POINT = 1 << 10;
export const SUBSTEPS = 1 << 11;
export const MOVING_A = 1 << 12;
export const MOVING_B = 1 << 13;
export const PIECES = 1 << 14;
export const FINDING_FLAGS = (1 << 15) - 1;
