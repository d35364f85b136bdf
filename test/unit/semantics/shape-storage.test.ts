import { strict as assert } from 'node:assert';
import { assertPackedDoubles } from '../core/elements-kind';

describe('semantics: shape storage', () => {
  it("stores every kind of a scene's shapes as packed doubles of exactly 2 × count coordinates (core/shapes/shape.ts)", () => {
    // 9 parts (the compound has 3), and normals for the 5 polygons among them.
    const kinds = assertPackedDoubles('scene', 14);
    assert.deepEqual(
      kinds.filter((k) => k.label.endsWith('normals')).map((k) => k.label),
      ['b part 0 (box) normals', 'p part 0 (polygon) normals', 'w part 0 (polygon) normals', 'car part 0 (box) normals', 'car part 2 (box) normals'],
    );
  });
});
