import { strict as assert } from 'node:assert';
import { analyzeText } from '../../../server/src/features/document';
import { codeLenses, codeLensStubs, resolveCodeLens } from '../../../server/src/lsp/code-lens';
import { scene } from '../features/fixture';

describe('lsp/code-lens', () => {
  it('puts code lenses above bodies with findings, with the preview command and the pair', () => {
    const doc = scene('body floor static box(20, 1) at (0, -0.5)\nbody sunk box(1, 1) at (0, 0.45)\nbody far circle(1) at (50, 0)\n');
    const lenses = codeLenses(doc);
    assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command!.title]), [
      [0, '$(warning) overlaps sunk by 0.05 · show in preview'],
      [1, '$(warning) overlaps floor by 0.05 · show in preview'],
    ]);
    assert.equal(lenses[0]!.command!.command, 'collide.preview.showPair');
    assert.deepEqual(lenses[0]!.command!.arguments, [{ uri: 'file:///test.collide', a: 'floor', b: 'sunk' }]);
  });
});

describe('lsp/code-lens: stubs resolved on request', () => {
  it('resolve to the lenses of their version only', () => {
    const doc = analyzeText('body a circle(1) at (0, 0)\nbody b circle(1) at (0.5, 0)\nbody c circle(1) at (1, 0)\n');
    const stubs = codeLensStubs(doc, 1);
    assert.equal(stubs.length, 6);
    assert.deepStrictEqual(stubs.map((l) => resolveCodeLens(doc, l)), codeLenses(doc));
    // Another version's stub, or one whose data is not ours, comes back unresolved.
    for (const data of [[1, doc.version + 1, 0, 0, 0], [1, doc.version, 0, 9, 0], [1, doc.version, 0, 0, 3], [1, doc.version, 0, 0, -1], [1, doc.version, 0, 0], 'x', null]) {
      const lens = { range: stubs[0]!.range, data };
      assert.equal(resolveCodeLens(doc, lens), lens);
    }
  });

  it('resolve only against the analysis they came from: a settings change analyses the same version again', () => {
    const doc = analyzeText('body a circle(1) at (0, 0)\nbody b circle(1) at (0.5, 0)\n');
    const before = codeLensStubs(doc, 1, 3);
    assert.deepStrictEqual(before.map((l) => resolveCodeLens(doc, l, 3)), codeLenses(doc));
    for (const l of before) assert.equal(resolveCodeLens(doc, l, 4), l);
  });

  it('carry a count for a body with more findings than lenses', () => {
    const bodies = Array.from({ length: 7 }, (_, i) => `body b${i} circle(1) at (${i * 0.1}, 0)`).join('\n');
    const doc = analyzeText(bodies);
    const stubs = codeLensStubs(doc, 1);
    const resolved = stubs.map((l) => resolveCodeLens(doc, l));
    assert.deepStrictEqual(resolved, codeLenses(doc));
    assert.ok(resolved.some((l) => l.command?.title === '+2 more findings'));
  });
});
