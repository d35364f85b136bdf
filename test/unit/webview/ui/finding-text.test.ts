/** The findings list's line for each finding kind (also a body's tooltip line). */
import { strict as assert } from 'node:assert';
import { describeFinding } from '../../../../webview/src/ui/finding-text';
import type { PreviewFinding } from '../../../../protocol/preview-model';

describe('webview/ui/finding-text', () => {
  it('words a ghost bump with the sliding body, the seam, its pieces and the time', () => {
    const f: PreviewFinding = { kind: 'ghost-bump', severity: 'warning', a: 'tile1', b: 'crate', ia: 0, ib: 3, normal: [0, 0], toi: 0.25, point: [1, 0], moving: 'b', pieces: ['tile1', 'tile2'], message: 'm' };
    assert.equal(describeFinding(f), 'ghost-bump crate at seam (1, 0) of tile1 | tile2: t = 0.25 s');
  });

  it('words an impact and an overlap as before', () => {
    const base = { severity: 'warning' as const, a: 'a', b: 'b', ia: 0, ib: 1, normal: [1, 0] as [number, number], message: 'm' };
    assert.equal(describeFinding({ ...base, kind: 'tunnelling', toi: 0.5, point: [0, 0] }), 'tunnelling a – b: t = 0.5 s');
    assert.equal(describeFinding({ ...base, kind: 'overlap', depth: 0.5, points: [] }), 'overlap a – b: depth 0.5');
  });
});
