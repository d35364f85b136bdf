import { strict as assert } from 'node:assert';
import { chainContactExit, chainSignedDepth, contactExit, IDENTITY, makeBox, makeChain, makeSegment, makeTransform, type Vec2 } from '../../../../core/index';

/**
 * The end of a contact with a chain: a box sliding along a floor of many flush edges is one
 * contact, ending where it would end on one long segment; lifted off, it ends at once.
 */

describe('core/chain: depth and end of a contact against a chain', () => {
  // A floor of 40 unit edges at y = 0, walked right to left (solid from above), open at both ends.
  const points: Vec2[] = [];
  for (let x = 40; x >= 0; x--) points.push({ x, y: 0 });
  const floor = makeChain(points, false);
  const box = makeBox(0.8, 0.8);
  const sunk = 0.4 - 0.01;

  it('measures the depth of a box sunk into the floor, and nothing from below', () => {
    assert.ok(Math.abs(chainSignedDepth({ chain: floor, transformA: IDENTITY, shapeB: box, transformB: makeTransform(7, sunk, 0) }, 0) - 0.01) < 1e-12);
    assert.equal(chainSignedDepth({ chain: floor, transformA: IDENTITY, shapeB: box, transformB: makeTransform(7, -sunk, 0) }, 1), -Infinity);
    assert.ok(Math.abs(chainSignedDepth({ chain: floor, transformA: IDENTITY, shapeB: box, transformB: makeTransform(7, 0.9, 0) }, 1) + 0.5) < 1e-12);
  });

  it('ends a slide along flush edges where it ends on one long segment', () => {
    const motion = { transformA: IDENTITY, velocityA: { x: 0, y: 0 }, spinA: 0, shapeB: box, transformB: makeTransform(2, sunk, 0), velocityB: { x: 10, y: 0 }, spinB: 0, tMin: 0, tMax: 10 };
    const chain = chainContactExit({ chain: floor, ...motion });
    const segment = contactExit({ shapeA: makeSegment({ x: 40, y: 0 }, { x: 0, y: 0 }), ...motion });
    assert.equal(chain.state, 'exit');
    assert.equal(segment.state, 'exit');
    assert.equal(chain.start, 0);
    // Off the free end at x = 40 when the box's left side passes it: t = (40.4 - 2) / 10.
    assert.ok(Math.abs(chain.t - 3.84) < 1e-5, `${chain.t}`);
    assert.ok(Math.abs(segment.t - 3.84) < 1e-5, `${segment.t}`);
  });

  it('ends at once when the box lifts off, and stays while it rests', () => {
    const lift = chainContactExit({ chain: floor, transformA: IDENTITY, shapeB: box, transformB: makeTransform(5, sunk, 0), velocityB: { x: 3, y: 1 }, spinB: 0, tMin: 0, tMax: 1 });
    assert.equal(lift.state, 'exit');
    assert.ok(Math.abs(lift.t - 0.01) < 1e-6, `${lift.t}`);
    const rest = chainContactExit({ chain: floor, transformA: IDENTITY, shapeB: box, transformB: makeTransform(5, sunk, 0), velocityB: { x: 0, y: 0 }, spinB: 0, tMin: 0, tMax: 1 });
    assert.equal(rest.state, 'stays');
    const spin = chainContactExit({ chain: floor, transformA: IDENTITY, shapeB: box, transformB: makeTransform(5, sunk, 0), velocityB: { x: 1, y: 0 }, spinB: 0.5, tMin: 0, tMax: 1 });
    assert.notEqual(spin.state, 'failed');
  });
});
