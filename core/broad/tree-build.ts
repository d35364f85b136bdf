import { growFloat64, growInt32 } from '../math/typed-array';
import { selectKth } from './quickselect';
import { NULL_NODE, STAGED_LEAF } from './tree-nodes';
import { TreeInsertion } from './tree-insertion';

/** Bound locally: an imported binding is a property load (a getter under CommonJS) in the loops below. */
const NULL = NULL_NODE;
const STAGED = STAGED_LEAF;

/**
 * Staging and bulk build of DynamicTree's leaves. Insertions wait in a staging list until the
 * next query; many of them are then built top-down in one pass with the tree's leaves, splitting
 * at the median center along the wider axis (Ericson, "Real-Time Collision Detection" §6.2.1),
 * O(n log n) and balanced, like Box2D v3's b2DynamicTree_Rebuild; a few are inserted one by one.
 */
export abstract class StagedTree extends TreeInsertion {
  protected staged = new Int32Array(16);
  protected stagedCount = 0;

  /** Scratch for the top-down build. */
  protected buildLeaves = new Int32Array(0);
  /** selectMedian's keys, parallel to buildLeaves. */
  protected buildKeys = new Float64Array(0);

  protected stage(leaf: number): void {
    this.staged = growInt32(this.staged, this.stagedCount + 1);
    this.parent[leaf] = STAGED;
    this.child2[leaf] = this.stagedCount;
    this.staged[this.stagedCount++] = leaf;
  }

  /** Takes a leaf out of the tree or the staging list. */
  protected detach(leaf: number): void {
    if (this.parent[leaf] === STAGED) {
      const i = this.child2[leaf]!;
      const last = this.staged[--this.stagedCount]!;
      this.staged[i] = last;
      this.child2[last] = i;
    } else {
      this.removeLeaf(leaf);
    }
  }

  /** Puts staged leaves in the tree: one at a time when few, by a full rebuild when many. */
  protected override flush(): void {
    const k = this.stagedCount;
    if (k === 0) return;
    if (k <= 16 || k * 2 < this.leavesInTree) {
      for (let i = 0; i < k; i++) {
        const leaf = this.staged[i]!;
        this.parent[leaf] = NULL;
        this.insertLeaf(leaf);
      }
      this.stagedCount = 0;
      return;
    }
    this.rebuild();
  }

  /** Rebuilds the whole tree top-down from its leaves and the staged ones. */
  private rebuild(): void {
    const total = this.leavesInTree + this.stagedCount;
    this.buildLeaves = growInt32(this.buildLeaves, total);
    const leaves = this.buildLeaves;
    let count = 0;
    if (this.root !== NULL) {
      let stack = this.ensureStack(this.sp + this.height[this.root]! + 2);
      let sp = this.sp;
      const base = sp;
      stack[sp++] = this.root;
      while (sp > base) {
        const n = stack[--sp]!;
        const c1 = this.child1[n]!;
        if (c1 === NULL) {
          leaves[count++] = n;
        } else {
          stack[sp++] = c1;
          stack[sp++] = this.child2[n]!;
          this.freeNode(n);
        }
      }
    }
    for (let i = 0; i < this.stagedCount; i++) leaves[count++] = this.staged[i]!;
    this.stagedCount = 0;
    this.internalCount = 0;
    this.leavesInTree = count;
    this.root = this.buildRange(0, count);
    this.parent[this.root] = NULL;
  }

  /** Builds a subtree over buildLeaves[lo, hi) and returns its root. */
  private buildRange(lo: number, hi: number): number {
    const leaves = this.buildLeaves;
    if (hi - lo === 1) return leaves[lo]!;
    const fat = this.fat;
    // Split along the axis where the centers spread most, at the median center.
    let cMinX = Infinity;
    let cMinY = Infinity;
    let cMaxX = -Infinity;
    let cMaxY = -Infinity;
    for (let i = lo; i < hi; i++) {
      const o = 4 * leaves[i]!;
      const cx = fat[o]! + fat[o + 2]!;
      const cy = fat[o + 1]! + fat[o + 3]!;
      if (cx < cMinX) cMinX = cx;
      if (cx > cMaxX) cMaxX = cx;
      if (cy < cMinY) cMinY = cy;
      if (cy > cMaxY) cMaxY = cy;
    }
    const axis = cMaxX - cMinX >= cMaxY - cMinY ? 0 : 1;
    const mid = (lo + hi) >>> 1;
    this.selectMedian(lo, hi - 1, mid, axis);
    const c1 = this.buildRange(lo, mid);
    const n = this.join(c1, this.buildRange(mid, hi));
    this.refit(n);
    return n;
  }

  /**
   * Reorders buildLeaves[lo..hi] (inclusive) so that position k holds the median leaf by doubled
   * center on `axis` (quickselect.ts), no smaller key after it.
   */
  private selectMedian(lo: number, hi: number, k: number, axis: number): void {
    const a = this.buildLeaves;
    const fat = this.fat;
    const keys = (this.buildKeys = growFloat64(this.buildKeys, a.length));
    for (let i = lo; i <= hi; i++) keys[i] = fat[4 * a[i]! + axis]! + fat[4 * a[i]! + axis + 2]!;
    selectKth(keys, lo, hi, k, a);
  }
}
