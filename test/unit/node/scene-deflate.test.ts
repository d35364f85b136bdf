/**
 * The Node server's deflate of a whole scene's bytes (server/src/node/scene-deflate.ts): pieces
 * deflated apart and concatenated make one raw DEFLATE stream, which inflates (zlib's and the
 * Compression Streams API's inflate alike) to exactly the bytes, whatever their length against
 * the pieces' size.
 */
import { strict as assert } from 'node:assert';
import { inflateRawSync } from 'node:zlib';
import { piecewiseDeflate, zlibSceneDeflate } from '../../../server/src/node/scene-deflate';
import { inflateRawStream } from '../../../protocol/deflate-raw';
import { decodeSceneBytes, encodeSceneBytes } from '../../../protocol/preview-scene-bytes';
import { sampleScene } from '../../browser/fixtures';

describe('node/scene-deflate', () => {
  it('makes one stream of its pieces, whatever the length against the piece size', async () => {
    const deflate = piecewiseDeflate(1000);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) & 0x0f; // compressible, not trivially
    for (const n of [0, 1, 999, 1000, 1001, 2000, 3456]) {
      const bytes = Uint8Array.from({ length: n }, random);
      const deflated = await deflate(bytes);
      assert.deepStrictEqual(new Uint8Array(inflateRawSync(deflated)), bytes, `${n} bytes (zlib)`);
      assert.deepStrictEqual(await inflateRawStream(deflated, n), bytes, `${n} bytes (streams)`);
    }
  });

  it('deflates a scene’s bytes to a stream that inflates back to them', async () => {
    const bytes = encodeSceneBytes(sampleScene());
    const deflated = await zlibSceneDeflate(bytes);
    assert.ok(deflated.length < bytes.length);
    assert.deepStrictEqual(decodeSceneBytes((await inflateRawStream(deflated, bytes.length))!), sampleScene());
  });
});
