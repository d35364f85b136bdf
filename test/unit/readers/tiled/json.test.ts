import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { JsonKind, NONE, parseJson, type JsonDocument } from '../../../../server/src/readers/tiled/json';

/** The document's value as plain JSON, for comparison with JSON.parse. */
function plain(doc: JsonDocument, h: number): unknown {
  switch (doc.kind(h)) {
    case JsonKind.Object:
      return Object.fromEntries(doc.children(h).map((c) => [doc.key(c), plain(doc, c)]));
    case JsonKind.Array:
      return doc.children(h).map((c) => plain(doc, c));
    case JsonKind.String:
      return doc.string(h);
    case JsonKind.Number:
      return doc.number(h);
    case JsonKind.True:
      return true;
    case JsonKind.False:
      return false;
    default:
      return null;
  }
}

describe('Tiled JSON parser', () => {
  it('reads values with their ranges and members with their keys', () => {
    const text = '{ "a": [1, -2.5e3, true, null], "b\\u0041": "x\\ny", "c": {"d": false} }';
    const doc = parseJson(text);
    assert.deepEqual(doc.diagnostics, []);
    assert.deepEqual(plain(doc, doc.root), JSON.parse(text));
    const a = doc.member(doc.root, 'a');
    assert.equal(text.slice(doc.start(a), doc.end(a)), '[1, -2.5e3, true, null]');
    assert.equal(text.slice(doc.keyStart(a), doc.keyEnd(a)), '"a"');
    const b = doc.member(doc.root, 'bA');
    assert.equal(doc.string(b), 'x\ny');
    assert.equal(text.slice(doc.start(b), doc.end(b)), '"x\\ny"');
    assert.equal(doc.member(doc.root, 'zz'), NONE);
    assert.equal(doc.number(doc.first(a)), 1);
    assert.equal(doc.string(a), undefined);
  });

  it('skips a byte order mark', () => {
    const doc = parseJson('\ufeff{"a": 1}');
    assert.deepEqual([doc.diagnostics, doc.start(doc.root)], [[], 1]);
  });

  it('takes the last of repeated members, as JSON.parse does', () => {
    const doc = parseJson('{"a": 1, "a": 2}');
    assert.equal(doc.number(doc.member(doc.root, 'a')), 2);
  });

  it('agrees with JSON.parse on random JSON', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), (text) => {
        const doc = parseJson(text);
        assert.deepEqual(doc.diagnostics, []);
        assert.deepEqual(plain(doc, doc.root), JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('reports the first error on its range and keeps the values before it', () => {
    const cases: [string, string][] = [
      ['{"a": 1, "b": }', 'Unexpected `}`: a value is expected.'],
      ['{"a": 1 "b": 2}', '`,` or `}` expected.'],
      ['[1, 2', '`,` or `]` expected.'],
      ['{"a": "x', 'Unterminated string.'],
      ['{a: 1}', 'A member name in double quotes is expected.'],
      ['[01]', '`,` or `]` expected.'],
      ['[1.]', 'Malformed number.'],
      ['"\\q"', 'Unknown escape in a string.'],
      ['1 2', 'Unexpected text after the value.'],
      ['', 'A value is expected.'],
      ['['.repeat(600), 'Nesting deeper than 512 levels.'],
    ];
    for (const [text, message] of cases) {
      const doc = parseJson(text);
      assert.equal(doc.diagnostics.length, 1, text);
      assert.equal(doc.diagnostics[0]!.message, message, text);
      assert.equal(doc.diagnostics[0]!.code, 'tiled-json-syntax');
      const r = doc.diagnostics[0]!.range;
      assert.ok(r.start >= 0 && r.start <= r.end && r.end <= text.length, text);
    }
    const doc = parseJson('{"objects": [{"id": 1}, {"id": 2}, {"id": 3');
    const objects = doc.member(doc.root, 'objects');
    assert.deepEqual(doc.children(objects).map((o) => doc.number(doc.member(o, 'id'))), [1, 2, 3]);
  });

  it('never throws, and every range lies in the text (random texts and cuts)', () => {
    const check = (text: string): void => {
      const doc = parseJson(text);
      for (const d of doc.diagnostics) assert.ok(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= text.length);
      const walk = (h: number): void => {
        assert.ok(doc.start(h) >= 0 && doc.start(h) <= doc.end(h) && doc.end(h) <= text.length);
        assert.ok(doc.keyStart(h) <= doc.keyEnd(h) && doc.keyEnd(h) <= text.length);
        if (doc.kind(h) === JsonKind.Number) assert.ok(Number.isFinite(doc.number(h)!) || /e/i.test(text.slice(doc.start(h), doc.end(h))));
        for (const c of doc.children(h)) walk(c);
      };
      if (doc.root !== NONE) walk(doc.root);
    };
    const piece = fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '"a"', '1', '-', '.', 'e', '0', 'true', 'nul', '\\', '\\u12', ' ', '😀');
    fc.assert(fc.property(fc.array(piece, { maxLength: 50 }), (parts) => check(parts.join(''))), { numRuns: 2000 });
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), fc.nat(), (text, cut) => check(text.slice(0, cut % (text.length + 1)))),
      { numRuns: 500 },
    );
  });
});
