import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IncrementalFrontEnd } from '../../../server/src/analysis/statement-window';
import { forEachChild, type Node } from '../../../server/src/syntax/ast';
import { callOpenings, lex, scanComments } from '../../../server/src/syntax/lexer';
import { parse } from '../../../server/src/syntax/parser';
import { LineIndex } from '../../../server/src/syntax/positions';
import { StatementIndex, statementIndexOf } from '../../../server/src/syntax/statement-index';

/**
 * The statement index against a whole-file parse and lex: the statements it knows, the trees it
 * parses from a statement's start, and the tokens and comments it lexes from there, on random
 * token soup (comments opened and never closed, calls, layers as property or statement, CRLF,
 * unknown characters, astral characters) and after random edits of the incremental front end.
 */

export const SOUP_PIECES = [
  'body ', 'b', 'c2', ' circle(1)', ' box(1, 2)', ' at (1, 2)', ' angle 30deg', ' velocity (3, 0)', ' layer ', 'layer', 'red', ' collides ',
  '\n', '\n  ', '\r\n', '\r', ' ', '\t', '1e', '1e+', '30deg', '30dge', '.5', '1.', '2body', 'x.5', '/*', '*/', '//', '// c(\n', '/* a\n(b) */',
  '@', 'é', '😀', '\uD83D', '/', '(', ')', ',', '=', '-', '*', '+', 'let k = 1', 'let v = (1, 2)', 'shape s = box(1, 1)', 'shape', 'dt', 'dt = 1/60',
  'frames = 3', 'slop', 'static', 'compound(', 'sqrt(2)', 'sqrt (2)', 'hypot(3, 4)', 'f\n(', 'g /**/ (', 'k(', 'pi', 'polygon((0, 0), (1, 0), (0, 1))',
  'body a circle(1) at (sqrt(2), 1)\n', 'body q static box(w, h) at (k, 2) layer red\n', 'layer red collides blue\n',
];

export const soupArb: fc.Arbitrary<string> = fc.array(fc.constantFrom(...SOUP_PIECES), { maxLength: 40 }).map((parts) => parts.join(''));

function outlineOf(text: string): { starts: number[]; ends: number[]; kinds: string[] } {
  const statements = parse(text).file.statements;
  return { starts: statements.map((s) => s.range.start), ends: statements.map((s) => s.range.end), kinds: statements.map((s) => s.kind) };
}

function indexOutline(index: StatementIndex): { starts: number[]; ends: number[]; kinds: string[] } {
  const out = { starts: [] as number[], ends: [] as number[], kinds: [] as string[] };
  for (let i = 0; i < index.count; i++) {
    out.starts.push(index.start(i));
    out.ends.push(index.end(i));
    out.kinds.push(index.kind(i));
  }
  return out;
}

/** Every property of the index of `text` against the whole parse and lex, at a few offsets. */
function checkIndex(index: StatementIndex, text: string, offsets: readonly number[]): void {
  const whole = parse(text);
  const statements = whole.file.statements;
  assert.deepStrictEqual(indexOutline(index), outlineOf(text));
  const lexed = lex(text);
  for (const raw of offsets) {
    const at = Math.max(0, Math.min(text.length, raw));
    // Statements by offset.
    const k = index.atOrBefore(at);
    assert.equal(k, statements.filter((s) => s.range.start <= at).length - 1);
    assert.equal(index.endingFrom(at), statements.findIndex((s) => s.range.end >= at) < 0 ? statements.length : statements.findIndex((s) => s.range.end >= at));
    // Trees of a few statements, and of those touching a range.
    const to = Math.min(text.length, at + 7);
    if (k >= 0) assert.deepStrictEqual(index.parse(k, k + 1), statements.slice(k, k + 2));
    assert.deepStrictEqual(
      index.touching(at, to),
      statements.filter((s) => !(s.range.end < at || s.range.start > to)),
    );
    // Tokens and comments around the offset.
    const window = index.tokensAt(at, to);
    const first = window.fromTextStart ? 0 : lexed.tokens.findIndex((t) => t.start === window.tokens[0]!.start);
    assert.ok(first >= 0, 'the window starts at a token of the whole lex');
    assert.deepStrictEqual(window.tokens, lexed.tokens.slice(first, first + window.tokens.length));
    const last = window.tokens[window.tokens.length - 1]!;
    assert.ok(last.kind === 'eof' || last.start > to, 'the window reaches past its range');
    assert.ok(window.tokens.slice(0, -1).every((t) => t.start <= to), 'and no further than one token');
    const from = window.fromTextStart ? 0 : window.tokens[0]!.start;
    assert.deepStrictEqual(
      window.comments,
      lexed.comments.filter((c) => c.range.start >= from && c.range.start < last.start + (last.kind === 'eof' ? 1 : 0)),
    );
    if (!window.fromTextStart) assert.ok(from < at, 'the window starts before the offset');
  }
}

