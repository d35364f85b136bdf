import { strict as assert } from 'node:assert';
import { assertPackedDoubles, elementsKinds } from '../core/elements-kind';

describe('semantics: shape storage', () => {
  it("stores every kind of a scene's shapes as packed doubles of exactly 2 × count coordinates (core/shapes/shape.ts)", () => {
    // 9 parts (the compound has 3), and normals for the 3 boxes among them: a polygon's are
    // computed where read (core/shapes/factory.ts makePolygon).
    const kinds = assertPackedDoubles('scene', 12);
    assert.deepEqual(
      kinds.filter((k) => k.label.endsWith('normals')).map((k) => k.label),
      ['b part 0 (box) normals', 'car part 0 (box) normals', 'car part 2 (box) normals'],
    );
    // A body's numbers follow its one shape's vertices in the same array (semantics/scene.ts
    // SceneBody data), but a circle's, whose centre is shared, and a compound's parts'.
    assert.deepEqual(
      kinds.filter((k) => k.bodyNumbers > 0).map((k) => k.label),
      ['b part 0 (box) core', 'p part 0 (polygon) core', 'w part 0 (polygon) core', 'k part 0 (capsule) core', 's part 0 (segment) core'],
    );
  });

  it("stores every body's pose, motion and clause offsets as packed doubles, integers included (semantics/scene.ts)", () => {
    const kinds = elementsKinds('body data');
    assert.deepEqual(
      kinds.map((k) => [k.label, k.length, k.packedDoubles]),
      [
        // The boxes' data is their shape's array: the 8 coordinates first.
        ['b data', 8 + 3, true],
        ['a data', 3 + 1, true],
        ['c data', 8 + 3 + 3, true],
        ['d data', 3 + 1 + 2 + 3, true],
        ['e data', 3 + 2 + 4, true],
      ],
    );
  });
});
