import { strict as assert } from 'node:assert';
import { isPackedDoubleArray } from '../core/elements-kind';
import { check } from './helpers';

describe('semantics: shape storage', () => {
  it("stores every kind of a scene's shapes as packed doubles of exactly 2 × count coordinates (core/shapes/shape.ts)", () => {
    const r = check(
      [
        'body c circle(2)',
        'body b box(4, 2)',
        'body p polygon((0, 0), (2, 0), (0, 1))',
        'body w polygon((0, 0), (0, 1), (2, 1), (2, 0))',
        'body k capsule(3, 0.5)',
        'body s segment((-1, 0), (1, 1))',
        'body car compound(box(2, 1) at (0, 1), circle(0.5) at (1, 0), compound(box(2, 2) angle 90deg) at (5, 0) angle 45deg)',
      ].join('\n'),
    );
    const parts = r.scene.bodies.flatMap((b) => b.parts);
    assert.equal(parts.length, 9);
    for (const { shape, sourceKind } of parts) {
      assert.equal(shape.xy.length, 2 * shape.count, sourceKind);
      assert.ok(isPackedDoubleArray(shape.xy), `${sourceKind} core`);
      assert.equal(shape.nxy.length, shape.kind === 'polygon' ? 2 * shape.count : 0, sourceKind);
      if (shape.nxy.length > 0) assert.ok(isPackedDoubleArray(shape.nxy), `${sourceKind} normals`);
    }
  });
});
