import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { analyzeText, makeAnalyzedDocument } from '../../../server/src/features/document';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analysisOptions, DEFAULT_SETTINGS } from '../../../server/src/features/settings';
import { documentSymbols, symbolInformation } from '../../../server/src/lsp/document-symbols';
import { KeptCodeLenses, KeptOutline } from '../../../server/src/lsp/encode/response-lists';
import { codeLenses } from '../../../server/src/lsp/code-lens';
import { commonPrefix, commonSuffix } from '../../../server/src/lsp/encode/kept-list';

const decoder = new TextDecoder();
const text = (bytes: Uint8Array) => decoder.decode(bytes);

const LINES = [
  'dt 1/60',
  'let speed = 600',
  'let k = speed / 2',
  'shape crate = box(1, 1)',
  'shape ball = circle(0.5)',
  'layer world',
  'body floor static box(20, 1) at (0, -0.5) layer world',
  'body c crate at (0.3, 0.2)',
  'body d ball at (1, 0.2) velocity (k, 0)',
  'body 😀 box(1,1) at (0, 0)',
  'body broken box(1,',
  '// a comment',
  '',
];

/** A scene of many bodies with the other kinds of statement among them. */
const documentArb = fc
  .array(
    fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(...LINES) },
      { weight: 4, arbitrary: fc.tuple(fc.nat({ max: 40 }), fc.integer({ min: -3, max: 3 })).map(([i, x]) => `body b${i} box(1, 1) at (${x * 0.7}, ${i * 0.3})`) },
    ),
    { minLength: 5, maxLength: 60 },
  )
  .chain((lines) => fc.constantFrom('\n', '\r\n').map((eol) => lines.join(eol)));

/** What is typed or pasted: digits, names, line breaks, statements, and deletions (''). */
const insertArb = fc.constantFrom('', '', '7', '0.5', 'x', ' static', '\n', '\r\n', 'body n box(1, 1) at (0, 0)\n', 'shape crate = circle(2)\n', 'let speed = 1\n', 'crate', 'ball', ' ', '(');

/** Edits as fractions of the text, so that they land anywhere in it. */
const editsArb = fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat({ max: 12 }), insertArb, fc.boolean()), { minLength: 1, maxLength: 12 });

const URI = 'file:///w/é "x".collide';

function incremental(analyzer: IncrementalAnalyzer, t: string, version: number, settings = DEFAULT_SETTINGS) {
  return makeAnalyzedDocument(URI, version, analyzer.analyze(t, analysisOptions(settings)), settings);
}

/** Checks `source`, then applies each edit and checks again where the edit asks, and at the end. */
function replay(source: string, edits: readonly (readonly [number, number, string, boolean])[], check: (t: string, version: number) => void): void {
  let t = source;
  let version = 1;
  check(t, version);
  for (const [at, removed, inserted, ask] of edits) {
    const start = Math.floor(at * t.length);
    t = t.slice(0, start) + inserted + t.slice(Math.min(t.length, start + removed));
    version++;
    if (ask) check(t, version);
  }
  check(t, version);
}

