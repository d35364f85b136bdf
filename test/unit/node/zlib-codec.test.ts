import { strict as assert } from 'node:assert';
import { zlibCodec } from '../../../server/src/node/zlib-codec';

/** ~32 KB of publication-like JSON (one chunk's worth), numbered so that no two are alike. */
function chunk(seed: number): Uint8Array {
  const parts: string[] = [];
  for (let i = 0; parts.join(',').length < 32 * 1024; i++) {
    parts.push(JSON.stringify({ range: { start: { line: seed * 1000 + i, character: 0 }, end: { line: seed * 1000 + i, character: 24 } }, severity: 2, code: 'overlap', source: 'collide', message: `b${i} and b${i + 1} overlap by ${(i * 0.0137).toFixed(4)}` }));
  }
  return new TextEncoder().encode(parts.join(','));
}

/**
 * What the chunk store (lsp/encode/chunk-store.ts, ChunkCodec) counts on from node:zlib's codec:
 * the memory each call keeps or frees, which no output comparison would notice going wrong.
 */
describe('node/zlib-codec: the kept publications compressed with node:zlib', () => {
  it('packs a chunk into an array of its own, not a view of the 16 KB output buffer it kept alive', () => {
    const raw = chunk(1);
    const packed = zlibCodec.pack(raw);
    assert.ok(packed.length < raw.length / 4, `${packed.length} bytes from ${raw.length}`);
    assert.equal(packed.byteOffset, 0);
    assert.equal(packed.buffer.byteLength, packed.length, 'the compressed chunk holds no more memory than its bytes');
  });

  it('expands segments packed one by one in a single call, into a buffer of at least a slab', () => {
    const raws = [chunk(1), chunk(2), chunk(3)];
    const size = raws.reduce((n, r) => n + r.length, 0);
    const slab = 1024 * 1024;
    const out = zlibCodec.unpack(raws.map((r) => zlibCodec.pack(r)), size, slab);
    assert.equal(out.length, size);
    assert.deepEqual(Buffer.from(out), Buffer.concat(raws));
    // Written straight into a buffer of a slab's size (mapped on its own), not copied out of a smaller one.
    assert.ok(out.buffer.byteLength >= slab, `buffer of ${out.buffer.byteLength} bytes`);
    // A plain Uint8Array, whose slice() copies (a Buffer's is a view of memory the store releases).
    assert.equal(Object.getPrototypeOf(out), Uint8Array.prototype);
    // A single segment is expanded as it is.
    assert.deepEqual(Buffer.from(zlibCodec.unpack([zlibCodec.pack(raws[1]!)], raws[1]!.length, 0)), Buffer.from(raws[1]!));
  });

  it('throws on segments that are not DEFLATE or do not expand to the size given', () => {
    const raw = chunk(4);
    const packed = zlibCodec.pack(raw);
    assert.throws(() => zlibCodec.unpack([packed], raw.length - 1, 0));
    assert.throws(() => zlibCodec.unpack([packed], raw.length + 1, 0));
    assert.throws(() => zlibCodec.unpack([new Uint8Array([0xff, 0xff, 0xff, 0xff])], 10, 0));
  });

  it('releases a buffer by detaching it: its memory goes now, and every view of it is empty', () => {
    const out = zlibCodec.unpack([zlibCodec.pack(chunk(5))], chunk(5).length, 64 * 1024);
    const buffer = out.buffer;
    assert.ok(buffer.byteLength >= 64 * 1024);
    zlibCodec.release(buffer);
    assert.equal(buffer.byteLength, 0);
    assert.equal(out.length, 0);
  });

  it("expands a small list into a buffer of its own too: releasing it leaves Node's shared Buffer pool alone", () => {
    // Under 4 KB, node:zlib's output buffer came from the pool that Buffer.from and the streams
    // share, and release() detached it under every buffer cut from it.
    const raw = new TextEncoder().encode('{"code":"overlap"},'.repeat(40));
    const out = zlibCodec.unpack([zlibCodec.pack(raw)], raw.length, 0);
    const pooled = Buffer.from('a small buffer');
    assert.notEqual(out.buffer, pooled.buffer);
    zlibCodec.release(out.buffer);
    assert.equal(pooled.toString(), 'a small buffer');
  });
});
