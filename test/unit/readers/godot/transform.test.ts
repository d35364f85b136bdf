import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IDENTITY, apply, invert, isConformal, isOrthogonal, compose, rigidPart } from '../../../../server/src/readers/affine';
import { fromColumns, nodeTransform } from '../../../../server/src/readers/godot/transform';

function near(actual: readonly number[], expected: readonly number[], eps = 1e-9): void {
  assert.equal(actual.length, expected.length);
  actual.forEach((v, i) => assert.ok(Math.abs(v - expected[i]!) <= eps, `${actual} vs ${expected}`));
}

describe('readers/godot/transform', () => {
  it('builds a Node2D transform as Transform2D::set_rotation_scale_and_skew does', () => {
    // rotation 90°, scale (2, 3), no skew: x column (0, 2), y column (-3, 0).
    const t = nodeTransform(10, 20, Math.PI / 2, 2, 3, 0);
    near([t.a, t.b, t.c, t.d, t.e, t.f], [0, 2, -3, 0, 10, 20]);
    near(apply(t, 1, 0), [10, 22]);
    near(apply(t, 0, 1), [7, 20]);
    // skew 45° leans the y column: (-sin 45°, cos 45°).
    const s = nodeTransform(0, 0, 0, 1, 1, Math.PI / 4);
    near([s.a, s.b, s.c, s.d], [1, 0, -Math.SQRT1_2, Math.SQRT1_2]);
  });

  it('composes parent · child as Godot does for nested nodes', () => {
    const parent = nodeTransform(100, 0, Math.PI / 2, 1, 1, 0);
    const child = nodeTransform(10, 0, 0, 1, 1, 0);
    const global = compose(parent, child);
    // The child's offset along the parent's x turns down (y down) by 90°.
    near(apply(global, 0, 0), [100, 10]);
    near([rigidPart(global).angle], [Math.PI / 2]);
  });

  it('reads Transform2D(...) as columns and origin', () => {
    const t = fromColumns([0, 1, -1, 0, 5, 6])!;
    near(apply(t, 1, 0), [5, 7]);
    assert.equal(fromColumns([1, 2, 3]), undefined);
  });

  it('inverts what it composes', () => {
    const n = fc.double({ min: -1000, max: 1000, noNaN: true });
    const s = fc.double({ min: 0.1, max: 10, noNaN: true });
    fc.assert(
      fc.property(n, n, fc.double({ min: -7, max: 7, noNaN: true }), s, s, fc.double({ min: -1, max: 1, noNaN: true }), n, n, (x, y, r, sx, sy, k, px, py) => {
        const t = nodeTransform(x, y, r, sx, sy, k);
        const back = invert(t)!;
        const [qx, qy] = apply(t, px, py);
        near(apply(back, qx, qy), [px, py], 1e-6 * (1 + Math.abs(px) + Math.abs(py)) * 100);
      }),
    );
    assert.equal(invert(nodeTransform(0, 0, 0, 0, 1, 0)), undefined);
  });

  it('tells similarities and perpendicular columns apart', () => {
    assert.ok(isConformal(IDENTITY));
    assert.ok(isConformal(nodeTransform(1, 2, 0.3, 2, 2, 0)));
    assert.ok(!isConformal(nodeTransform(1, 2, 0.3, 2, 1, 0)));
    assert.ok(isOrthogonal(nodeTransform(1, 2, 0.3, 2, 1, 0)));
    assert.ok(!isOrthogonal(nodeTransform(1, 2, 0.3, 1, 1, 0.2)));
    // A mirror keeps circles circles.
    assert.ok(isConformal(nodeTransform(0, 0, 0, -1, 1, 0)));
  });
});
