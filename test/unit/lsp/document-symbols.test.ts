import { strict as assert } from 'node:assert';
import { documentSymbols, symbolInformation } from '../../../server/src/lsp/document-symbols';
import { scene } from '../features/fixture';

const TEXT = 'dt 1/60\nlet r = 0.5\nshape wheel = circle(r)\nlayer world collides world\nbody a wheel at (r, 0) layer world\n';

describe('lsp/document-symbols', () => {
  it('gives each outline entry its LSP symbol kind, range and selection', () => {
    const symbols = documentSymbols(scene(TEXT));
    assert.deepEqual(symbols.map((s) => `${s.kind}:${s.name}`), ['7:dt', '14:r', '5:wheel', '3:world', '19:a']);
    assert.deepEqual(symbols[2]!.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 23 } });
    assert.deepEqual(symbols[2]!.selectionRange, { start: { line: 2, character: 6 }, end: { line: 2, character: 11 } });
    assert.deepEqual(symbolInformation('file:///s.collide', symbols[2]!), {
      name: 'wheel',
      kind: 5,
      location: { uri: 'file:///s.collide', range: symbols[2]!.selectionRange },
    });
  });
});
