import { strict as assert } from 'node:assert';
import { concatBytes } from '../../../protocol/concat-bytes';

describe('protocol/concat-bytes', () => {
  it('joins the parts in order, views of larger buffers included', () => {
    const big = new Uint8Array([9, 1, 2, 9]);
    const out = concatBytes([new Uint8Array([7]), big.subarray(1, 3), new Uint8Array(0), new Uint8Array([3, 4])]);
    assert.deepStrictEqual([...out], [7, 1, 2, 3, 4]);
  });

  it('hands back a single part as it is, and nothing as an empty array', () => {
    const one = new Uint8Array([5, 6]);
    assert.equal(concatBytes([one]), one);
    assert.equal(concatBytes([]).length, 0);
  });
});
