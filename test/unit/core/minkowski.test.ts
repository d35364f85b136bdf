import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { makeTransform } from '../../../core/math/vec2';
import { contact } from '../../../core/narrow/contact';
import { minkowskiDifference } from '../../../core/narrow/minkowski';
import { makeBox, makeCapsule, makeCircle, makeSegment } from '../../../core/shapes/factory';
import { convexHull, removeDegenerate } from '../../../core/shapes/polygon';
import { anyShapeArb, referenceSeparation, separationAlong } from './narrow-arbitraries';
import { transformArb, worldVertices } from './reference';

const near = (a: number, b: number, tol: number, what = '') => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b} (tol ${tol})`);
const I = makeTransform(0, 0, 0);

describe('core/narrow/minkowski', () => {
  it('exactly aligned boxes: 8 vertices, parallel edges kept one per source, depth and translation', () => {
    const md = minkowskiDifference({ shapeA: makeBox(2, 2), transformA: I, shapeB: makeBox(1, 1), transformB: makeTransform(1, 0, 0) });
    assert.equal(md.state, 'ok');
    assert.equal(md.vertices.length, 8);
    assert.deepEqual(
      md.edges.map((e) => e.source),
      ['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B'],
    );
    near(md.signedDistance, -0.5, 1e-15);
    near(md.closest.x, -0.5, 1e-15);
    near(md.closest.y, 0, 1e-15);
  });

  it('circle minus circle is a disc: one vertex, no edge, radius rA + rB', () => {
    const md = minkowskiDifference({ shapeA: makeCircle({ x: 0, y: 0 }, 1), transformA: I, shapeB: makeCircle({ x: 0, y: 0 }, 2), transformB: makeTransform(5, 0, 0) });
    assert.equal(md.vertices.length, 1);
    assert.equal(md.edges.length, 0);
    assert.equal(md.radius, 3);
    near(md.signedDistance, 2, 1e-15);
    near(md.closest.x, 2, 1e-15);
  });

  it('segment minus capsule core: a parallelogram with two edges from each', () => {
    const md = minkowskiDifference({
      shapeA: makeCapsule(2, 0.25),
      transformA: I,
      shapeB: makeSegment({ x: 0, y: 0 }, { x: 0, y: 1 }),
      transformB: makeTransform(3, 0, 0),
    });
    assert.equal(md.vertices.length, 4);
    assert.deepEqual(md.edges.map((e) => e.source).sort(), ['A', 'A', 'B', 'B']);
    near(md.signedDistance, 2 - 0.25, 1e-15);
  });

  it('property: the vertices are the convex hull of all vertex differences, each made of its A and B vertex', () => {
    let hullsCompared = 0;
    fc.assert(
      fc.property(anyShapeArb(1), anyShapeArb(1), transformArb(2), transformArb(2), (a, b, xa, xb) => {
        const md = minkowskiDifference({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
        const wa = worldVertices(a, xa);
        const wb = worldVertices(b, xb);
        assert.ok(md.vertices.length > 0, 'a difference of well-formed shapes has vertices');
        for (const v of md.vertices) {
          near(v.pointA.x, wa[v.indexA]!.x, 1e-12, 'pointA');
          near(v.pointB.y, wb[v.indexB]!.y, 1e-12, 'pointB');
          near(v.w.x, v.pointB.x - v.pointA.x, 1e-12, 'w');
        }
        // Each edge advances exactly one of the two shapes by one vertex.
        const n = md.vertices.length;
        md.edges.forEach((e, k) => {
          const from = md.vertices[k]!;
          const to = md.vertices[(k + 1) % n]!;
          if (e.source === 'A') {
            assert.equal(to.indexB, from.indexB);
            assert.equal(e.edge, from.indexA);
            assert.equal(to.indexA, (from.indexA + 1) % a.count);
          } else {
            assert.equal(to.indexA, from.indexA);
            assert.equal(e.edge, from.indexB);
            assert.equal(to.indexB, (from.indexB + 1) % b.count);
          }
        });
        const diffs = wa.flatMap((p) => wb.map((q) => ({ x: q.x - p.x, y: q.y - p.y })));
        // Both cleaned with the same tolerance: a flat difference turned by 1e-322 is flat.
        const hull = removeDegenerate(convexHull(diffs)).points;
        const mine = removeDegenerate(md.vertices.map((v) => v.w)).points;
        if (hull.length >= 3 && mine.length >= 3) {
          hullsCompared++;
          assert.equal(mine.length, hull.length, 'hull size');
          for (const h of hull) assert.ok(mine.some((m) => Math.abs(m.x - h.x) <= 1e-9 && Math.abs(m.y - h.y) <= 1e-9), 'hull vertex');
        }
        near(md.signedDistance, referenceSeparation(a, xa, b, xb), 4e-9, 'signed distance');
        near(Math.hypot(md.closest.x, md.closest.y), Math.abs(md.signedDistance), 4e-9, '|closest|');
      }),
      { numRuns: 2000 },
    );
    assert.ok(hullsCompared > 0, 'no difference with area was compared with the hull');
  });

  it('property: moving B by -closest makes the pair touch', () => {
    fc.assert(
      fc.property(anyShapeArb(1), anyShapeArb(1), transformArb(1), transformArb(1), (a, b, xa, xb) => {
        const md = minkowskiDifference({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
        const moved = makeTransform(xb.x - md.closest.x, xb.y - md.closest.y, Math.atan2(xb.s, xb.c));
        const r = contact({ shapeA: a, transformA: xa, shapeB: b, transformB: moved });
        near(r.separation, 0, 1e-8, 'touching after the least translation');
      }),
      { numRuns: 1000 },
    );
  });

  it('collinear segments apart along their line: a flat difference does not contain the origin', () => {
    // Regression: every edge half-plane of a flat B ⊖ A contains its whole line, so the origin on
    // that line 3 beyond the ends counted as inside (signed distance -0 instead of 3).
    const seg = makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 });
    const md = minkowskiDifference({ shapeA: seg, transformA: I, shapeB: seg, transformB: makeTransform(5, 0, 0) });
    near(md.signedDistance, 3, 1e-15, 'segments');
    near(md.closest.x, 3, 1e-15, 'closest');
    assert.deepEqual([md.normal.x, md.normal.y], [1, 0]);
    const cap = makeCapsule(2, 0.5);
    const caps = minkowskiDifference({ shapeA: cap, transformA: I, shapeB: cap, transformB: makeTransform(5, 0, 0) });
    near(caps.signedDistance, 2, 1e-15, 'capsules');
  });

  it('property: parallel segment and capsule cores on one line, at any angle, against the closed form', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: 0.1, max: 2, noNaN: true }),
        fc.double({ min: 0.1, max: 2, noNaN: true }),
        fc.double({ min: -6, max: 6, noNaN: true }),
        fc.constantFrom(0, 0.25),
        fc.constantFrom(0, 0.5),
        (angle, la, lb, offset, ra, rb) => {
          const a = ra > 0 ? makeCapsule(la, ra) : makeSegment({ x: -la / 2, y: 0 }, { x: la / 2, y: 0 });
          const b = rb > 0 ? makeCapsule(lb, rb) : makeSegment({ x: -lb / 2, y: 0 }, { x: lb / 2, y: 0 });
          const xa = makeTransform(1, -2, angle);
          const xb = makeTransform(1 + offset * Math.cos(angle), -2 + offset * Math.sin(angle), angle);
          const md = minkowskiDifference({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
          // Along the line the cores are |offset| - (la + lb)/2 apart; overlapping cores are pushed
          // apart across the line, by the radii.
          const gap = Math.abs(offset) - (la + lb) / 2;
          near(md.signedDistance, Math.max(gap, 0) - ra - rb, 1e-9, 'signed distance');
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('property: the normal is a unit minimum-translation direction, closest = signedDistance × normal', () => {
    fc.assert(
      fc.property(anyShapeArb(1), anyShapeArb(1), transformArb(2), transformArb(2), (a, b, xa, xb) => {
        const md = minkowskiDifference({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
        near(Math.hypot(md.normal.x, md.normal.y), 1, 1e-12, '|normal|');
        near(md.closest.x, md.signedDistance * md.normal.x, 1e-9, 'closest x');
        near(md.closest.y, md.signedDistance * md.normal.y, 1e-9, 'closest y');
        // Along the normal, B's extent starts exactly signedDistance beyond A's.
        near(separationAlong(a, xa, b, xb, md.normal), md.signedDistance, 1e-8, 'separation along the normal');
      }),
      { numRuns: 2000 },
    );
  });
});
