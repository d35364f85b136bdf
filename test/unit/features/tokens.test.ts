import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { lastTokenBefore, tokenAt } from '../../../server/src/features/tokens';
import { lex, type Token } from '../../../server/src/syntax/lexer';

/** The definition lastTokenBefore answers by binary search: a scan for the last non-eof token starting before `offset`. */
function lastTokenBeforeByScan(tokens: readonly Token[], offset: number): number {
  let found = -1;
  for (let i = 0; i < tokens.length; i++) if (tokens[i]!.kind !== 'eof' && tokens[i]!.start < offset) found = i;
  return found;
}

const PIECES = ['body', 'a', 'b1', 'box', '(', ')', ',', ' ', '  ', '\n', '1', '2.5', '30deg', '+', '-', '=', '// c\n', '/* c */', '#', 'circle'];
const texts = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((parts) => parts.join(''));

describe('features/tokens', () => {
  it('lastTokenBefore is the last token other than eof that starts before the offset, on whole files and windows without eof', () => {
    fc.assert(
      fc.property(texts, fc.nat(), (text, cut) => {
        const all = lex(text).tokens;
        // A window as the statement index hands out: a run of the file's tokens, eof included only when it reaches the end.
        const from = all.length > 1 ? cut % (all.length - 1) : 0;
        const windows = [all, all.slice(from), all.slice(0, Math.max(0, all.length - 1 - (cut % 3)))];
        for (const tokens of windows) {
          for (let offset = -1; offset <= text.length + 2; offset++) {
            assert.equal(lastTokenBefore(tokens, offset), lastTokenBeforeByScan(tokens, offset), `${JSON.stringify(text)} at ${offset}`);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lastTokenBefore never answers eof, and -1 before the first token', () => {
    const { tokens } = lex('body a');
    assert.equal(tokens[tokens.length - 1]!.kind, 'eof');
    assert.equal(lastTokenBefore(tokens, 100), tokens.length - 2);
    assert.equal(lastTokenBefore(tokens, 0), -1);
    assert.equal(lastTokenBefore(lex('').tokens, 5), -1);
  });

  it('tokenAt prefers the word where a word and punctuation touch, and finds nothing in whitespace', () => {
    const { tokens } = lex('body a circle(1)');
    assert.equal(tokenAt(tokens, 'body a circle'.length)?.text, 'circle');
    // Neither a word: the token that starts at the cursor.
    assert.equal(tokenAt(tokens, 'body a circle('.length)?.text, '1');
    assert.equal(tokenAt(tokens, 'body'.length)?.text, 'body');
    assert.equal(tokenAt(lex('body  a').tokens, 5), undefined);
  });
});
