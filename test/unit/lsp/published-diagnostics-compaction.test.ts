import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { ChunkStore, type ChunkCodec } from '../../../server/src/lsp/encode/chunk-store';
import { parseSettings } from '../../../server/src/lsp/configuration';
import { analysisOptions, DEFAULT_SETTINGS, type CollideSettings } from '../../../server/src/features/settings';
import { publishedDiagnostics } from '../../../server/src/lsp/diagnostics';
import { messageJson } from '../../../server/src/lsp/encode/diagnostics-json';
import { makeAnalyzedDocument, type AnalyzedDocument } from '../../../server/src/features/document';
import { PublishedDiagnostics, type CompactLimits } from '../../../server/src/lsp/publish/published-diagnostics';
import { MIN_CHUNK_BYTES } from '../../../server/src/lsp/publish/snapshot';
import { zlibCodec } from '../../../server/src/node/zlib-codec';

const URI = 'file:///compacted.collide';

/** node:zlib's codec, counting what it does; `failUnpack` makes every expansion throw. */
class CountingCodec implements ChunkCodec {
  packs = 0;
  unpacks = 0;
  released: ArrayBufferLike[] = [];
  failUnpack = false;
  pack(bytes: Uint8Array): Uint8Array {
    this.packs++;
    return zlibCodec.pack(bytes);
  }
  unpack(packed: readonly Uint8Array[], size: number, slabSize: number): Uint8Array {
    this.unpacks++;
    if (this.failUnpack) throw new Error('out of memory (test)');
    return zlibCodec.unpack(packed, size, slabSize);
  }
  release(buffer: ArrayBufferLike): void {
    this.released.push(buffer);
    zlibCodec.release(buffer);
  }
}

/** Small limits, so that a few hundred bodies are compressed and fill several slabs. */
const LIMITS: Partial<CompactLimits> = { minDiagnostics: 0, minBytes: 0, slabBytes: 64 * 1024 };

/** The server's path for one document, with a compressing publisher. */
class Session {
  private readonly analyzer = new IncrementalAnalyzer();
  readonly codec = new CountingCodec();
  readonly published: PublishedDiagnostics;
  version = 0;

  constructor(limits: Partial<CompactLimits> = LIMITS) {
    this.published = new PublishedDiagnostics(this.codec, limits);
  }

  /** Publishes `text`, checks it against a fresh conversion, and gives the JSON. */
  next(text: string, settings: CollideSettings = DEFAULT_SETTINGS): { doc: AnalyzedDocument; json: string } {
    const doc = makeAnalyzedDocument(URI, ++this.version, this.analyzer.analyze(text, analysisOptions(settings)), settings);
    const encoded = this.published.publish(doc);
    const json = Buffer.from(encoded.json).toString('utf8');
    assert.equal(json, JSON.stringify(publishedDiagnostics(doc)), 'the bytes of a fresh conversion');
    // On the wire too, through the writer's encoding.
    const message = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: URI, version: this.version, diagnostics: encoded } };
    assert.equal(messageJson(message), JSON.stringify({ ...message, params: { ...message.params, diagnostics: JSON.parse(json) as unknown } }));
    return { doc, json };
  }

  /** Compresses everything and drops the raw bytes, as an idle server does. */
  compactAll(): number {
    assert.equal(this.published.compact(() => false), true);
    return this.published.release();
  }
}

/** `n` bodies on `n` lines: a grid of overlapping boxes, about two overlaps per body. */
const scene = (n: number): string[] => Array.from({ length: n }, (_, i) => `body b${i} box(1, 1) at (${(i % 20) * 0.9}, ${Math.floor(i / 20) * 0.9})`);

