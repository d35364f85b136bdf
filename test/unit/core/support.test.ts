import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { makeTransform, transformPoint } from '../../../core/math/vec2';
import { makeBox, makeCapsule, makeCircle, makePolygon, makeSegment } from '../../../core/shapes/factory';
import { shapeBounds, shapeSize } from '../../../core/shapes/bounds';
import { packVertices, shapeVertices } from '../../../core/shapes/shape';
import { supportFeature, supportIndex, supportPoint, type SupportFeature } from '../../../core/shapes/support';

describe('core/shapes/support and bounds', () => {
  const out: SupportFeature = { first: -1, second: -1 };

  it('support vertex of a box in a diagonal direction', () => {
    const b = makeBox(2, 1);
    assert.equal(supportIndex(b.xy, 1, 1, b.count), 2);
    assert.equal(supportIndex(b.xy, -1, -1, b.count), 0);
    assert.deepEqual(supportPoint(makeCircle({ x: 1, y: 0 }, 2), { x: 0, y: -5 }), { x: 1, y: -2 });
  });

  it('exactly aligned box, two support vertices: the edge perpendicular to d', () => {
    const b = makeBox(2, 1);
    assert.deepEqual(supportFeature(b.xy, 1, 0, b.count, out), { first: 1, second: 2 });
    assert.deepEqual(supportFeature(b.xy, 0, -3, b.count, out), { first: 0, second: 1 });
    // Wrap-around edge 3 → 0.
    assert.deepEqual(supportFeature(b.xy, -1, 0, b.count, out), { first: 3, second: 0 });
    assert.deepEqual(supportFeature(b.xy, 1, 1e-3, b.count, out), { first: 2, second: -1 });
  });

  it('segment and capsule cores: both ends, oriented with d on the right', () => {
    const s = makeSegment({ x: 0, y: 0 }, { x: 2, y: 0 });
    assert.deepEqual(supportFeature(s.xy, 0, -1, s.count, out), { first: 0, second: 1 });
    assert.deepEqual(supportFeature(s.xy, 0, 1, s.count, out), { first: 1, second: 0 });
    assert.deepEqual(supportFeature(makeCapsule(2, 1).xy, 1, 0.5, 2, out), { first: 1, second: -1 });
  });

  it('rotated aligned edge within tolerance still gives two vertices', () => {
    const xf = makeTransform(0, 0, 0.7);
    const b = makeBox(3, 1);
    const verts = packVertices(shapeVertices(b).map((v) => transformPoint(xf, v)));
    const n = { x: -Math.sin(0.7), y: Math.cos(0.7) }; // rotated +y
    const f = supportFeature(verts, n.x, n.y, b.count, out);
    assert.deepEqual([f.first, f.second], [2, 3]);
  });

  it('bounds include the radius and follow the transform', () => {
    const cap = makeCapsule(2, 0.5);
    const bb = shapeBounds(cap, makeTransform(10, 0, Math.PI / 2));
    const eps = 1e-12;
    assert.ok(Math.abs(bb.minX - 9.5) < eps && Math.abs(bb.maxX - 10.5) < eps);
    assert.ok(Math.abs(bb.minY + 1.5) < eps && Math.abs(bb.maxY - 1.5) < eps);
    assert.equal(shapeSize(cap), 3);
    assert.equal(shapeSize(makeCircle({ x: 5, y: 5 }, 1)), 2);
  });

  it('property: bounds contain every support point in random directions', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })), {
          minLength: 3,
          maxLength: 8,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        (xy, r, angle, dirAngle) => {
          const shape = makePolygon(xy.map(([x, y]) => ({ x, y })), r);
          const xf = makeTransform(100, -50, angle);
          const bb = shapeBounds(shape, xf);
          const local = { x: Math.cos(dirAngle - angle), y: Math.sin(dirAngle - angle) };
          const p = transformPoint(xf, supportPoint(shape, local));
          const eps = 1e-9;
          assert.ok(p.x >= bb.minX - eps && p.x <= bb.maxX + eps && p.y >= bb.minY - eps && p.y <= bb.maxY + eps);
          // The support point maximizes the projection over all vertices.
          const i = supportIndex(shape.xy, local.x, local.y, shape.count);
          const vertices = shapeVertices(shape);
          for (const v of vertices) assert.ok(v.x * local.x + v.y * local.y <= vertices[i]!.x * local.x + vertices[i]!.y * local.y);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
