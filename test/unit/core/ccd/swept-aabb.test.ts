import assert from 'node:assert/strict';
import fc from 'fast-check';
import { poseAt } from '../../../../core/ccd/motion';
import { sweepAndSlide, sweptAabb, sweptBounds, sweptBoundsInto } from '../../../../core/ccd/swept-aabb';
import { makeTransform } from '../../../../core/math/vec2';
import { anyShapeArb } from '../narrow-arbitraries';
import { shapeVertices } from '../../../../core/shapes/shape';

const box = (minX: number, minY: number, maxX: number, maxY: number) => ({ minX, minY, maxX, maxY });
const still = { x: 0, y: 0 };

describe('core/ccd swept AABBs', () => {
  it('entry and exit times per axis, the later entry naming the face', () => {
    const h = sweptAabb(box(0, 0, 1, 1), { x: 10, y: 5 }, box(5, 2, 6, 10), still, 0, 1);
    assert.equal(h.hit, true);
    // x overlaps over [0.4, 0.6], y from 0.2 on: the x faces meet at 0.4.
    assert.equal(h.tEntry, 0.4);
    assert.equal(h.tExit, 0.6);
    assert.equal(h.axis, 0);
    assert.deepEqual(h.normal, { x: 1, y: 0 });
    assert.ok(Math.abs(h.contactLength - 1) < 1e-12);
    assert.equal(sweptAabb(box(0, 0, 1, 1), { x: 10, y: 0 }, box(5, 2, 6, 10), still, 0, 1).hit, false);
  });
  it('touching counts, strict mode needs penetration', () => {
    const flush = sweptAabb(box(0, 1, 1, 2), { x: 10, y: 0 }, box(3, 0, 4, 1), still, 0, 1);
    assert.equal(flush.hit, true);
    assert.equal(sweptAabb(box(0, 1, 1, 2), { x: 10, y: 0 }, box(3, 0, 4, 1), still, 0, 1, 0, true).hit, false);
  });
  it('crack tie-break: a box moving diagonally onto a floor of flush tiles slides over the seam', () => {
    // Tiles [0,1]×[−1,0] and [1,2]×[−1,0]; the box's right side reaches x = 1 exactly as it lands.
    const tiles = [box(0, -1, 1, 0), box(1, -1, 2, 0)];
    const r = sweepAndSlide(box(0, 1, 0.5, 1.5), { x: 1, y: -2 }, tiles, 1.5);
    assert.equal(r.complete, true);
    assert.equal(r.events.length, 1, JSON.stringify(r.events));
    assert.equal(r.events[0]!.obstacle, 0, 'the floor tile with the larger contact wins the tie');
    assert.equal(r.events[0]!.axis, 1);
    // Landed at t = 0.5, then slid the remaining second along x.
    assert.ok(Math.abs(r.box.minX - 1.5) < 1e-12 && Math.abs(r.box.minY) < 1e-12, JSON.stringify(r.box));
  });
  it('timeslices resolve the earliest hit first and stop at a wall', () => {
    const r = sweepAndSlide(box(0, 0, 1, 1), { x: 4, y: -4 }, [box(-10, -2, 10, -1), box(3, -5, 4, 5)], 1);
    assert.deepEqual(
      r.events.map((e) => [e.obstacle, e.axis]),
      [
        [0, 1],
        [1, 0],
      ],
    );
    assert.ok(Math.abs(r.box.maxX - 3) < 1e-12 && Math.abs(r.box.minY + 1) < 1e-12);
    assert.deepEqual(r.velocity, { x: 0, y: 0 });
  });
});

describe('core/ccd sweptBounds without spin', () => {
  /** The definition: the union of the boxes at the two end poses, each vertex placed with its pose. */
  function endBoxes(shape: Parameters<typeof sweptBounds>[0], xf: ReturnType<typeof makeTransform>, v: { x: number; y: number }, t0: number, t1: number) {
    const one = (t: number) => {
      const p = poseAt(xf, v, 0, t);
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (const q of shapeVertices(shape)) {
        const x = p.c * q.x - p.s * q.y + p.x;
        const y = p.s * q.x + p.c * q.y + p.y;
        minX = x < minX ? x : minX;
        maxX = x > maxX ? x : maxX;
        minY = y < minY ? y : minY;
        maxY = y > maxY ? y : maxY;
      }
      return { minX: minX - shape.radius, minY: minY - shape.radius, maxX: maxX + shape.radius, maxY: maxY + shape.radius };
    };
    const a = one(Math.min(t0, t1));
    const b = one(Math.max(t0, t1));
    return {
      minX: b.minX < a.minX ? b.minX : a.minX,
      minY: b.minY < a.minY ? b.minY : a.minY,
      maxX: b.maxX > a.maxX ? b.maxX : a.maxX,
      maxY: b.maxY > a.maxY ? b.maxY : a.maxY,
    };
  }

  it('is the union of the end boxes to the bit, moving or at rest (the rest path computes one box)', () => {
    const speed = fc.oneof(fc.constant(0), fc.constant(-0), fc.double({ min: -50, max: 50, noNaN: true }));
    fc.assert(
      fc.property(anyShapeArb(1), fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: -4, max: 4, noNaN: true }), speed, speed, fc.double({ min: 0, max: 2, noNaN: true }), (shape, x, y, angle, vx, vy, t1) => {
        const xf = makeTransform(x, y, angle);
        const v = { x: vx, y: vy };
        const expected = endBoxes(shape, xf, v, 0, t1);
        const out = { minX: 1, minY: 2, maxX: 3, maxY: 4 };
        assert.equal(sweptBoundsInto(shape, xf, v, 0, 0, t1, out), out, 'written into the box given');
        for (const got of [out, sweptBounds(shape, xf, v, 0, 0, t1)]) {
          for (const k of ['minX', 'minY', 'maxX', 'maxY'] as const) assert.ok(Object.is(got[k], expected[k]), `${k}: ${got[k]} vs ${expected[k]}`);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
