import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { DynamicTree } from '../../../../core/broad/dynamic-tree';
import type { AABB } from '../../../../core/math/aabb';
import { anyBox, apply, Model, opArb, pairsOf } from './support';

const box = (minX: number, minY: number, maxX: number, maxY: number): AABB => ({ minX, minY, maxX, maxY });

describe('core/broad/dynamic-tree invariants', () => {
  it('validate() holds after every step of random insert/move/remove sequences', () => {
    fc.assert(
      fc.property(fc.array(opArb(anyBox, 40), { maxLength: 120 }), (ops) => {
        const tree = new DynamicTree();
        const model = new Model();
        for (const op of ops) {
          apply(tree, op);
          model.apply(op);
          assert.equal(tree.validate(), null);
          if (op.op === 'check') assert.deepEqual(pairsOf(tree), model.pairs());
        }
        assert.deepEqual(pairsOf(tree), model.pairs());
        assert.equal(tree.validate(), null);
      }),
      { numRuns: 200 },
    );
  });

  it('stays logarithmic when boxes arrive one at a time in sorted order (rotations at work)', () => {
    const tree = new DynamicTree();
    const n = 1024;
    for (let i = 0; i < n; i++) {
      tree.insert(i, box(i, i, i + 1, i + 1));
      tree.query(box(i, i, i, i), () => {}); // forces incremental insertion, not a bulk build
    }
    assert.equal(tree.validate(), null);
    // An AVL-balanced tree has height < 1.44 log2(n + 2); without rotations this order makes a chain.
    assert.ok(tree.treeHeight <= Math.ceil(1.45 * Math.log2(n + 2)), `height ${tree.treeHeight}`);
    for (let i = 0; i < n; i += 2) tree.remove(i);
    assert.equal(tree.validate(), null);
    assert.ok(tree.treeHeight <= Math.ceil(1.45 * Math.log2(n / 2 + 2)), `height after removals ${tree.treeHeight}`);
  });

  it('a scene inserted at once is built balanced, with one internal node per leaf but one', () => {
    const tree = new DynamicTree();
    for (let i = 0; i < 1000; i++) tree.insert(i, box((i * 7919) % 1000, (i * 104729) % 997, ((i * 7919) % 1000) + 2, ((i * 104729) % 997) + 2));
    assert.equal(tree.treeHeight, Math.ceil(Math.log2(1000)));
    assert.equal(tree.nodeCount, 1999);
    assert.equal(tree.validate(), null);
  });

  it('a small move inside the fat box changes nothing structural; a far move re-inserts', () => {
    const tree = new DynamicTree({ marginFraction: 0.25 });
    for (let i = 0; i < 50; i++) tree.insert(i, box(i * 4, 0, i * 4 + 2, 2));
    tree.pairs(() => {});
    assert.equal(tree.move(10, box(41, 0, 43, 2)), true, 'first move gets a margin');
    assert.equal(tree.move(10, box(41.2, 0.1, 43.2, 2.1)), false, 'within the margin');
    assert.equal(tree.move(10, box(100, 0, 102, 2)), true, 'outside it');
    assert.equal(tree.validate(), null);
    assert.deepEqual(pairsOf(tree), ['10,25']);
  });

  it('validate() notices a corrupted node box (it is not vacuous)', () => {
    const tree = new DynamicTree();
    for (let i = 0; i < 20; i++) tree.insert(i, box(i, 0, i + 1, 1));
    tree.pairs(() => {}); // builds the staged leaves into the tree
    assert.equal(tree.validate(), null);
    const internals = tree as unknown as { fat: Float64Array; child1: Int32Array; root: number };
    internals.fat[4 * internals.root] += 0.5; // root's minX no longer the union's
    assert.match(tree.validate() ?? '', /union/);
  });
});
