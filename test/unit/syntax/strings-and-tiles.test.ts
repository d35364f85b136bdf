import { strict as assert } from 'node:assert';
import { lex } from '../../../server/src/syntax/lexer';
import { scanComments } from '../../../server/src/syntax/text-scans';
import { parse } from '../../../server/src/syntax/parser';
import type { BodyStatement, ShapeCall, TileGridShape } from '../../../server/src/syntax/ast';

/** Parses `text`, a tiles statement then a body, and gives the tile grid's row texts. */
function gridRowsThenBody(text: string): string[] {
  const p = parse(text);
  assert.deepEqual(
    p.file.statements.map((st) => st.kind),
    ['Body', 'Body'],
  );
  const grid = (p.file.statements[0] as BodyStatement).shape as TileGridShape;
  assert.equal(grid.kind, 'Tiles');
  return grid.rows.map((r) => r.text);
}

describe('syntax: string literals, chains and tile grids', () => {
  it('lexes a string literal as one token, whatever it holds', () => {
    const { tokens, diagnostics } = lex('"#/ body // \\ F7"');
    assert.deepEqual(
      tokens.map((t) => [t.kind, t.text]),
      [
        ['string', '"#/ body // \\ F7"'],
        ['eof', ''],
      ],
    );
    assert.deepEqual(diagnostics, []);
  });

  it('reports an unterminated string up to its line end and goes on with the next line', () => {
    const text = 'tiles g cell 1 at (0, 0)\n  "##x\nbody b circle(1)';
    const { tokens, diagnostics } = lex(text);
    const s = tokens.find((t) => t.kind === 'string')!;
    assert.equal(s.text, '"##x');
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0]!.code, 'syntax-unterminated-string');
    assert.deepEqual(diagnostics[0]!.range, { start: text.indexOf('"'), end: text.indexOf('x') + 1 });
    assert.deepEqual(gridRowsThenBody(text), ['##x']);
  });

  it('never starts a statement at a keyword inside a string, nor a comment at a slash', () => {
    const text = 'tiles g cell 1 at (0, 2)\n  "#body#"\n  "//##/*"\nbody b circle(1) // note';
    assert.deepEqual(gridRowsThenBody(text), ['#body#', '//##/*']);
    const p = parse(text);
    assert.deepEqual(
      scanComments(text).map((c) => text.slice(c.range.start, c.range.end)),
      ['// note'],
    );
    assert.deepEqual(
      p.comments.map((c) => text.slice(c.range.start, c.range.end)),
      ['// note'],
    );
  });

  it('parses chain(...) and chain(...) loop as shapes', () => {
    const p = parse('body a static chain((0, 0), (1, 0))\nbody b static chain((0, 0), (1, 0), (0, 1)) loop at (2, 0)');
    assert.deepEqual(p.diagnostics, []);
    const [a, b] = p.file.statements as BodyStatement[];
    assert.equal((a!.shape as ShapeCall).constructorName, 'chain');
    assert.equal((a!.shape as ShapeCall).loop, undefined);
    assert.ok((b!.shape as ShapeCall).loop);
    assert.equal(b!.properties.length, 1);
  });

  it('parses a tiles statement with properties before and after its rows', () => {
    const text = 'tiles ground cell (1, 0.5) at (0, 10)\n  "##"\n  "/\\\\"\n  layer walls';
    const p = parse(text);
    assert.deepEqual(p.diagnostics, []);
    const s = p.file.statements[0] as BodyStatement;
    assert.equal(s.name?.name, 'ground');
    const grid = s.shape as TileGridShape;
    assert.equal(grid.kind, 'Tiles');
    assert.deepEqual(
      grid.rows.map((r) => r.text),
      ['##', '/\\\\'],
    );
    assert.deepEqual(
      s.properties.map((c) => c.keyword),
      ['at', 'layer'],
    );
  });

  it('reports a tiles statement without rows, and one without cell', () => {
    assert.deepEqual(
      parse('tiles g cell 1 at (0, 0)').diagnostics.map((d) => d.code),
      ['tiles-no-rows'],
    );
    assert.deepEqual(
      parse('tiles g at (0, 0) "##"').diagnostics.map((d) => d.code),
      ['syntax-expected-token'],
    );
  });
});
