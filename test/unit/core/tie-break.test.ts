import { strict as assert } from 'node:assert';
import { makeTransform, type Transform, type Vec2 } from '../../../core/math/vec2';
import { contact } from '../../../core/narrow/contact';
import { minkowskiDifference } from '../../../core/narrow/minkowski';
import { sat } from '../../../core/narrow/sat';
import { makeBox, makeCapsule, makeCircle, makePolygon } from '../../../core/shapes/factory';
import { shapeVertices, type ConvexShape } from '../../../core/shapes/shape';
import { referenceSeparation, separationAlong } from './narrow-arbitraries';
import { worldVertices } from './reference';

const near = (a: number, b: number, tol: number, what = '') => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b} (tol ${tol})`);

const hexagon = makePolygon(Array.from({ length: 6 }, (_, k) => ({ x: Math.cos((k * Math.PI) / 3), y: Math.sin((k * Math.PI) / 3) })));
const SHAPES: Record<string, ConvexShape> = {
  circle: makeCircle({ x: 0, y: 0 }, 0.5),
  // The scene language's capsule(0.5, 1): radius 0.5, length 1.
  capsule: makeCapsule(1, 0.5),
  'wide box': makeBox(2, 1),
  square: makeBox(1, 1),
  'tall box': makeBox(1, 2),
  triangle: makePolygon([
    { x: -1, y: -0.5 },
    { x: 1, y: -0.5 },
    { x: 0, y: 1 },
  ]),
  hexagon,
  'rounded box': makePolygon(shapeVertices(makeBox(2, 1)), 0.1),
};

/** World outward edge normals of a shape's core (none for a point core). */
function worldNormals(shape: ConvexShape, xf: Transform): Vec2[] {
  const v = worldVertices(shape, xf);
  const out: Vec2[] = [];
  for (let i = 0; i < v.length && v.length > 1; i++) {
    const a = v[i]!;
    const b = v[(i + 1) % v.length]!;
    const l = Math.hypot(b.x - a.x, b.y - a.y);
    if (l > 0) out.push({ x: (b.y - a.y) / l, y: -(b.x - a.x) / l });
  }
  return out;
}

/**
 * The convention by brute force: of the candidate directions (every edge normal of both cores,
 * both ways, and the world axes) whose push is as short as the least one, the most upward, then
 * the rightmost. For these shapes a least translation is always among the candidates.
 */
function conventional(a: ConvexShape, xa: Transform, b: ConvexShape, xb: Transform): Vec2 {
  const ref = referenceSeparation(a, xa, b, xb);
  const candidates: Vec2[] = [
    { x: 0, y: 1 },
    { x: 0, y: -1 },
    { x: 1, y: 0 },
    { x: -1, y: 0 },
  ];
  for (const n of [...worldNormals(a, xa), ...worldNormals(b, xb)]) candidates.push(n, { x: -n.x, y: -n.y });
  let best: Vec2 | null = null;
  for (const u of candidates) {
    if (!(separationAlong(a, xa, b, xb, u) >= ref - 1e-9)) continue;
    if (!best || u.y > best.y + 1e-9 || (Math.abs(u.y - best.y) <= 1e-9 && u.x > best.x + 1e-9)) best = u;
  }
  assert.ok(best, 'a candidate realizes the least translation');
  return best;
}

describe('core/narrow tie-break: concentric pairs push B the conventional way', () => {
  it('concentric capsule(0.5, 1) pair goes along +y like concentric discs (it went along (0, -1))', () => {
    const xf = makeTransform(4, -2, 0);
    const discs = contact({ shapeA: SHAPES.circle!, transformA: xf, shapeB: SHAPES.circle!, transformB: xf });
    const capsules = contact({ shapeA: SHAPES.capsule!, transformA: xf, shapeB: SHAPES.capsule!, transformB: xf });
    assert.deepEqual(discs.normal, { x: 0, y: 1 });
    assert.deepEqual(capsules.normal, { x: 0, y: 1 });
    near(capsules.separation, -1, 1e-15, 'depth');
  });

  it('every kind against itself, a disc and a box, both orders, turned and far from the origin', () => {
    const others = [SHAPES.circle!, SHAPES.square!];
    let checked = 0;
    for (const angle of [0, 0.3, Math.PI / 2, 2.5, Math.PI]) {
      for (const at of [
        { x: 2, y: 3 },
        { x: -1e4, y: 7e3 },
      ]) {
        for (const [name, shape] of Object.entries(SHAPES)) {
          for (const other of [shape, ...others]) {
            for (const [a, b] of [
              [shape, other],
              [other, shape],
            ] as const) {
              // B turned by a quarter turn more than A where it is another shape: symmetric still.
              const xa = makeTransform(at.x, at.y, angle);
              const xb = makeTransform(at.x, at.y, a === b ? angle : angle + Math.PI / 2);
              const what = `${name} (${a.kind}/${b.kind}) at ${angle.toFixed(2)}, (${at.x}, ${at.y})`;
              const expected = conventional(a, xa, b, xb);
              const r = contact({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
              const ref = referenceSeparation(a, xa, b, xb);
              near(r.separation, ref, 1e-12 * (1 + Math.abs(at.x)), `separation, ${what}`);
              near(r.normal.x, expected.x, 1e-9, `contact normal x, ${what} (${r.method})`);
              near(r.normal.y, expected.y, 1e-9, `contact normal y, ${what} (${r.method})`);
              const md = minkowskiDifference({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
              near(md.normal.x, expected.x, 1e-9, `Minkowski normal x, ${what}`);
              near(md.normal.y, expected.y, 1e-9, `Minkowski normal y, ${what}`);
              if (a.count > 1 && b.count > 1) {
                const s = sat({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
                near(s.normal.x, expected.x, 1e-9, `SAT normal x, ${what}`);
                near(s.normal.y, expected.y, 1e-9, `SAT normal y, ${what}`);
              }
              checked++;
            }
          }
        }
      }
    }
    assert.equal(checked, 5 * 2 * 8 * 3 * 2);
  });

  it('named cases: a wide box up, a tall box right, a square up, a triangle up, a hexagon turned 90° up and to the right', () => {
    const I = makeTransform(0, 0, 0);
    const self = (s: ConvexShape, xf = I) => contact({ shapeA: s, transformA: xf, shapeB: s, transformB: xf }).normal;
    assert.deepEqual(self(SHAPES['wide box']!), { x: 0, y: 1 });
    assert.deepEqual(self(SHAPES['tall box']!), { x: 1, y: 0 });
    assert.deepEqual(self(SHAPES.square!), { x: 0, y: 1 });
    const tri = self(SHAPES.triangle!);
    near(tri.x, 0, 1e-15, 'triangle x');
    near(tri.y, 1, 1e-15, 'triangle y');
    const hex = self(hexagon, makeTransform(0, 0, Math.PI / 2));
    near(hex.x, 0.5, 1e-12, 'hexagon x');
    near(hex.y, Math.sqrt(3) / 2, 1e-12, 'hexagon y');
  });

  it('only ties: moved 1e-6 against the conventional direction, the opposite push is the one least and wins', () => {
    // A shape against its twin ties every push with its opposite (A ⊕ (−A) is centrally
    // symmetric); moving B by −1e-6 u makes −u strictly the shortest, and the convention must
    // not override it.
    for (const [name, shape] of Object.entries(SHAPES)) {
      for (const angle of [0, 0.3]) {
        const xa = makeTransform(1, 1, angle);
        const u = contact({ shapeA: shape, transformA: xa, shapeB: shape, transformB: xa }).normal;
        const xb = makeTransform(1 - 1e-6 * u.x, 1 - 1e-6 * u.y, angle);
        const r = contact({ shapeA: shape, transformA: xa, shapeB: shape, transformB: xb });
        near(r.separation, referenceSeparation(shape, xa, shape, xb), 1e-12, `${name} at ${angle}: separation`);
        near(r.normal.x, -u.x, 1e-9, `${name} at ${angle}: normal x`);
        near(r.normal.y, -u.y, 1e-9, `${name} at ${angle}: normal y`);
      }
    }
  });
});
