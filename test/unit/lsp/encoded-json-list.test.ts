import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { codeLensStubs } from '../../../server/src/lsp/code-lens';
import { encodedCodeLensStubs, encodedDocumentSymbols } from '../../../server/src/lsp/encode/response-lists';
import { encodeMessage, encodeMessageParts, messageJson } from '../../../server/src/lsp/encode/diagnostics-json';
import { DEFAULT_SETTINGS } from '../../../server/src/features/settings';
import { analyzeText, type AnalyzedDocument } from '../../../server/src/features/document';
import { documentSymbols, symbolInformation } from '../../../server/src/lsp/document-symbols';
import { SLAB_BYTES } from '../../../server/src/lsp/encode/chunk-store';
import { CHUNK_UNITS, EncodedJsonList, JsonListWriter } from '../../../server/src/lsp/encode/encoded-json-list';

const decoder = new TextDecoder();
const text = (bytes: Uint8Array) => decoder.decode(bytes);

/** Full UTF-16 units (surrogate pairs, lone halves, control characters) in keys and values. */
const str = fc.string({ unit: 'binary' });
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    str,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('value')),
    fc.dictionary(str, tie('value')),
  ),
})).value;

function listOf(values: readonly unknown[]): EncodedJsonList {
  const writer = new JsonListWriter();
  for (const v of values) writer.add(v);
  return writer.finish();
}

/** Each chunk is a run of whole elements: `[chunk]` parses, and their counts add up. */
function assertWholeElements(list: EncodedJsonList): void {
  let n = 0;
  for (const c of list.chunks) {
    assert.ok(c.length > 0, 'no empty chunk');
    n += (JSON.parse(`[${text(c)}]`) as unknown[]).length;
  }
  assert.equal(n, list.length);
}