/** Moves body `i` a little along x (same line count, same length or not). */
function move(lines: string[], i: number, dx: number): void {
  lines[i] = lines[i]!.replace(/at \(([-\d.]+),/, (_, x: string) => `at (${(Number(x) + dx).toFixed(3)},`);
}

describe('lsp/published-diagnostics: kept bytes compressed while idle', () => {
  it('compresses a publication, frees its slabs, and publishes the same bytes after it', () => {
    const s = new Session();
    const lines = scene(400);
    const first = s.next(lines.join('\n'));
    const before = s.published.memory;
    assert.ok(before.raw > 100_000 && before.packed === 0 && before.slabs > 0, 'written into slabs');
    const slabs = before.slabs;
    assert.equal(s.compactAll(), slabs, 'every slab freed');
    const after = s.published.memory;
    assert.equal(after.raw, 0);
    assert.equal(after.slabs, 0);
    assert.ok(after.packed > 0 && after.packed < before.raw / 4, `compressed ${before.raw} → ${after.packed}`);
    assert.ok(s.codec.released.length > 1 && s.codec.released.every((b) => b.byteLength === 0), 'released slabs are detached');
    // The same text again: every chunk is shared, expanded first, in one call.
    assert.equal(s.next(lines.join('\n')).json, first.json);
    assert.equal(s.codec.unpacks, 1);
    assert.deepEqual(s.published.stats, { reused: JSON.parse(first.json).length, converted: 0 });
  });

  it('copies a compressed chunk into a new one: an edit right after a pause, and again after the next', () => {
    const s = new Session();
    const lines = scene(400);
    s.next(lines.join('\n'));
    s.compactAll();
    // A same-line edit in the middle: the chunks around it are written anew, from the expanded bytes.
    move(lines, 200, 0.01);
    s.next(lines.join('\n'));
    assert.equal(s.published.lastPath, 'change');
    const packs = s.codec.packs;
    s.compactAll();
    // Only the new chunks were compressed: the others kept their compressed form when expanded.
    assert.ok(s.codec.packs - packs > 0 && s.codec.packs - packs <= 4, `${s.codec.packs - packs} chunks compressed again`);
    // A line added at the top: every diagnostic moves, copied from compressed chunks.
    lines.unshift('// moved');
    s.next(lines.join('\n'));
    assert.equal(s.published.lastPath, 'all');
    s.compactAll();
    move(lines, 1, -0.02);
    s.next(lines.join('\n'));
  });

  it('an edit arriving mid-compaction: publication goes on from what is compressed and what is not, and compaction after it', () => {
    const s = new Session();
    const lines = scene(500);
    s.next(lines.join('\n'));
    let budget = 3;
    assert.equal(s.published.compact(() => budget-- <= 0), false, 'stopped after three chunks');
    assert.equal(s.codec.packs, 3);
    move(lines, 10, 0.02);
    s.next(lines.join('\n'));
    // The rest, then the release, then more edits.
    s.compactAll();
    assert.ok(s.codec.packs > 3);
    move(lines, 450, -0.02);
    s.next(lines.join('\n'));
    budget = 1;
    s.published.compact(() => budget-- <= 0);
    s.next(lines.join('\n'), parseSettings({ severity: { overlap: 'warning' } }));
    s.compactAll();
    s.next(lines.join('\n'));
  });

  it('a publication too small to be worth it is left alone', () => {
    const s = new Session({ slabBytes: 64 * 1024 });
    s.next(scene(400).join('\n'));
    assert.equal(s.published.memory.slabs, 0, 'arrays of their own, not slabs');
    assert.equal(s.compactAll(), 0);
    assert.equal(s.codec.packs, 0);
    assert.equal(s.published.memory.packed, 0);
  });

  it('a publication that shrank below the compression size gives its slabs back, its chunks copied out, without compressing them', () => {
    // Large enough to be written into slabs at first; the settings then turn every diagnostic
    // off, or an edit leaves a small part of the list (chunks of the first one kept, in a slab).
    const limits = { ...LIMITS, minBytes: 60_000 };
    const off = new Session(limits);
    const lines = scene(400);
    off.next(lines.join('\n'));
    assert.ok(off.published.memory.slabs > 0);
    off.next(lines.join('\n'), parseSettings({ severity: { overlap: 'off' } }));
    assert.equal(off.published.memory.raw, 0, 'nothing published');
    off.compactAll();
    assert.equal(off.published.memory.slabs, 0, 'the slabs of a list no longer published are freed');

    const cut = new Session(limits);
    const first = cut.next(lines.join('\n'));
    lines.length = 50;
    const small = cut.next(lines.join('\n'));
    assert.ok(cut.published.stats.reused > 0 && cut.published.memory.raw < 60_000, `chunks of the first list kept: ${JSON.stringify([cut.published.stats, cut.published.memory])}`);
    assert.ok(cut.compactAll() > 0, 'the slabs freed');
    const after = cut.published.memory;
    assert.ok(after.raw > 0 && after.packed === 0 && after.slabs === 0, JSON.stringify(after));
    assert.equal(cut.codec.packs, 0, 'too small to be compressed');
    // The kept chunks read the same, now and after the next edit.
    assert.equal(cut.next(lines.join('\n')).json, small.json);
    move(lines, 30, 0.01);
    cut.next(lines.join('\n'));
    assert.ok(first.json.length > small.json.length);
  });

  it('a chunk that cannot be expanded: the list is converted afresh, never published wrong', () => {
    const s = new Session();
    const lines = scene(300);
    s.next(lines.join('\n'));
    // The last publication made from the change record, so that the failed one must say it was not.
    move(lines, 99, 0.03);
    s.next(lines.join('\n'));
    assert.equal(s.published.lastPath, 'change');
    s.compactAll();
    s.codec.failUnpack = true;
    move(lines, 100, 0.03);
    s.next(lines.join('\n'));
    assert.equal(s.published.stats.reused, 0);
    assert.equal(s.published.lastPath, 'all', 'converted from scratch, every diagnostic compared (with nothing)');
    s.codec.failUnpack = false;
    move(lines, 101, 0.03);
    s.next(lines.join('\n'));
  });

  it('property: over any edits with compactions, whole or cut short, between them, every publication equals a fresh conversion and every chunk but the last is at least MIN_CHUNK_BYTES', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('move' as const), body: fc.nat({ max: 199 }), dx: fc.integer({ min: -5, max: 5 }) }),
      fc.record({ kind: fc.constant('line' as const), at: fc.nat({ max: 199 }) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat({ max: 199 }) }),
      fc.record({ kind: fc.constant('compact' as const), stopAfter: fc.option(fc.nat({ max: 6 }), { nil: undefined }), release: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 10 }), (steps) => {
        const s = new Session();
        const lines = scene(200);
        s.next(lines.join('\n'));
        for (const st of steps) {
          if (st.kind === 'compact') {
            let budget = st.stopAfter ?? Infinity;
            const done = s.published.compact(() => budget-- <= 0);
            if (done && st.release) s.published.release();
            continue;
          }
          if (st.kind === 'move') move(lines, Math.min(st.body, lines.length - 1), st.dx / 100);
          else if (st.kind === 'line') lines.splice(Math.min(st.at, lines.length), 0, '');
          else if (lines.length > 1) lines.splice(Math.min(st.at, lines.length - 1), 1);
          s.next(lines.join('\n'));
        }
        // Chunk sizes, from the store's own record.
        const sizes = s.published.chunkSizes;
        for (let c = 0; c + 1 < sizes.length; c++) assert.ok(sizes[c]! >= MIN_CHUNK_BYTES);
      }),
      { numRuns: 30 },
    );
  });
});

