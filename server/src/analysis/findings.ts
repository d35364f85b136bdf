import { packedCoordinates } from '../../../core';
import type { ContactRecord, Vec2 } from '../../../core';

/**
 * Findings: what analysis says about a pair of bodies. `a` is the body declared first, `b` the
 * other. Vectors are in world coordinates. See scene-language.md, "Findings".
 *
 * Compact, as SceneBody is (semantics/scene.ts): a large level keeps tens of thousands of
 * findings for as long as its document is open, and V8 without pointer compression would spend
 * several hundred bytes on an overlap as an object tree (a `{ x, y }` normal and points of boxed doubles, a
 * points array). The doubles are one packed array per finding (PACKED_DOUBLE_ELEMENTS, built by
 * `packedCoordinates`, 8 bytes each) and `normal`, `points` and `point` are made on each read
 * for the code that is not hot. Immutable; `relabeled` gives the same finding under other names
 * and indices (the incremental analysis, when bodies move in the declaration order).
 */
export type Finding = OverlapFinding | ImpactFinding | GhostBumpFinding;

/** Where an overlap's numbers sit in `OverlapFinding.data`: depth, normal, then the points. */
const DEPTH = 0;
const NORMAL_X = 1;
const NORMAL_Y = 2;
const POINTS_AT = 3;

export class OverlapFinding {
  constructor(
    readonly a: string,
    readonly b: string,
    /** Body indices (declaration order) of a and b. */
    readonly ia: number,
    readonly ib: number,
    /** partA and partB in one number (packParts). */
    private readonly parts: Parts,
    /** depth, normal x and y, then each contact point's x and y: packed doubles. */
    readonly data: readonly number[],
  ) {}

  /** For compounds: which parts made the deepest pair (a's, then b's). */
  get partA(): number {
    return partAOf(this.parts);
  }

  get partB(): number {
    return partBOf(this.parts);
  }

  /** Against a chain: the edge touched first (its index); else undefined. */
  get edge(): number | undefined {
    return featureOf(this.parts, FEATURE_EDGE);
  }

  /** Against a tile grid: the cell touched, [column, row] (row 0 at the top); else undefined. */
  get cell(): [number, number] | undefined {
    const c = featureOf(this.parts, FEATURE_CELL);
    return c === undefined ? undefined : [c, (this.parts as FeatureParts)[4]];
  }

  /**
   * The finding of a contact: depth, the unit normal from a towards b, and its one or two points
   * at t = 0, copied into one packed array.
   */
  static of(a: string, b: string, ia: number, ib: number, partA: number, partB: number, depth: number, normal: Vec2, points: readonly Vec2[]): OverlapFinding {
    const data = packedCoordinates(POINTS_AT + 2 * points.length);
    data[DEPTH] = depth;
    data[NORMAL_X] = normal.x;
    data[NORMAL_Y] = normal.y;
    for (let i = 0; i < points.length; i++) {
      data[POINTS_AT + 2 * i] = points[i]!.x;
      data[POINTS_AT + 2 * i + 1] = points[i]!.y;
    }
    return new OverlapFinding(a, b, ia, ib, packParts(partA, partB), data);
  }

  /**
   * The finding of a penetrating contact as the narrow phase leaves it in its record
   * (contactWithinInto, overlap.ts): depth (the separation negated), the unit normal from a
   * towards b, and its `count` (1 or 2) points at t = 0, without the vectors and the points array
   * `of` takes.
   */
  static ofContact(a: string, b: string, ia: number, ib: number, partA: number, partB: number, contact: ContactRecord): OverlapFinding {
    const count = contact.count;
    const data = packedCoordinates(POINTS_AT + 2 * count);
    data[DEPTH] = -contact.separation;
    data[NORMAL_X] = contact.nx;
    data[NORMAL_Y] = contact.ny;
    data[POINTS_AT] = contact.p0x;
    data[POINTS_AT + 1] = contact.p0y;
    if (count === 2) {
      data[POINTS_AT + 2] = contact.p1x;
      data[POINTS_AT + 3] = contact.p1y;
    }
    return new OverlapFinding(a, b, ia, ib, packParts(partA, partB), data);
  }

