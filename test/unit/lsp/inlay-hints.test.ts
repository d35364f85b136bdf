import { strict as assert } from 'node:assert';
import { lspInlayHints } from '../../../server/src/lsp/inlay-hints';
import { scene } from '../features/fixture';

describe('lsp/inlay-hints', () => {
  it('sends values as parameter hints and impacts as type hints with a tooltip, each padded on the left', () => {
    const doc = scene('let w = 2 * 3\nbody wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)\n');
    const hints = lspInlayHints(doc);
    assert.deepEqual(
      hints.map((h) => [h.position.line, h.position.character, h.kind, h.paddingLeft, h.tooltip === undefined]),
      [
        [0, 13, 2, true, true],
        [2, 51, 1, true, false],
      ],
    );
    assert.deepEqual(Object.keys(hints[0]!), ['position', 'label', 'kind', 'paddingLeft']);
    assert.deepEqual(Object.keys(hints[1]!), ['position', 'label', 'kind', 'paddingLeft', 'tooltip']);
  });
});
