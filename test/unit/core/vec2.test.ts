import { strict as assert } from 'node:assert';
import {
  composeTransforms,
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
});