  get kind(): 'overlap' {
    return 'overlap';
  }

  /** Penetration depth at t = 0 (> slop). */
  get depth(): number {
    return this.data[DEPTH]!;
  }

  /** Unit vector from a towards b, x: moving b by depth * normal separates them by the least distance. */
  get normalX(): number {
    return this.data[NORMAL_X]!;
  }

  get normalY(): number {
    return this.data[NORMAL_Y]!;
  }

  /** The normal, made on each read (hot paths read normalX and normalY). */
  get normal(): Vec2 {
    return { x: this.data[NORMAL_X]!, y: this.data[NORMAL_Y]! };
  }

  /** Number of contact points at t = 0 (one or two). */
  get pointCount(): number {
    return (this.data.length - POINTS_AT) >> 1;
  }

  pointX(i: number): number {
    return this.data[POINTS_AT + 2 * i]!;
  }

  pointY(i: number): number {
    return this.data[POINTS_AT + 2 * i + 1]!;
  }

  /** Contact points at t = 0 (one or two), made on each read. */
  get points(): Vec2[] {
    const out: Vec2[] = [];
    for (let i = 0; i < this.pointCount; i++) out.push({ x: this.pointX(i), y: this.pointY(i) });
    return out;
  }

  /** The same finding for bodies now named and numbered so (the numbers are shared). */
  relabeled(a: string, b: string, ia: number, ib: number): OverlapFinding {
    return new OverlapFinding(a, b, ia, ib, this.parts, this.data);
  }

  /** The same finding naming the edge (FEATURE_EDGE, x) or the cell (FEATURE_CELL, x, y) touched. */
  featured(kind: number, x: number, y: number): OverlapFinding {
    return new OverlapFinding(this.a, this.b, this.ia, this.ib, [this.partA, this.partB, kind, x, y], this.data);
  }
}

/** Where an impact's numbers sit in `ImpactFinding.data`, then one kind-specific tail (see there). */
const TOI = 0;
const POINT_X = 1;
const POINT_Y = 2;
const IMPACT_NORMAL_X = 3;
const IMPACT_NORMAL_Y = 4;
const TAIL_AT = 5;

export class ImpactFinding {
  constructor(
    readonly kind: 'tunnelling' | 'collision',
    readonly a: string,
    readonly b: string,
    readonly ia: number,
    readonly ib: number,
    /** partA and partB in one number (packParts). */
    private readonly parts: Parts,
    /**
     * Set when the continuous search could not settle part of the question (an iteration or work
     * cap): says what was not decided. The finding is then the cautious reading — a contact a
     * discrete engine may miss — and its diagnostic is `analysis-not-converged` (information).
     */
    readonly undecided: string | undefined,
    /**
     * toi, point x and y, normal x and y, then for tunnelling substeps and contactDuration, for a
     * collision deepStep when known: packed doubles.
     */
    readonly data: readonly number[],
  ) {}

  /** A tunnelling finding (see `substeps` and `contactDuration`). */
  static tunnelling(a: string, b: string, ia: number, ib: number, partA: number, partB: number, undecided: string | undefined, toi: number, point: Vec2, normal: Vec2, substeps: number, contactDuration: number): ImpactFinding {
    const data = impactData(TAIL_AT + 2, toi, point, normal);
    data[TAIL_AT] = substeps;
    data[TAIL_AT + 1] = contactDuration;
    return new ImpactFinding('tunnelling', a, b, ia, ib, packParts(partA, partB), undecided, data);
  }

  /** A collision finding (see `deepStep`). */
  static collision(a: string, b: string, ia: number, ib: number, partA: number, partB: number, undecided: string | undefined, toi: number, point: Vec2, normal: Vec2, deepStep: number | undefined): ImpactFinding {
    const data = impactData(deepStep === undefined ? TAIL_AT : TAIL_AT + 1, toi, point, normal);
    if (deepStep !== undefined) data[TAIL_AT] = deepStep;
    return new ImpactFinding('collision', a, b, ia, ib, packParts(partA, partB), undecided, data);
  }

