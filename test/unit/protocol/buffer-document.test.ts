import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BufferDocument, bufferDocuments } from '../../../server/src/buffer-document';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';

/** Mostly Latin-1 (ASCII, é), line breaks of every kind, and now and then a character beyond it. */
const textArb = (weightBeyond: number): fc.Arbitrary<string> =>
  fc
    .array(fc.oneof({ weight: 12, arbitrary: fc.constantFrom('a', 'b', ' ', '(', '1', 'é', '\u00ff') }, { weight: 4, arbitrary: fc.constantFrom('\n', '\r\n', '\r') }, { weight: weightBeyond, arbitrary: fc.constantFrom('€', '😀') }), { maxLength: 60 })
    .map((parts) => parts.join(''));

/**
 * A change, its positions taken modulo the document's lines (the library's update keeps line
 * offsets by the positions' line numbers as given, so a line past the end leaves holes in them:
 * editors never send one). A character may pass its line's end, which both clamp.
 */
const positionArb = fc.record({ line: fc.nat(), character: fc.integer({ min: 0, max: 20 }) });
const changeArb = fc.oneof(
  { weight: 10, arbitrary: fc.record({ range: fc.record({ start: positionArb, end: positionArb }), text: textArb(1) }) },
  { weight: 1, arbitrary: fc.record({ text: textArb(1) }) },
);
function onto(d: TextDocument, change: fc.Arbitrary<TextDocumentContentChangeEvent> extends fc.Arbitrary<infer T> ? T : never): TextDocumentContentChangeEvent {
  if (!('range' in change) || change.range === undefined) return change;
  const at = (p: { line: number; character: number }) => ({ line: p.line % d.lineCount, character: p.character });
  return { range: { start: at(change.range.start), end: at(change.range.end) }, text: change.text };
}

/** Everything a TextDocument answers, for a comparison with the library's. */
function answers(d: TextDocument): unknown {
  const text = d.getText();
  const out: unknown[] = [text, d.version, d.lineCount];
  for (let offset = -1; offset <= text.length + 1; offset++) out.push(d.positionAt(offset));
  for (let line = -1; line <= d.lineCount; line++) {
    out.push(d.getLineRange(line), d.getEOLCharacters(line));
    for (let character = -1; character <= 4; character++) out.push(d.offsetAt({ line, character }));
    out.push(d.getText({ start: { line, character: 1 }, end: { line: line + 1, character: 2 } }));
  }
  return out;
}

describe('buffer-document: open documents kept as byte buffers', () => {
  it('property: over any edits, answers exactly as vscode-languageserver-textdocument', () => {
    const config = bufferDocuments(0);
    fc.assert(
      fc.property(textArb(0), fc.array(fc.array(changeArb, { minLength: 1, maxLength: 3 }), { maxLength: 8 }), (initial, updates) => {
        let mine = config.create('file:///a.collide', 'collide', 1, initial);
        let theirs = TextDocument.create('file:///a.collide', 'collide', 1, initial);
        assert.deepEqual(answers(mine), answers(theirs));
        updates.forEach((raw, k) => {
          // Each change onto the lines the ones before it in the batch leave.
          let scratch = TextDocument.create(theirs.uri, 'collide', 0, theirs.getText());
          const changes = raw.map((c) => {
            const change = onto(scratch, c);
            scratch = TextDocument.update(scratch, [change], 0);
            return change;
          });
          mine = config.update(mine, changes, k + 2);
          theirs = TextDocument.update(theirs, changes, k + 2);
          assert.deepEqual(answers(mine), answers(theirs), JSON.stringify(changes));
        });
      }),
      { numRuns: 400 },
    );
  });

  it('property: the analysis of its text, given its line index, equals a from-scratch analysis', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `body b${i} box(1, 1) at (${(i % 6) * 0.9}, ${Math.floor(i / 6) * 0.9})`);
    const edit = fc.record({ line: fc.nat({ max: 40 }), from: fc.nat({ max: 40 }), length: fc.nat({ max: 6 }), text: fc.constantFrom('', ' ', '\n', '1', ')', 'body q box(1, 1) at (1, 1)\n', '0.5', '\r\n', 'é') });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 12 }), (edits) => {
        const config = bufferDocuments(0);
        let doc = config.create('file:///a.collide', 'collide', 1, rows.join('\n'));
        const analyzer = new IncrementalAnalyzer();
        analyzer.analyze(doc.getText(), {}, (doc as BufferDocument).lineIndex);
        edits.forEach((e, k) => {
          const line = e.line % doc.lineCount;
          doc = config.update(doc, [{ range: { start: { line, character: e.from }, end: { line, character: e.from + e.length } }, text: e.text }], k + 2);
          const text = doc.getText();
          const lines = (doc as BufferDocument).lineIndex;
          assert.equal(lines.text, text);
          const actual = analyzer.analyze(text, {}, lines);
          const expected = analyzeDocument(text);
          assert.deepStrictEqual(actual.diagnostics, expected.diagnostics);
          assert.deepStrictEqual(actual.findings, expected.findings);
        });
      }),
      { numRuns: 80 },
    );
  });

  it('keeps a large Latin-1 text in a buffer and its versions as they were, and a text beyond Latin-1 as a string', () => {
    const line = 'body b box(1, 1) at (0.5, 0.25) // é\n';
    const text = line.repeat(40_000);
    const doc = bufferDocuments().create('file:///big.collide', 'collide', 1, text) as BufferDocument;
    const first = doc.getText();
    doc.update([{ range: { start: { line: 7, character: 21 }, end: { line: 7, character: 24 } }, text: '12.75' }], 2);
    const second = doc.getText();
    assert.equal(second, text.slice(0, 7 * line.length + 21) + '12.75' + text.slice(7 * line.length + 24));
    assert.equal(first, text, 'an earlier version is not changed by the next edit');
    // The bytes grow past their room; a character beyond Latin-1 drops them, and edits go on.
    let expected = second;
    for (let k = 0; k < 3; k++) {
      const insert = 'x'.repeat(200_000);
      doc.update([{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: insert }], 3 + k);
      const at = 3 * line.length;
      expected = expected.slice(0, at) + insert + expected.slice(at);
      assert.equal(doc.getText(), expected);
    }
    doc.update([{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } }, text: 'bödy €' }], 9);
    expected = expected.slice(0, line.length) + 'bödy €' + expected.slice(line.length + 4);
    assert.equal(doc.getText(), expected);
    doc.update([{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 1 } }, text: 'B' }], 10);
    expected = expected.slice(0, 2 * line.length + 'bödy €'.length - 4) + 'B' + expected.slice(2 * line.length + 'bödy €'.length - 3);
    assert.equal(doc.getText(), expected);
    assert.deepEqual(doc.positionAt(expected.length), TextDocument.create('u', 'collide', 1, expected).positionAt(expected.length));
  });
});