describe('lsp/encoded-json-list: arrays as chunks of UTF-8 JSON', () => {
  it('are byte for byte JSON.stringify of the array, element by element, in chunks of whole elements', () => {
    fc.assert(
      fc.property(fc.array(json, { maxLength: 40 }), (values) => {
        const list = listOf(values);
        const reference = JSON.stringify(values);
        assert.equal(text(list.json), reference);
        assert.deepEqual(Buffer.from(list.json), Buffer.from(reference, 'utf8'));
        assert.equal(list.byteLength, list.json.length);
        assert.equal(list.length, values.length);
        assertWholeElements(list);
        // Any other serializer goes through toJSON and writes the same.
        assert.equal(JSON.stringify(list), reference);
        assert.equal(JSON.stringify({ result: list }, null, 2), JSON.stringify({ result: values }, null, 2));
      }),
      { numRuns: 300 },
    );
  });

  it('cut a long list into chunks of about CHUNK_UNITS, each a run of whole elements', () => {
    const values = Array.from({ length: 5000 }, (_, i) => ({ name: `é${i}😀`, n: i / 7, nested: [i, { x: null }] }));
    const list = listOf(values);
    assert.equal(text(list.json), JSON.stringify(values));
    assert.ok(list.chunks.length > 5, `${list.chunks.length} chunks`);
    const longest = Math.max(...values.map((v) => JSON.stringify(v).length + 1));
    for (const c of list.chunks.slice(0, -1)) {
      const units = text(c).length + 1;
      assert.ok(units >= CHUNK_UNITS && units < CHUNK_UNITS + longest, `a chunk of ${units} units`);
    }
    assertWholeElements(list);
    // Views of a few shared slabs, not an allocation each, and no two chunks share a byte.
    const buffers = new Map<ArrayBufferLike, Uint8Array[]>();
    for (const c of list.chunks) buffers.set(c.buffer, [...(buffers.get(c.buffer) ?? []), c]);
    assert.ok(buffers.size <= list.chunks.length / 2, `${buffers.size} buffers for ${list.chunks.length} chunks`);
    for (const views of buffers.values()) {
      views.sort((a, b) => a.byteOffset - b.byteOffset);
      for (let k = 1; k < views.length; k++) assert.ok(views[k - 1]!.byteOffset + views[k - 1]!.byteLength <= views[k]!.byteOffset, 'chunks do not overlap');
    }
  });

  it('take an element larger than any slab, in any script', () => {
    const values = ['a', 'é😀\u0000'.repeat(400_000), { k: '€'.repeat(70_000) }, 2];
    assert.equal(text(listOf(values).json), JSON.stringify(values));
  });

  it('write a large list past its first few MB into slabs of SLAB_BYTES, which malloc maps on their own', () => {
    // ~10 MB of elements: the first slabs double up to 2 MB, the later ones are SLAB_BYTES.
    const values = Array.from({ length: 100_000 }, (_, i) => ({ name: `b${i}`, detail: 'x'.repeat(80), line: i }));
    const list = listOf(values);
    assert.equal(text(list.json), JSON.stringify(values));
    const slabs = [...new Set(list.chunks.map((c) => c.buffer))].map((b) => b.byteLength);
    const large = slabs.filter((n) => n === SLAB_BYTES).length;
    assert.ok(large >= 1, `slabs: ${slabs.join(', ')}`);
    assert.ok(slabs.every((n) => n === SLAB_BYTES || n <= 2 * 1024 * 1024), `slabs: ${slabs.join(', ')}`);
    const before = slabs.slice(0, slabs.indexOf(SLAB_BYTES)).reduce((a, b) => a + b, 0);
    assert.ok(before >= 4 * 1024 * 1024 && before < 8 * 1024 * 1024, `${before} bytes in small slabs first`);
    // A small list never gets one.
    const small = listOf(values.slice(0, 1000)).chunks;
    assert.ok(small.length > 0 && small.every((c) => c.buffer.byteLength <= 2 * 1024 * 1024), `${small.length} chunks`);
  });

  it('are never modified after hand-over, and a finished writer takes no more', () => {
    const writer = new JsonListWriter();
    for (let i = 0; i < 3000; i++) writer.add({ i, s: 'x'.repeat(i % 40) });
    const list = writer.finish();
    const copies = list.chunks.map((c) => Uint8Array.from(c));
    // Writing it into messages, building and writing other lists, finishing again: none of it
    // touches the chunks handed over.
    for (let k = 0; k < 3; k++) {
      encodeMessageParts({ jsonrpc: '2.0', id: k, result: list });
      encodeMessage({ jsonrpc: '2.0', id: k, result: listOf(Array.from({ length: 2000 }, (_, i) => [k, i])) });
    }
    assert.equal(writer.finish().json.length, list.json.length);
    assert.throws(() => writer.add(1), /after finish/);
    assert.deepEqual(
      list.chunks.map((c) => Buffer.from(c)),
      copies.map((c) => Buffer.from(c)),
    );
    assert.equal(list.toJSON().length, 3000);
  });

  it('write a response whose result is an encoded list as JSON.stringify of the response', () => {
    let withChunks = 0;
    fc.assert(
      fc.property(fc.array(json, { maxLength: 30 }), fc.oneof(fc.nat(), str), fc.dictionary(str, json, { maxKeys: 3 }), (values, id, extra) => {
        const message = { ...extra, jsonrpc: '2.0', id, result: listOf(values) };
        const reference = JSON.stringify({ ...message, result: values });
        assert.equal(JSON.stringify(message), reference, 'toJSON');
        assert.deepEqual(Buffer.from(encodeMessage(message)), Buffer.from(reference, 'utf8'));
        assert.equal(messageJson(message), reference);
        const parts = encodeMessageParts(message);
        assert.equal(parts.list, message.result);
        // The list's chunks go out as they are, not copied.
        for (const c of message.result.chunks) assert.ok(parts.pieces.includes(c));
        if (message.result.chunks.length > 0) withChunks++;
      }),
      { numRuns: 300 },
    );
    assert.ok(withChunks > 0, 'some messages had chunks to check');
    // A toJSON on the response decides what is written, as for JSON.stringify; a request naming
    // a method is not a response.
    const odd: unknown[] = [
      { jsonrpc: '2.0', id: 1, result: listOf([1]), toJSON: () => 'replaced' },
      { jsonrpc: '2.0', id: 1, method: 'x', result: listOf([1, 2]) },
      Object.assign(Object.create({ result: listOf([3]) }) as object, { jsonrpc: '2.0', id: 2 }),
    ];
    for (const m of odd) assert.deepEqual(Buffer.from(encodeMessage(m)), Buffer.from(JSON.stringify(m), 'utf8'));
  });

  it('write a response whose result has encoded lists among its members as JSON.stringify of the response', () => {
    let lists = 0;
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.array(json, { maxLength: 12 }), json), { maxLength: 5 }), fc.array(str, { minLength: 5, maxLength: 5 }), (members, keys) => {
        // Members with unique keys; the arrays among them sent as encoded lists.
        const result: Record<string, unknown> = {};
        const plain: Record<string, unknown> = {};
        members.forEach((v, k) => {
          const key = `${keys[k]}#${k}`;
          plain[key] = v;
          result[key] = Array.isArray(v) ? listOf(v) : v;
          if (Array.isArray(v)) lists++;
        });
        const message = { jsonrpc: '2.0', id: 3, result };
        const reference = JSON.stringify({ ...message, result: plain });
        assert.equal(JSON.stringify(message), reference, 'toJSON');
        assert.equal(messageJson(message), reference);
        const parts = encodeMessageParts(message);
        assert.equal(parts.byteLength, Buffer.byteLength(reference, 'utf8'));
        for (const v of Object.values(result)) if (v instanceof EncodedJsonList) for (const c of v.chunks) assert.ok(parts.pieces.includes(c), 'chunks go out as they are');
      }),
      { numRuns: 300 },
    );
    assert.ok(lists > 0, 'some results had encoded lists');
  });

  it('write a notification whose params have encoded lists among their members as JSON.stringify of it', () => {
    let lists = 0;
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.array(json, { maxLength: 12 }), json), { maxLength: 5 }), fc.array(str, { minLength: 5, maxLength: 5 }), str, (members, keys, method) => {
        const params: Record<string, unknown> = {};
        const plain: Record<string, unknown> = {};
        members.forEach((v, k) => {
          const key = `${keys[k]}#${k}`;
          plain[key] = v;
          params[key] = Array.isArray(v) ? listOf(v) : v;
          if (Array.isArray(v)) lists++;
        });
        const message = { jsonrpc: '2.0', method: `x/${method}`, params };
        const reference = JSON.stringify({ ...message, params: plain });
        assert.equal(JSON.stringify(message), reference, 'toJSON');
        assert.equal(messageJson(message), reference);
        const parts = encodeMessageParts(message);
        assert.equal(parts.byteLength, Buffer.byteLength(reference, 'utf8'));
        for (const v of Object.values(params)) if (v instanceof EncodedJsonList) for (const c of v.chunks) assert.ok(parts.pieces.includes(c), 'chunks go out as they are');
      }),
      { numRuns: 300 },
    );
    assert.ok(lists > 0, 'some notifications had encoded lists');
    // A preview scene part's base64 texts, as lsp/scene-bytes-answer.ts makes them.
    const texts = new EncodedJsonList([new TextEncoder().encode('"QUJD"'), new TextEncoder().encode('"REVG"')], 2);
    const part = { jsonrpc: '2.0', method: 'collide/previewScenePart', params: { stream: 1, uri: 'file:///a', version: 2, index: 0, count: 1, bytes: texts } };
    const pieces = encodeMessageParts(part).pieces;
    assert.ok(texts.chunks.every((c) => pieces.includes(c)), 'the texts go out as they are');
    assert.equal(messageJson(part), JSON.stringify({ ...part, params: { ...part.params, bytes: ['QUJD', 'REVG'] } }));
  });
});

