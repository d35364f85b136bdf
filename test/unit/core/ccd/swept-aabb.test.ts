import assert from 'node:assert/strict';
import { sweepAndSlide, sweptAabb } from '../../../../core/ccd/swept-aabb';

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
