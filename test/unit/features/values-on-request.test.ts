import { strict as assert } from 'node:assert';
import { analyzeText, type AnalyzedDocument } from '../../../server/src/features/document';
import { outline } from '../../../server/src/features/document-symbols';
import { hover } from '../../../server/src/features/hover';
import { HINT_BATCH, inlayHints } from '../../../server/src/features/inlay-hints';
import type { Statement } from '../../../server/src/syntax/ast';

/**
 * What the features ask semantics to evaluate (SemanticResult.valuesOf, semantics/check.ts): the
 * values are made on request, so a request must cost the statements it reads, not the document.
 */

/** `doc` with its values' requests recorded: the starts of the statements of each. */
function counting(doc: AnalyzedDocument): { doc: AnalyzedDocument; asked: number[][] } {
  const asked: number[][] = [];
  const semantics = doc.analysis.semantics;
  const valuesOf = (statements: readonly Statement[]) => {
    asked.push(statements.map((s) => s.range.start));
    return semantics.valuesOf(statements);
  };
  return { doc: { ...doc, analysis: { ...doc.analysis, semantics: { ...semantics, valuesOf } } }, asked };
}

const LINES = ['dt 1 / 60', 'frames 2 * 3', 'let k = 2', ...Array.from({ length: 40 }, (_, i) => `body b${i} circle(k / 2) at (${i} * k, 0) angle ${i}deg`)];
const TEXT = LINES.join('\n') + '\n';
const lineStart = (line: number): number => LINES.slice(0, line).join('\n').length + (line > 0 ? 1 : 0);

describe('features: values evaluated on request', () => {
  it('a hover evaluates the statement under the cursor only', () => {
    const { doc, asked } = counting(analyzeText(TEXT));
    const at = lineStart(20) + LINES[20]!.indexOf('k / 2') + 2;
    const h = hover(doc, at);
    assert.match(h?.markdown ?? '', /= 1/);
    assert.deepStrictEqual(asked, [[lineStart(20)]]);
  });

  it('inlay hints of a range evaluate the statements that reach it; without a range, every statement', () => {
    const { doc, asked } = counting(analyzeText(TEXT));
    const hints = inlayHints(doc, { start: lineStart(10) + 5, end: lineStart(12) + 3 });
    assert.deepStrictEqual(asked, [[lineStart(10), lineStart(11), lineStart(12)]]);
    // Lines 10 and 11 whole (three hints each); line 12's values end after the range.
    assert.equal(hints.length, 6);
    asked.length = 0;
    assert.equal(inlayHints(doc).length, 2 + 3 * 40);
    assert.deepStrictEqual(asked, [LINES.map((_, i) => lineStart(i))]);
  });

  it('inlay hints of many statements evaluate them a batch at a time, never the whole tree at once', () => {
    // More statements than two batches: a client that asks without a range (or for a long range)
    // must not have every statement's tree and value at once (226 MB at 100k bodies).
    const n = 2 * HINT_BATCH + 7;
    const lines = Array.from({ length: n }, (_, i) => `body b${i} circle(1) at (${i}, 0) angle ${i}deg`);
    const text = lines.join('\n') + '\n';
    const { doc, asked } = counting(analyzeText(text));
    const starts = lines.map((_, i) => lines.slice(0, i).join('\n').length + (i > 0 ? 1 : 0));
    const all = inlayHints(doc);
    assert.equal(all.length, n);
    assert.ok(asked.length >= 3 && asked.every((a) => a.length <= HINT_BATCH), `asked ${asked.map((a) => a.length).join(', ')}`);
    assert.deepStrictEqual(asked.flat(), starts);
    // A range over all but the first and last statement: the same batches, from the range's first statement.
    asked.length = 0;
    const inner = inlayHints(doc, { start: starts[1]!, end: starts[n - 1]! - 1 });
    assert.equal(inner.length, n - 2);
    assert.ok(asked.every((a) => a.length <= HINT_BATCH));
    assert.deepStrictEqual(asked.flat(), starts.slice(1, n - 1));
  });

  it('the outline evaluates each setting alone, and nothing else', () => {
    const { doc, asked } = counting(analyzeText(TEXT));
    const symbols = outline(doc);
    assert.equal(symbols.length, LINES.length);
    assert.deepStrictEqual(symbols.slice(0, 2).map((s) => s.detail), ['1 / 60 = 0.0166667', '2 * 3 = 6']);
    assert.deepStrictEqual(asked, [[lineStart(0)], [lineStart(1)]]);
  });
});
