import assert from 'node:assert/strict';
import fc from 'fast-check';
import { makeTransform } from '../../../../core/math/vec2';
import { makeBox, makeCircle } from '../../../../core/shapes/factory';
import type { ToiInput } from '../../../../core/ccd/types';
import { timeOfImpact } from '../../../../core/ccd/toi';
import { contactExit } from '../../../../core/ccd/contact-exit';
import { caseArb } from './arbitraries';
import { separationAt } from './reference';

/**
 * core/ccd/contact-exit.ts: the first separation after a contact begins, against closed forms and
 * against dense sampling refined by bisection on the exact separation.
 */

function near(actual: number, expected: number, tol: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tolerance ${tol})`);
}

function spinningBar(spin: number, tMax: number): ToiInput {
  return {
    shapeA: makeBox(10, 0.01),
    transformA: makeTransform(0, 0, 0),
    velocityA: { x: 0, y: 0 },
    spinA: spin,
    shapeB: makeCircle({ x: 0, y: 0 }, 0.001),
    transformB: makeTransform(3, 0.5, 0),
    velocityB: { x: 0, y: 0 },
    spinB: 0,
    tMin: 0,
    tMax,
    timeTolerance: 1e-5 * tMax,
  };
}

describe('core/ccd contact exit: the first separation after a contact', () => {
  it('a ball crossing a thin wall (translation): contact lasts (thickness + diameter) / normal speed', () => {
    const input: ToiInput = {
      shapeA: makeBox(4, 0.1),
      transformA: makeTransform(0, 0, 0),
      velocityA: { x: 0, y: 0 },
      spinA: 0,
      shapeB: makeCircle({ x: 0, y: 0 }, 0.05),
      transformB: makeTransform(-1, -1, 0),
      velocityB: { x: 500, y: 370 },
      spinB: 0,
      tMin: 0,
      tMax: 1 / 60,
    };
    const hit = timeOfImpact(input);
    assert.equal(hit.state, 'hit');
    const e = contactExit({ ...input, tMin: hit.t });
    assert.equal(e.state, 'exit');
    near(e.start, (1 - 0.1) / 370, 1e-12, 'start');
    near(e.t - e.start, 0.2 / 370, 1e-12, 'duration');
  });

  it('a bar spinning through a small circle: one sweep, 2 asin((h/2 + r) / R) / ω, not the many turns to the end of the step (review)', () => {
    const R = Math.hypot(3, 0.5);
    for (const [spin, tMax] of [
      [1000, 1],
      [1000, 1e5],
      [9, 2 / 60],
    ] as const) {
      const input = spinningBar(spin, tMax);
      const hit = timeOfImpact(input);
      assert.equal(hit.state, 'hit');
      // The time of impact may be up to its time tolerance early; the exit search finds the start.
      const e = contactExit({ ...input, tMin: hit.t });
      assert.equal(e.state, 'exit', `${spin}: ${e.state}`);
      const D = (2 * Math.asin(0.006 / R)) / spin;
      near(e.start, (Math.atan2(0.5, 3) - Math.asin(0.006 / R)) / spin, 2e-5 * D, `${spin}: start`);
      near(e.t - e.start, D, 1e-5 * D, `${spin}: duration`);
      assert.ok(e.iterations < 200, `${e.iterations} evaluations`);
    }
  });

  it('a contact still going on at tMax stays; touching at once and leaving exits at the start', () => {
    const input = spinningBar(1000, 1);
    const whole = contactExit({ ...input, tMin: timeOfImpact(input).t });
    const mid = (whole.start + whole.t) / 2;
    const stays = contactExit({ ...input, tMin: whole.start, tMax: mid });
    assert.equal(stays.state, 'stays');
    assert.equal(stays.t, mid);
    // A box resting on a floor and lifting off: the contact ends where it starts.
    const lift: ToiInput = {
      shapeA: makeBox(10, 1),
      transformA: makeTransform(0, -0.5, 0),
      velocityA: { x: 0, y: 0 },
      spinA: 0,
      shapeB: makeBox(1, 1),
      transformB: makeTransform(0, 0.5, 0),
      velocityB: { x: 0, y: 3 },
      spinB: 0,
      tMin: 0,
      tMax: 1,
    };
    const e = contactExit(lift);
    assert.equal(e.state, 'exit');
    assert.equal(e.start, 0);
    near(e.t, 0, 1e-9, 'exit');
  });

  it('property: never after the first separation, and close to it (dense sampling refined by bisection)', () => {
    fc.assert(
      fc.property(caseArb(true), (c) => {
        const { input } = c;
        const hit = timeOfImpact(input);
        if (hit.state !== 'hit') return;
        const e = contactExit({ ...input, tMin: hit.t });
        if (e.state === 'failed') return; // a long shallow contact: only a lower bound is claimed
        const apart = (t: number) => separationAt(input, t) > 1e-9;
        // The reference start: the first touching time after the reported impact.
        const samples = 4000;
        const span = input.tMax - hit.t;
        let k = 0;
        while (k <= samples && apart(hit.t + (span * k) / samples)) k++;
        if (k > samples) return; // a contact shorter than the sampling: nothing to compare
        let t = hit.t + (span * k) / samples;
        // Then the first apart sample after it, and bisection back to the boundary.
        let j = k;
        while (j <= samples && !apart(hit.t + (span * j) / samples)) j++;
        if (j > samples) {
          assert.notEqual(e.state, 'exit', 'touching through the sampled end');
          return;
        }
        let lo = hit.t + (span * (j - 1)) / samples;
        let hi = hit.t + (span * j) / samples;
        while (hi - lo > 1e-9 * span) {
          const m = (lo + hi) / 2;
          if (apart(m)) hi = m;
          else lo = m;
        }
        t = hi;
        assert.equal(e.state, 'exit');
        // Never later than the separation the sampling saw (a reported contact is never too long),
        // up to the tolerance of "touching".
        const L = Math.hypot(input.velocityB.x - input.velocityA.x, input.velocityB.y - input.velocityA.y) + (Math.abs(input.spinA) + Math.abs(input.spinB)) * 4;
        assert.ok(e.t <= t + 1e-9 * span + 1e-9 / Math.max(L, 1e-300), `late: ${e.t} vs ${t}`);
        // And not shorter than it by more than the relative accuracy, unless a gap the sampling
        // skipped ended it earlier (then the sampled contact is really two).
        if (e.t < t - 1e-5 * (t - e.start) - 1e-9 * span) {
          let gap = false;
          for (let q = 0; q <= 256 && !gap; q++) gap = apart(e.t + ((t - e.t) * q) / 256);
          assert.ok(gap, `early: ${e.t} vs ${t} with no gap between`);
        }
      }),
      { numRuns: 400, seed: 21 },
    );
  });
});
