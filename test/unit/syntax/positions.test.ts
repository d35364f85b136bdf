import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { LineIndex, lowerBound } from '../../../server/src/syntax/positions';

describe('syntax/positions: LineIndex', () => {
  it('maps offsets to positions and back in an LF file', () => {
    const idx = new LineIndex('ab\ncd\n');
    assert.equal(idx.lineCount, 3);
    assert.deepEqual(idx.positionAt(0), { line: 0, character: 0 });
    assert.deepEqual(idx.positionAt(2), { line: 0, character: 2 });
    assert.deepEqual(idx.positionAt(3), { line: 1, character: 0 });
    assert.deepEqual(idx.positionAt(6), { line: 2, character: 0 });
    for (let o = 0; o <= 6; o++) assert.equal(idx.offsetAt(idx.positionAt(o)), o);
  });

  it('treats CRLF as one line break, and an offset between CR and LF as the end of the line', () => {
    const text = 'body a\r\ncircle(1)\r\n';
    const idx = new LineIndex(text);
    assert.equal(idx.lineCount, 3);
    assert.deepEqual(idx.positionAt(text.indexOf('circle')), { line: 1, character: 0 });
    assert.deepEqual(idx.positionAt(7), { line: 0, character: 6 }); // between \r and \n
    assert.equal(idx.lineEnd(0), 6);
    assert.equal(idx.lineText(1), 'circle(1)');
    assert.equal(idx.offsetAt({ line: 1, character: 3 }), text.indexOf('circle') + 3);
  });

  it('accepts a lone CR as a line break, like LSP text documents', () => {
    const idx = new LineIndex('a\rb');
    assert.equal(idx.lineCount, 2);
    assert.deepEqual(idx.positionAt(2), { line: 1, character: 0 });
  });

  it('counts characters in UTF-16 code units (astral characters are two)', () => {
    const text = '// 🚗 é\nbody';
    const idx = new LineIndex(text);
    const body = text.indexOf('body');
    assert.deepEqual(idx.positionAt(body), { line: 1, character: 0 });
    assert.deepEqual(idx.positionAt(text.indexOf('é')), { line: 0, character: 6 }); // '//', ' ', 2 units, ' '
    assert.equal(idx.offsetAt({ line: 0, character: 6 }), text.indexOf('é'));
  });

  it('indexes a byte-order mark as an ordinary code unit', () => {
    const idx = new LineIndex('\uFEFFdt 1\nframes 2');
    assert.deepEqual(idx.positionAt(1), { line: 0, character: 1 });
    assert.deepEqual(idx.positionAt(6), { line: 1, character: 0 });
  });

  it('clamps out-of-range offsets and positions instead of failing', () => {
    const idx = new LineIndex('ab\ncd');
    assert.deepEqual(idx.positionAt(-5), { line: 0, character: 0 });
    assert.deepEqual(idx.positionAt(99), { line: 1, character: 2 });
    assert.deepEqual(idx.positionAt(Number.NaN), { line: 0, character: 0 });
    assert.equal(idx.offsetAt({ line: 0, character: 99 }), 2);
    assert.equal(idx.offsetAt({ line: 7, character: 0 }), 5);
    assert.equal(idx.offsetAt({ line: -1, character: 3 }), 0);
  });

  it('handles the empty text', () => {
    const idx = new LineIndex('');
    assert.equal(idx.lineCount, 1);
    assert.deepEqual(idx.positionAt(0), { line: 0, character: 0 });
    assert.equal(idx.offsetAt({ line: 0, character: 4 }), 0);
  });

  it('round-trips every offset of a mixed-ending text', () => {
    const text = 'a\r\nbb\ncc\rd🚀e\r\n\r\nlast';
    const idx = new LineIndex(text);
    for (let o = 0; o <= text.length; o++) {
      const p = idx.positionAt(o);
      const back = idx.offsetAt(p);
      const inBreak = text[o - 1] === '\r' && text[o] === '\n';
      assert.equal(back, inBreak ? o - 1 : o, `offset ${o}`);
    }
    assert.deepEqual(idx.rangeOf({ start: 3, end: 5 }), {
      start: { line: 1, character: 0 },
      end: { line: 1, character: 2 },
    });
    assert.deepEqual(idx.offsetRange(idx.rangeOf({ start: 3, end: 5 })), { start: 3, end: 5 });
  });

  it('answers any sequence of look-ups (ascending, repeated, backwards, past the end) as a fresh index would', () => {
    // lineAt walks forward from its last answer; a look-up must never depend on the ones before.
    const naiveLine = (text: string, offset: number): number => {
      const o = Math.min(Math.max(0, Math.floor(offset)), text.length);
      let line = 0;
      for (let i = 0; i < o; i++) {
        const ch = text[i];
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
      }
      return line;
    };
    const text = fc.array(fc.constantFrom('a', 'b', '\n', '\r', '\r\n', '🚀'), { maxLength: 60 }).map((p) => p.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.integer({ min: -2, max: 130 }), { maxLength: 40 }), fc.boolean(), (t, offsets, sorted) => {
        if (sorted) offsets.sort((x, y) => x - y);
        const idx = new LineIndex(t);
        for (const o of offsets) {
          assert.equal(idx.lineAt(o), naiveLine(t, o), `offset ${o} of ${JSON.stringify(t)}`);
          assert.deepEqual(idx.positionAt(o), new LineIndex(t).positionAt(o));
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('syntax/positions: lowerBound', () => {
  it('first index not below x (also used by the statement window)', () => {
    const a = [0, 3, 3, 7, 10];
    assert.deepEqual([-1, 0, 1, 3, 4, 7, 9, 10, 11].map((x) => lowerBound(a, x)), [0, 0, 1, 1, 3, 3, 4, 4, 5]);
    assert.equal(lowerBound([], 5), 0);
  });
});
