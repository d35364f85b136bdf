import { strict as assert } from 'node:assert';
import { ChunkStore } from '../../../server/src/lsp/encode/chunk-store';
import { zlibCodec } from '../../../server/src/node/zlib-codec';

describe('lsp/chunk-store with the server codec (node:zlib)', () => {
  it('moving chunks out of the slabs (unslab) keeps the bytes of chunks expanded after a pause', () => {
    // A large publication written into slabs, compressed and released while idle, expanded at
    // the next edit; then the list shrinks below the compression size and its slabs are given back.
    const store = new ChunkStore(zlibCodec, 64 * 1024);
    const chunks = [store.allocate(600, true), store.allocate(700, true)];
    chunks[0]!.raw!.fill(0x41);
    chunks[1]!.raw!.fill(0x42);
    assert.equal(store.compact(chunks, () => false), true);
    assert.ok(store.release(chunks) > 0);
    assert.ok(chunks.every((b) => b.raw === null));
    store.expand(chunks);
    assert.ok(store.unslab(chunks) > 0, 'the expansion buffer freed');
    assert.equal(store.slabBytes, 0);
    assert.equal(Buffer.from(store.bytes(chunks[0]!)).toString(), 'A'.repeat(600));
    assert.equal(Buffer.from(store.bytes(chunks[1]!)).toString(), 'B'.repeat(700));
    assert.ok(chunks.every((b) => !b.inSlab && b.raw!.buffer.byteLength === b.size), 'arrays of their own');
  });
});
