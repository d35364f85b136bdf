import { contactWithinInto, emptyContactRecord, packedCoordinates, shapeBoundsInto } from '../../../core';
import type { AABB, ConvexShape, ShapePair, Transform } from '../../../core';
import { FindingDiagnostic, LABEL_COMPOUND_A, LABEL_COMPOUND_B, LABEL_MOVE_A } from './finding-diagnostic';
import type { Scene, SceneBody } from '../semantics/scene';
import { OverlapFinding } from './findings';

/** Relative accuracy of depths: 1e-9 of the shapes' size. */
const DEPTH_TOLERANCE = 1e-9;

/**
 * Overlap at t = 0 for one pair of bodies (scene-language.md, "Findings"): the deepest contact
 * over all part pairs (a compound overlaps as much as its deepest part does), reported when its
 * depth exceeds `slop`. `a` in the finding is the body declared first, whichever order the caller
 * passes them in; the normal points from a to b.
 *
 * Part pairs of compounds whose bounds (grown by slop) do not meet cannot be deeper than slop and
 * are skipped before the narrow phase. A part pair the narrow phase cannot measure (malformed
 * geometry, already an error diagnostic from semantics) is skipped rather than guessed.
 */
export function overlapPair(scene: Scene, a: SceneBody, b: SceneBody): OverlapFinding | null {
  if (a.index > b.index) return overlapPair(scene, b, a);
  const nA = a.partCount;
  const nB = b.partCount;
  if (nA === 0 || nB === 0) return null;
  // The first body's pose and part boxes carry over from the previous call when it had the same
  // first body: analyzeScene visits pairs in key order, so all of a body's pairs as `a` come in
  // a row, and its cosine, sine and rotated bounds are computed once instead of per pair.
  if (a !== lastA) {
    lastA = null; // until the pose below is written
    boundsOf = null;
    poseAtStart(a, poseA);
    lastA = a;
  }
  const xa = poseA;
  const xb = poseAtStart(b, poseB);
  const slop = scene.slop > 0 ? scene.slop : 0;
  // Part boxes sort out the part pairs of compounds. Two bodies of one part each have already had
  // their boxes met by the broad phase, and a pair whose part boxes (grown by slop) are apart has
  // a gap, which the finding's depth test rejects as surely: they are measured without them.
  const onePartEach = nA === 1 && nB === 1;
  if (!onePartEach) {
    if (boundsOf !== a) {
      if (boundsA.length < 4 * nA) boundsA = new Float64Array(4 * nA);
      for (let i = 0; i < nA; i++) partBounds(a.partShape(i), poseA, 0, boundsA, 4 * i);
      boundsOf = a;
    }
    if (boundsB.length < 4 * nB) boundsB = new Float64Array(4 * nB);
    for (let j = 0; j < nB; j++) partBounds(b.partShape(j), xb, slop, boundsB, 4 * j);
  }
  const q = query;
  q.transformA = xa;
  q.transformB = xb;
  // The part pair being measured and the deepest so far: two records that trade places when a
  // deeper contact turns up, so that nothing is copied.
  let r = contactA;
  let best = contactB;
  let partA = -1;
  let partB = -1;
  for (let i = 0; i < nA; i++) {
    const shapeA = a.partShape(i);
    const minXA = boundsA[4 * i]!;
    const minYA = boundsA[4 * i + 1]!;
    const maxXA = boundsA[4 * i + 2]!;
    const maxYA = boundsA[4 * i + 3]!;
    for (let j = 0; j < nB; j++) {
      const o = 4 * j;
      if (!onePartEach && !(minXA <= boundsB[o + 2]! && boundsB[o]! <= maxXA && minYA <= boundsB[o + 3]! && boundsB[o + 1]! <= maxYA)) continue;
      q.shapeA = shapeA;
      q.shapeB = b.partShape(j);
      // Only penetration can make a finding (depth > slop >= 0): a part pair that a separating
      // axis shows apart needs no contact measured.
      if (!contactWithinInto(q, 0, r) || r.count === 0 || !Number.isFinite(r.separation)) continue;
      if (partA < 0 || r.separation < best.separation) {
        const deeper = r;
        r = best;
        best = deeper;
        partA = i;
        partB = j;
      }
    }
  }
  if (partA < 0) return null;
  // "Deeper than slop" up to the narrow phase's accuracy: decimal input such as 1 - 0.99 lands
  // 1e-17 above a slop of 0.01, and the author meant "exactly at slop".
  if (!(-best.separation > slop + DEPTH_TOLERANCE * best.size)) return null;
  return OverlapFinding.ofContact(a.name, b.name, a.index, b.index, partA, partB, best);
}

