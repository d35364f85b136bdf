import assert from 'node:assert/strict';
import { makeTransform } from '../../../../core/math/vec2';
import { makeBox, makeCapsule, makeCircle, makePolygon, makeSegment } from '../../../../core/shapes/factory';
import type { ConvexShape } from '../../../../core/shapes/shape';
import type { ToiInput, ToiOutput } from '../../../../core/ccd/types';
import { timeOfImpact } from '../../../../core/ccd/toi';
import { circleTimeOfImpact } from '../../../../core/ccd/circle-toi';
import { gjkRaycast } from '../../../../core/ccd/gjk-raycast';
import { linearCast } from '../../../../core/ccd/linear-cast';
import { conservativeAdvancement } from '../../../../core/ccd/conservative-advancement';
import { separationAt } from './reference';

const DT = 1 / 60;
const TAU = 1e-4 * DT;

interface Body {
  shape: ConvexShape;
  at: [number, number];
  angle?: number;
  velocity?: [number, number];
  spin?: number;
}

function pair(a: Body, b: Body, tMax = DT, extra: Partial<ToiInput> = {}): ToiInput {
  return {
    shapeA: a.shape,
    transformA: makeTransform(a.at[0], a.at[1], a.angle ?? 0),
    velocityA: { x: a.velocity?.[0] ?? 0, y: a.velocity?.[1] ?? 0 },
    spinA: a.spin ?? 0,
    shapeB: b.shape,
    transformB: makeTransform(b.at[0], b.at[1], b.angle ?? 0),
    velocityB: { x: b.velocity?.[0] ?? 0, y: b.velocity?.[1] ?? 0 },
    spinB: b.spin ?? 0,
    tMin: 0,
    tMax,
    timeTolerance: TAU,
    ...extra,
  };
}

