import { strict as assert } from 'node:assert';
import { elementsKinds } from '../core/elements-kind';

describe('semantics: shape storage', () => {
  it("stores every kind of a scene's shapes as packed doubles of exactly 2 × count coordinates (core/shapes/shape.ts)", () => {
    const kinds = elementsKinds('scene');
    // 9 parts (the compound has 3), and normals for the 5 polygons among them.
    assert.equal(kinds.length, 14);
    for (const k of kinds) {
      assert.equal(k.length, 2 * k.count, k.label);
      assert.ok(k.packedDoubles, k.label);
    }
    assert.deepEqual(
      kinds.filter((k) => k.label.endsWith('normals')).map((k) => k.label),
      ['b part 0 (box) normals', 'p part 0 (polygon) normals', 'w part 0 (polygon) normals', 'car part 0 (box) normals', 'car part 2 (box) normals'],
    );
  });
});
