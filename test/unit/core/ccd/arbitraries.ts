/**
 * Generators shared by the continuous-detection property tests: every shape kind, and a moving
 * pair aimed so that hits and misses both occur (with or without spins).
 */
import fc from 'fast-check';
import { makeTransform } from '../../../../core/math/vec2';
import { makeBox, makeCapsule, makeCircle, makePolygon, makeSegment } from '../../../../core/shapes/factory';
import { shapeVertices, type ConvexShape } from '../../../../core/shapes/shape';
import type { ToiInput } from '../../../../core/ccd/types';
import { separationAt } from './reference';

/** A regular-ish convex polygon: points on a circle at sorted random angles. */
function ngon(size: number, angles: number[]): ConvexShape {
  const sorted = [...new Set(angles.map((a) => Math.round(a * 1000) / 1000))].sort((x, y) => x - y);
  if (sorted.length < 3) return makeBox(size, size / 2);
  const pts = sorted.map((a) => ({ x: size * Math.cos(a), y: size * Math.sin(a) }));
  return makePolygon(pts);
}

export const shapeArb: fc.Arbitrary<ConvexShape> = fc.oneof(
  fc.double({ min: 0.05, max: 2, noNaN: true }).map((r) => makeCircle({ x: 0, y: 0 }, r)),
  fc
    .tuple(fc.double({ min: 0.05, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
    .map(([r, off]) => makeCircle({ x: off, y: 0 }, r)),
  fc.tuple(fc.double({ min: 0.02, max: 3, noNaN: true }), fc.double({ min: 0.02, max: 3, noNaN: true })).map(([w, h]) => makeBox(w, h)),
  fc.tuple(fc.double({ min: 0.1, max: 3, noNaN: true }), fc.double({ min: 0.02, max: 0.5, noNaN: true })).map(([l, r]) => makeCapsule(l, r)),
  fc.double({ min: 0.1, max: 3, noNaN: true }).map((l) => makeSegment({ x: -l / 2, y: 0.1 }, { x: l / 2, y: -0.1 })),
  fc
    .tuple(fc.double({ min: 0.1, max: 2, noNaN: true }), fc.array(fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), { minLength: 3, maxLength: 7 }), fc.constantFrom(0, 0.05))
    .map(([s, angs, r]) => {
      const p = ngon(s, angs);
      return r > 0 ? makePolygon(shapeVertices(p), r) : p;
    }),
);

const logUniform = (lo: number, hi: number) => fc.double({ min: Math.log(lo), max: Math.log(hi), noNaN: true }).map(Math.exp);

export interface Case {
  input: ToiInput;
  dt: number;
}

/**
 * B starts 0.5..6 units from A, aimed at A's neighborhood (so that hits and misses both occur),
 * at 1e-3..1e5 units/s; spins up to 1e3 rad/s; the interval covers the approach (and at most a few
 * dozen turns, beyond which no method can be cheap or a reference dense enough).
 */
export function caseArb(spinning: boolean): fc.Arbitrary<Case> {
  return fc
    .record({
      a: shapeArb,
      b: shapeArb,
      angleA: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      angleB: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      bearing: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      gap: fc.double({ min: 0.5, max: 6, noNaN: true }),
      aimOffset: fc.double({ min: -2, max: 2, noNaN: true }),
      speed: logUniform(1e-3, 1e5),
      spinA: spinning ? fc.oneof(fc.constant(0), logUniform(1e-2, 1e3).map((w) => -w), logUniform(1e-2, 1e3)) : fc.constant(0),
      spinB: spinning ? fc.oneof(fc.constant(0), logUniform(1e-2, 1e3)) : fc.constant(0),
      reach: fc.double({ min: 0.3, max: 2.5, noNaN: true }),
    })
    .map((r) => {
      const ra = r.a.radius + Math.max(...shapeVertices(r.a).map((v) => Math.hypot(v.x, v.y)));
      const rb = r.b.radius + Math.max(...shapeVertices(r.b).map((v) => Math.hypot(v.x, v.y)));
      const dist = ra + rb + r.gap;
      const bx = dist * Math.cos(r.bearing);
      const by = dist * Math.sin(r.bearing);
      // Velocity towards a point beside A's origin.
      const tx = -r.aimOffset * Math.sin(r.bearing) - bx;
      const ty = r.aimOffset * Math.cos(r.bearing) - by;
      const tl = Math.hypot(tx, ty);
      let T = (r.reach * dist) / r.speed;
      const maxSpin = Math.max(Math.abs(r.spinA), Math.abs(r.spinB));
      if (maxSpin > 0) T = Math.min(T, (40 * Math.PI) / maxSpin);
      const input: ToiInput = {
        shapeA: r.a,
        transformA: makeTransform(0, 0, r.angleA),
        velocityA: { x: 0, y: 0 },
        spinA: r.spinA,
        shapeB: r.b,
        transformB: makeTransform(bx, by, r.angleB),
        velocityB: { x: (tx / tl) * r.speed, y: (ty / tl) * r.speed },
        spinB: r.spinB,
        tMin: 0,
        tMax: T,
        timeTolerance: 1e-5 * T,
        maxIterations: 20000,
      };
      return { input, dt: T };
    })
    .filter((c) => separationAt(c.input, 0) > 1e-3);
}
