/**
 * A whole scene in parts (protocol/preview-scene-parts.ts): any split of any scene reads back, part
 * by part, exactly the scene; a part out of order, of another scene, or missing is refused, and
 * the assembly stays refused after it.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { PreviewScene } from '../../../protocol/preview-model';
import { decodeSceneBytes, decodeSceneParts, encodeSceneBytes, encodeScenePart, SceneAssembly, SceneBytesWriter, sceneSlices } from '../../../protocol/preview-scene-bytes';
import { sampleScene } from '../../browser/fixtures';
import { sceneArb } from './preview-scene-arbitraries';

const partsOf = (scene: PreviewScene, size: number): Uint8Array[] => sceneSlices(scene.bodies.length, scene.findings.length, size).map((s) => encodeScenePart(scene, s));

/** The header of a scene's bytes, as JSON. */
function headerOf(bytes: Uint8Array): Record<string, unknown> {
  const n = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n))) as Record<string, unknown>;
}

describe('protocol/preview-scene-parts', () => {
  it('slices the bodies, then the findings, in runs of the size given, and an empty scene in one part', () => {
    assert.deepEqual(sceneSlices(0, 0, 4), [{ bodies: [0, 0], findings: [0, 0] }]);
    assert.deepEqual(sceneSlices(5, 4, 4), [
      { bodies: [0, 4], findings: [0, 0] },
      { bodies: [4, 5], findings: [0, 3] },
      { bodies: [5, 5], findings: [3, 4] },
    ]);
    assert.deepEqual(sceneSlices(3, 0, 8), [{ bodies: [0, 3], findings: [0, 0] }]);
  });

  it('reads any scene back exactly from its parts, whatever their size', () => {
    let split = 0;
    fc.assert(
      fc.property(sceneArb, fc.integer({ min: 1, max: 6 }), (scene, size) => {
        const parts = partsOf(scene, size);
        if (parts.length > 1) split++;
        assert.deepEqual(decodeSceneParts(parts), decodeSceneBytes(encodeSceneBytes(scene)));
      }),
    );
    assert.ok(split > 10, `only ${split} scenes came in more than one part`);
  });

  it('writes a part a run at a time as in one go', () => {
    const scene = sampleScene();
    const [slice] = sceneSlices(scene.bodies.length, scene.findings.length, 1e9);
    const writer = new SceneBytesWriter(scene, slice);
    let steps = 0;
    while (!writer.step(1)) steps++;
    assert.ok(steps > 1);
    assert.deepEqual(writer.bytes(), encodeScenePart(scene, slice!));
  });

  it('says which slice a part holds, and a whole scene says nothing of it', () => {
    const scene = sampleScene();
    assert.ok(scene.bodies.length > 2 && scene.findings.length > 0);
    const parts = partsOf(scene, 2);
    assert.deepEqual(headerOf(parts[1]!).from, [2, 0]);
    assert.deepEqual(headerOf(parts[1]!).of, [scene.bodies.length, scene.findings.length]);
    assert.equal(headerOf(encodeSceneBytes(scene)).from, undefined);
    // A part is not a whole scene, even when it holds the whole scene.
    assert.equal(decodeSceneBytes(partsOf(scene, 1e9)[0]!), null);
    assert.deepEqual(decodeSceneParts(partsOf(scene, 1e9)), scene);
  });

  it('refuses parts out of order, missing, repeated or of another scene, and stays refused', () => {
    const scene = sampleScene();
    const parts = partsOf(scene, 2);
    assert.ok(parts.length >= 3);
    assert.equal(decodeSceneParts([parts[0]!, parts[2]!, parts[1]!, ...parts.slice(3)]), null);
    assert.equal(decodeSceneParts(parts.slice(0, -1)), null, 'the last part missing');
    assert.equal(decodeSceneParts(parts.slice(1)), null, 'the first part missing');
    assert.equal(decodeSceneParts([parts[0]!, ...parts]), null, 'a part twice');
    const newer = partsOf({ ...scene, version: scene.version + 1 }, 2);
    assert.equal(decodeSceneParts([parts[0]!, newer[1]!, ...parts.slice(2)]), null, 'a part of another version');
    const moved = partsOf({ ...scene, bounds: [0, 0, 1, 1] }, 2);
    assert.equal(decodeSceneParts([parts[0]!, moved[1]!, ...parts.slice(2)]), null, 'a part with other bounds');
    const fewer = { ...scene, bodies: scene.bodies.slice(0, -1), findings: [] };
    assert.equal(decodeSceneParts([...partsOf(fewer, 2).slice(0, 1), ...parts.slice(1)]), null, 'a part of a scene with other counts');

    const assembly = new SceneAssembly(parts.length);
    assert.equal(assembly.add(0, parts[0]!), true);
    assert.equal(assembly.add(2, parts[2]!), false);
    assert.equal(assembly.add(1, parts[1]!), false, 'refused after a part that did not fit');
    assert.equal(assembly.done, false);
    assert.equal(assembly.scene, null);
    assert.equal(new SceneAssembly(0).add(0, parts[0]!), false);
  });

  it('refuses a part whose bytes are cut or are a whole scene', () => {
    const scene = sampleScene();
    const parts = partsOf(scene, 2);
    assert.equal(decodeSceneParts([parts[0]!.subarray(0, parts[0]!.length - 1), ...parts.slice(1)]), null);
    assert.equal(decodeSceneParts([encodeSceneBytes(scene)]), null);
  });
});
