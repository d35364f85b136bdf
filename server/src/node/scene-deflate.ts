import { constants, deflateRaw } from 'node:zlib';
import { concatBytes } from '../../../protocol/concat-bytes';
import type { SceneDeflate } from '../lsp/scene-bytes-answer';

/** Bytes of a whole scene deflated as one piece (a 100k-body scene's 14.9 MB make fifteen). */
const PIECE_BYTES = 1 << 20;

/**
 * A whole preview scene's bytes deflated (lsp/scene-bytes-answer.ts, SceneDeflate) by node:zlib's
 * asynchronous deflateRaw, which runs on libuv's thread pool: the message loop answers other
 * requests and publishes diagnostics meanwhile.
 *
 * The bytes are cut into pieces of `pieceBytes`, deflated at once on as many of the pool's
 * threads, and the streams concatenated, as pigz does (https://zlib.net/pigz/): every piece but
 * the last ends with a sync flush (an empty stored block, no final bit) and the last with the
 * final block, so that the whole is one raw DEFLATE stream whose back-references stay within their
 * piece. A piece starts with an empty window, which costs a fraction of a percent in size.
 *
 * Level 1 (deflate_fast, greedy matching): the default level takes nearly twice as long for
 * two percent fewer bytes, and what the bytes save is the time to carry them.
 */
export function piecewiseDeflate(pieceBytes: number): SceneDeflate {
  return async (bytes) => {
    const pieces: Promise<Uint8Array>[] = [];
    for (let at = 0; at < bytes.length || at === 0; at += pieceBytes) {
      const last = at + pieceBytes >= bytes.length;
      pieces.push(deflatePiece(bytes.subarray(at, at + pieceBytes), last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH));
    }
    return concatBytes(await Promise.all(pieces));
  };
}

/**
 * One piece deflated on the thread pool. Its output buffer (`chunkSize`) holds the whole output
 * (deflate's bound: the input and a little per stored block): node:zlib hands each full buffer
 * back to the message loop before it deflates on, and with the default 16 KiB a megabyte makes
 * sixty round trips, each waiting for the loop's next turn while it builds the scene's parts.
 */
function deflatePiece(bytes: Uint8Array, finishFlush: number): Promise<Uint8Array> {
  const chunkSize = Math.max(constants.Z_MIN_CHUNK, bytes.length + (bytes.length >> 10) + 64);
  return new Promise((resolve, reject) =>
    deflateRaw(bytes, { level: constants.Z_BEST_SPEED, finishFlush, chunkSize }, (error, out) => (error ? reject(error) : resolve(new Uint8Array(out.buffer, out.byteOffset, out.length)))),
  );
}

export const zlibSceneDeflate: SceneDeflate = piecewiseDeflate(PIECE_BYTES);
