/**
 * Shape generators and checks shared by the narrow-phase property tests: every kind (circle,
 * capsule, segment, polygon, rounded polygon, box), and the reference signed distance of any
 * pair (brute force on the cores, radii subtracted).
 */
import fc from 'fast-check';
import type { Transform, Vec2 } from '../../../core/math/vec2';
import { makeBox, makeCapsule, makeCircle, makePolygon, makeSegment } from '../../../core/shapes/factory';
import { packVertices, shapeVertices, type ConvexShape } from '../../../core/shapes/shape';
import { bruteDistance, convexPolygonArb, referenceSignedDistance } from './reference';

const unit = (min: number, max: number) => fc.integer({ min: Math.round(min * 1000), max: Math.round(max * 1000) }).map((k) => k / 1000);

export function anyShapeArb(size = 1): fc.Arbitrary<ConvexShape> {
  return fc.oneof(
    unit(0.05, 1).map((r) => makeCircle({ x: 0, y: 0 }, r * size)),
    fc.tuple(unit(0.05, 1), unit(0.05, 1)).map(([w, h]) => makeBox(2 * w * size, 2 * h * size)),
    fc.tuple(unit(0.05, 1), unit(0.05, 0.5)).map(([l, r]) => makeCapsule(2 * l * size, r * size)),
    fc.tuple(unit(-1, 1), unit(-1, 1), unit(-1, 1), unit(-1, 1))
      .filter(([a, b, c, d]) => Math.hypot(c - a, d - b) > 0.05)
      .map(([a, b, c, d]) => makeSegment({ x: a * size, y: b * size }, { x: c * size, y: d * size })),
    convexPolygonArb(size),
    fc.tuple(convexPolygonArb(size), unit(0.01, 0.3)).map(([p, r]) => makePolygon(shapeVertices(p), r * size)),
  );
}

/**
 * Vertices of `shape` placed by `xf`, expressed in the frame of `frame`. The reference works in A's
 * frame, as the algorithms do: world coordinates of shapes 1e6 away would round away the very
 * digits it has to check.
 */
export function verticesIn(shape: ConvexShape, xf: Transform, frame: Transform): Vec2[] {
  const dx = xf.x - frame.x;
  const dy = xf.y - frame.y;
  const c = frame.c * xf.c + frame.s * xf.s;
  const s = frame.c * xf.s - frame.s * xf.c;
  const tx = frame.c * dx + frame.s * dy;
  const ty = -frame.s * dx + frame.c * dy;
  return shapeVertices(shape).map((v) => ({ x: c * v.x - s * v.y + tx, y: s * v.x + c * v.y + ty }));
}

/** Exact signed distance of two placed shapes: brute force on the cores, radii subtracted. */
export function referenceSeparation(a: ConvexShape, xa: Transform, b: ConvexShape, xb: Transform): number {
  const wa = verticesIn(a, xa, xa);
  const wb = verticesIn(b, xb, xa);
  const ref = referenceSignedDistance(wa, wb);
  const core = ref.d < 0 ? ref.d : bruteDistance(wa, wb);
  return core - a.radius - b.radius;
}

/**
 * Signed separation of the pair along a unit world axis n (from A towards B): how far B's extent
 * along n starts beyond A's. For overlapping shapes, a normal is a valid minimum translation
 * exactly when this equals the (negative) separation — which accepts either normal of a true tie.
 */
export function separationAlong(a: ConvexShape, xa: Transform, b: ConvexShape, xb: Transform, n: Vec2): number {
  const lx = xa.c * n.x + xa.s * n.y;
  const ly = -xa.s * n.x + xa.c * n.y;
  let maxA = -Infinity;
  for (const v of verticesIn(a, xa, xa)) maxA = Math.max(maxA, v.x * lx + v.y * ly);
  let minB = Infinity;
  for (const v of verticesIn(b, xb, xa)) minB = Math.min(minB, v.x * lx + v.y * ly);
  return minB - maxA - a.radius - b.radius;
}

export function scaleShape(s: ConvexShape, k: number): ConvexShape {
  const vertices = shapeVertices(s).map((v) => ({ x: v.x * k, y: v.y * k }));
  return { kind: s.kind, count: s.count, xy: packVertices(vertices), radius: s.radius * k, nxy: s.nxy };
}