  /** For compounds: which parts made the first contact (a's, then b's). */
  get partA(): number {
    return partAOf(this.parts);
  }

  get partB(): number {
    return partBOf(this.parts);
  }

  /** Against a chain: the edge touched first (its index); else undefined. */
  get edge(): number | undefined {
    return featureOf(this.parts, FEATURE_EDGE);
  }

  /** Against a tile grid: the cell touched, [column, row] (row 0 at the top); else undefined. */
  get cell(): [number, number] | undefined {
    const c = featureOf(this.parts, FEATURE_CELL);
    return c === undefined ? undefined : [c, (this.parts as FeatureParts)[4]];
  }

  /** First time of impact in seconds from t = 0. */
  get toi(): number {
    return this.data[TOI]!;
  }

  /** Contact point at the time of impact, made on each read. */
  get point(): Vec2 {
    return { x: this.data[POINT_X]!, y: this.data[POINT_Y]! };
  }

  /** Unit normal (from a towards b) at the time of impact, made on each read. */
  get normal(): Vec2 {
    return { x: this.data[IMPACT_NORMAL_X]!, y: this.data[IMPACT_NORMAL_Y]! };
  }

  /** Tunnelling only: how many substeps per step a discrete engine would need to catch it. */
  get substeps(): number | undefined {
    return this.kind === 'tunnelling' ? this.data[TAIL_AT] : undefined;
  }

  /**
   * Tunnelling only: how long the first contact lasts, seconds (from `toi` to the first
   * separation after it; a lower bound when it could only be followed part of the way).
   */
  get contactDuration(): number | undefined {
    return this.kind === 'tunnelling' ? this.data[TAIL_AT + 1] : undefined;
  }

  /**
   * Collision only: the first step end k ≥ 1 (at t = k·dt) where the analysis found the pair
   * deeper than slop, the frame in which a discrete engine first sees the collision. With
   * `toi` = 0 (a collision that grows out of resting contact) it is the only moment worth naming.
   */
  get deepStep(): number | undefined {
    return this.kind === 'collision' && this.data.length > TAIL_AT ? this.data[TAIL_AT] : undefined;
  }

  /** The same finding for bodies now named and numbered so (the numbers are shared). */
  relabeled(a: string, b: string, ia: number, ib: number): ImpactFinding {
    return new ImpactFinding(this.kind, a, b, ia, ib, this.parts, this.undecided, this.data);
  }

  /** The same finding naming the edge (FEATURE_EDGE, x) or the cell (FEATURE_CELL, x, y) touched. */
  featured(kind: number, x: number, y: number): ImpactFinding {
    return new ImpactFinding(this.kind, this.a, this.b, this.ia, this.ib, [this.partA, this.partB, kind, x, y], this.undecided, this.data);
  }
}

function impactData(length: number, toi: number, point: Vec2, normal: Vec2): number[] {
  const data = packedCoordinates(length);
  data[TOI] = toi;
  data[POINT_X] = point.x;
  data[POINT_Y] = point.y;
  data[IMPACT_NORMAL_X] = normal.x;
  data[IMPACT_NORMAL_Y] = normal.y;
  return data;
}

/**
 * A finding's two part indices as one small integer, partA + PART_SPAN · partB, kept in the
 * field itself: one field where two would take twice the room. Part indices
 * that it does not hold (a compound of 32k parts and more; tests' -1) are kept as a pair
 * instead, so that every part index comes back as given.
 */
type Parts = number | readonly [number, number] | FeatureParts;

/**
 * A finding against a chain or tile grid keeps what it touched with its parts (a rare finding:
 * no field on the others): partA (the chain), partB, then FEATURE_EDGE and the edge, or
 * FEATURE_CELL, the column and the row.
 */
