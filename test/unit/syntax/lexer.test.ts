import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { KEYWORDS, lex } from '../../../server/src/syntax/lexer';

function kinds(text: string): string[] {
  return lex(text).tokens.map((t) => (t.kind === 'keyword' || t.kind === 'identifier' || t.kind === 'number' ? `${t.kind}:${t.text}` : t.kind));
}

describe('syntax/lexer', () => {
  it('reads keywords, names, punctuation and ends with eof', () => {
    assert.deepEqual(kinds('body crate_1 static box(w, 2)'), [
      'keyword:body',
      'identifier:crate_1',
      'keyword:static',
      'keyword:box',
      '(',
      'identifier:w',
      ',',
      'number:2',
      ')',
      'eof',
    ]);
    assert.deepEqual(kinds('let a = -1 + 2 * 3 / pi'), [
      'keyword:let', 'identifier:a', '=', '-', 'number:1', '+', 'number:2', '*', 'number:3', '/', 'keyword:pi', 'eof',
    ]);
  });

  it('reads every keyword as a keyword, and a name that differs from one in a letter as a name', () => {
    // keywordAt compares a name only with the keywords of its length and first letter: the
    // keywords that share both (slop/spin, static/sensor, compound/collides) must not shadow
    // each other, and near misses must stay names.
    for (const k of KEYWORDS) {
      assert.deepEqual(kinds(k), [`keyword:${k}`, 'eof'], k);
      const last = k[k.length - 1] === 'z' ? 'y' : 'z';
      const misses = [k.slice(0, -1) + last, `${k[0]!.toUpperCase()}${k.slice(1)}`, `${k}x`, `${k}_`, `_${k}`, k.slice(0, -1)];
      for (const m of misses) {
        if (m === '' || KEYWORDS.has(m)) continue;
        assert.deepEqual(kinds(m), [`identifier:${m}`, 'eof'], m);
      }
    }
    assert.deepEqual(kinds('slop spin static sensor compound collides'), [
      'keyword:slop', 'keyword:spin', 'keyword:static', 'keyword:sensor', 'keyword:compound', 'keyword:collides', 'eof',
    ]);
  });

  it('reads every number form of the spec, with values', () => {
    const values = lex('12 1.5 .5 1e-3 2.5E+4 7.').tokens.filter((t) => t.kind === 'number').map((t) => t.value);
    assert.deepEqual(values, [12, 1.5, 0.5, 0.001, 25000, 7]);
  });

  it('keeps a glued deg/rad suffix on the number token', () => {
    const [a, b, c] = lex('30deg 0.5rad 1e1deg').tokens;
    assert.deepEqual([a!.value, a!.unit, a!.text], [30, 'deg', '30deg']);
    assert.deepEqual([b!.value, b!.unit], [0.5, 'rad']);
    assert.deepEqual([c!.value, c!.unit], [10, 'deg']);
  });

  it('reports an unknown suffix and a malformed exponent, as one token each', () => {
    const r = lex('30dgr 1e+ 2');
    assert.deepEqual(r.tokens.map((t) => t.text), ['30dgr', '1e+', '2', '']);
    assert.deepEqual(r.diagnostics.map((d) => [d.code, d.range.start, d.range.end]), [
      ['syntax-invalid-number-suffix', 2, 5],
      ['syntax-invalid-number', 6, 9],
    ]);
    assert.ok(Number.isNaN(r.tokens[1]!.value));
  });

  it('keeps comments out of the token stream, in a list of their own', () => {
    const text = '// head\nbody /* inline */ a // tail\n/* multi\nline */';
    const r = lex(text);
    assert.deepEqual(kinds(text), ['keyword:body', 'identifier:a', 'eof']);
    assert.deepEqual(
      r.comments.map((c) => [c.kind, text.slice(c.range.start, c.range.end)]),
      [
        ['line', '// head'],
        ['block', '/* inline */'],
        ['line', '// tail'],
        ['block', '/* multi\nline */'],
      ],
    );
    assert.equal(r.diagnostics.length, 0);
  });

  it('ends a line comment at CR as well as LF', () => {
    const r = lex('// a\r\nbody');
    assert.deepEqual(r.comments[0]!.range, { start: 0, end: 4 });
  });

  it('reports an unterminated block comment and runs it to the end of the file', () => {
    const r = lex('body a /* never closed\ncircle(1)');
    assert.equal(r.comments.length, 1);
    assert.equal(r.comments[0]!.terminated, false);
    assert.equal(r.comments[0]!.range.end, 32);
    assert.deepEqual(r.diagnostics.map((d) => [d.code, d.range.start, d.range.end]), [['syntax-unterminated-comment', 7, 9]]);
  });

  it('turns a run of bad characters into one error token with one diagnostic', () => {
    const r = lex('body a @#$ circle(1)');
    const errors = r.tokens.filter((t) => t.kind === 'error');
    assert.deepEqual(errors.map((t) => t.text), ['@#$']);
    assert.equal(r.diagnostics.length, 1);
    assert.equal(r.diagnostics[0]!.code, 'syntax-invalid-character');
    assert.deepEqual(r.diagnostics[0]!.range, { start: 7, end: 10 });
  });

  it('names NUL bytes, non-ASCII letters and astral characters in its messages', () => {
    const nul = lex('body\u0000a');
    assert.match(nul.diagnostics[0]!.message, /NUL byte/);
    assert.deepEqual(nul.diagnostics[0]!.range, { start: 4, end: 5 });
    const accented = lex('let é = 1');
    assert.match(accented.diagnostics[0]!.message, /'é' \(U\+00E9\)/);
    const emoji = lex('🚗 body');
    assert.deepEqual(emoji.diagnostics[0]!.range, { start: 0, end: 2 }, 'the whole surrogate pair');
    assert.match(emoji.diagnostics[0]!.message, /U\+1F697/);
  });

  describe('invalid-character messages read as sentences (code review)', () => {
    const message = (text: string): string => lex(text).diagnostics[0]!.message;

    it("a NUL byte: 'Unexpected NUL byte (U+0000)', not 'Unexpected character a NUL byte'", () => {
      const m = message('body\u0000a');
      assert.match(m, /^Unexpected NUL byte \(U\+0000\): scene files are plain text/);
      assert.doesNotMatch(m, /character a /);
    });

    it("an unpaired surrogate: 'Unexpected unpaired surrogate U+D83D', not 'Unexpected character an unpaired surrogate'", () => {
      const m = message('let a = \uD83D 1');
      assert.match(m, /^Unexpected unpaired surrogate U\+D83D: the text is not valid Unicode here\.$/);
      assert.doesNotMatch(m, /character an /);
    });

    it("'[' is named as it is and not blamed on ASCII (it is ASCII): vectors use parentheses", () => {
      const m = message('body a circle(1) at [1, 2]');
      assert.equal(m, "Unexpected character '[': vectors and argument lists are written with parentheses, as in (x, y).");
      assert.doesNotMatch(m, /ASCII/);
    });

    it('other ASCII symbols say what a scene file is made of; a run quotes the run', () => {
      assert.equal(message('body a @ circle(1)'), "Unexpected character '@': outside comments a scene file has only names, numbers, ( ) , = + - * / and spaces.");
      assert.equal(message('body a @#$ circle(1)'), "Unexpected characters '@#$': outside comments a scene file has only names, numbers, ( ) , = + - * / and spaces.");
      assert.match(message('dt 1;'), /^Unexpected character ';': statements need no separator/);
      assert.match(message('# note'), /^Unexpected character '#': comments start with \/\/ or \/\*\.$/);
    });

    it('non-ASCII letters and invisible characters are named with their code points', () => {
      assert.match(message('let é = 1'), /^Unexpected character 'é' \(U\+00E9\): names are made of ASCII letters, digits and _/);
      assert.match(message('dt\u00A01'), /^Unexpected non-breaking space \(U\+00A0\): use an ordinary space\.$/);
      assert.match(message('dt \uFEFF1'), /^Unexpected byte-order mark \(U\+FEFF\): one is allowed only at the very start of the file\.$/);
      assert.match(message('dt \u0007 1'), /^Unexpected control character U\+0007: /);
      assert.equal(message('body a £€ circle(1)'), "Unexpected character '£' (U+00A3) and 1 more character the language does not use: names are made of ASCII letters, digits and _, and other characters may appear only in comments.");
    });
  });

  it('skips a byte-order mark at the start but reports one inside the text', () => {
    assert.deepEqual(kinds('\uFEFFdt 1'), ['keyword:dt', 'number:1', 'eof']);
    assert.equal(lex('\uFEFFdt 1').diagnostics.length, 0);
    assert.equal(lex('dt \uFEFF1').diagnostics[0]!.code, 'syntax-invalid-character');
  });

  it('covers the text: tokens and comments never overlap and appear in order', () => {
    const text = 'a/*x*/b//y\n(1,2)+3deg @ é';
    const r = lex(text);
    const spans = [...r.tokens.map((t) => [t.start, t.end]), ...r.comments.map((c) => [c.range.start, c.range.end])].sort(
      (x, y) => x[0]! - y[0]!,
    );
    for (let i = 1; i < spans.length; i++) assert.ok(spans[i]![0]! >= spans[i - 1]![1]!, `overlap at ${i}`);
  });

  it('reads the edge forms of a number: leading and trailing dot, exponents, huge digit runs, overflow', () => {
    const one = (text: string) => {
      const r = lex(text);
      assert.equal(r.tokens.length, 2, `${text}: one token then eof`);
      assert.deepEqual(r.diagnostics, [], text);
      return r.tokens[0]!;
    };
    assert.equal(one('.5').value, 0.5);
    assert.equal(one('.000').value, 0);
    assert.equal(one('5.').value, 5);
    assert.equal(one('1.e3').value, 1000);
    assert.equal(one('.5E-1').value, 0.05);
    assert.equal(one('007').value, 7);
    assert.equal(one('2.5E+4').value, 25000);
    // Past the double range: Infinity and 0, exactly as Number() (semantics reports the first).
    assert.equal(one('1e309').value, Infinity);
    assert.equal(one('1e-400').value, 0);
    // Seventeen significant digits and more: correctly rounded, not read digit by digit.
    assert.equal(one('208.94185809518638').value, 208.94185809518638);
    assert.equal(one('0.1000000000000000055511151231257827').value, 0.1);
    const long = `${'9'.repeat(400)}.${'1'.repeat(400)}`;
    assert.equal(one(long).value, Number(long));
    assert.equal(one(long).end, long.length);
    // The unit goes on every form, and is no part of the value.
    assert.deepEqual([one('1e1rad').value, one('1e1rad').unit], [10, 'rad']);
    assert.deepEqual([one('.5deg').value, one('.5deg').unit], [0.5, 'deg']);
    assert.deepEqual([one('7.deg').value, one('7.deg').unit, one('7.deg').text], [7, 'deg', '7.deg']);
  });

  it('ends a number where its form ends: a second dot or an exponent starts the next token', () => {
    assert.deepEqual(kinds('1.2.3'), ['number:1.2', 'number:.3', 'eof']);
    assert.deepEqual(kinds('1e5.5'), ['number:1e5', 'number:.5', 'eof']);
    assert.deepEqual(kinds('2-1'), ['number:2', '-', 'number:1', 'eof']);
    assert.deepEqual(kinds('2e-1-1'), ['number:2e-1', '-', 'number:1', 'eof']);
  });

  it('takes letters glued to a number into it, reported unless they are a unit', () => {
    const text = '30degx 1e2e 1x2 2_ 1e+x.y 3 deg';
    const r = lex(text);
    assert.deepEqual(r.tokens.map((t) => [t.kind, t.text]), [
      ['number', '30degx'],
      ['number', '1e2e'],
      ['number', '1x2'],
      ['number', '2_'],
      ['number', '1e+x.y'],
      ['number', '3'],
      ['identifier', 'deg'],
      ['eof', ''],
    ]);
    assert.deepEqual(r.diagnostics.map((d) => [d.code, text.slice(d.range.start, d.range.end)]), [
      ['syntax-invalid-number-suffix', 'degx'],
      ['syntax-invalid-number-suffix', 'e'],
      ['syntax-invalid-number-suffix', 'x2'],
      ['syntax-invalid-number-suffix', '_'],
      ['syntax-invalid-number', '1e+x.y'],
    ]);
    assert.ok(Number.isNaN(r.tokens[4]!.value), 'a malformed exponent has no value');
    assert.equal(r.tokens[5]!.unit, null);
  });

  it('takes the fast path only while the digits are an exact integer: both sides of 2^53 read as Number() does', () => {
    // 2^53 = 9007199254740992: below it the digits are exact and one division is correctly
    // rounded; from it on (…993 rounds to …992 when read digit by digit) Number() must decide.
    const digits = ['9007199254740991', '9007199254740992', '9007199254740993', '9007199254740995', '9999999999999999', '1000000000000001'];
    for (const d of digits) {
      for (let dot = 0; dot <= d.length; dot++) {
        for (const lead of ['', '0', '0.0']) {
          const s = lead.includes('.') ? `${lead}${d}` : `${lead}${d.slice(0, dot)}.${d.slice(dot)}`;
          const t = lex(s).tokens[0]!;
          assert.equal(t.end, s.length, s);
          assert.ok(Object.is(t.value, Number(s)), `${s}: ${t.value} vs ${Number(s)}`);
        }
      }
    }
    // Leading zeros after the dot count toward the power of ten, not the digits: up to 10^22
    // (exact) the fast path holds, past it Number() decides; either way the value is Number()'s.
    for (let zeros = 16; zeros <= 24; zeros++) {
      for (const digits of ['1', '3', '9007199254740991']) {
        const s = `0.${'0'.repeat(zeros)}${digits}`;
        assert.ok(Object.is(lex(s).tokens[0]!.value, Number(s)), s);
      }
    }
    assert.equal(lex('0.000000000000000001').tokens[0]!.value, 1e-18);
    assert.equal(lex('0.0000000000000000001').tokens[0]!.value, 1e-19);
  });

  it('reads every decimal literal exactly as Number() does (the short-literal fast path included)', () => {
    const literal = fc.oneof(
      fc.double({ noNaN: true, min: 0, max: 1e30 }).map(String),
      // The shortest round-trip forms of doubles, as generated scenes write them (16 and 17 digits).
      fc.double({ noNaN: true, min: 1e-3, max: 1e4 }).map(String),
      fc.stringMatching(/^[0-9]{16}$/).chain((d) => fc.integer({ min: 0, max: 16 }).map((k) => `${d.slice(0, k)}.${d.slice(k)}`)),
      fc.stringMatching(/^[0-9]{1,20}(\.[0-9]{0,25})?$/),
      fc.stringMatching(/^\.[0-9]{1,25}$/),
      fc.stringMatching(/^[0-9]{1,16}\.[0-9]{1,8}e[-+]?[0-9]{1,3}$/),
    );
    fc.assert(
      fc.property(literal, (s) => {
        const t = lex(s).tokens[0]!;
        assert.equal(t.kind, 'number', s);
        assert.equal(t.end, s.length, s);
        assert.ok(Object.is(t.value, Number(s)), `${s}: ${t.value} vs ${Number(s)}`);
      }),
      { numRuns: 5000 },
    );
  });
});
