import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ChunkCodec } from '../lsp/encode/chunk-store';

/**
 * The codec of the kept publication bytes (lsp/encode/chunk-store.ts) in Node: raw DEFLATE (RFC
 * 1951, no zlib or gzip header: the length is kept beside it) by node:zlib, and buffers released
 * by detaching them.
 *
 * Level 1 (zlib's fastest, deflate_fast: greedy matching without lazy evaluation): the default
 * level is several times slower for little gain, since JSON of diagnostics repeats its keys,
 * codes and much of its messages within a chunk, which even the fastest level finds.
 */
export const zlibCodec: ChunkCodec = {
  pack(bytes) {
    // A sync flush rather than a final block ends the segment (lsp/encode/chunk-store.ts, ChunkCodec):
    // segments then concatenate. node:zlib returns a view of its 16 KB output buffer when the
    // output fits in it (most chunks): copied out, so that the compressed chunk does not keep
    // that buffer alive.
    return new Uint8Array(deflateRawSync(bytes, { level: constants.Z_BEST_SPEED, finishFlush: constants.Z_SYNC_FLUSH }));
  },
  unpack(packed, size, slabSize) {
    // One output buffer large enough to be mapped on its own (a slab), and one more byte
    // than the output (a full buffer makes node:zlib allocate another to see whether more
    // comes): the bytes are written straight into what becomes the slab, with no copy. Sync
    // flush, as the segments end (no final block). Never under Buffer.poolSize: node:zlib takes a
    // smaller buffer from the pool that Buffer.from and the streams share, and release() would
    // detach that pool under every buffer cut from it (only a small slab, as tests use, gets there).
    const input = packed.length === 1 ? packed[0]! : Buffer.concat(packed);
    const out = inflateRawSync(input, { finishFlush: constants.Z_SYNC_FLUSH, chunkSize: Math.max(slabSize, size + 1, Buffer.poolSize, constants.Z_MIN_CHUNK) });
    if (out.length !== size) throw new Error(`compressed chunks expanded to ${out.length} bytes, ${size} expected`);
    // A plain Uint8Array over the same memory, as the interface says: a Buffer's slice() is a
    // view, not the copy a Uint8Array's is, and the store cuts chunks from this and copies them.
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  },
  release(buffer) {
    // Transferring a buffer detaches it and moves its memory to the clone, which nothing
    // references: freed at the next young-generation collection (which IdleMemory runs right
    // after), where dropping the buffer would wait for a full collection of the heap (its
    // wrapper is old). ArrayBuffer.prototype.transfer does it directly, from Node 21.
    structuredClone(buffer, { transfer: [buffer as ArrayBuffer] });
  },
};

