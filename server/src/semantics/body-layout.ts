// The packed layout of a SceneBody (scene.ts): the bits of its flags, the offsets packed in its
// `spans`, and its data array (pose, motion, clause offsets). Writers here; scene.ts reads.
import type { Vec2 } from '../../../core';
import type { SourceShapeKind } from './scene';

/** The clause keywords in the order a body's offsets list them (see `SceneBody`). */
export const BODY_CLAUSES = ['at', 'angle', 'velocity', 'spin', 'layer'] as const;
export type BodyClause = (typeof BODY_CLAUSES)[number];

/**
 * Bits of `SceneBody.flags`: the modifiers, one bit per written clause (BODY_CLAUSES order), how
 * the geometry and the velocity are held, then the source shape kind (SOURCE_SHAPE_KINDS index).
 */
export const BODY_STATIC = 1;
export const BODY_SENSOR = 2;
export const BODY_BULLET = 4;
export const FIRST_CLAUSE_BIT = 8;
/**
 * Set when `SceneBody.geometry` is the body's one shape itself, written in the body statement:
 * the part's range is then the body's shape range and its constructor the body's `sourceKind`.
 */
export const BODY_ONE_SHAPE = FIRST_CLAUSE_BIT << 5;
/** Set when the body's data holds a velocity (after the spin); a body without one rests. */
export const BODY_MOVING = FIRST_CLAUSE_BIT << 6;
/** Set when the body's data holds a spin (after the angle); a body without one does not turn. */
export const BODY_SPINNING = FIRST_CLAUSE_BIT << 7;
/**
 * Set when the body's data ends with its statement's, shape's and statement end's offsets, one
 * double each (`bodySpans`): a statement too long for them to fit `SceneBody.spans` and flags.
 */
export const BODY_WIDE_SPANS = FIRST_CLAUSE_BIT << 8;
/** The source shape kind's bits start above BODY_WIDE_SPANS's. */
export const SOURCE_KIND_SHIFT = 12;

/** The source shape kinds in the order `flags` numbers them. */
export const SOURCE_SHAPE_KINDS: readonly SourceShapeKind[] = ['circle', 'box', 'polygon', 'capsule', 'segment', 'compound', 'chain', 'tiles'];

/** The flags bits that record `kind` as a body's source shape kind. */
export function sourceKindFlags(kind: SourceShapeKind): number {
  return SOURCE_SHAPE_KINDS.indexOf(kind) << SOURCE_KIND_SHIFT;
}

/** x, y and angle, which every body's data starts with (then the spin and velocity, if any). */
export const POSE_LENGTH = 3;

/** The flag bit of clause `k` (BODY_CLAUSES order). */
export function clauseFlag(k: number): number {
  return FIRST_CLAUSE_BIT << k;
}

// A body's shape and statement offsets in one Smi (`SceneBody.spans`), each relative to the one
// before: the gap from the name's end to the shape below 2^6 (bits 24-29), the shape's length
// below 2^13 (bits 11-23), the rest of the statement below 2^11 (bits 0-10). 30 bits, a Smi with
// or without pointer compression. A body statement of an ordinary scene is a line of a few
// hundred characters: its modifiers between the name and the shape, a polygon of a few dozen
// vertices, a handful of clauses.
export const SPAN_GAP_SHIFT = 24;
export const SPAN_SHAPE_SHIFT = 11;
export const MAX_SPAN_GAP = 1 << 6;
export const MAX_SPAN_SHAPE = 1 << 13;
export const MAX_SPAN_REST = 1 << SPAN_SHAPE_SHIFT;
// The statement's start, as the name's offset into it below 2^8 ('body ' and the modifiers come
// first), sits in the flags above the source shape kind (bits 15-22; a Smi with or without
// pointer compression): `start` is read by edits and features, never by the pair loops.
export const NAME_AT_SHIFT = 15;
export const MAX_NAME_AT = 1 << 8;
// Where a body's own numbers start in `data` (bits 23-29, a Smi with or without pointer
// compression): 0, or, when `data` is its one shape's vertex array too, the 2 × count numbers of
// the vertices (`DATA_AT_LIMIT`).
export const DATA_AT_SHIFT = 23;
/**
 * A one-shape body whose shape has fewer than this many coordinates (63 vertices or fewer, as
 * almost every authored shape does) keeps its numbers after them in the shape's own array: see
 * `bodyData`. A larger polygon's body keeps its own array.
 */
export const DATA_AT_LIMIT = 1 << 7;
/** How many doubles the offsets take at the end of the data when they do not fit. */
export const WIDE_SPANS = 4;

// Where a body's data is gathered before it is copied out at its exact length (a slice of a
// packed double array is packed and exactly as long); written by index, never shortened; room
// for the longest vertices a body's numbers may follow (DATA_AT_LIMIT).
const DATA: number[] = Array.from({ length: DATA_AT_LIMIT + POSE_LENGTH + 3 + 3 * BODY_CLAUSES.length + WIDE_SPANS }, () => 0.5);