// ── The outline and the code lenses as encoded responses ────────────────────────────────────

const LINES = [
  'dt 1/60',
  'slop   0.005',
  'gravity (0,\t-9.81)',
  'layer world',
  'let speed = 600',
  'let é = 2 * 3',
  'shape crate = box(1, 1)',
  'body floor static box(20, 1) at (0, -0.5) layer world',
  'body sunk box(1, 1) at (0, 0.45)',
  'body wall static box(0.1, 4) at (5, 5)',
  'body shot circle(0.05) at (3, 5) velocity (speed, 0)',
  'body c crate at (0.3, 0.2)',
  'body 😀 box(1,1) at (0, 0)',
  'body broken box(1,',
  '// a comment',
  'body "quoted\\u0000" circle(1) at (0, 0)',
  '',
];
const documentArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...LINES),
      fc.tuple(fc.nat({ max: 30 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })).map(([i, x, y]) => `body b${i} box(1, 1) at (${x * 0.7}, ${y * 0.7})`),
    ),
    { maxLength: 40 },
  )
  .chain((lines) => fc.constantFrom('\n', '\r\n').map((eol) => lines.join(eol)));

function checkEncoded(doc: AnalyzedDocument, what: string): void {
  const symbols = documentSymbols(doc);
  assert.equal(text(encodedDocumentSymbols(doc, true).json), JSON.stringify(symbols), `outline of ${what}`);
  assert.equal(text(encodedDocumentSymbols(doc, false).json), JSON.stringify(symbols.map((s) => symbolInformation(doc.uri, s))), `flat outline of ${what}`);
  for (const [id, generation] of [
    [7, 0],
    [1, -1],
    [123456, 3],
  ] as const) {
    assert.equal(text(encodedCodeLensStubs(doc, id, generation).json), JSON.stringify(codeLensStubs(doc, id, generation)), `lenses of ${what}`);
  }
  const encoded = encodedDocumentSymbols(doc, true);
  assertWholeElements(encoded);
  assert.deepEqual(encoded.toJSON(), JSON.parse(JSON.stringify(symbols)));
}

describe('lsp/encode: the outline and the code lenses built as bytes', () => {
  it('are JSON.stringify of the symbols and stubs, over random documents', () => {
    fc.assert(
      fc.property(documentArb, fc.integer({ min: -2, max: 1e6 }), (source, version) => {
        checkEncoded(analyzeText(source, 'file:///w/é "x".collide', undefined, version), JSON.stringify(source));
      }),
      { numRuns: 150 },
    );
  });

  it('are JSON.stringify of the symbols and stubs of a scene of thousands of bodies, in many chunks', () => {
    const lines = ['dt 1/60', 'let k = 1.5'];
    for (let i = 0; i < 3000; i++) lines.push(`body b${i} box(1, 1) at (${(i % 60) * 0.9}, ${Math.floor(i / 60) * 0.9 * (i % 7 === 0 ? 1 : 1.2)})`);
    // Every body with findings gets its lenses (the default stops at DEFAULT_CODE_LENS_LIMIT bodies).
    const doc = analyzeText(lines.join('\n'), 'file:///big.collide', { ...DEFAULT_SETTINGS, codeLensLimit: 0 }, 42);
    assert.ok(doc.analysis.findings.length > 100, `${doc.analysis.findings.length} findings`);
    checkEncoded(doc, 'the big scene');
    assert.ok(encodedDocumentSymbols(doc, true).chunks.length > 5);
    assert.ok(encodedCodeLensStubs(doc, 1, 0).chunks.length > 5);
  });
});