describe('syntax/statement-index', () => {
  it('knows the statements, parses and lexes them as a whole-file parse and lex do', () => {
    fc.assert(
      fc.property(soupArb, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }), (text, fractions) => {
        const lines = new LineIndex(text);
        const offsets = fractions.map((f) => Math.floor(f * (text.length + 1)));
        checkIndex(StatementIndex.ofText(text, lines), text, offsets);
        checkIndex(StatementIndex.ofStatements(text, lines, parse(text).file.statements), text, offsets);
      }),
      { numRuns: 1500 },
    );
  });

  it('is the front end outline of every version, after random edits', () => {
    const editArb = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), remove: fc.nat({ max: 12 }), insert: fc.constantFrom(...SOUP_PIECES, '') });
    fc.assert(
      fc.property(soupArb, fc.array(editArb, { maxLength: 5 }), (start, edits) => {
        const front = new IncrementalFrontEnd();
        let text = start;
        let syntax = front.update(text).syntax;
        checkIndex(statementIndexOf(syntax), text, [0, text.length >> 1, text.length]);
        for (const e of edits) {
          const at = Math.floor(e.at * text.length);
          text = text.slice(0, at) + e.insert + text.slice(at + e.remove);
          syntax = front.update(text).syntax;
          checkIndex(statementIndexOf(syntax), text, [at, at + e.insert.length]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('parses nothing for an empty range of statements, and clamps to the file', () => {
    const text = 'body a circle(1)\nbody b circle(1)\n';
    const index = StatementIndex.ofText(text, new LineIndex(text));
    assert.deepStrictEqual(index.parse(1, 0), []);
    assert.deepStrictEqual(index.parse(-3, 9), parse(text).file.statements);
    assert.deepStrictEqual(index.touching(text.length + 5, text.length + 9), []);
    const empty = StatementIndex.ofText('', new LineIndex(''));
    assert.equal(empty.count, 0);
    assert.deepStrictEqual(empty.tokensAt(0).tokens.map((t) => t.kind), ['eof']);
  });
});

describe('syntax/lexer: comments without lexing', () => {
  it('finds the comments the lexer records, from the start or from any token', () => {
    fc.assert(
      fc.property(soupArb, fc.double({ min: 0, max: 1, noNaN: true }), (text, f) => {
        const lexed = lex(text);
        assert.deepStrictEqual(scanComments(text), lexed.comments);
        // From a token's start, up to an offset.
        const t = lexed.tokens[Math.min(lexed.tokens.length - 1, Math.floor(f * lexed.tokens.length))]!;
        const to = Math.floor(f * text.length) + t.start;
        assert.deepStrictEqual(
          scanComments(text, t.start, to),
          lexed.comments.filter((c) => c.range.start >= t.start && c.range.start < to),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('ends an unterminated block comment at the end of the text', () => {
    assert.deepStrictEqual(scanComments('a / b /* open\n'), [{ kind: 'block', range: { start: 6, end: 14 }, terminated: false }]);
    assert.deepStrictEqual(scanComments('// x\r\n//'), [
      { kind: 'line', range: { start: 0, end: 4 }, terminated: true },
      { kind: 'line', range: { start: 6, end: 8 }, terminated: true },
    ]);
  });
});

describe('syntax/lexer: call openings', () => {
  function callParens(text: string): number[] {
    const out: number[] = [];
    const visit = (n: Node): void => {
      if (n.kind === 'Call') {
        const open = lex(text).tokens.find((t) => t.start >= n.callee.range.end && t.kind === '(');
        out.push(open!.start);
      }
      forEachChild(n, visit);
    };
    visit(parse(text).file);
    return out;
  }

  it("names every call's parenthesis the parser finds", () => {
    fc.assert(
      fc.property(soupArb, (text) => {
        const found = new Set(callOpenings(text, 0, text.length));
        for (const p of callParens(text)) assert.ok(found.has(p), `call at ${p} in ${JSON.stringify(text)}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('names no parenthesis after a keyword, a number or punctuation', () => {
    const text = 'body a circle(1) at (2, 3) angle 30deg\nlet v = (1, 2) * (3)\nshape s = compound(box(1, 1))\nlet w = 2e+x(1) + 1e5x(2)';
    assert.deepStrictEqual(callOpenings(text, 0, text.length), [text.indexOf('x(1)') + 1]);
    const calls = 'let a = sqrt(2) + hypot (3, 4)\nlet b = f /* c */ (1) + g\n(2)';
    assert.deepStrictEqual(callOpenings(calls, 0, calls.length), [12, 24, 49, 57]);
  });
});