/**
 * A body's packed data (see `SceneBody.data`): the first `at` numbers of `vertices` (none by
 * default; a one-shape body's shape's packed vertices, 2 × count, when the array is to be the
 * shape's too: `dataAtFlags`), the pose, the spin and the velocity when given (flags
 * BODY_SPINNING and BODY_MOVING say so), then `clauses[from..to)`: the clause offsets as
 * `packClauses` leaves them followed by any offsets `bodySpans` left there (or the same tail of
 * another body's data, for a body that differs in its motion only).
 */
export function bodyData(
  x: number,
  y: number,
  angle: number,
  spin: number | undefined,
  velocity: Vec2 | undefined,
  clauses: readonly number[],
  from = 0,
  to = clauses.length,
  vertices: readonly number[] = clauses,
  at = 0,
): number[] {
  for (let i = 0; i < at; i++) DATA[i] = vertices[i]!;
  DATA[at] = x;
  DATA[at + 1] = y;
  DATA[at + 2] = angle;
  let n = at + POSE_LENGTH;
  if (spin !== undefined) DATA[n++] = spin;
  if (velocity) {
    DATA[n++] = velocity.x;
    DATA[n++] = velocity.y;
  }
  for (let i = from; i < to; i++) DATA[n++] = clauses[i]!;
  return DATA.slice(0, n);
}

// A clause's three offsets in one double: start (relative to the statement) times 2^32, plus the
// value's start (relative to the clause's) times 2^16, plus the value's length. Exact while the
// double stays below 2^53: a start below 2^21, the other two below 2^16 (a keyword and its value
// on one line of an ordinary scene fit many times over).
export const CLAUSE_START = 4294967296;
export const CLAUSE_VALUE = 65536;
export const MAX_CLAUSE_START = 2097152;

/**
 * Packs `n` clause offsets, three per clause (start, value start and end, relative to the
 * statement's start), in place into one double per clause when every clause fits, and returns
 * the new length; leaves them three per clause otherwise (a clause far into a huge statement).
 * `SceneBody.props` tells the two apart by the data's length.
 */
export function packClauses(offsets: number[], n: number): number {
  for (let i = 0; i < n; i += 3) {
    const start = offsets[i]!;
    const value = offsets[i + 1]! - start;
    const length = offsets[i + 2]! - offsets[i + 1]!;
    if (!(start >= 0 && start < MAX_CLAUSE_START && value >= 0 && value < CLAUSE_VALUE && length >= 0 && length < CLAUSE_VALUE)) return n;
  }
  let k = 0;
  for (let i = 0; i < n; i += 3) {
    const start = offsets[i]!;
    const value = offsets[i + 1]! - start;
    offsets[k++] = start * CLAUSE_START + value * CLAUSE_VALUE + (offsets[i + 2]! - offsets[i + 1]!);
  }
  return k;
}

/**
 * A body's statement start, shape and statement end (SceneBody `start`, `shapeStart`, `shapeEnd`
 * and `end`), relative to its name and each to the one before, so that a body moved by an edit
 * keeps them. When they fit (the name at most 255 characters into the statement, the shape at
 * most 63 after it, below 8192 long, and at most 2047 characters after it) returns the Smi
 * `SceneBody.spans`, and the caller adds `nameAtFlags` to the flags; otherwise writes them one
 * double each into `out` at `n` (the last WIDE_SPANS of the body's data) and returns -1: the
 * caller then sets BODY_WIDE_SPANS and takes WIDE_SPANS more doubles from `out`.
 */
export function bodySpans(out: number[], n: number, start: number, nameStart: number, nameEnd: number, shapeStart: number, shapeEnd: number, end: number): number {
  const nameAt = nameStart - start;
  const gap = shapeStart - nameEnd;
  const shape = shapeEnd - shapeStart;
  const rest = end - shapeEnd;
  if (nameAt >= 0 && nameAt < MAX_NAME_AT && gap >= 0 && gap < MAX_SPAN_GAP && shape >= 0 && shape < MAX_SPAN_SHAPE && rest >= 0 && rest < MAX_SPAN_REST) {
    return (gap << SPAN_GAP_SHIFT) | (shape << SPAN_SHAPE_SHIFT) | rest;
  }
  out[n] = nameAt;
  out[n + 1] = gap;
  out[n + 2] = shape;
  out[n + 3] = rest;
  return -1;
}

/**
 * The flags bits that say a body's numbers start at `at` in its data (see `bodyData`): the body's
 * data is then its one shape's vertex array too, with its 2 × count = `at` coordinates first
 * (`at` even, below DATA_AT_LIMIT).
 */
export function dataAtFlags(at: number): number {
  return at << DATA_AT_SHIFT;
}

/** The flags bits that hold a statement's start (see `bodySpans`, when it returned its Smi). */
export function nameAtFlags(start: number, nameStart: number): number {
  return (nameStart - start) << NAME_AT_SHIFT;
}
