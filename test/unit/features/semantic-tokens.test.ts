/**
 * Semantic tokens by range (server/src/features/semantic-tokens.ts), what VS Code asks for the
 * visible lines after every edit: answered from the stretch of the symbol table around the range,
 * without making every scene body's definition (the table's `definitions` makes one per body on
 * each read). Equality with the whole-table oracle is in equivalence.test.ts.
 */
import { strict as assert } from 'node:assert';
import { analyzeText } from '../../../server/src/features/document';
import { semanticTokens } from '../../../server/src/features/semantic-tokens';

describe('features/semantic-tokens', () => {
  it('answers a range without reading the symbol table\'s definitions', () => {
    const lines = ['let r = 1', 'shape s = box(r, 2)', 'layer l'];
    for (let i = 0; i < 200; i++) lines.push(`body b${i} ${i % 3 === 0 ? 's' : 'circle(r)'} at (${3 * i}, 0)${i % 5 === 0 ? ' layer l' : ''}`);
    const doc = analyzeText(lines.join('\n') + '\n');
    const from = doc.text.indexOf('body b100');
    const ranges = [
      { start: from, end: from + 400 },
      { start: 0, end: 60 },
      { start: doc.text.length - 50, end: doc.text.length },
    ];
    const expected = ranges.map((r) => semanticTokens(doc, r));
    assert.ok(expected.every((t) => t.data.length > 0), 'every range has tokens');
    const symbols = doc.analysis.semantics.symbols;
    Object.defineProperty(symbols, 'definitions', {
      get() {
        throw new Error('the definitions were read');
      },
    });
    assert.deepStrictEqual(ranges.map((r) => semanticTokens(doc, r)), expected);
  });
});
