import assert from 'node:assert/strict';
import fc from 'fast-check';
import { makeTransform } from '../../../../core/math/vec2';
import { makeBox, makeCircle } from '../../../../core/shapes/factory';
import type { ToiInput } from '../../../../core/ccd/types';
import { timeOfImpact } from '../../../../core/ccd/toi';
import { conservativeAdvancement } from '../../../../core/ccd/conservative-advancement';
import { gjkRaycast } from '../../../../core/ccd/gjk-raycast';
import { contactTolerance } from '../../../../core/ccd/motion';
import { caseArb } from './arbitraries';
import { separationAt } from './reference';

/**
 * The touching tolerance of the time-of-impact queries depends on the shapes' size only (code
 * review: a tolerance of 1e-9 × (sizes + offset + lipschitz × span) called a 0.49 gap "touching"
 * once frames × speed was large, and the analysis then dropped a real contact as resting).
 */

function near(actual: number, expected: number, tol: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tolerance ${tol})`);
}

/** The bar of the review: box(10, 0.01) spinning at 1000 rad/s, a 0.001 circle at (3, 0.5). */
function spinningBar(tMax: number): ToiInput {
  return {
    shapeA: makeBox(10, 0.01),
    transformA: makeTransform(0, 0, 0),
    velocityA: { x: 0, y: 0 },
    spinA: 1000,
    shapeB: makeCircle({ x: 0, y: 0 }, 0.001),
    transformB: makeTransform(3, 0.5, 0),
    velocityB: { x: 0, y: 0 },
    spinB: 0,
    tMin: 0,
    tMax,
    timeTolerance: 1e-5,
  };
}

// The bar's face (0.005 from its axis) meets the circle (0.001) when the axis is 0.006 from the
// circle's center, at distance R = |(3, 0.5)| from the spin center: θ = atan2(0.5, 3) − asin(0.006 / R).
const R = Math.hypot(3, 0.5);
const BAR_TOI = (Math.atan2(0.5, 3) - Math.asin(0.006 / R)) / 1000;

describe('core/ccd: the touching tolerance depends on the shapes only', () => {
  it('is 1e-12 of the shapes\' sizes, whatever the motion', () => {
    near(contactTolerance(makeBox(10, 0.01), makeCircle({ x: 0, y: 0 }, 0.001)), 1e-12 * 10.002, 1e-24, 'tolerance');
  });

  it('a bar spinning at 1000 rad/s over 1e5 s: hit at the first sweep, not "overlapped" at t = 0', () => {
    for (const tMax of [1, 10, 1000, 1e5]) {
      const out = timeOfImpact(spinningBar(tMax));
      assert.equal(out.state, 'hit', `tMax ${tMax}: ${out.state}`);
      near(out.t, BAR_TOI, 1e-5, `tMax ${tMax}: toi`);
    }
  });

  it('a 1e9-long thin wall (the documented maximum) and a fast small ball: hit, by every translation method', () => {
    for (const w of [1e7, 1e8, 5e8, 1e9]) {
      const input: ToiInput = {
        shapeA: makeBox(w, 0.001),
        transformA: makeTransform(3, 0.5, 0),
        velocityA: { x: 0, y: 0 },
        spinA: 0,
        shapeB: makeCircle({ x: 0, y: 0 }, 0.01),
        transformB: makeTransform(0, 0, 0),
        velocityB: { x: -600, y: 600 },
        spinB: 0,
        tMin: 0,
        tMax: 1 / 60,
      };
      // The ball's top reaches the wall's underside (0.5 − 0.0005) at (0.4995 − 0.01) / 600.
      const t = (0.4995 - 0.01) / 600;
      for (const [name, out] of [
        ['dispatcher', timeOfImpact(input)],
        ['gjk ray cast', gjkRaycast(input)],
        ['conservative advancement', conservativeAdvancement({ ...input, timeTolerance: 1e-9 })],
      ] as const) {
        assert.equal(out.state, 'hit', `${w} ${name}: ${out.state}`);
        near(out.t, t, 1e-8, `${w} ${name}: toi`);
      }
    }
  });

  it('GJK ray cast back out of a 1e8-long wall: the long edge does not tilt the search direction (it used to fail)', () => {
    // Reverse motion from t = 1/60, when the ball is above the wall: the exit of the crossing.
    const wall = makeBox(1e8, 0.001);
    const ball = makeCircle({ x: 0, y: 0 }, 0.01);
    const T = 1 / 60;
    const out = gjkRaycast({
      shapeA: wall,
      transformA: makeTransform(3, 0.5, 0),
      velocityA: { x: 0, y: 0 },
      spinA: 0,
      shapeB: ball,
      transformB: makeTransform(-600 * T, 600 * T, 0),
      velocityB: { x: 600, y: -600 },
      spinB: 0,
      tMin: 0,
      tMax: T,
    });
    assert.equal(out.state, 'hit');
    // Back down to the wall's top (0.5005) plus the ball's radius.
    near(out.t, (600 * T - 0.5005 - 0.01) / 600, 1e-10, 'reverse toi');
  });

  it('property: a long look-ahead changes nothing about a first contact inside the short one (spins up to 1e3, speeds up to 1e5)', () => {
    fc.assert(
      fc.property(caseArb(true), fc.constantFrom(1e2, 1e3, 1e5), (c, stretch) => {
        const short = timeOfImpact(c.input);
        assert.notEqual(short.state, 'overlapped');
        if (short.state !== 'hit') return;
        const long = timeOfImpact({ ...c.input, tMax: c.input.tMax * stretch, maxIterations: 20000 });
        assert.equal(long.state, 'hit', `${long.state} over ${stretch}× the look-ahead (${long.method})`);
        near(long.t, short.t, 2 * c.input.timeTolerance!, 'toi');
      }),
      { numRuns: 300, seed: 14 },
    );
  });

  it('property: a pair apart at t = 0 by more than the tolerance is never "overlapped", however long and fast the search', () => {
    fc.assert(
      fc.property(caseArb(true), fc.constantFrom(1, 1e3, 1e5), (c, stretch) => {
        const sep = separationAt(c.input, 0);
        fc.pre(sep > 10 * contactTolerance(c.input.shapeA, c.input.shapeB));
        // Only the start matters: stop at the first iterate.
        const out = timeOfImpact({ ...c.input, tMax: c.input.tMax * stretch, maxIterations: 1 });
        assert.notEqual(out.state, 'overlapped', `gap ${sep} (${out.method})`);
      }),
      { numRuns: 500, seed: 15 },
    );
  });
});