// Scratch of overlapPair, which never re-enters: the two poses, the query record handed to
// contactWithinInto (read during the call only), the part boxes, and the contact of the part
// pair being tested and of the deepest one so far, so that a pair test allocates nothing but the
// finding it keeps (architecture.md, "Performance habits"): a compound pair tests several part
// pairs for its one finding, and many candidate pairs are no finding at all.
// `lastA` is the body whose pose poseA holds, `boundsOf` the one whose part boxes boundsA holds:
// scene bodies are immutable, so the same object has the same pose and parts.
type MutableTransform = { -readonly [K in keyof Transform]: Transform[K] };
const EMPTY_SHAPE: ConvexShape = { kind: 'circle', count: 0, xy: packedCoordinates(0), radius: 0, nxy: packedCoordinates(0) };
const poseA: MutableTransform = { x: 0, y: 0, c: 1, s: 0 };
const poseB: MutableTransform = { x: 0, y: 0, c: 1, s: 0 };
const query: { -readonly [K in keyof ShapePair]: ShapePair[K] } = { shapeA: EMPTY_SHAPE, transformA: poseA, shapeB: EMPTY_SHAPE, transformB: poseB };
let boundsA = new Float64Array(16);
let lastA: SceneBody | null = null;
let boundsOf: SceneBody | null = null;
let boundsB = new Float64Array(16);
const contactA = emptyContactRecord();
const contactB = emptyContactRecord();

/** The body's pose at t = 0 written into `out`; a non-finite coordinate or angle reads as 0. */
function poseAtStart(body: SceneBody, out: MutableTransform): MutableTransform {
  const angle = Number.isFinite(body.angle) ? body.angle : 0;
  const x = body.x;
  const y = body.y;
  out.x = Number.isFinite(x) ? x : 0;
  out.y = Number.isFinite(y) ? y : 0;
  out.c = Math.cos(angle);
  out.s = Math.sin(angle);
  return out;
}

/** The part's box grown by `margin` (shapeBoundsInto), written into `out` at `o` as minX, minY, maxX, maxY. */
function partBounds(shape: ConvexShape, xf: Transform, margin: number, out: Float64Array, o: number): void {
  const box = shapeBoundsInto(shape, xf, margin, partBox);
  out[o] = box.minX;
  out[o + 1] = box.minY;
  out[o + 2] = box.maxX;
  out[o + 3] = box.maxY;
}
const partBox: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

/**
 * The diagnostic for an overlap finding (code `overlap`, warning) on the later-declared body's
 * name: whom it overlaps, by how much, and the least move that separates it (made on request,
 * finding-diagnostic.ts). Related information points at the other body, by its name: the message
 * already says it overlaps it, and the location is where to jump. No `data`: the quick fixes find
 * the finding again from the analysis (features/document.ts, findingOf), and a copy of its
 * numbers in each of thousands of published diagnostics would swell every publication.
 */
export function overlapDiagnostic(scene: Scene, f: OverlapFinding): FindingDiagnostic {
  const b = scene.bodies[f.ib];
  const a = scene.bodies[f.ia];
  const at = (b ?? a)!;
  const labels =
    (b !== undefined && b.partCount > 1 ? LABEL_COMPOUND_B : 0) | (a !== undefined && a.partCount > 1 ? LABEL_COMPOUND_A : 0) | (overlapMover(scene, f) === f.ia ? LABEL_MOVE_A : 0);
  return FindingDiagnostic.make(f, at.nameStart, at.nameEnd, a ? a.nameStart : -1, a ? a.nameEnd : -1, labels, undefined);
}

/**
 * The body an overlap's message and quick fixes move (its index): the later-declared b, on whose
 * name the diagnostic sits, unless b is static and a is not. A static body never moves
 * (scene-language.md): it is the frame the others are placed against.
 */
export function overlapMover(scene: Scene, f: OverlapFinding): number {
  const a = scene.bodies[f.ia];
  const b = scene.bodies[f.ib];
  return b?.isStatic && a && !a.isStatic ? f.ia : f.ib;
}
