import assert from 'node:assert/strict';
import fc from 'fast-check';
import { makeTransform } from '../../../../core/math/vec2';
import { makeBox, makeCapsule, makeCircle, makePolygon, makeSegment } from '../../../../core/shapes/factory';
import type { ConvexShape } from '../../../../core/shapes/shape';
import type { ToiInput } from '../../../../core/ccd/types';
import { timeOfImpact } from '../../../../core/ccd/toi';
import { gjkRaycast } from '../../../../core/ccd/gjk-raycast';
import { conservativeAdvancement } from '../../../../core/ccd/conservative-advancement';
import { sweptBounds } from '../../../../core/ccd/swept-aabb';
import { poseAt } from '../../../../core/ccd/motion';
import { shapeBounds } from '../../../../core/shapes/bounds';
import { minSeparation, referenceFirstContact, separationAt } from './reference';

/** A regular-ish convex polygon: points on a circle at sorted random angles. */
function ngon(size: number, angles: number[]): ConvexShape {
  const sorted = [...new Set(angles.map((a) => Math.round(a * 1000) / 1000))].sort((x, y) => x - y);
  if (sorted.length < 3) return makeBox(size, size / 2);
  const pts = sorted.map((a) => ({ x: size * Math.cos(a), y: size * Math.sin(a) }));
  return makePolygon(pts);
}

const shapeArb: fc.Arbitrary<ConvexShape> = fc.oneof(
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
      return r > 0 ? makePolygon(p.vertices, r) : p;
    }),
);

const logUniform = (lo: number, hi: number) => fc.double({ min: Math.log(lo), max: Math.log(hi), noNaN: true }).map(Math.exp);

interface Case {
  input: ToiInput;
  dt: number;
}

/**
 * B starts 0.5..6 units from A, aimed at A's neighbourhood (so that hits and misses both occur),
 * at 1e-3..1e5 units/s; spins up to 1e3 rad/s; the interval covers the approach (and at most a few
 * dozen turns, beyond which no method can be cheap or a reference dense enough).
 */
function caseArb(spinning: boolean): fc.Arbitrary<Case> {
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
      const ra = r.a.radius + Math.max(...r.a.vertices.map((v) => Math.hypot(v.x, v.y)));
      const rb = r.b.radius + Math.max(...r.b.vertices.map((v) => Math.hypot(v.x, v.y)));
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

/** The shared property: no missed hit, not late, not early, beyond the tolerance 1e-4 × dt. */
function check(c: Case, solve: (i: ToiInput) => ReturnType<typeof timeOfImpact>, samples: number): void {
  const { input, dt } = c;
  const tau = 1e-4 * dt;
  const out = solve(input);
  assert.notEqual(out.state, 'overlapped', 'the pair starts apart');
  assert.notEqual(out.state, 'failed', `failed after ${out.iterations} iterations (${out.method})`);
  const ref = referenceFirstContact(input, 0, samples, tau / 8);
  if (ref !== null) {
    assert.equal(out.state, 'hit', `missed a contact at ${ref} (${out.method})`);
    assert.ok(out.t <= ref + tau, `late: ${out.t} vs ${ref} (${out.method})`);
  }
  if (out.state === 'hit') {
    // Not early: the shapes really come within reach of touching just after the reported time.
    const speed =
      Math.hypot(input.velocityB.x - input.velocityA.x, input.velocityB.y - input.velocityA.y) +
      Math.abs(input.spinA) * 4 +
      Math.abs(input.spinB) * 4;
    const m = minSeparation(input, out.t, Math.min(input.tMax, out.t + tau), 32);
    assert.ok(m <= 1e-7 * (1 + speed * dt) + (speed * tau) / 32, `early: separation ${m} within τ after ${out.t} (${out.method})`);
    // Reported contact point and normal at that time are consistent: the point lies between the
    // surfaces, the normal is a unit vector.
    assert.ok(Math.abs(Math.hypot(out.normal.x, out.normal.y) - 1) < 1e-6 || out.separation === 0);
  }
}

describe('core/ccd time of impact against dense sampling refined by bisection', function () {
  this.timeout(60000);
  it('translation only, every shape kind, speeds 1e-3 to 1e5 (dispatcher)', () => {
    fc.assert(fc.property(caseArb(false), (c) => check(c, timeOfImpact, 800)), { numRuns: 250, seed: 7 });
  });
  it('translation only: the GJK ray cast on its own agrees (polygons included)', () => {
    fc.assert(fc.property(caseArb(false), (c) => check(c, gjkRaycast, 800)), { numRuns: 150, seed: 11 });
  });
  it('with spins up to 1e3 rad/s (dispatcher → conservative advancement)', () => {
    fc.assert(fc.property(caseArb(true), (c) => check(c, timeOfImpact, 3000)), { numRuns: 120, seed: 3 });
  });
  it('conservative advancement without spin matches the exact translation methods', () => {
    fc.assert(
      fc.property(caseArb(false), (c) => {
        const exact = timeOfImpact(c.input);
        const ca = conservativeAdvancement(c.input);
        assert.equal(ca.state === 'hit', exact.state === 'hit', `${ca.state} vs ${exact.state} (${exact.method})`);
        if (exact.state === 'hit') assert.ok(Math.abs(ca.t - exact.t) <= 1e-4 * c.dt, `${ca.t} vs ${exact.t}`);
      }),
      { numRuns: 150, seed: 5 },
    );
  });
  it('swept bounds contain the shape at every sampled time', () => {
    fc.assert(
      fc.property(caseArb(true), fc.double({ min: 0, max: 1, noNaN: true }), (c, f) => {
        const { input } = c;
        const t0 = input.tMax * f * 0.5;
        const t1 = input.tMax * (0.5 + f * 0.5);
        const box = sweptBounds(input.shapeB, input.transformB, input.velocityB, input.spinB, t0, t1);
        const slack = 1e-9 * (1 + Math.abs(box.maxX) + Math.abs(box.maxY) + Math.abs(box.minX) + Math.abs(box.minY));
        for (let k = 0; k <= 64; k++) {
          const t = t0 + ((t1 - t0) * k) / 64;
          const b = shapeBounds(input.shapeB, poseAt(input.transformB, input.velocityB, input.spinB, t));
          assert.ok(b.minX >= box.minX - slack && b.maxX <= box.maxX + slack && b.minY >= box.minY - slack && b.maxY <= box.maxY + slack);
        }
      }),
      { numRuns: 200, seed: 9 },
    );
  });
});
