import { strict as assert } from 'node:assert';
import { lspSignatureHelp } from '../../../server/src/lsp/signature-help';
import { cursor } from '../features/fixture';

describe('lsp/signature-help', () => {
  function help(marked: string) {
    const { doc, offset } = cursor(marked);
    return lspSignatureHelp(doc, offset);
  }

  it('shows the constructor, its parameters as offsets into its label, and the active one', () => {
    const h = help('body a box(1, |')!;
    assert.equal(h.signatures.length, 1);
    assert.equal(h.signatures[0]!.label, 'box(w, h)');
    assert.equal((h.signatures[0]!.documentation as { kind: string }).kind, 'markdown');
    assert.equal(h.activeSignature, 0);
    assert.equal(h.activeParameter, 1);
    assert.deepEqual(h.signatures[0]!.parameters!.map((p) => p.label), [[4, 5], [7, 8]]);
    assert.equal(help('body a capsule(|')!.activeParameter, 0);
    assert.match(help('body a polygon((0, 0), (1, 0), (1, |')!.signatures[0]!.label, /^polygon/);
    assert.equal(help('body a compound(box(1, 1), circle(|')!.signatures[0]!.label, 'circle(r)');
    assert.equal(help('body a box(1, 1) at (|'), null);
  });
});