describe('lsp/chunk-store', () => {
  it('expands the segments of several chunks in one call, and a chunk read alone', () => {
    const codec = new CountingCodec();
    const store = new ChunkStore(codec, 64 * 1024);
    const texts = ['[1,2,3],', '{"a":"b"}'.repeat(500), 'é ü ß '.repeat(300)];
    const chunks = texts.map((t) => {
      const raw = Buffer.from(t);
      const b = store.allocate(raw.length, true);
      b.raw!.set(raw);
      return b;
    });
    assert.equal(store.compact(chunks, () => false), true);
    assert.ok(store.release(chunks) >= 64 * 1024);
    assert.ok(chunks.every((b) => b.raw === null && b.packed !== null));
    store.expand(chunks);
    assert.equal(codec.unpacks, 1);
    assert.deepEqual(chunks.map((b) => Buffer.from(b.raw!).toString()), texts);
    store.compact(chunks, () => false);
    store.release(chunks);
    assert.equal(Buffer.from(store.bytes(chunks[1]!)).toString(), texts[1]);
    assert.equal(chunks[0]!.raw, null, 'the others stay compressed');
  });

  it('keeps every slab while a chunk in one could not be compressed', () => {
    let fail = true;
    const codec: ChunkCodec = {
      pack: (bytes) => {
        if (fail) throw new Error('no memory (test)');
        return zlibCodec.pack(bytes);
      },
      unpack: zlibCodec.unpack,
      release: zlibCodec.release,
    };
    const store = new ChunkStore(codec, 1024);
    const chunks = [store.allocate(600, true), store.allocate(600, true)];
    chunks[0]!.raw!.fill(0x41);
    chunks[1]!.raw!.fill(0x42);
    assert.equal(store.compact(chunks, () => false), true);
    assert.equal(store.release(chunks), 0);
    assert.ok(chunks.every((b) => b.raw !== null && b.raw.length === 600), 'raw bytes intact');
    fail = false;
    store.compact(chunks, () => false);
    assert.equal(store.release(chunks), 2048);
    assert.equal(Buffer.from(store.bytes(chunks[1]!)).toString(), 'B'.repeat(600));
  });

  it('the zlib codec rejects segments that do not expand to the size expected', () => {
    const packed = zlibCodec.pack(Buffer.from('x'.repeat(1000)));
    assert.throws(() => zlibCodec.unpack([packed], 999, 0));
    assert.equal(Buffer.from(zlibCodec.unpack([packed, packed], 2000, 0)).toString(), 'x'.repeat(2000));
  });
});
