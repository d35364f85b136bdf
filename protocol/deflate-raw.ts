/**
 * Raw DEFLATE (RFC 1951: no zlib or gzip header) through the Compression Streams API
 * (`CompressionStream('deflate-raw')`, `DecompressionStream`), which the webview, a browser
 * worker and Node (from 20.12) all have: a whole preview scene's bytes travel deflated from the
 * server to the webview (preview-lsp.ts, `PreviewSceneBytes.deflated`). Node's entries use
 * node:zlib instead (server/src/node, client/src/node), whose streams are the same format.
 *
 * The inflate is bounded by the size the sender declared (at most MAX_SCENE_BYTES): it stops
 * reading as soon as the output would pass it, so a stream that expands without end (a
 * decompression bomb) costs no more memory than an honest scene of that size.
 */
import { concatBytes } from './concat-bytes';
import { MAX_SCENE_BYTES } from './preview-scene-bytes';

/** Whether `size` is a byte length a deflated scene may declare. */
export function isInflatedSize(size: unknown): size is number {
  return Number.isInteger(size) && (size as number) >= 0 && (size as number) <= MAX_SCENE_BYTES;
}

/** The raw DEFLATE stream of `bytes` (the default level of the platform's compressor). */
export async function deflateRawStream(bytes: Uint8Array): Promise<Uint8Array> {
  const cs = new CompressionStream('deflate-raw');
  const writer = cs.writable.getWriter();
  const written = writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  const parts: Uint8Array[] = [];
  const reader = cs.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  await written;
  return concatBytes(parts);
}

/**
 * The `size` bytes the raw DEFLATE stream `deflated` holds, or null when it does not hold exactly
 * that many: corrupt, truncated, expanding to fewer or more bytes (reading stops at the first
 * byte past `size`), or `size` not a scene's. Bytes after the stream's last block are refused by
 * Chromium and ignored by Node.
 */
export async function inflateRawStream(deflated: Uint8Array, size: number): Promise<Uint8Array | null> {
  if (!isInflatedSize(size)) return null;
  const ds = new DecompressionStream('deflate-raw');
  const writer = ds.writable.getWriter();
  // Its failures show on the readable side too (an error or a short output): only kept from
  // being an unhandled rejection here.
  const written = writer
    .write(deflated as Uint8Array<ArrayBuffer>)
    .then(() => writer.close())
    .catch(() => undefined);
  const reader = ds.readable.getReader();
  const out = new Uint8Array(size);
  let at = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.byteLength > size - at) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      out.set(value, at);
      at += value.byteLength;
    }
  } catch {
    return null;
  }
  await written;
  return at === size ? out : null;
}
