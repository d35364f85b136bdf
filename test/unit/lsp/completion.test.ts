import { strict as assert } from 'node:assert';
import { lspCompletion } from '../../../server/src/lsp/completion';
import { cursor } from '../features/fixture';

describe('lsp/completion', () => {
  it('sends each kind of completion with its LSP kind, markdown documentation and insert text format', () => {
    const { doc, offset } = cursor('layer world\nlet w = 1\nshape crate = box(1, 1)\nbody a static |');
    const items = lspCompletion(doc, offset, { snippets: true });
    const box = items.find((i) => i.label === 'box')!;
    assert.deepEqual(Object.keys(box), ['label', 'kind', 'detail', 'documentation', 'sortText', 'insertText', 'insertTextFormat']);
    assert.equal(box.kind, 4); // Constructor
    assert.equal(box.insertTextFormat, 2); // Snippet
    assert.equal((box.documentation as { kind: string }).kind, 'markdown');
    const crate = items.find((i) => i.label === 'crate')!;
    assert.deepEqual(Object.keys(crate), ['label', 'kind', 'detail', 'sortText']);
    assert.equal(crate.kind, 7); // Class
    const sensor = items.find((i) => i.label === 'sensor')!;
    assert.equal(sensor.kind, 14); // Keyword
    const plain = lspCompletion(doc, offset, { snippets: false }).find((i) => i.label === 'box')!;
    assert.deepEqual([plain.insertText, plain.insertTextFormat], ['box(', 1]); // PlainText

    const expression = cursor('layer world\nlet w = 1\nbody a circle(1) at (|');
    const kinds = Object.fromEntries(lspCompletion(expression.doc, expression.offset, { snippets: true }).map((i) => [i.label, [i.kind, i.insertTextFormat]]));
    assert.deepEqual(kinds['w'], [21, undefined]); // Constant
    assert.deepEqual(kinds['pi'], [14, undefined]);
    assert.deepEqual(kinds['sin'], [3, 2]); // Function, a snippet
    const layer = cursor('layer world\nbody a circle(1) layer |');
    assert.deepEqual(lspCompletion(layer.doc, layer.offset, { snippets: true }).map((i) => [i.label, i.kind]), [['world', 20]]); // EnumMember
  });
});
