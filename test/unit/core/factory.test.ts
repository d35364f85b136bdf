import { strict as assert } from 'node:assert';
import { makeTransform, rotateVector, transformPoint } from '../../../core/math/vec2';
import {
  BOX_NORMALS,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeSegment,
  makeSharedBox,
  shapeArea,
  shapeCentroid,
  transformShape,
} from '../../../core/shapes/factory';
import { shapeNormals, shapeVertices } from '../../../core/shapes/shape';
import { edgeNormal } from '../../../core/narrow/relative';

const close = (a: number, b: number, tol = 1e-12) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);

describe('core/shapes/factory', () => {
  it('builds each kind in the shape.ts representation: packed core, normals stored for boxes only', () => {
    const c = makeCircle({ x: 1, y: 2 }, 0.5);
    assert.equal(c.kind, 'circle');
    assert.deepEqual([c.count, c.xy, c.nxy], [1, [1, 2], []]);
    assert.equal(c.radius, 0.5);
    const b = makeBox(2, 1);
    assert.equal(b.kind, 'polygon');
    assert.deepEqual([b.count, b.xy, b.nxy], [4, [-1, -0.5, 1, -0.5, 1, 0.5, -1, 0.5], [0, -1, 1, 0, 0, 1, -1, 0]]);
    assert.deepEqual(shapeVertices(b)[0], { x: -1, y: -0.5 });
    assert.deepEqual(shapeNormals(b)[1], { x: 1, y: 0 });
    const cap = makeCapsule(3, 0.25);
    assert.deepEqual([cap.count, cap.xy, cap.nxy], [2, [-1.5, 0, 1.5, 0], []]);
    assert.deepEqual(shapeVertices(cap), [{ x: -1.5, y: 0 }, { x: 1.5, y: 0 }]);
    const s = makeSegment({ x: 0, y: 0 }, { x: 1, y: 1 });
    assert.deepEqual([s.count, s.xy, s.nxy, s.radius], [2, [0, 0, 1, 1], [], 0]);
    const p = makePolygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]);
    assert.deepEqual([p.count, p.xy], [3, [0, 0, 1, 0, 0, 1]]);
    // A polygon's normals are computed where read (factory.ts makePolygon): unit normals of the
    // edges as polygon.ts packedEdgeNormals divides them, signed zero included.
    assert.deepEqual(p.nxy, []);
    assert.deepStrictEqual(shapeNormals(p), [
      { x: 0, y: -1 },
      { x: 1 / Math.SQRT2, y: 1 / Math.SQRT2 },
      { x: -1, y: -0 },
    ]);
    const n = { x: NaN, y: NaN };
    assert.deepStrictEqual([0, 1, 2].map((i) => ({ ...edgeNormal(p, i, n) })), shapeNormals(p));
  });

  it('transforms vertices and normals together', () => {
    const b = transformShape(makeBox(2, 1), makeTransform(5, 0, Math.PI / 2));
    close(shapeVertices(b)[0]!.x, 5.5);
    close(shapeVertices(b)[0]!.y, -1);
    close(shapeNormals(b)[0]!.x, 1);
    close(shapeNormals(b)[0]!.y, 0);
    // Every vertex placed and every normal turned exactly as vec2.ts does it, to the bit (signed
    // zeros included: makePolygon's normals of vertical edges have a −0), kind, count and radius
    // kept. A polygon's normals, computed where read, are stored turned.
    const shapes = [makeBox(2, 1), makePolygon([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 1 }, { x: 0, y: 3 }], 0.5), makeCapsule(3, 0.25), makeCircle({ x: 1, y: -2 }, 1)];
    for (const angle of [0, 0.4, Math.PI / 2, -2.5]) {
      const xf = makeTransform(5, -3, angle);
      for (const s of shapes) {
        const t = transformShape(s, xf);
        assert.deepStrictEqual([t.kind, t.count, t.radius], [s.kind, s.count, s.radius]);
        assert.deepStrictEqual(shapeVertices(t), shapeVertices(s).map((v) => transformPoint(xf, v)));
        assert.deepStrictEqual(shapeNormals(t), shapeNormals(s).map((n) => rotateVector(xf, n)));
      }
    }
  });

  it('areas: closed forms per kind', () => {
    close(shapeArea(makeCircle({ x: 0, y: 0 }, 2)), 4 * Math.PI);
    close(shapeArea(makeBox(2, 3)), 6);
    close(shapeArea(makeCapsule(2, 0.5)), 2 + Math.PI * 0.25);
    close(shapeArea(makeSegment({ x: 0, y: 0 }, { x: 3, y: 4 })), 0);
    // A unit square rounded by r: 1 + 4r + π r².
    close(shapeArea(makePolygon(shapeVertices(makeBox(1, 1)), 0.1)), 1 + 0.4 + Math.PI * 0.01);
  });

  it('centroids: symmetric shapes at their center, rounded triangle by decomposition', () => {
    const moved = transformShape(makePolygon(shapeVertices(makeBox(2, 1)), 0.3), makeTransform(3, -1, 0.4));
    const c = shapeCentroid(moved);
    close(c.x, 3);
    close(c.y, -1);
    // Right triangle rounded by r, checked against a fine Monte-Carlo-free grid integration.
    const tri = makePolygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }], 0.2);
    const g = shapeCentroid(tri);
    let sx = 0;
    let sy = 0;
    let n = 0;
    const h = 0.002;
    const segDist = (x: number, y: number, ax: number, ay: number, bx: number, by: number) => {
      const ex = bx - ax;
      const ey = by - ay;
      const t = Math.min(1, Math.max(0, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
      return Math.hypot(x - ax - t * ex, y - ay - t * ey);
    };
    const inTri = (x: number, y: number) =>
      (x >= 0 && y >= 0 && x + y <= 1) ||
      Math.min(segDist(x, y, 0, 0, 1, 0), segDist(x, y, 1, 0, 0, 1), segDist(x, y, 0, 1, 0, 0)) <= 0.2;
    for (let x = -0.3; x <= 1.3; x += h)
      for (let y = -0.3; y <= 1.3; y += h)
        if (inTri(x + h / 2, y + h / 2)) {
          sx += x + h / 2;
          sy += y + h / 2;
          n++;
        }
    close(g.x, sx / n, 2e-3);
    close(g.y, sy / n, 2e-3);
    close(g.x, g.y, 1e-12);
    // A shape without stored normals has them computed from its core: the same centroid, to the bit.
    assert.deepStrictEqual(shapeCentroid({ ...tri, nxy: [] }), g);
  });
  it('makeSharedBox is makeBox with the shared normals; makePolygon copies its input', () => {
    for (const [w, h] of [[2, 1], [-3, 0.5], [1e-9, 4e6]] as const) {
      const shared = makeSharedBox(w, h);
      assert.deepStrictEqual(shared, makeBox(w, h));
      assert.equal(shared.nxy, BOX_NORMALS);
    }
    const ccw = [{ x: 0, y: 0 }, { x: 2, y: 0.5 }, { x: 1, y: 3 }];
    const polygon = makePolygon(ccw, -0.25);
    ccw[1] = { x: 5, y: 5 };
    assert.deepEqual(shapeVertices(polygon), [{ x: 0, y: 0 }, { x: 2, y: 0.5 }, { x: 1, y: 3 }]);
    assert.equal(polygon.radius, 0.25);
  });
});
