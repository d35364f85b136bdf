import { strict as assert } from 'node:assert';
import type { PreviewFinding } from '../../../../protocol/preview-model';
import { impactTimes, nextImpact } from '../../../../webview/src/ui/impact-times';
import { sampleScene } from '../../../browser/fixtures';

describe('impact times', () => {
  it('lists each time of impact once, sorted, and finds the next and previous', () => {
    const f = (kind: PreviewFinding['kind'], toi?: number) => ({ ...sampleScene().findings[0]!, kind, toi });
    const times = impactTimes([f('collision', 0.3), f('tunnelling', 0.1), f('overlap'), f('ghost-bump', 0.2), f('collision', 0.1), f('tunnelling', 2)], 1);
    assert.deepEqual(times, [0.1, 0.3]);
    assert.equal(nextImpact(times, 0, 1, 1e-9), 0.1);
    assert.equal(nextImpact(times, 0.1, 1, 1e-9), 0.3, 'at an impact, the next is the one after');
    assert.equal(nextImpact(times, 0.1 - 1e-12, 1, 1e-9), 0.3, 'within the tolerance is at it');
    assert.equal(nextImpact(times, 0.3, 1, 1e-9), null);
    assert.equal(nextImpact(times, 0.3, -1, 1e-9), 0.1);
    assert.equal(nextImpact(times, 0.2, -1, 1e-9), 0.1);
    assert.equal(nextImpact(times, 0.1, -1, 1e-9), null);
  });
});
