import { strict as assert } from 'node:assert';
import type { PreviewFinding } from '../../../../protocol/preview-model';
import { countFindings, statusLine } from '../../../../webview/src/ui/status-line';

describe('preview status line', () => {
  it('counts the findings by kind', () => {
    const kinds = ['tunnelling', 'overlap', 'tunnelling', 'ghost-bump'] as const;
    assert.deepEqual(countFindings(kinds.map((kind) => ({ kind }) as PreviewFinding)), { overlap: 1, tunnelling: 2, collision: 0, 'ghost-bump': 1 });
    assert.deepEqual(countFindings([]), { overlap: 0, tunnelling: 0, collision: 0, 'ghost-bump': 0 });
  });

  it('says one or many, and ghost bumps and errors only when there are some', () => {
    assert.equal(statusLine(1, { overlap: 1, tunnelling: 0, collision: 1, 'ghost-bump': 0 }, 0), '1 body · 1 overlap · 0 tunnelling · 1 collision');
    assert.equal(statusLine(5, { overlap: 2, tunnelling: 3, collision: 0, 'ghost-bump': 1 }, 1), '5 bodies · 2 overlaps · 3 tunnelling · 0 collisions · 1 ghost bump · 1 error');
    assert.equal(statusLine(0, { overlap: 0, tunnelling: 0, collision: 2, 'ghost-bump': 2 }, 3), '0 bodies · 0 overlaps · 0 tunnelling · 2 collisions · 2 ghost bumps · 3 errors');
  });
});