describe('lsp/encode/kept-list: the outline kept from answer to answer', () => {
  it('is the from-scratch outline byte for byte after random edits, asked for after some of them', () => {
    fc.assert(
      fc.property(documentArb, editsArb, fc.constantFrom(1, 64, 300), (source, edits, chunkBytes) => {
        const tree = new KeptOutline(chunkBytes);
        const flat = new KeptOutline(chunkBytes);
        replay(source, edits, (t, version) => {
          const doc = analyzeText(t, 'file:///w/é "x".collide', undefined, version);
          const symbols = documentSymbols(doc);
          assert.equal(text(tree.answer(doc, true).json), JSON.stringify(symbols));
          assert.equal(text(flat.answer(doc, false).json), JSON.stringify(symbols.map((s) => symbolInformation(doc.uri, s))));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the code lenses with their commands, the from-scratch ones byte for byte after random edits', () => {
    fc.assert(
      fc.property(documentArb, editsArb, fc.constantFrom(1, 200, 2000), fc.constantFrom(0, 1, 3, 1000), (source, edits, chunkBytes, limit) => {
        const kept = new KeptCodeLenses(chunkBytes);
        // As in the server: the analyzer keeps the findings of the pairs an edit leaves alone.
        const analyzer = new IncrementalAnalyzer();
        // A diagnostics limit cuts the lensed bodies (features/code-lens.ts, lensCutoff): 0 lifts it.
        const settings = { ...DEFAULT_SETTINGS, diagnosticsLimit: limit };
        replay(source, edits, (t, version) => {
          const doc = incremental(analyzer, t, version, settings);
          assert.equal(text(kept.answer(doc)!.json), JSON.stringify(codeLenses(analyzeText(t, URI, settings, version))));
        });
      }),
      { numRuns: 200 },
    );
  });

  it('shares the lenses of the bodies whose findings an edit leaves alone, and sends none past a limit', () => {
    const lines = ['dt 1/60'];
    for (let i = 0; i < 300; i++) lines.push(`body b${i} box(1, 1) at (${i * 0.9}, 0)`);
    const before = lines.join('\n');
    const at = before.indexOf('at (', before.length >> 1) + 4;
    const after = before.slice(0, at) + '9' + before.slice(at + 1);
    const kept = new KeptCodeLenses(512);
    const analyzer = new IncrementalAnalyzer();
    const a = kept.answer(incremental(analyzer, before, 1))!;
    const doc = incremental(analyzer, after, 2);
    const b = kept.answer(doc)!;
    assert.equal(text(b.json), JSON.stringify(codeLenses(doc)));
    const shared = b.chunks.filter((c) => a.chunks.includes(c)).length;
    assert.ok(a.chunks.length > 20, `${a.chunks.length} chunks`);
    assert.ok(shared >= b.chunks.length - 4, `${shared} of ${b.chunks.length} chunks shared`);
    assert.equal(kept.answer(doc, codeLenses(doc).length - 1), undefined);
  });

  it('shares the chunks an edit of one body leaves alone', () => {
    const lines = ['dt 1/60', 'shape crate = box(1, 1)'];
    for (let i = 0; i < 400; i++) lines.push(`body b${i} ${i % 3 === 0 ? 'crate' : 'box(1, 1)'} at (${i * 0.7}, 0)`);
    const before = lines.join('\n');
    const at = before.indexOf('at (', before.length >> 1) + 4;
    const after = before.slice(0, at) + '9' + before.slice(at + 1);
    const kept = new KeptOutline(512);
    const a = kept.answer(analyzeText(before, 'file:///a.collide'), true);
    const b = kept.answer(analyzeText(after, 'file:///a.collide', undefined, 2), true);
    assert.equal(text(b.json), JSON.stringify(documentSymbols(analyzeText(after, 'file:///a.collide'))));
    const shared = b.chunks.filter((c) => a.chunks.includes(c)).length;
    assert.ok(a.chunks.length > 20, `${a.chunks.length} chunks`);
    assert.ok(shared >= b.chunks.length - 3, `${shared} of ${b.chunks.length} chunks shared`);
    // A new named shape's text may change every body's detail that names it: nothing is shared.
    const reshaped = after.replace('shape crate = box(1, 1)', 'shape crate = circle(1)');
    const c = kept.answer(analyzeText(reshaped, 'file:///a.collide', undefined, 3), true);
    assert.equal(text(c.json), JSON.stringify(documentSymbols(analyzeText(reshaped, 'file:///a.collide'))));
    assert.equal(c.chunks.filter((x) => b.chunks.includes(x)).length, 0);
  });

  it('finds the common prefix and suffix of two texts', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), fc.string({ maxLength: 300 }), (head, x, y, tail) => {
        const a = head + x + tail;
        const b = head + y + tail;
        const p = commonPrefix(a, b);
        const s = commonSuffix(a, b, p);
        let p0 = 0;
        while (p0 < Math.min(a.length, b.length) && a[p0] === b[p0]) p0++;
        let s0 = 0;
        while (s0 < Math.min(a.length, b.length) - p0 && a[a.length - 1 - s0] === b[b.length - 1 - s0]) s0++;
        assert.equal(p, p0);
        assert.equal(s, s0);
      }),
    );
  });
});
