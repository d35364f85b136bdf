import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { godotLayersMeet, lowerLayers } from '../../../server/src/readers/level-layers';
import { lowerLevel } from '../../../server/src/readers/lower';
import { layersCollide } from '../../../server/src/semantics/scene';
import { circle, levelBody, levelScene } from './level-fixture';

describe('readers: Godot layers and masks as declared layers', () => {
  it("follows Godot's rule for every pair of bodies (brute force over random bits)", () => {
    // Few bits, so that pairs meet and miss alike; the high bit too, where JavaScript's bitwise
    // operators go negative.
    const bits = fc.oneof(fc.integer({ min: 0, max: 7 }), fc.constantFrom(0x80000000, 0xffffffff, 0x80000001));
    const body = fc.option(fc.record({ layer: bits, mask: bits }), { nil: undefined, freq: 5 });
    fc.assert(
      fc.property(fc.array(body, { minLength: 2, maxLength: 8 }), (layers) => {
        const level = levelScene(layers.map((l, i) => levelBody(`b${i}`, [circle(1)], l ? { layers: l } : {})));
        const scene = analyzeDocument(lowerLevel(level).text).semantics.scene;
        assert.equal(scene.bodies.length, layers.length);
        for (let i = 0; i < layers.length; i++) {
          for (let j = 0; j < layers.length; j++) {
            const a = layers[i];
            const b = layers[j];
            const expected = a === undefined || b === undefined || godotLayersMeet(a, b);
            assert.equal(layersCollide(scene, scene.bodies[i]!, scene.bodies[j]!), expected, `${JSON.stringify(a)} and ${JSON.stringify(b)}`);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('declares no layer when every body has the same self-colliding pair or none', () => {
    assert.deepEqual(lowerLayers([{ layer: 1, mask: 1 }, undefined, { layer: 1, mask: 1 }]), { statements: [], used: false });
    assert.deepEqual(lowerLayers([undefined]), { statements: [], used: false });
    const text = lowerLevel(levelScene([levelBody('a', [circle(1)], { layers: { layer: 1, mask: 3 } }), levelBody('b', [circle(1)], { layers: { layer: 1, mask: 3 } })])).text;
    assert.doesNotMatch(text, /layer/);
  });

  it('names a layer by its pair and lists each meeting pair once', () => {
    assert.deepEqual(lowerLayers([{ layer: 1, mask: 2 }, { layer: 2, mask: 1 }, { layer: 4, mask: 4 }]).statements, [
      'layer godot_l1_m2 collides godot_l2_m1',
      'layer godot_l2_m1',
      'layer godot_l4_m4 collides godot_l4_m4',
    ]);
    assert.deepEqual(lowerLayers([{ layer: 1, mask: 0 }]).statements, ['layer godot_l1_m0']);
  });
});
