import { strict as assert } from 'node:assert';
import { check, errors } from './helpers';
import { DATA_AT_LIMIT } from '../../../server/src/semantics/body-layout';
import { shapeVertices } from '../../../core';

/** A regular convex polygon of n vertices, counter-clockwise, as the author would write it. */
function regular(n: number): string {
  const points: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    points.push(`(${(100 * Math.cos(a)).toFixed(6)}, ${(100 * Math.sin(a)).toFixed(6)})`);
  }
  return `polygon(${points.join(', ')})`;
}

describe("semantics: a body's numbers after its one shape's vertices (scene.ts SceneBody data)", () => {
  it('shares the shape array up to 63 vertices and keeps an array of its own past them, with the same pose, motion and clauses either way', () => {
    assert.equal(DATA_AT_LIMIT, 128);
    const largest = (DATA_AT_LIMIT >> 1) - 1;
    const r = check(`body a ${regular(largest)} at (1, 2) angle 0.5 spin 3 velocity (4, 5)\nbody b ${regular(largest + 1)} at (1, 2) angle 0.5 spin 3 velocity (4, 5)`);
    assert.deepEqual(errors(r), []);
    const [a, b] = r.scene.bodies;
    assert.equal(a!.partShape(0).count, largest);
    assert.equal(a!.partShape(0).xy, a!.data, 'shared');
    assert.equal(a!.data.length, 2 * largest + 3 + 1 + 2 + 4);
    assert.notEqual(b!.partShape(0).xy, b!.data, 'its own');
    assert.equal(b!.data.length, 3 + 1 + 2 + 4);
    for (const body of [a!, b!]) {
      assert.deepEqual([body.x, body.y, body.angle, body.spin, body.vx, body.vy], [1, 2, 0.5, 3, 4, 5]);
      const props = Object.entries(body.props).map(([k, p]) => [k, r.text.slice(p.start, p.end)]);
      assert.deepEqual(props, [['at', 'at (1, 2)'], ['angle', 'angle 0.5'], ['velocity', 'velocity (4, 5)'], ['spin', 'spin 3']]);
      assert.equal(r.text.slice(body.shapeStart, body.shapeEnd).startsWith('polygon(('), true);
    }
    const vertices = shapeVertices(a!.partShape(0));
    assert.equal(vertices.length, largest);
    assert.deepEqual(vertices[0], { x: 100, y: 0 });
  });

  it('gives a moved body (withMotion) an array of its own, leaving the shape and the original as they were', () => {
    const r = check('body s segment((-1, 0), (1, 1)) at (5, 6) angle 1 velocity (2, 0)');
    const s = r.scene.bodies[0]!;
    const shared = s.data;
    const before = [...shared];
    const moved = s.withMotion({ position: { x: 7, y: 8 }, spin: 2 });
    assert.deepEqual([moved.x, moved.y, moved.angle, moved.spin, moved.vx, moved.vy], [7, 8, 1, 2, 2, 0]);
    assert.equal(moved.data.length, 3 + 1 + 2 + 3, 'the numbers alone');
    assert.equal(moved.partShape(0), s.partShape(0));
    assert.deepEqual(moved.props, s.props);
    assert.deepEqual([...s.data], before);
    assert.deepEqual(shapeVertices(s.partShape(0)), [{ x: -1, y: 0 }, { x: 1, y: 1 }]);
    // Moved again: the flags no longer say the numbers follow vertices.
    const again = moved.withMotion({ velocity: { x: 0, y: 1 } });
    assert.deepEqual([again.x, again.y, again.spin, again.vx, again.vy], [7, 8, 2, 0, 1]);
  });
});
