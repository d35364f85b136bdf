/**
 * The Node host's inflate of a deflated scene (client/src/node/scene-inflate.ts) answers as the
 * Compression Streams API's does (protocol/deflate-raw.ts): exactly the bytes of the size it
 * was told, or null for a corrupt or truncated stream, a wrong size, or a bomb.
 */
import { strict as assert } from 'node:assert';
import { constants, deflateRawSync } from 'node:zlib';
import { zlibInflateScene } from '../../../../client/src/node/scene-inflate';
import { inflateRawStream } from '../../../../protocol/deflate-raw';
import { decodeSceneBytes, encodeSceneBytes } from '../../../../protocol/preview-scene-bytes';
import { sampleScene } from '../../../browser/fixtures';

describe('client/node/scene-inflate', () => {
  const scene = sampleScene();
  const bytes = encodeSceneBytes(scene);
  const deflated = new Uint8Array(deflateRawSync(bytes, { level: constants.Z_BEST_SPEED }));

  it('inflates a scene’s deflated bytes back to them', async () => {
    const out = await zlibInflateScene(deflated, bytes.length);
    assert.ok(out);
    assert.deepStrictEqual(decodeSceneBytes(out), scene);
  });

  it('gives null where the streams’ inflate does: corrupt, truncated, another size, a bomb', async () => {
    const corrupt = deflated.slice();
    corrupt[0] = 0xff;
    const bomb = new Uint8Array(deflateRawSync(Buffer.alloc(16 * 1024 * 1024)));
    const cases: [string, Uint8Array, number][] = [
      ['truncated', deflated.subarray(0, deflated.length - 1), bytes.length],
      ['corrupt', corrupt, bytes.length],
      ['one byte more than it said', deflated, bytes.length - 1],
      ['one byte fewer than it said', deflated, bytes.length + 1],
      ['a bomb', bomb, 4096],
      ['a negative size', deflated, -1],
    ];
    for (const [what, input, size] of cases) {
      assert.equal(await zlibInflateScene(input, size), null, what);
      assert.equal(await inflateRawStream(input, size), null, `${what} (streams)`);
    }
  });
});
