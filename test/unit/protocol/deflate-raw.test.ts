/**
 * A whole scene's bytes deflated and inflated again (protocol/deflate-raw.ts): zlib's stream
 * (the Node server's) and the Compression Streams API's (the browser worker's) inflate to the
 * bytes they were made of, which decode to the scene; a stream that is corrupt, truncated or
 * expands past the size it came with (a decompression bomb) gives null, never more memory
 * than that size; the messages carrying the size refuse one that is not a byte length.
 */
import { strict as assert } from 'node:assert';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../server/src/preview/scene-model';
import { deflateRawStream, inflateRawStream, isInflatedSize } from '../../../protocol/deflate-raw';
import { isPreviewSceneBytes } from '../../../protocol/preview-lsp';
import { isHostToWebview } from '../../../protocol/preview-messages';
import type { PreviewScene } from '../../../protocol/preview-model';
import { decodeSceneBytes, encodeSceneBytes, MAX_SCENE_BYTES } from '../../../protocol/preview-scene-bytes';
import { sampleScene } from '../../browser/fixtures';

/** A scene of `n` boxes in rows, every ninth moving, through JSON as on the wire. */
function gridScene(n: number): PreviewScene {
  const lines = ['dt 1/60', 'frames 2'];
  for (let i = 0; i < n; i++) lines.push(`body b${i} box(1, 1) at (${(i % 40) * 1.3}, ${Math.floor(i / 40) * 1.3})${i % 9 === 0 ? ' velocity (120, 0)' : ''}`);
  const a = analyzeDocument(lines.join('\n') + '\n');
  return JSON.parse(JSON.stringify(buildPreviewScene('file:///g.collide', 3, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics }))) as PreviewScene;
}

describe('protocol/deflate-raw', () => {
  const scene = gridScene(2000);
  const bytes = encodeSceneBytes(scene);

  it('inflates zlib’s raw stream of a scene’s bytes back to them, which decode to the scene', async () => {
    const deflated = new Uint8Array(deflateRawSync(bytes, { level: constants.Z_BEST_SPEED }));
    assert.ok(deflated.length < bytes.length * 0.8, `smaller: ${deflated.length} of ${bytes.length}`);
    const inflated = await inflateRawStream(deflated, bytes.length);
    assert.ok(inflated);
    assert.deepStrictEqual(inflated, bytes);
    assert.deepStrictEqual(decodeSceneBytes(inflated), scene);
  });

  it('inflates its own stream (CompressionStream’s) back to the bytes, and zlib reads it too', async () => {
    const deflated = await deflateRawStream(bytes);
    assert.deepStrictEqual(await inflateRawStream(deflated, bytes.length), bytes);
    assert.deepStrictEqual(new Uint8Array(inflateRawSync(deflated)), bytes);
    const small = encodeSceneBytes(sampleScene());
    assert.deepStrictEqual(decodeSceneBytes((await inflateRawStream(await deflateRawStream(small), small.length))!), sampleScene());
  });

  it('gives null for a corrupt or truncated stream, or one that does not expand to the size it came with', async () => {
    const deflated = new Uint8Array(deflateRawSync(bytes, { level: constants.Z_BEST_SPEED }));
    assert.equal(await inflateRawStream(deflated.subarray(0, deflated.length >> 1), bytes.length), null, 'cut in half');
    assert.equal(await inflateRawStream(deflated.subarray(0, deflated.length - 1), bytes.length), null, 'its last byte missing');
    const corrupt = deflated.slice();
    corrupt[0] = 0xff; // a block type that does not exist (3)
    assert.equal(await inflateRawStream(corrupt, bytes.length), null, 'a reserved block type');
    assert.equal(await inflateRawStream(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), 8), null, 'not deflate at all');
    assert.equal(await inflateRawStream(deflated, bytes.length - 1), null, 'one byte more than it said');
    assert.equal(await inflateRawStream(deflated, bytes.length + 1), null, 'one byte fewer than it said');
    assert.equal(await inflateRawStream(deflated, -1), null, 'a negative size');
    assert.equal(await inflateRawStream(deflated, MAX_SCENE_BYTES + 1), null, 'a size past any scene’s');
  });

  it('stops a stream that expands far past the size it came with (a decompression bomb) at that size', async () => {
    // 64 MB of zeros deflate to about 64 KB; the reader stops at the first chunk past 1 KB.
    const bomb = new Uint8Array(deflateRawSync(Buffer.alloc(64 * 1024 * 1024), { level: constants.Z_BEST_COMPRESSION }));
    assert.ok(bomb.length < 100_000, `${bomb.length} bytes`);
    assert.equal(await inflateRawStream(bomb, 1024), null);
  });

  it('lets the answer and the webview message say the size, and only as a byte length', () => {
    for (const size of [0, 1, bytes.length, MAX_SCENE_BYTES]) assert.ok(isInflatedSize(size), `${size}`);
    for (const size of [-1, 1.5, MAX_SCENE_BYTES + 1, '12', null, Number.NaN]) assert.ok(!isInflatedSize(size), `${String(size)}`);
    assert.ok(isHostToWebview({ type: 'sceneBytes', bytes, deflated: 12 }));
    assert.ok(!isHostToWebview({ type: 'sceneBytes', bytes, deflated: -3 }));
    assert.ok(!isHostToWebview({ type: 'sceneBytes', bytes, deflated: 'yes' }));
    const answer = { uri: scene.uri, version: 3, bytes: ['AAAA'] };
    assert.ok(isPreviewSceneBytes({ ...answer, deflated: 3 }));
    assert.ok(isPreviewSceneBytes(answer), 'bytes as they are stay accepted');
    assert.ok(!isPreviewSceneBytes({ ...answer, deflated: MAX_SCENE_BYTES + 1 }));
    assert.ok(!isPreviewSceneBytes({ ...answer, deflated: true }));
  });
});
