import { strict as assert } from 'node:assert';
import { growInt32 } from '../../../../core';

describe('core/math/typed-array', () => {
  it('growing an empty candidate array terminates (growInt32: the incremental copy doubled 0 forever)', () => {
    const grown = growInt32(new Int32Array(0), 1);
    assert.ok(grown.length >= 1);
    const kept = growInt32(Int32Array.from([4, 5]), 40, -1);
    assert.ok(kept.length >= 40);
    assert.deepEqual([...kept.subarray(0, 3)], [4, 5, -1]);
  });
});
