import { constants, inflateRaw } from 'node:zlib';

/** The largest output buffer allocated at once: a declared size beyond it is inflated in several. */
const MAX_CHUNK = 16 * 1024 * 1024;

/**
 * A whole preview scene's deflated bytes inflated by node:zlib (client/src/preview/scene-sync.ts,
 * useSceneInflater), on libuv's thread pool: exactly `size` bytes, or null, as
 * protocol/deflate-raw.ts's inflateRawStream answers. `maxOutputLength` stops zlib at the first
 * byte past `size`, so a stream that expands without end costs no more than `size`. The output
 * buffer holds the whole of a part (`chunkSize`): node:zlib hands each full buffer back to the
 * extension host's loop before it inflates on, sixty times a megabyte at the default 16 KiB.
 */
export function zlibInflateScene(deflated: Uint8Array, size: number): Promise<Uint8Array | null> {
  if (!Number.isInteger(size) || size < 0) return Promise.resolve(null);
  return new Promise((resolve) =>
    inflateRaw(deflated, { maxOutputLength: Math.max(size, 1), chunkSize: Math.min(MAX_CHUNK, Math.max(constants.Z_MIN_CHUNK, size + 1)) }, (error, out) =>
      resolve(error || out.length !== size ? null : new Uint8Array(out.buffer, out.byteOffset, out.length)),
    ),
  );
}
