import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  composeTransforms,
  hypot2,
  invTransformPoint,
  makeTransform,
  transformPoint,
  rotate,
  vec,
} from '../../../core/math/vec2';

describe('core/math/vec2', () => {
  it('inverts a transform', () => {
    const t = makeTransform(3, -2, 0.7);
    const p = vec(1.5, 4);
    const q = invTransformPoint(t, transformPoint(t, p));
    assert.ok(Math.abs(q.x - p.x) < 1e-12 && Math.abs(q.y - p.y) < 1e-12);
  });
  it('composes transforms as function composition', () => {
    const a = makeTransform(1, 2, 0.3);
    const b = makeTransform(-4, 0.5, -1.1);
    const p = vec(0.25, -3);
    const viaCompose = transformPoint(composeTransforms(a, b), p);
    const stepwise = transformPoint(a, transformPoint(b, p));
    assert.ok(Math.abs(viaCompose.x - stepwise.x) < 1e-12 && Math.abs(viaCompose.y - stepwise.y) < 1e-12);
  });
  it('rotates counter-clockwise for positive angles', () => {
    const r = rotate(vec(1, 0), Math.PI / 2);
    assert.ok(Math.abs(r.x) < 1e-15 && Math.abs(r.y - 1) < 1e-15);
  });
  it('hypot2 equals Math.hypot bit for bit: any doubles, subnormals, infinities, NaN and signed zeros', () => {
    const same = (x: number, y: number): void => {
      assert.ok(Object.is(hypot2(x, y), Math.hypot(x, y)), `hypot2(${x}, ${y}) = ${hypot2(x, y)}, Math.hypot: ${Math.hypot(x, y)}`);
    };
    const special = [0, -0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, 1, -1, 3, 4, 1e300, 1.7976931348623157e308, Infinity, -Infinity, NaN];
    for (const x of special) for (const y of special) same(x, y);
    fc.assert(fc.property(fc.double(), fc.double(), (x, y) => same(x, y)), { numRuns: 3000 });
    // Coordinates of the size a scene has, where the rounding of the scaled sum matters most.
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.double({ min: -1e4, max: 1e4, noNaN: true }), (x, y) => same(x, y)),
      { numRuns: 3000 },
    );
  });
});
