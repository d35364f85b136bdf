/**
 * The host's messages to the webview as protocol/preview-messages.ts checks them: a whole
 * scene's bytes may say which of its parts they hold, and only as 0 ≤ index < count ≤
 * MAX_SCENE_PARTS.
 */
import { strict as assert } from 'node:assert';
import { MAX_SCENE_PARTS } from '../../../protocol/preview-lsp';
import { isHostToWebview } from '../../../protocol/preview-messages';

describe('protocol/preview-messages', () => {
  const bytes = new Uint8Array([1, 2, 3]);

  it('takes a part of a whole scene only as 0 ≤ index < count ≤ MAX_SCENE_PARTS, and the whole without one', () => {
    for (const part of [
      { index: 0, count: 1 },
      { index: 2, count: 3 },
      { index: MAX_SCENE_PARTS - 1, count: MAX_SCENE_PARTS },
    ]) {
      assert.ok(isHostToWebview({ type: 'sceneBytes', bytes, part }), JSON.stringify(part));
      assert.ok(isHostToWebview({ type: 'sceneBytes', bytes, deflated: 12, part }), JSON.stringify(part));
    }
    assert.ok(isHostToWebview({ type: 'sceneBytes', bytes }));
    for (const part of [
      { index: 1, count: 1 },
      { index: -1, count: 2 },
      { index: 0, count: 0 },
      { index: 0, count: MAX_SCENE_PARTS + 1 },
      { index: 0.5, count: 2 },
      { index: 0, count: Number.POSITIVE_INFINITY },
      { index: '0', count: 2 },
      { index: 0 },
      [0, 2],
      null,
      3,
    ]) {
      assert.ok(!isHostToWebview({ type: 'sceneBytes', bytes, part }), JSON.stringify(part));
    }
  });
});