function near(actual: number, expected: number, tol: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tolerance ${tol})`);
}

function expectHit(out: ToiOutput, t: number, normal: [number, number], point?: [number, number]): void {
  assert.equal(out.state, 'hit', `state (${out.method})`);
  near(out.t, t, TAU, `toi (${out.method})`);
  assert.ok(out.t <= t + 1e-12, `never later than the first touch (${out.method})`);
  near(out.normal.x, normal[0], 1e-6, `normal x (${out.method})`);
  near(out.normal.y, normal[1], 1e-6, `normal y (${out.method})`);
  if (point) {
    near(out.point.x, point[0], 1e-4, `point x (${out.method})`);
    near(out.point.y, point[1], 1e-4, `point y (${out.method})`);
  }
}

describe('core/ccd closed-form time-of-impact cases', () => {
  describe('head-on circles', () => {
    // Gap 10 − 1.5 = 8.5 closed at 15 units/s: first touch at 8.5 / 15 s, at x = 10 t + 1.
    const input = pair(
      { shape: makeCircle({ x: 0, y: 0 }, 1), at: [0, 0], velocity: [10, 0] },
      { shape: makeCircle({ x: 0, y: 0 }, 0.5), at: [10, 0], velocity: [-5, 0] },
      1,
    );
    const t = 8.5 / 15;
    it('dispatches to the closed form and gets the exact root', () => {
      const out = timeOfImpact(input);
      assert.equal(out.method, 'circle');
      expectHit(out, t, [1, 0], [10 * t + 1, 0]);
      assert.ok(Math.abs(out.t - t) < 1e-15);
    });
    it('agrees with the GJK ray cast and conservative advancement', () => {
      expectHit(gjkRaycast(input), t, [1, 0], [10 * t + 1, 0]);
      expectHit(conservativeAdvancement({ ...input, tolerance: 1e-12 }), t, [1, 0], [10 * t + 1, 0]);
    });
    it('reports moving apart as separated and touching at the start as overlapped', () => {
      const apart = { ...input, velocityA: { x: -1, y: 0 } };
      assert.equal(circleTimeOfImpact(apart).state, 'separated');
      assert.equal(gjkRaycast(apart).state, 'separated');
      const touching = { ...input, transformB: makeTransform(1.5, 0, 0) };
      assert.equal(circleTimeOfImpact(touching).state, 'overlapped');
      assert.equal(gjkRaycast(touching).state, 'overlapped');
    });
  });

  describe('a bullet through a thin wall', () => {
    // The wall's near face is at x = 4.9; a 0.1-radius bullet at 600 units/s touches it when its
    // center reaches 4.8, at t = 0.008 s — half a step, and gone through by the step's end.
    const wall = { shape: makeBox(0.2, 4), at: [5, 0] as [number, number] };
    it('round bullet (GJK ray cast)', () => {
      const input = pair({ shape: makeCircle({ x: 0, y: 0 }, 0.1), at: [0, 0], velocity: [600, 0] }, wall);
      const out = timeOfImpact(input);
      assert.equal(out.method, 'gjk-raycast');
      expectHit(out, 0.008, [1, 0], [4.9, 0]);
      assert.ok(separationAt(input, DT) > 0, 'a discrete engine sees nothing at the step end');
    });
    it('square bullet (swept AABB fast path, linear cast, GJK ray cast)', () => {
      const input = pair({ shape: makeBox(0.2, 0.2), at: [0, 0], velocity: [600, 0] }, wall);
      const out = timeOfImpact(input);
      assert.equal(out.method, 'swept-aabb');
      expectHit(out, 0.008, [1, 0], [4.9, 0]);
      expectHit(linearCast(input), 0.008, [1, 0]);
      expectHit(gjkRaycast(input), 0.008, [1, 0]);
    });
    it('a square bullet written as a polygon takes the same fast path, with the same answer', () => {
      // makePolygon stores no edge normals (relative.ts edgeNormal computes them): the fast path
      // must know an axis-aligned rectangle by its edges, not by normals a box alone stores.
      const square = makePolygon([{ x: -0.1, y: -0.1 }, { x: 0.1, y: -0.1 }, { x: 0.1, y: 0.1 }, { x: -0.1, y: 0.1 }]);
      const bullet = { at: [0, 0.03] as [number, number], velocity: [600, 0] as [number, number] };
      const out = timeOfImpact(pair({ shape: square, ...bullet }, wall));
      assert.equal(out.method, 'swept-aabb');
      assert.deepEqual(out, timeOfImpact(pair({ shape: makeBox(0.2, 0.2), ...bullet }, wall)));
      const diamond = makePolygon([{ x: 0, y: -0.1 }, { x: 0.1, y: 0 }, { x: 0, y: 0.1 }, { x: -0.1, y: 0 }]);
      assert.notEqual(timeOfImpact(pair({ shape: diamond, ...bullet }, wall)).method, 'swept-aabb');
    });
    it('tilted square bullet hits with its corner first (linear cast)', () => {
      // Rotated 45°, the bullet's corner leads at 0.1√2 from its center.
      const input = pair({ shape: makeBox(0.2, 0.2), at: [0, 0], angle: Math.PI / 4, velocity: [600, 0] }, wall);
      const t = (4.9 - 0.1 * Math.SQRT2) / 600;
      const out = timeOfImpact(input);
      assert.equal(out.method, 'linear-cast');
      expectHit(out, t, [1, 0], [4.9, 0]);
      expectHit(gjkRaycast(input), t, [1, 0], [4.9, 0]);
    });
    it('capsule bullet and a segment wall', () => {
      const input = pair(
        { shape: makeCapsule(0.4, 0.05), at: [0, 0], velocity: [600, 0] },
        { shape: makeSegment({ x: 0, y: -2 }, { x: 0, y: 2 }), at: [5, 0] },
      );
      const t = (5 - 0.25) / 600;
      expectHit(timeOfImpact(input), t, [1, 0], [5, 0]);
    });
  });

  describe('collinear segments meeting end-on (a flat B ⊖ A along the ray)', () => {
    // Regression: B ⊖ A of two segments on one line has no area and no edge facing a ray along
    // that line; the linear cast called the pair 3 apart 'overlapped'. They touch when the gap of
    // 3 closes at 60 units/s, at x = 1.
    const seg = makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 });
    const input = pair({ shape: seg, at: [0, 0] }, { shape: seg, at: [5, 0], velocity: [-60, 0] }, 1);
    it('hits end-on at the closed-form time, by the linear cast and the GJK ray cast', () => {
      const out = timeOfImpact(input);
      assert.equal(out.method, 'linear-cast');
      expectHit(out, 0.05, [1, 0], [1, 0]);
      expectHit(gjkRaycast(input), 0.05, [1, 0], [1, 0]);
    });
    it('is separated, not overlapped, when moving across the line or apart along it', () => {
      assert.equal(linearCast({ ...input, velocityB: { x: 0, y: 1 } }).state, 'separated');
      assert.equal(linearCast({ ...input, velocityB: { x: 60, y: 0 } }).state, 'separated');
      // ... and a line a hair above passes over the end.
      assert.equal(linearCast({ ...input, transformB: makeTransform(5, 1e-6, 0) }).state, 'separated');
    });
  });

  describe('a box sliding past a corner it just misses', () => {
    // The moving box's top is at 0.5; the obstacle's bottom at 0.5 + 1e-6.
    const mover = { shape: makeBox(1, 1), at: [0, 0] as [number, number], velocity: [600, 0] as [number, number] };
    const obstacle = { shape: makeBox(1, 1), at: [5, 1 + 1e-6] as [number, number] };
    it('every method says separated', () => {
      const input = pair(mover, obstacle, 0.02);
      assert.equal(timeOfImpact(input).state, 'separated');
      assert.equal(linearCast(input).state, 'separated');
      assert.equal(gjkRaycast(input).state, 'separated');
      assert.equal(conservativeAdvancement(input).state, 'separated');
    });
    it('a diamond passing a square corner by 1e-6', () => {
      const diamond = makePolygon([
        { x: 0, y: -0.5 },
        { x: 0.5, y: 0 },
        { x: 0, y: 0.5 },
        { x: -0.5, y: 0 },
      ]);
      const input = pair({ shape: diamond, at: [0, 0], velocity: [600, 0] }, { shape: makeBox(1, 1), at: [5, 1 + 1e-6] }, 0.02);
      assert.equal(linearCast(input).state, 'separated');
      assert.equal(gjkRaycast(input).state, 'separated');
      // ...and hits when lowered by 2e-6.
      const lower = { ...input, transformB: makeTransform(5, 1 - 1e-6, 0) };
      assert.equal(linearCast(lower).state, 'hit');
      assert.equal(gjkRaycast(lower).state, 'hit');
    });
  });

  describe('a grazing contact', () => {
    it('circle tangent to a circle at the closest approach', () => {
      // Center path y = 2 past a unit circle at the origin: tangent at x = 0, t = 0.5.
      const input = pair(
        { shape: makeCircle({ x: 0, y: 0 }, 1), at: [0, 0] },
        { shape: makeCircle({ x: 0, y: 0 }, 1), at: [-5, 2], velocity: [10, 0] },
        1,
        { timeTolerance: 1e-4 },
      );
      const out = timeOfImpact(input);
      assert.equal(out.state, 'hit');
      // A tangency is ill-conditioned in time: the separation is within tolerance of zero for a
      // while around 0.5; the contact is reported at its start, no earlier than that band.
      assert.ok(out.t <= 0.5 + 1e-9 && out.t >= 0.5 - 1e-3, `toi ${out.t}`);
      near(out.normal.y, 1, 1e-3, 'normal');
    });
    it('circle grazing a box corner', () => {
      // Circle of radius 1 at height 1.5 over a unit box: it touches the corner (−0.5, 0.5) exactly
      // when its center passes x = −0.5.
      const input = pair(
        { shape: makeBox(1, 1), at: [0, 0] },
        { shape: makeCircle({ x: 0, y: 0 }, 1), at: [-5, 1.5], velocity: [10, 0] },
        1,
      );
      const out = timeOfImpact(input);
      assert.equal(out.method, 'gjk-raycast');
      assert.equal(out.state, 'hit');
      near(out.t, 0.45, 1e-3, 'toi');
      assert.ok(out.t <= 0.45 + 1e-12);
    });
  });

  describe('a spinning bar through a target', () => {
    // A 4 × 0.02 bar spinning at 60 rad/s (a radian per step) about its center; a 0.05-radius
    // target 1.5 from the center at bearing φ = atan2(0.9, 1.2). The bar's face reaches it when
    // 1.5 sin(φ − θ) = 0.01 + 0.05.
    const phi = Math.atan2(0.9, 1.2);
    const tHit = (phi - Math.asin(0.06 / 1.5)) / 60;
    const input = pair(
      { shape: makeBox(4, 0.02), at: [0, 0], spin: 60 },
      { shape: makeCircle({ x: 0, y: 0 }, 0.05), at: [1.2, 0.9] },
      DT,
      { trace: true },
    );
    it('conservative advancement finds it by rotation alone', () => {
      const out = timeOfImpact(input);
      assert.equal(out.method, 'conservative-advancement');
      assert.equal(out.state, 'hit');
      near(out.t, tHit, TAU, 'toi');
      assert.ok(out.t <= tHit + 1e-12, 'never later than the first touch');
      // The normal points from the bar to the target: the bar's face normal at θ(tHit).
      const th = 60 * out.t;
      near(out.normal.x, -Math.sin(th), 1e-3, 'normal x');
      near(out.normal.y, Math.cos(th), 1e-3, 'normal y');
      near(Math.hypot(out.point.x, out.point.y), 1.5 * Math.cos(phi - 60 * tHit), 1e-3, 'point radius');
      assert.ok(out.trace && out.trace.length >= 2, 'the iterations are recorded');
      const first = out.trace![0]!;
      assert.equal(first.t, 0);
      near(first.distance, separationAt(input, 0), 1e-9, 'traced distance');
      assert.ok(out.trace!.every((s) => s.t <= out.t + TAU && s.distance >= 0));
    });
    it('while a discrete engine sees nothing at either step end', () => {
      assert.ok(separationAt(input, 0) > 0.1);
      assert.ok(separationAt(input, DT) > 0.1);
    });
    it('and a thin bar missing the target by 1e-4 is separated', () => {
      const miss = { ...input, transformB: makeTransform(2.05 + 1e-4, 0, 0), trace: false, tMax: 0.2 };
      const out = timeOfImpact(miss);
      assert.equal(out.state, 'separated', `${out.state} at ${out.t} after ${out.iterations}`);
    });
  });
});

describe('core/ccd conservative advancement on adversarial inputs', () => {
  const cap = 400;
  const terminates = (input: ToiInput, states: string[]) => {
    const out = conservativeAdvancement({ ...input, maxIterations: cap });
    assert.ok(out.iterations <= cap + 2, `iterations ${out.iterations}`);
    assert.ok(states.includes(out.state), `state ${out.state}`);
    return out;
  };
  it('zero relative motion: separated at once', () => {
    const out = terminates(
      pair({ shape: makeBox(1, 1), at: [0, 0], velocity: [3, 4] }, { shape: makeBox(1, 1), at: [2, 0], velocity: [3, 4] }, 10),
      ['separated'],
    );
    assert.ok(out.iterations <= 2);
  });
  it('pure spin about the contact point: overlapped at the start', () => {
    // A box spinning about its own corner, which touches the other box.
    const corner = makePolygon([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ]);
    terminates(pair({ shape: corner, at: [0, 0], spin: 100 }, { shape: makeBox(1, 1), at: [-0.5, 0.5] }, 10), ['overlapped']);
  });
  it('pure spin about a point a hair away from the contact: decided within the cap', () => {
    const corner = makePolygon([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ]);
    terminates(pair({ shape: corner, at: [0, 0], spin: 1000 }, { shape: makeBox(1, 1), at: [-0.5 - 1e-9, 0.5] }, 10), [
      'hit',
      'separated',
      'overlapped',
    ]);
  });
  it('touching at t = 0 while spinning and translating: overlapped', () => {
    terminates(
      pair({ shape: makeBox(2, 0.1), at: [0, 0], spin: 1000, velocity: [1e5, 0] }, { shape: makeCircle({ x: 0, y: 0 }, 1), at: [0, 1.05] }),
      ['overlapped'],
    );
  });
  it('an orbiting circle that grazes a target every turn: decided within the cap', () => {
    // The circle is offset 1 from its rotation origin, the target 2.5 + 1e-9 away: the closest
    // approach is 1e-9 every turn.
    terminates(
      pair({ shape: makeCircle({ x: 1, y: 0 }, 0.5), at: [0, 0], spin: 1000 }, { shape: makeCircle({ x: 0, y: 0 }, 1), at: [0, 2.5 + 1e-9] }, 1),
      ['hit', 'separated', 'failed'],
    );
  });
  it('bad input is a failed state, not a throw', () => {
    const input = pair({ shape: makeBox(1, 1), at: [0, 0], velocity: [NaN, 0] }, { shape: makeBox(1, 1), at: [2, 0] });
    assert.equal(timeOfImpact(input).state, 'failed');
    assert.equal(timeOfImpact({ ...input, velocityA: { x: 1, y: 0 }, tMin: 1, tMax: 0 }).state, 'failed');
  });
});
