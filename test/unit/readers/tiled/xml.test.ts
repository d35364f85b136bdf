import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { NONE, parseXml, type XmlDocument } from '../../../../server/src/readers/tiled/xml';

function children(doc: XmlDocument, e: number): number[] {
  const out: number[] = [];
  for (let c = doc.firstChild(e); c !== NONE; c = doc.nextSibling(c)) out.push(c);
  return out;
}

describe('Tiled XML parser', () => {
  it('reads elements and attributes with their ranges', () => {
    const text = '<?xml version="1.0"?>\n<map a="1" b = \'two\'>\n <layer name="x"/>\n <objectgroup><object id="3"/></objectgroup>\n</map>';
    const doc = parseXml(text);
    assert.deepEqual(doc.diagnostics, []);
    const root = doc.root;
    assert.equal(doc.name(root), 'map');
    assert.equal(text.slice(doc.start(root), doc.end(root)), text.slice(text.indexOf('<map')));
    assert.equal(text.slice(doc.nameStart(root), doc.nameEnd(root)), 'map');
    const b = doc.attribute(root, 'b');
    assert.equal(doc.value(b), 'two');
    assert.equal(text.slice(doc.valueStart(b), doc.valueEnd(b)), 'two');
    assert.equal(doc.attribute(root, 'c'), NONE);
    const kids = children(doc, root);
    assert.deepEqual(kids.map((k) => doc.name(k)), ['layer', 'objectgroup']);
    assert.equal(text.slice(doc.start(kids[0]!), doc.end(kids[0]!)), '<layer name="x"/>');
    const object = doc.child(kids[1]!, 'object');
    assert.equal(text.slice(doc.start(object), doc.end(object)), '<object id="3"/>');
    assert.ok(doc.is(object, 'object') && !doc.is(object, 'objects'));
    assert.deepEqual(doc.attributes(root).map((a) => doc.attributeName(a)), ['a', 'b']);
  });

  it('decodes entities and character references, keeps CDATA as is, skips comments and PIs', () => {
    const text = '<a v="&lt;&amp;&#65;&#x42;&quot;"><!-- <b/> --><?pi x?> x &gt; <![CDATA[<&>]]> y </a>';
    const doc = parseXml(text);
    assert.deepEqual(doc.diagnostics, []);
    assert.equal(doc.value(doc.attribute(doc.root, 'v')), '<&AB"');
    assert.equal(doc.content(doc.root), ' x > <&> y ');
    assert.equal(doc.contentStart(doc.root), text.indexOf('x &gt;'));
    assert.deepEqual(children(doc, doc.root), []);
  });

  it('reports an unknown entity on its range and keeps it as written', () => {
    const text = '<a v="x&bogus;y"/>';
    const doc = parseXml(text);
    assert.equal(doc.value(doc.attribute(doc.root, 'v')), 'x&bogus;y');
    assert.equal(doc.diagnostics.length, 1);
    assert.equal(doc.diagnostics[0]!.code, 'tiled-xml-entity');
    assert.equal(text.slice(doc.diagnostics[0]!.range.start, doc.diagnostics[0]!.range.end), '&bogus;');
  });

  it('reports malformed markup and keeps what it read', () => {
    const cases: [string, string][] = [
      ['<a><b></a>', 'Element `<b>` is not closed.'],
      ['<a></b></a>', 'Closing tag `</b>` matches no open element.'],
      ['<a>', 'Element `<a>` is not closed.'],
      ['<a x="1></a>', 'Unterminated value of `x`.'],
      ['<a x=1/>', 'The value of `x` must be quoted.'],
      ['<a><!-- x', 'Unterminated comment: `-->` expected.'],
      ['<a/><b/>', 'A second root element `<b>`: one is allowed.'],
      ['', 'No XML element in the file.'],
      ['<a>< b/></a>', 'A tag name is expected after `<`.'],
    ];
    for (const [text, message] of cases) {
      const doc = parseXml(text);
      assert.ok(doc.diagnostics.some((d) => d.message === message), `${text}: ${JSON.stringify(doc.diagnostics.map((d) => d.message))}`);
      for (const d of doc.diagnostics) assert.ok(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= text.length, text);
    }
    const doc = parseXml('<a><b></a>');
    assert.equal(doc.name(doc.root), 'a');
    assert.equal(doc.name(doc.firstChild(doc.root)), 'b');
  });

  it('skips a byte order mark', () => {
    const doc = parseXml('\ufeff<a/>');
    assert.deepEqual([doc.diagnostics, doc.name(doc.root), doc.start(doc.root)], [[], 'a', 1]);
  });

  it('counts ranges in UTF-16 code units', () => {
    const text = '<a n="😀é" m="z"/>';
    const doc = parseXml(text);
    const m = doc.attribute(doc.root, 'm');
    assert.equal(doc.valueStart(m), text.indexOf('z'));
    assert.equal(doc.value(doc.attribute(doc.root, 'n')), '😀é');
  });

  it('never throws, and every range lies in the text (random texts)', () => {
    const piece = fc.constantFrom('<', '>', '/', '<a', '</a>', '<b x="1">', '"', "'", '=', ' ', '&amp;', '&', ';', '<!--', '-->', '<![CDATA[', ']]>', '<?', '?>', '<!DOCTYPE', '[', ']', 'x', '😀');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        const doc = parseXml(text);
        for (const d of doc.diagnostics) assert.ok(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= text.length);
        const walk = (e: number, depth: number): void => {
          assert.ok(depth < 100);
          assert.ok(doc.start(e) >= 0 && doc.start(e) < doc.end(e) && doc.end(e) <= text.length);
          for (const a of doc.attributes(e)) assert.ok(doc.valueStart(a) <= doc.valueEnd(a) && doc.valueEnd(a) <= text.length);
          for (const c of children(doc, e)) walk(c, depth + 1);
        };
        if (doc.root !== NONE) walk(doc.root, 0);
      }),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => void parseXml(text)), { numRuns: 1000 });
  });
});
