import { strict as assert } from 'node:assert';
import { definition } from '../../../server/src/features/definition';
import { applyOffsetEdits } from '../../../server/src/features/text-edits';
import { documentHighlights } from '../../../server/src/features/document-highlights';
import { outline } from '../../../server/src/features/document-symbols';
import { references } from '../../../server/src/features/references';
import { prepareRename, rename } from '../../../server/src/features/rename';
import { workspaceSymbols, matchScore } from '../../../server/src/features/workspace-symbols';
import { scene } from './fixture';

const TEXT = 'let r = 0.5\nshape wheel = circle(r)\nlayer world collides world\nbody a wheel at (r, 0) layer world\nbody b compound(wheel, wheel at (1, 0)) layer world\n';

function at(needle: string, nth = 0, delta = 1): number {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = TEXT.indexOf(needle, i + 1);
  assert.ok(i >= 0, needle);
  return i + delta;
}

describe('features/navigation', () => {
  const doc = scene(TEXT);

  it('goes to the definition from a use, and stays on a definition', () => {
    const name = TEXT.indexOf('wheel');
    assert.deepEqual(definition(doc, at('wheel', 2)), { start: name, end: name + 'wheel'.length });
    assert.deepEqual(definition(doc, at('wheel', 0)), { start: name, end: name + 'wheel'.length });
    assert.equal(definition(doc, at('circle')), null);
  });

  it('finds references with and without the declaration', () => {
    assert.equal(references(doc, TEXT.indexOf('r ='), true).length, 3);
    assert.equal(references(doc, at('world', 0), false).length, 3);
    assert.equal(references(doc, at('wheel', 0), true).length, 4);
  });

  it('highlights every occurrence, the definition as a write', () => {
    const hs = documentHighlights(doc, at('wheel', 3));
    assert.equal(hs.length, 4);
    assert.deepEqual(hs.map((h) => h.defines), [true, false, false, false]);
  });

  it('renames a symbol everywhere, after checking the new name', () => {
    const r = rename(doc, at('world', 1), 'ground');
    assert.ok('edits' in r);
    const text = applyOffsetEdits(TEXT, r.edits);
    assert.equal(text.match(/ground/g)!.length, 4);
    assert.equal(scene(text).analysis.diagnostics.filter((d) => d.severity === 'error').length, 0);
    assert.match((rename(doc, at('wheel', 0), 'r') as { error: string }).error, /already a constant/);
    assert.match((rename(doc, at('wheel', 0), 'box') as { error: string }).error, /keyword/);
    assert.match((rename(doc, at('wheel', 0), '9lives') as { error: string }).error, /not a name/);
    // Bodies and layers have their own names: a body may take a layer's name.
    assert.ok('edits' in rename(doc, at('body a', 0, 5), 'world'));
  });

  it('prepares a rename on a name, and refuses elsewhere', () => {
    const p = prepareRename(doc, at('r, 0'));
    assert.ok('range' in p);
    assert.equal(p.placeholder, 'r');
    assert.ok('error' in prepareRename(doc, at('circle')));
  });

  it('outlines settings, constants, shapes, layers and bodies', () => {
    const symbols = outline(scene(`dt 1/60\n${TEXT}`));
    assert.deepEqual(symbols.map((s) => `${s.kind}:${s.name}`), ['setting:dt', 'let:r', 'shape:wheel', 'layer:world', 'body:a', 'body:b']);
    assert.equal(symbols[0]!.detail, '1/60 = 0.0166667');
    assert.equal(symbols[1]!.detail, '0.5');
  });

  it('finds workspace symbols by subsequence, best matches first', () => {
    const other = scene('body crate_1 box(1, 1)\nbody big_crate box(2, 2) at (5, 0)\n', undefined);
    const sources = [doc, other].map((d) => ({ uri: d.uri, lines: d.lines, symbols: d.analysis.semantics.symbols }));
    assert.deepEqual(workspaceSymbols(sources, 'crate').map((s) => s.definition.name), ['crate_1', 'big_crate']);
    assert.deepEqual(workspaceSymbols(sources, 'cr1').map((s) => s.definition.name), ['crate_1']);
    assert.equal(workspaceSymbols(sources, '').length, 7);
    assert.equal(matchScore('wheel', 'xyz'), -1);
  });
});
