/**
 * A body clicked in the preview, revealed in the text (client/src/preview/reveal.ts): its name
 * selected in the editor that shows the document, or beside the preview when the preview covers
 * the text; by name in the host's scene of the text's version, whatever version the webview drew.
 */
import { strict as assert } from 'node:assert';
import { revealPlan } from '../../../../client/src/preview/reveal';
import { sampleScene } from '../../../browser/fixtures';

describe('preview host: revealing a clicked body', () => {
  const scene = sampleScene(7);
  const crate = scene.bodies[1]!;

  it('selects the body\'s name in the visible text editor\'s column', () => {
    assert.deepEqual(revealPlan(scene, 7, 'crate', [1], 2), { start: crate.nameRange.start, end: crate.nameRange.end, column: 1 });
  });

  it('opens the text beside the preview when no editor shows it, or only one behind the preview', () => {
    assert.equal(revealPlan(scene, 7, 'crate', [], 1)!.column, 'beside');
    assert.equal(revealPlan(scene, 7, 'crate', [1], 1)!.column, 'beside');
    assert.equal(revealPlan(scene, 7, 'crate', [undefined, 3], 1)!.column, 3);
  });

  it('reveals nothing when the host\'s scene is behind the text, or has no such body', () => {
    assert.equal(revealPlan(scene, 8, 'crate', [1], 2), null);
    assert.equal(revealPlan(scene, 7, 'no-such-body', [1], 2), null);
    assert.equal(revealPlan(null, 7, 'crate', [1], 2), null);
  });
});