type FeatureParts = readonly [number, number, number, number, number];
export const FEATURE_EDGE = 1;
export const FEATURE_CELL = 2;

function featureOf(parts: Parts, kind: number): number | undefined {
  return typeof parts !== 'number' && parts.length === 5 && parts[2] === kind ? parts[3] : undefined;
}

const PART_SPAN = 1 << 16;

function packParts(partA: number, partB: number): Parts {
  return partA >= 0 && partA < PART_SPAN && partB >= 0 && partB < PART_SPAN >> 1 ? partA + PART_SPAN * partB : [partA, partB];
}

function partAOf(parts: Parts): number {
  return typeof parts === 'number' ? parts & (PART_SPAN - 1) : parts[0];
}

function partBOf(parts: Parts): number {
  return typeof parts === 'number' ? parts >>> 16 : parts[1];
}

/** Where a ghost bump's numbers sit in `GhostBumpFinding.data`. */
const BUMP_TOI = 0;
const SEAM_X = 1;
const SEAM_Y = 2;

/**
 * A ghost bump (ghost-bump.ts): a moving body reaches, while sliding along a flat surface made of
 * separate static pieces, the seam where two of them meet flush. `a` and `b` are the moving body
 * and the piece it reaches the seam on (the first declared is `a`); `pieces` names the two static
 * pieces, the one it slides on first: a body's name, or for a compound's part `<name> part <k>`
 * (k from 1, as overlap messages number parts).
 */
export class GhostBumpFinding {
  constructor(
    readonly a: string,
    readonly b: string,
    readonly ia: number,
    readonly ib: number,
    /** Declaration index of the moving body (ia or ib). */
    readonly moving: number,
    readonly pieces: readonly [string, string],
    /** Declaration indices of the two pieces' bodies (equal for two parts of one compound). */
    readonly pieceBodies: readonly [number, number],
    /** toi, then the seam's x and y: packed doubles. */
    readonly data: readonly number[],
  ) {}

  static of(a: string, b: string, ia: number, ib: number, moving: number, pieces: readonly [string, string], pieceBodies: readonly [number, number], toi: number, seamX: number, seamY: number): GhostBumpFinding {
    const data = packedCoordinates(3);
    data[BUMP_TOI] = toi;
    data[SEAM_X] = seamX;
    data[SEAM_Y] = seamY;
    return new GhostBumpFinding(a, b, ia, ib, moving, pieces, pieceBodies, data);
  }

  get kind(): 'ghost-bump' {
    return 'ghost-bump';
  }

  /** Never set: the detection is exact (closed form), it has nothing to leave undecided. */
  get undecided(): undefined {
    return undefined;
  }

  /** Never set: the pieces are separate bodies or parts, never a chain's edges or a grid's cells. */
  get edge(): undefined {
    return undefined;
  }

  get cell(): undefined {
    return undefined;
  }

  /** Parts are named in `pieces`; the pair's part numbers are not kept. */
  get partA(): number {
    return 0;
  }

  get partB(): number {
    return 0;
  }

  /** First time the moving body reaches the seam, seconds from t = 0. */
  get toi(): number {
    return this.data[BUMP_TOI]!;
  }

  get seamX(): number {
    return this.data[SEAM_X]!;
  }

  get seamY(): number {
    return this.data[SEAM_Y]!;
  }

  /** The seam, made on each read. */
  get seam(): Vec2 {
    return { x: this.data[SEAM_X]!, y: this.data[SEAM_Y]! };
  }

  /**
   * The same finding for bodies now named and numbered so. The pieces' names and indices are
   * kept: the incremental analysis recomputes ghost bumps on every run rather than relabeling them.
   */
  relabeled(a: string, b: string, ia: number, ib: number): GhostBumpFinding {
    const moving = this.moving === this.ia ? ia : ib;
    return new GhostBumpFinding(a, b, ia, ib, moving, this.pieces, this.pieceBodies, this.data);
  }
}
