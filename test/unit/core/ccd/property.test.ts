import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ToiInput } from '../../../../core/ccd/types';
import { timeOfImpact } from '../../../../core/ccd/toi';
import { gjkRaycast } from '../../../../core/ccd/gjk-raycast';
import { conservativeAdvancement } from '../../../../core/ccd/conservative-advancement';
import { sweptBounds } from '../../../../core/ccd/swept-aabb';
import { poseAt } from '../../../../core/ccd/motion';
import { shapeBounds } from '../../../../core/shapes/bounds';
import { minSeparation, referenceFirstContact } from './reference';
import { caseArb, type Case } from './arbitraries';

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
