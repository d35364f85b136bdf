import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { makeTransform, type Transform } from '../../../core/math/vec2';
import { contact } from '../../../core/narrow/contact';
import { makeBox, makeCapsule, makeCircle, makePolygon, makeSegment } from '../../../core/shapes/factory';
import type { ConvexShape } from '../../../core/shapes/shape';
import { anyShapeArb, referenceSeparation, scaleShape, separationAlong } from './narrow-arbitraries';
import { transformArb } from './reference';

const near = (a: number, b: number, tol: number, what = '') => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b} (tol ${tol})`);
const I = makeTransform(0, 0, 0);
const at = (x: number, y: number, a = 0) => makeTransform(x, y, a);

function c(a: ConvexShape, xa: Transform, b: ConvexShape, xb: Transform) {
  return contact({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
}

describe('core/narrow/contact', () => {
  describe('known answers', () => {
    it('exactly aligned boxes, two support vertices: depth, normal and two points (AABB path)', () => {
      const r = c(makeBox(2, 2), I, makeBox(1, 1), at(1.25, 0.2));
      assert.equal(r.method, 'aabb-aabb');
      near(r.separation, -0.25, 1e-15);
      assert.deepEqual(r.normal, { x: 1, y: 0 });
      assert.deepEqual(r.points, [{ x: 0.875, y: -0.3 }, { x: 0.875, y: 0.7 }]);
    });

    it('exactly aligned boxes turned together, two support vertices: the polygon path agrees', () => {
      const t = 0.7;
      const off = { x: 1.25 * Math.cos(t) - 0.2 * Math.sin(t), y: 1.25 * Math.sin(t) + 0.2 * Math.cos(t) };
      // B turned a further quarter turn is the same square, but its relative rotation is no
      // longer exactly axis-aligned (cos(π/2) ≠ 0 in doubles): the SAT path.
      const r = c(makeBox(2, 2), at(5, 5, t), makeBox(1, 1), at(5 + off.x, 5 + off.y, t + Math.PI / 2));
      assert.equal(r.method, 'sat');
      near(r.separation, -0.25, 1e-12);
      near(r.normal.x, Math.cos(t), 1e-12);
      near(r.normal.y, Math.sin(t), 1e-12);
      assert.equal(r.points.length, 2);
    });

    it('touching boxes: separation 0, resting contact with two points', () => {
      const r = c(makeBox(2, 2), I, makeBox(2, 2), at(0, 2, Math.PI / 2));
      near(r.separation, 0, 1e-15);
      near(r.normal.y, 1, 1e-15);
      assert.equal(r.points.length, 2);
    });

    it('nested: a small box inside a big one is pushed out through the nearest face', () => {
      const r = c(makeBox(10, 10), I, makeBox(1, 1), at(3.5, -1, 0.2));
      const reach = 0.5 * (Math.cos(0.2) + Math.sin(0.2)); // half-width of the turned box along x
      near(r.separation, -(5 - 3.5 + reach), 1e-12);
      near(r.normal.x, 1, 1e-15);
    });

    it('circle–circle closed form, and concentric circles degenerate with a conventional normal', () => {
      const r = c(makeCircle({ x: 0, y: 0 }, 1), I, makeCircle({ x: 0, y: 0 }, 0.5), at(0.9, 1.2));
      assert.equal(r.method, 'circle-circle');
      near(r.separation, 1.5 - 1.5, 1e-15);
      const k = c(makeCircle({ x: 0, y: 0 }, 1), I, makeCircle({ x: 0, y: 0 }, 0.5), I);
      assert.equal(k.state, 'degenerate');
      near(k.separation, -1.5, 0);
      assert.deepEqual(k.normal, { x: 0, y: 1 });
    });

    it('a capsule across a thin box turned by π + 1e-15: the same contact points in either order', () => {
      // The symmetry property's counterexample: the capsule's segment is perpendicular to the
      // reference face, and rounding of the near-half-turn left its clipped span 0 in one order
      // (one point) and 1e-16 in the other (two).
      // The capsule sits 0.01 off the box's center: centered, the push to either side ties and the
      // convention (tie-break.ts) pushes whichever is B to the right in both orders.
      const box = makeBox(0.1, 1.002);
      const capsule = makeCapsule(0.1, 0.05);
      const turned = { x: 0, y: 0, c: -1, s: 1.0106430996148606e-15 };
      const r = c(box, turned, capsule, at(0.01, 0));
      const s = c(capsule, at(0.01, 0), box, turned);
      near(r.normal.x, 1, 1e-15, 'normal');
      near(r.separation, s.separation, 1e-15, 'separation');
      assert.equal(r.points.length, s.points.length, 'point count');
      assert.ok(r.points.length > 0, 'contact points');
      for (const q of r.points) assert.ok(s.points.some((p) => Math.hypot(p.x - q.x, p.y - q.y) <= 1e-12), `point ${JSON.stringify(q)} of ${JSON.stringify(s.points)}`);
    });

    it('the thin box centered on the capsule: a tie, and B goes the conventional way (world +x) in both orders', () => {
      // Centered, the capsule leaves the box as cheaply to either side; of the tied pushes the
      // convention (tie-break.ts) moves whichever shape is B along the most upward, then the
      // rightmost, direction: here +x, the turned box's face normal (1, -s).
      const box = makeBox(0.1, 1.002);
      const capsule = makeCapsule(0.1, 0.05);
      const turned = { x: 0, y: 0, c: -1, s: 1.0106430996148606e-15 };
      const r = c(box, turned, capsule, I);
      const s = c(capsule, I, box, turned);
      assert.deepEqual(r.normal, { x: 1, y: -turned.s });
      assert.deepEqual(s.normal, { x: 1, y: -turned.s });
      assert.equal(r.separation, -0.15000000000000002);
      assert.equal(s.separation, r.separation);
    });

    describe('swapping A and B mirrors the answer exactly (symmetry counterexamples)', () => {
      /** The reverse order gives the same separation and points and the opposite normal, to the bit. */
      function mirrored(a: ConvexShape, xa: Transform, b: ConvexShape, xb: Transform) {
        const r = c(a, xa, b, xb);
        const s = c(b, xb, a, xa);
        assert.equal(s.separation, r.separation, 'separation');
        // (+ 0 reads -0 as 0: the sign of a zero component is no part of the answer.)
        assert.deepEqual({ x: s.normal.x + 0, y: s.normal.y + 0 }, { x: -r.normal.x + 0, y: -r.normal.y + 0 }, 'normal');
        assert.deepEqual(s.points, r.points, 'points');
        return r;
      }

      it('a capsule core sliding through a segment end: one contact point, continuous through the end', () => {
        // The segment's end (0, 0) lies on the capsule's core line when y = 0: the exact-sign
        // crossing test said "crossing" in one order and "touching at the end" in the other at
        // y = 2.5e-323 (points (0, 2.5e-323) and (0, 0.025)), and the point jumped by rB/2 as
        // the core passed the end. Now it is midway between the surfaces on either side.
        const seg = makeSegment({ x: 0, y: 0.051 }, { x: 0, y: 0 });
        const cap = makeCapsule(0.1, 0.05);
        for (const y of [1e-9, 2.5e-323, 0, -2.5e-323, -1e-9]) {
          const r = mirrored(seg, I, cap, { x: 0, y, c: 1, s: -9.3e-308 });
          near(r.separation, -0.05 - y, 1e-15, `separation at y = ${y}`);
          assert.equal(r.points.length, 1);
          near(r.points[0]!.x, 0, 1e-300, `x at y = ${y}`);
          // Crossing: the core's crossing lifted by (rA - rB)/2 along (0, -1); not crossing: midway
          // between the segment's end and the capsule's top. Both are 0.025 at y = 0.
          near(r.points[0]!.y, y > 0 ? 0.025 + y : 0.025 + y / 2, 1e-15, `y at y = ${y}`);
        }
      });

      it('nearly parallel capsule cores 1e-10 apart in angle: the same reference face in both orders', () => {
        // SAT favors A's face over B's within 1e-10 of the pair's size (Catto's bias), so near
        // a tie each order took its own A's face: (0, 1) with two points against (1e-10, -1)
        // with one, or SAT in one order and GJK in the other.
        const cases: [ConvexShape, Transform, ConvexShape, Transform][] = [
          [makeCapsule(0.1, 0.05), I, makeCapsule(0.1, 0.05), { x: -0.0502598, y: 0, c: 1, s: 1.1545e-10 }],
          [makeCapsule(0.1, 0.05), { x: 0, y: 5.030200000000002e-12, c: 1, s: 1.0000000000000002e-10 }, makeCapsule(0.102, 0.05), I],
          [makeCapsule(0.102, 0.05), I, makeCapsule(0.1, 0.05), { x: 0, y: 5.03e-12, c: 1, s: 1e-10 }],
        ];
        for (const [a, xa, b, xb] of cases) {
          const r = mirrored(a, xa, b, xb);
          near(r.separation, referenceSeparation(a, xa, b, xb), 1e-12, 'separation');
          near(Math.abs(r.normal.y), 1, 1e-15, 'normal');
        }
      });

      it('collinear capsules overlapping end to end: a tie, each order pushes its B up', () => {
        const a = makeCapsule(0.1, 0.05);
        const b = makeCapsule(0.216, 0.05);
        const xb = at(0.108416, 0);
        for (const r of [c(a, I, b, xb), c(b, xb, a, I)]) {
          assert.equal(r.normal.x + 0, 0);
          assert.equal(r.normal.y, 1);
          assert.equal(r.separation, -0.1);
        }
      });

      it('touching at zero separation: one normal of the cone of valid ones, the same in both orders', () => {
        // Segments meeting at the origin: any normal between (0.02, 0.9998) and (0, 1) separates
        // them; each order reported its own A's face.
        const r = mirrored(makeSegment({ x: 0, y: 0 }, { x: 0.05, y: -0.001 }), I, makeSegment({ x: 0.051, y: 0 }, { x: 0, y: 0 }), I);
        assert.equal(r.separation, 0);
        assert.ok(r.normal.y > 0.9998 && r.normal.x >= 0 && r.normal.x <= 0.02, JSON.stringify(r.normal));
        const e = mirrored(makeCapsule(2, 0.05), I, makeSegment({ x: 1, y: 0.001 }, { x: 1, y: -0.05 }), I);
        near(e.separation, -0.05, 1e-15, 'capsule end on the segment');
        assert.equal(e.normal.x, 1);
        assert.equal(e.normal.y + 0, 0);
        // The same pairs turned and moved: rounding differs in either frame, the answers do not.
        for (const [xa, xb] of [
          [at(3, -2, 0.7), at(3, -2, 0.7)],
          [at(1e3, 1e3, -2), at(1e3, 1e3, -2)],
        ] as const) {
          mirrored(makeSegment({ x: 0, y: 0 }, { x: 0.05, y: -0.001 }), xa, makeSegment({ x: 0.051, y: 0 }, { x: 0, y: 0 }), xb);
          mirrored(makeCapsule(2, 0.05), xa, makeSegment({ x: 1, y: 0.001 }, { x: 1, y: -0.05 }), xb);
        }
      });
    });

    it('centers a subnormal distance apart still have a unit normal (circle and polygon-vertex paths)', () => {
      // The property test's counterexample: centers (5e-324, -5e-324) apart gave a normal of
      // length √2, hypot rounding the subnormal length down to 5e-324.
      const small = makeCircle({ x: 0, y: 0 }, 0.05);
      const tri = makePolygon([
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ]);
      const h = Math.SQRT1_2;
      for (const [a, xb, nx, ny] of [
        [small, at(5e-324, -5e-324), h, -h],
        [small, at(3e-300, 4e-300), 0.6, 0.8],
        [tri, at(-1e-160, -1e-160), -h, -h],
      ] as const) {
        const r = c(a, I, small, xb);
        near(r.normal.x, nx, 1e-15, `normal x (${r.method})`);
        near(r.normal.y, ny, 1e-15, `normal y (${r.method})`);
      }
    });

    it('circle against an AABB and an OBB by clamping: face, corner and center-inside cases', () => {
      const face = c(makeBox(2, 2), I, makeCircle({ x: 0, y: 0 }, 0.5), at(1.3, 0.4));
      assert.equal(face.method, 'circle-aabb');
      near(face.separation, -0.2, 1e-15);
      assert.deepEqual(face.normal, { x: 1, y: 0 });
      const corner = c(makeCircle({ x: 0, y: 0 }, 1), at(2, 2), makeBox(2, 2), I);
      near(corner.separation, Math.SQRT2 - 1, 1e-15);
      near(corner.normal.x, -Math.SQRT1_2, 1e-15); // from the circle (A) towards the box (B)
      const inside = c(makeBox(2, 2), at(0, 0, Math.PI / 6), makeCircle({ x: 0, y: 0 }, 0.25), at(0.1 * Math.cos(Math.PI / 6), 0.1 * Math.sin(Math.PI / 6)));
      assert.equal(inside.method, 'circle-obb');
      near(inside.separation, -(1 - 0.1 + 0.25), 1e-12);
    });

    it('circle against a triangle by Voronoi regions: vertex region normal points from the vertex', () => {
      const tri = makePolygon([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 0, y: 2 }]);
      const r = c(tri, I, makeCircle({ x: 0, y: 0 }, 0.5), at(2.3, -0.4));
      assert.equal(r.method, 'circle-polygon');
      near(r.separation, 0.5 - 0.5, 1e-15);
      near(r.normal.x, 0.6, 1e-15);
      near(r.normal.y, -0.8, 1e-15);
    });

    it('circle center on a segment, and on its line beyond an end', () => {
      const seg = makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 });
      const on = c(seg, I, makeCircle({ x: 0, y: 0 }, 0.3), at(0.5, 0));
      near(on.separation, -0.3, 1e-15);
      const beyond = c(seg, I, makeCircle({ x: 0, y: 0 }, 0.3), at(2, 0));
      near(beyond.separation, 0.7, 1e-15);
      assert.deepEqual(beyond.normal, { x: 1, y: 0 });
    });

    it('capsules crossing at right angles: depth from the segments\' SAT plus radii', () => {
      // Cores cross; B's core (x = 0.5, y in [-1.9, 2.1]) leaves A's (y = 0, x in [-2, 2]) most
      // cheaply by moving 1.5 along +x.
      const r = c(makeCapsule(4, 0.5), I, makeCapsule(4, 0.25), at(0.5, 0.1, Math.PI / 2));
      near(r.separation, -(1.5 + 0.75), 1e-12);
      near(r.normal.x, 1, 1e-12);
    });

    it('collinear segments apart along their line are apart (flat Minkowski difference)', () => {
      const r = c(makeSegment({ x: 0, y: 0 }, { x: 1, y: 0 }), I, makeSegment({ x: 2, y: 0 }, { x: 3, y: 0 }), I);
      near(r.separation, 1, 1e-15);
      assert.deepEqual(r.normal, { x: 1, y: 0 });
    });

    it('thin: a sliver box across a thick one', () => {
      // The sliver spans x in [1.9989, 1.9999] just inside A's face x = 2: out through that face.
      const r = c(makeBox(4, 4), I, makeBox(1e-3, 6), at(1.9994, 0, 0));
      near(r.separation, -(2 - 1.9989), 1e-15);
      assert.equal(r.points.length, 2);
    });

    it('tiny shapes far from the origin keep relative accuracy', () => {
      const s = 1e-3;
      const xa = at(1e6, -1e6, 0.3);
      const xb = at(1e6 + 0.9 * s * Math.cos(0.3), -1e6 + 0.9 * s * Math.sin(0.3), 0.3);
      const r = c(makeBox(s, s), xa, makeCircle({ x: 0, y: 0 }, s / 2), xb);
      const along = (xb.x - xa.x) * Math.cos(0.3) + (xb.y - xa.y) * Math.sin(0.3);
      near(r.separation, along - s, 1e-9 * s);
    });

    it('malformed input is a degenerate state, never a throw: no normal, no points', () => {
      const empty: ConvexShape = { kind: 'polygon', count: 0, xy: [], radius: 0, nxy: [] };
      const nanR: ConvexShape = { kind: 'circle', count: 1, xy: [0, 0], radius: NaN, nxy: [] };
      const degenerate = { state: 'degenerate', separation: 0, normal: { x: 0, y: 0 }, points: [], method: 'none', iterations: 0 };
      const malformed: [ConvexShape, Transform][] = [[empty, I], [makeBox(1, 1), at(Infinity, 0)], [nanR, I]];
      for (const [a, xa] of malformed) {
        // After a contact with two points: the narrow phase fills one record for every call
        // (contact.ts contactWithinInto), and nothing of that contact may be left in this answer.
        assert.equal(c(makeBox(2, 2), I, makeBox(1, 1), at(0.5, 0)).points.length, 2);
        assert.deepStrictEqual(c(a, xa, makeBox(1, 1), I), degenerate);
      }
    });
  });

  describe('properties', () => {
    it('separation equals the exact reference for every pair of kinds; the normal is a least translation', () => {
      fc.assert(
        fc.property(anyShapeArb(1), anyShapeArb(1), transformArb(1.5), transformArb(1.5), (a, b, xa, xb) => {
          const r = c(a, xa, b, xb);
          const ref = referenceSeparation(a, xa, b, xb);
          const tol = 1e-9 * 4;
          assert.notEqual(r.state, 'not-converged');
          near(r.separation, ref, tol, `separation (${r.method})`);
          near(Math.hypot(r.normal.x, r.normal.y), 1, 1e-12, 'unit normal');
          assert.ok(r.points.length >= 1 && r.points.length <= 2);
          if (ref < -tol && r.state === 'ok') near(separationAlong(a, xa, b, xb, r.normal), ref, tol, `normal (${r.method})`);
        }),
        { numRuns: 3000 },
      );
    });

    it('symmetric: swapping A and B keeps the separation and flips the normal (or picks the other side of a tie)', () => {
      fc.assert(
        fc.property(anyShapeArb(1), anyShapeArb(1), transformArb(1.5), transformArb(1.5), (a, b, xa, xb) => {
          const r = c(a, xa, b, xb);
          const s = c(b, xb, a, xa);
          const tol = 1e-9 * 4;
          near(s.separation, r.separation, tol, 'separation');
          const flipped = Math.abs(s.normal.x + r.normal.x) <= 1e-9 && Math.abs(s.normal.y + r.normal.y) <= 1e-9;
          if (flipped) {
            // The same contact points, whichever shape is A.
            assert.equal(s.points.length, r.points.length, 'point count');
            for (const q of r.points)
              assert.ok(s.points.some((p) => Math.hypot(p.x - q.x, p.y - q.y) <= tol), `point ${JSON.stringify(q)} of ${JSON.stringify(s.points)}`);
          } else {
            // A tie (both normals realize the same least translation) is the only excuse.
            assert.ok(r.separation < 0, `normals differ for a non-tie: ${JSON.stringify([r, s])}`);
            // Degenerate: concentric circles, whose normal is a convention in both orders.
            if (r.state === 'ok') near(separationAlong(b, xb, a, xa, s.normal), r.separation, tol, 'tie');
            else assert.equal(r.state, 'degenerate');
          }
        }),
        { numRuns: 2000 },
      );
    });

    it('invariant under moving and rotating the pair: sizes 1e-3..1e4, up to 1e6 from the origin', () => {
      fc.assert(
        fc.property(
          anyShapeArb(1),
          anyShapeArb(1),
          transformArb(1.5),
          fc.constantFrom(1e-3, 1, 1e4),
          fc.integer({ min: -1e6, max: 1e6 }),
          fc.integer({ min: -1e6, max: 1e6 }),
          fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          (a0, b0, rel, size, ox, oy, turn) => {
            const a = scaleShape(a0, size);
            const b = scaleShape(b0, size);
            const xa = makeTransform(ox, oy, turn);
            const rx = rel.x * size;
            const ry = rel.y * size;
            const xb = makeTransform(
              ox + Math.cos(turn) * rx - Math.sin(turn) * ry,
              oy + Math.sin(turn) * rx + Math.cos(turn) * ry,
              turn + Math.atan2(rel.s, rel.c),
            );
            const r = c(a, xa, b, xb);
            // The reference sees exactly the pair the doubles hold.
            const ref = referenceSeparation(a, xa, b, xb);
            near(r.separation, ref, 1e-9 * 4 * size, `separation at scale ${size}`);
            // And the same pair at the origin, unturned, agrees up to the input's own rounding
            // (the offset ox + rx is rounded to the ulp of 1e6, ~1.2e-10).
            const home = c(a, I, b, makeTransform(rx, ry, Math.atan2(rel.s, rel.c)));
            near(r.separation, home.separation, 1e-9 * 4 * size + 4e-10, 'moved');
          },
        ),
        { numRuns: 1500 },
      );
    });
  });
});

describe('core/narrow contact: crossing two-sided cores (code review)', () => {
  const id = makeTransform(0, 0, 0);
  it('crossing segments: the point is where they cross (10.5, 0), not midway between witness points', () => {
    const a = makeSegment({ x: 0, y: 0 }, { x: 21, y: 0 });
    const b = makeSegment({ x: 10.5, y: -1 }, { x: 10.5, y: 1 });
    for (const [sa, sb] of [
      [a, b],
      [b, a],
    ] as const) {
      const r = contact({ shapeA: sa, transformA: id, shapeB: sb, transformB: id });
      assert.equal(r.points.length, 1);
      assert.ok(Math.abs(r.points[0]!.x - 10.5) < 1e-12 && Math.abs(r.points[0]!.y) < 1e-12, JSON.stringify(r.points));
    }
  });
  it('crossing capsule cores, turned and placed anywhere: midway between the surfaces at the cores\' intersection', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: -0.9, max: 0.9, noNaN: true }), (x, y, angle, along) => {
        // A capsule of core length 4 and a crossing one whose core passes through A's at `along`.
        const xa = makeTransform(x, y, 0.3);
        const hit = { x: x + Math.cos(0.3) * 2 * along, y: y + Math.sin(0.3) * 2 * along };
        const xb = makeTransform(hit.x, hit.y, 0.3 + angle);
        const r = contact({ shapeA: makeCapsule(4, 0.2), transformA: xa, shapeB: makeCapsule(1, 0.1), transformB: xb });
        assert.equal(r.points.length, 1);
        // A's surface at hit + 0.2 n, B's at hit - 0.1 n: midway is hit + 0.05 n.
        const mid = { x: hit.x + 0.05 * r.normal.x, y: hit.y + 0.05 * r.normal.y };
        assert.ok(Math.hypot(r.points[0]!.x - mid.x, r.points[0]!.y - mid.y) < 1e-9 * (1 + Math.abs(x) + Math.abs(y)), JSON.stringify(r.points));
      }),
      { numRuns: 300, seed: 31 },
    );
  });
});
