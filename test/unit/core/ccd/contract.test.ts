import assert from 'node:assert/strict';
import fc from 'fast-check';
import { makeTransform } from '../../../../core/math/vec2';
import { makeBox, makeCapsule, makeCircle, makePolygon } from '../../../../core/shapes/factory';
import { shapeVertices, type ConvexShape } from '../../../../core/shapes/shape';
import type { ToiInput, ToiOutput } from '../../../../core/ccd/types';
import { timeOfImpact } from '../../../../core/ccd/toi';
import { circleTimeOfImpact } from '../../../../core/ccd/circle-toi';
import { linearCast } from '../../../../core/ccd/linear-cast';
import { gjkRaycast } from '../../../../core/ccd/gjk-raycast';
import { conservativeAdvancement } from '../../../../core/ccd/conservative-advancement';
import { poseAt } from '../../../../core/ccd/motion';
import { separationAlong } from '../narrow-arbitraries';
import { caseArb } from './arbitraries';
import { referenceFirstContact, separationAt } from './reference';

/**
 * The ToiOutput contract of types.ts, held by every producer: `separated` is reported at tMax
 * with the separation, normal and point of tMax; conservative advancement's trace runs forward in
 * time and ends at the reported t.
 */

function near(actual: number, expected: number, tol: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tolerance ${tol})`);
}

function input(
  shapeA: ConvexShape,
  a: [number, number, number],
  va: [number, number],
  shapeB: ConvexShape,
  b: [number, number, number],
  vb: [number, number],
  tMax: number,
  extra: Partial<ToiInput> = {},
): ToiInput {
  return {
    shapeA,
    transformA: makeTransform(a[0], a[1], a[2]),
    velocityA: { x: va[0], y: va[1] },
    spinA: 0,
    shapeB,
    transformB: makeTransform(b[0], b[1], b[2]),
    velocityB: { x: vb[0], y: vb[1] },
    spinB: 0,
    tMin: 0,
    tMax,
    ...extra,
  };
}

/** `separated` at tMax: the exact separation there, and a unit normal that realizes it. */
function expectSeparatedAtEnd(i: ToiInput, out: ToiOutput, what: string): void {
  assert.equal(out.state, 'separated', `${what}: ${out.state}`);
  assert.equal(out.t, i.tMax, `${what}: t`);
  const want = separationAt(i, i.tMax);
  const scale = 1 + Math.abs(i.transformB.x - i.transformA.x) + Math.abs(i.transformB.y - i.transformA.y) + want;
  near(out.separation, want, 1e-9 * scale, `${what}: separation at tMax`);
  near(Math.hypot(out.normal.x, out.normal.y), 1, 1e-9, `${what}: unit normal`);
  const xa = poseAt(i.transformA, i.velocityA, i.spinA, i.tMax);
  const xb = poseAt(i.transformB, i.velocityB, i.spinB, i.tMax);
  near(separationAlong(i.shapeA, xa, i.shapeB, xb, out.normal), want, 1e-7 * scale, `${what}: the normal separates by the distance`);
}

/** The trace invariants: forward in time, from tMin to the answer, each step measured exactly. */
function expectForwardTrace(i: ToiInput, out: ToiOutput): void {
  const trace = out.trace;
  assert.ok(trace && trace.length >= 1, 'a trace is recorded');
  assert.equal(trace[0]!.t, i.tMin, 'starts at tMin');
  for (let k = 1; k < trace.length; k++) assert.ok(trace[k]!.t > trace[k - 1]!.t, `step ${k} goes back in time: ${trace[k]!.t} after ${trace[k - 1]!.t}`);
  const last = trace[trace.length - 1]!;
  assert.equal(last.t, out.t, 'ends at the reported t');
  assert.equal(last.distance, out.separation, 'the last step is the answer');
  assert.deepEqual(last.normal, out.normal);
  for (const s of trace) {
    const want = separationAt(i, s.t);
    near(s.distance, want, 1e-9 * (1 + want + Math.hypot(i.transformB.x - i.transformA.x, i.transformB.y - i.transformA.y)), `distance at ${s.t}`);
    // Where the steps are (a centered circle's spin moves nothing, so only positions are compared).
    const xa = poseAt(i.transformA, i.velocityA, i.spinA, s.t);
    const xb = poseAt(i.transformB, i.velocityB, i.spinB, s.t);
    near(s.transformA.x, xa.x, 1e-12 * (1 + Math.abs(xa.x)), 'position of A');
    near(s.transformB.y, xb.y, 1e-12 * (1 + Math.abs(xb.y)), 'position of B');
  }
}

describe('core/ccd ToiOutput contract', () => {
  describe('separated is measured at tMax by every method', () => {
    // B starts 2 apart and moves away for 2 s: 4 apart at the end, 2 at the start (which the
    // linear cast and the GJK ray cast used to report).
    it('circle closed form', () => {
      const i = input(makeCircle({ x: 0, y: 0 }, 0.5), [0, 0, 0], [0, 0], makeCircle({ x: 0, y: 0 }, 0.5), [3, 0, 0], [1, 0.5], 2);
      const out = circleTimeOfImpact(i);
      expectSeparatedAtEnd(i, out, 'circle');
      near(out.point.x, 3.5 + 0.5 * 0, 1, 'point between the circles at tMax');
    });
    it('linear cast (polygons), including a ray that passes the difference', () => {
      const away = input(makeBox(1, 1), [0, 0, 0.3], [0, 0], makeBox(1, 1), [3, 0, 0.1], [1, 0], 2);
      expectSeparatedAtEnd(away, linearCast(away), 'linear cast moving away');
      const past = input(makeBox(1, 1), [0, 0, 0.3], [0, 0], makeBox(1, 1), [-3, 2, 0.1], [3, 0], 2);
      expectSeparatedAtEnd(past, linearCast(past), 'linear cast passing by');
    });
    it('GJK ray cast (rounded shapes), when leaving the support plane and when the entry is past tMax', () => {
      const away = input(makeCapsule(1, 0.2), [0, 0, 0.3], [0, 0], makePolygon(shapeVertices(makeBox(1, 1)), 0.1), [3, 0, 0.1], [1, 0], 2);
      expectSeparatedAtEnd(away, gjkRaycast(away), 'ray cast moving away');
      const late = input(makeCapsule(1, 0.2), [0, 0, 0.3], [0, 0], makePolygon(shapeVertices(makeBox(1, 1)), 0.1), [30, 0, 0.1], [-1, 0], 2);
      expectSeparatedAtEnd(late, gjkRaycast(late), 'ray cast entering after tMax');
    });
    it('conservative advancement, with and without spin', () => {
      const away = input(makeBox(1, 1), [0, 0, 0.3], [0, 0], makeBox(1, 1), [3, 0, 0.1], [1, 0], 2);
      expectSeparatedAtEnd(away, conservativeAdvancement(away), 'advancement');
      const spinning = { ...away, spinB: 0.7 };
      expectSeparatedAtEnd(spinning, conservativeAdvancement(spinning), 'advancement with spin');
    });
    it('swept AABB fast path (world-aligned boxes)', () => {
      const i = input(makeBox(1, 1), [0, 0, 0], [0, 0], makeBox(1, 1), [3, 2, 0], [1, 1], 2);
      const out = timeOfImpact(i);
      assert.equal(out.method, 'swept-aabb');
      expectSeparatedAtEnd(i, out, 'swept AABB');
    });
    it('property: every separated answer of every method, on random pairs and motions', () => {
      const seen = new Map<string, number>();
      fc.assert(
        fc.property(caseArb(false), (c) => {
          const i = c.input;
          const polygons = i.shapeA.radius === 0 && i.shapeB.radius === 0 && i.shapeA.count >= 2 && i.shapeB.count >= 2;
          const solvers: [string, (x: ToiInput) => ToiOutput][] = [
            ['dispatcher', timeOfImpact],
            ['gjk-raycast', gjkRaycast],
            ['conservative-advancement', conservativeAdvancement],
          ];
          if (polygons) solvers.push(['linear-cast', linearCast]);
          if (i.shapeA.kind === 'circle' && i.shapeB.kind === 'circle') solvers.push(['circle', circleTimeOfImpact]);
          for (const [name, solve] of solvers) {
            const out = solve(i);
            if (out.state !== 'separated') continue;
            seen.set(name, (seen.get(name) ?? 0) + 1);
            expectSeparatedAtEnd(i, out, name);
          }
        }),
        { numRuns: 300, seed: 21 },
      );
      for (const name of ['dispatcher', 'gjk-raycast', 'conservative-advancement', 'linear-cast', 'circle']) {
        assert.ok((seen.get(name) ?? 0) > 0, `some separated answers from ${name}`);
      }
    });
  });

  describe("conservative advancement's trace runs forward and ends at the answer", () => {
    it('spinning bar through a target: the hit found in the end-game window is not re-recorded after its probe', () => {
      // The case from the closed-form tests: the search ends in a τ-window whose far end is
      // probed first, then the answer (the window's start) used to be appended after it.
      const phi = Math.atan2(0.9, 1.2);
      const tHit = (phi - Math.asin(0.06 / 1.5)) / 60;
      const i = input(makeBox(4, 0.02), [0, 0, 0], [0, 0], makeCircle({ x: 0, y: 0 }, 0.05), [1.2, 0.9, 0], [0, 0], 1 / 60, {
        spinA: 60,
        timeTolerance: 1e-4 / 60,
        trace: true,
      });
      const out = conservativeAdvancement(i);
      assert.equal(out.state, 'hit');
      near(out.t, tHit, 1e-4 / 60, 'toi');
      expectForwardTrace(i, out);
      // Every step before the answer is a time proven free of contact.
      assert.ok(out.trace!.length >= 2, 'steps before the answer');
      for (const s of out.trace!.slice(0, -1)) assert.ok(s.distance > 0);
      assert.ok(out.iterations > out.trace!.length, 'the look-ahead probes are counted, not recorded');
    });
    it('property: any spinning pair, every state; recording changes nothing in the answer', () => {
      const states = new Set<string>();
      fc.assert(
        fc.property(caseArb(true), (c) => {
          const plain = conservativeAdvancement(c.input);
          const traced = conservativeAdvancement({ ...c.input, trace: true });
          assert.deepEqual({ ...traced, trace: undefined }, { ...plain, trace: undefined });
          states.add(traced.state);
          expectForwardTrace(c.input, traced);
        }),
        { numRuns: 120, seed: 17 },
      );
      assert.ok(states.has('hit') && states.has('separated'), [...states].join());
    });
    it('a pair that starts touching has one step, at tMin', () => {
      const i = input(makeBox(1, 1), [0, 0, 0], [0, 0], makeBox(1, 1), [1, 0, 0], [1, 0], 1, { spinB: 1, trace: true });
      const out = conservativeAdvancement(i);
      assert.equal(out.state, 'overlapped');
      assert.equal(out.trace!.length, 1);
      expectForwardTrace(i, out);
    });
  });

  describe('spinning pairs with no relative translation (the dispatcher’s shortcuts)', () => {
    it('two bodies carried side by side, spinning at the same rate about their own origins, sweep into each other', () => {
      // Regression: equal spins were taken for a frozen relative pose, so this was "separated".
      const i = input(makeBox(0.1, 4), [0, 0, 0], [1, 0], makeBox(0.5, 0.5), [1.5, 0, 0], [1, 0], 3, { spinA: 1, spinB: 1 });
      const out = timeOfImpact(i);
      assert.equal(out.state, 'hit');
      const ref = referenceFirstContact(i, 0, 3000, 1e-7);
      assert.ok(ref !== null);
      near(out.t, ref, 1e-5, 'toi');
    });
    it('the same spin about the same origin is frozen: one query decides, separated measured at tMax', () => {
      const i = input(makeBox(0.1, 4), [0, 0, 0], [1, 0], makeCircle({ x: 1.5, y: 0.2 }, 0.1), [0, 0, 0], [1, 0], 3, { spinA: 2, spinB: 2, trace: true });
      const out = timeOfImpact(i);
      expectSeparatedAtEnd(i, out, 'frozen');
      assert.ok(out.iterations <= 2);
      expectForwardTrace(i, out);
    });
    it('one shape spinning in place for many turns: the search stops after one turn, the answer is at tMax', () => {
      // A block 2 from its rotation origin circles round a small disc near that origin: their
      // bounding discs overlap, so only the period bounds the search.
      const block = makePolygon([
        { x: 1.75, y: -0.25 },
        { x: 2.25, y: -0.25 },
        { x: 2.25, y: 0.25 },
        { x: 1.75, y: 0.25 },
      ]);
      const i = input(block, [0, 0, 0], [0.5, 0], makeCircle({ x: 0, y: 0 }, 0.2), [0.3, 0.1, 0], [0.5, 0], 100, { spinA: 3, trace: true });
      const out = timeOfImpact(i);
      expectSeparatedAtEnd(i, out, 'periodic');
      expectForwardTrace(i, out);
      const full = conservativeAdvancement(i);
      assert.equal(full.state, 'separated');
      assert.ok(out.iterations < full.iterations, `${out.iterations} vs ${full.iterations} evaluations`);
    });
  });
});
