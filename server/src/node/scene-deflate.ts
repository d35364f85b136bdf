import { constants, deflateRaw } from 'node:zlib';
import type { SceneDeflate } from '../lsp/preview';

/**
 * A whole preview scene's bytes deflated (lsp/preview.ts, SceneDeflate) by node:zlib's
 * asynchronous deflateRaw, which runs on libuv's thread pool: the message loop answers other
 * requests and publishes diagnostics meanwhile.
 *
 * Level 1 (deflate_fast, greedy matching): the default level takes nearly twice as long for a
 * few percent fewer bytes, and what the bytes save is the time to carry them.
 */
export const zlibSceneDeflate: SceneDeflate = (bytes) =>
  new Promise((resolve, reject) =>
    deflateRaw(bytes, { level: constants.Z_BEST_SPEED }, (error, out) => (error ? reject(error) : resolve(new Uint8Array(out.buffer, out.byteOffset, out.length)))),
  );
