/**
 * The preview model built and written in parts (server/src/preview/scene-parts.ts): its parts read
 * back the model buildPreviewScene makes, every part is handed over in order as soon as it is
 * written (before the steps end), and the run returns that model and its bounds.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeSceneParts } from '../../../protocol/preview-scene-bytes';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPreviewScene, previewSceneSteps } from '../../../server/src/preview/scene-model';
import { previewScenePartsSteps } from '../../../server/src/preview/scene-parts';
import { finish } from '../../../server/src/common/steps';
import { generateScene, sceneText } from '../../../bench/scenes';

function sourceOf(text: string) {
  const a = analyzeDocument(text);
  return { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics };
}

const EXAMPLES = join(__dirname, '../../../examples');

describe('preview/scene-parts', () => {
  it('writes parts that read back the model, each handed over before the next is built', () => {
    const source = sourceOf(sceneText(generateScene(300, 0)));
    assert.ok(source.findings.length > 0, 'a scene with findings');
    const whole = buildPreviewScene('file:///p.collide', 4, source);
    for (const size of [1, 7, 64, 1e9]) {
      const parts: Uint8Array[] = [];
      const steps = previewScenePartsSteps('file:///p.collide', 4, source, (index, count, bytes) => {
        assert.equal(index, parts.length, 'in order');
        assert.equal(count, Math.max(1, Math.ceil((whole.bodies.length + whole.findings.length) / size)));
        parts.push(bytes);
      }, size);
      let pausesWithParts = 0;
      let built;
      for (;;) {
        const step = steps.next();
        if (step.done) {
          built = step.value;
          break;
        }
        if (parts.length > 0 && parts.length < Math.ceil((whole.bodies.length + whole.findings.length) / size)) pausesWithParts++;
      }
      if (size < 64) assert.ok(pausesWithParts > 0, `size ${size}: parts are handed over while the rest is built`);
      assert.deepEqual(decodeSceneParts(parts), whole, `size ${size}`);
      assert.deepEqual(built.scene, whole);
      assert.deepEqual(built.swept, finish(previewSceneSteps('file:///p.collide', 4, source)).swept);
    }
  });

  it('reads back every example scene, and an empty one, in parts', () => {
    const files = ['tile-level.collide', 'ghost-bump.collide', 'compound-car.collide', 'crates-on-a-floor.collide'];
    for (const text of [...files.map((f) => readFileSync(join(EXAMPLES, f), 'utf8')), '']) {
      const source = sourceOf(text);
      const parts: Uint8Array[] = [];
      finish(previewScenePartsSteps('file:///e.collide', 1, source, (_i, _n, bytes) => parts.push(bytes), 3));
      assert.deepEqual(decodeSceneParts(parts), buildPreviewScene('file:///e.collide', 1, source));
    }
  });
});
