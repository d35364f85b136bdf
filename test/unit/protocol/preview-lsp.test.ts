/**
 * The guards of a whole scene sent in parts (protocol/preview-lsp.ts): a part names its stream,
 * its index below its count and at most MAX_SCENE_PARTS parts, its bytes as base64 texts; the
 * answer after the parts is told from the other answers by `parts`.
 */
import { strict as assert } from 'node:assert';
import { isBytesAnswer, isDeltaAnswer, isPartsAnswer, isPreviewScenePart, isPreviewSceneParts, MAX_SCENE_PARTS, type PreviewScenePart } from '../../../protocol/preview-lsp';

const PART: PreviewScenePart = { stream: 3, uri: 'file:///a.collide', version: 2, index: 1, count: 4, bytes: ['QUJD', 'REVG'], deflated: 4096 };

describe('protocol/preview-lsp: a scene in parts on the wire', () => {
  it('takes a part whose index is below its count, with or without a deflated size', () => {
    assert.ok(isPreviewScenePart(PART));
    const { deflated: _, ...plain } = PART;
    assert.ok(isPreviewScenePart(plain));
    assert.ok(isPreviewScenePart({ ...PART, index: 0, count: 1, bytes: [] }));
    assert.ok(isPreviewScenePart({ ...PART, index: MAX_SCENE_PARTS - 1, count: MAX_SCENE_PARTS, stream: 0 }));
  });

  it('refuses a part out of its bounds', () => {
    const bad: unknown[] = [
      { ...PART, index: 4 },
      { ...PART, index: -1 },
      { ...PART, index: 0.5 },
      { ...PART, count: 0, index: 0 },
      { ...PART, count: MAX_SCENE_PARTS + 1 },
      { ...PART, stream: -1 },
      { ...PART, stream: 1.5 },
      { ...PART, stream: '3' },
      { ...PART, version: 1.5 },
      { ...PART, uri: 7 },
      { ...PART, bytes: 'QUJD' },
      { ...PART, bytes: [1] },
      { ...PART, bytes: new Array<string>((1 << 16) + 1).fill('') },
      { ...PART, deflated: -1 },
      null,
      [PART],
    ];
    assert.ok(bad.length > 0);
    for (const v of bad) assert.ok(!isPreviewScenePart(v), JSON.stringify(v)?.slice(0, 120));
  });

  it('tells the answer after the parts from a scene, a delta and bytes', () => {
    const answer = { uri: 'file:///a.collide', version: 2, dt: 1 / 60, frames: 60, slop: 0.005, bounds: [0, 0, 1, 1], errorCount: 0, parts: 4 };
    assert.ok(isPartsAnswer(answer) && isPreviewSceneParts(answer));
    assert.ok(isPreviewSceneParts({ ...answer, bounds: null, yDown: true }));
    // The header it repeats is checked as a scene's.
    for (const header of [{ dt: Infinity }, { frames: -1 }, { bounds: [0, 0, 1] }, { errorCount: 0.5 }, { yDown: 1 }, { slop: undefined }]) {
      assert.ok(!isPreviewSceneParts({ ...answer, ...header }), JSON.stringify(header));
    }
    assert.ok(!isBytesAnswer(answer) && !isDeltaAnswer(answer));
    assert.ok(!isPartsAnswer({ uri: 'file:///a.collide', version: 2, bytes: [] }));
    assert.ok(!isPartsAnswer({ uri: 'file:///a.collide', version: 2, base: 1, bodies: [], findings: [] }));
    assert.ok(!isPartsAnswer(null));
    for (const parts of [0, -1, 1.5, MAX_SCENE_PARTS + 1, '4']) assert.ok(!isPreviewSceneParts({ ...answer, parts }), String(parts));
  });
});
