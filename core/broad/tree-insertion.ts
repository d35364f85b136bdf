import { growFloat64, growInt32 } from '../math/typed-array';
import { NULL_NODE, TreeNodes } from './tree-nodes';

/** Bound locally: an imported binding is a property load (a getter under CommonJS) in the loops below. */
const NULL = NULL_NODE;

/**
 * Incremental insertion and removal of DynamicTree's leaves. A new leaf goes next to the sibling
 * that minimizes the tree's total perimeter, found by branch and bound (Bittner, Hapala, Havran
 * 2013); after each insertion or removal the path to the root is rebalanced by tree rotations
 * (Box2D v2.4's b2DynamicTree::Balance; Catto, "Dynamic Bounding Volume Hierarchies", GDC 2019).
 */
export abstract class TreeInsertion extends TreeNodes {
  /** Priority queue of the sibling search: node and inherited cost. */
  protected heapNode = new Int32Array(64);
  protected heapCost = new Float64Array(64);

  protected insertLeaf(leaf: number): void {
    this.leavesInTree++;
    if (this.root === NULL) {
      this.root = leaf;
      this.parent[leaf] = NULL;
      return;
    }
    const sibling = this.findBestSibling(leaf);
    const oldParent = this.parent[sibling]!;
    const newParent = this.join(sibling, leaf);
    this.parent[newParent] = oldParent;
    if (oldParent === NULL) {
      this.root = newParent;
    } else if (this.child1[oldParent] === sibling) {
      this.child1[oldParent] = newParent;
    } else {
      this.child2[oldParent] = newParent;
    }
    this.refitUpwards(newParent);
  }

  /**
   * Branch and bound for the sibling minimizing the tree's added perimeter. Making node S the
   * leaf's sibling costs perimeter(S ∪ L) (the new parent) plus the growth of every ancestor of
   * S; any node below S costs at least perimeter(L) plus that growth and S's own, which is the
   * bound used to prune (Bittner et al. 2013, §4).
   */
  private findBestSibling(leaf: number): number {
    const fat = this.fat;
    const ol = 4 * leaf;
    const lMinX = fat[ol]!;
    const lMinY = fat[ol + 1]!;
    const lMaxX = fat[ol + 2]!;
    const lMaxY = fat[ol + 3]!;
    const leafPerimeter = 2 * (lMaxX - lMinX + (lMaxY - lMinY));
    let best = this.root;
    let bestCost = Infinity;
    let heapSize = 0;
    this.heapPush(heapSize++, this.root, 0);
    while (heapSize > 0) {
      const n = this.heapNode[0]!;
      const inherited = this.heapCost[0]!;
      heapSize = this.heapPop(heapSize);
      if (leafPerimeter + inherited >= bestCost) break; // the cheapest remaining bound cannot win
      const o = 4 * n;
      const nMinX = fat[o]!;
      const nMinY = fat[o + 1]!;
      const nMaxX = fat[o + 2]!;
      const nMaxY = fat[o + 3]!;
      const uMinX = nMinX < lMinX ? nMinX : lMinX;
      const uMinY = nMinY < lMinY ? nMinY : lMinY;
      const uMaxX = nMaxX > lMaxX ? nMaxX : lMaxX;
      const uMaxY = nMaxY > lMaxY ? nMaxY : lMaxY;
      const unionPerimeter = 2 * (uMaxX - uMinX + (uMaxY - uMinY));
      const cost = unionPerimeter + inherited;
      if (cost < bestCost) {
        bestCost = cost;
        best = n;
      }
      const c1 = this.child1[n]!;
      if (c1 === NULL) continue;
      const childInherited = inherited + unionPerimeter - 2 * (nMaxX - nMinX + (nMaxY - nMinY));
      if (leafPerimeter + childInherited < bestCost) {
        this.heapPush(heapSize++, c1, childInherited);
        this.heapPush(heapSize++, this.child2[n]!, childInherited);
      }
    }
    return best;
  }

  /** Binary min-heap on inherited cost; `at` is the current size (the slot to fill). */
  private heapPush(at: number, node: number, cost: number): void {
    if (at >= this.heapNode.length) {
      this.heapNode = growInt32(this.heapNode, at + 1);
      this.heapCost = growFloat64(this.heapCost, at + 1);
    }
    const hn = this.heapNode;
    const hc = this.heapCost;
    let i = at;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (hc[p]! <= cost) break;
      hn[i] = hn[p]!;
      hc[i] = hc[p]!;
      i = p;
    }
    hn[i] = node;
    hc[i] = cost;
  }

  /** Removes the minimum; returns the new size. */
  private heapPop(size: number): number {
    const hn = this.heapNode;
    const hc = this.heapCost;
    const n = size - 1;
    if (n === 0) return 0;
    const node = hn[n]!;
    const cost = hc[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && hc[c + 1]! < hc[c]!) c++;
      if (hc[c]! >= cost) break;
      hn[i] = hn[c]!;
      hc[i] = hc[c]!;
      i = c;
    }
    hn[i] = node;
    hc[i] = cost;
    return n;
  }

  protected removeLeaf(leaf: number): void {
    this.leavesInTree--;
    if (leaf === this.root) {
      this.root = NULL;
      return;
    }
    const p = this.parent[leaf]!;
    const grand = this.parent[p]!;
    const sibling = this.child1[p] === leaf ? this.child2[p]! : this.child1[p]!;
    this.freeNode(p);
    this.internalCount--;
    this.parent[leaf] = NULL;
    if (grand === NULL) {
      this.root = sibling;
      this.parent[sibling] = NULL;
      return;
    }
    if (this.child1[grand] === p) this.child1[grand] = sibling;
    else this.child2[grand] = sibling;
    this.parent[sibling] = grand;
    this.refitUpwards(grand);
  }

  /** Rebalances and refits every node from `n` to the root. */
  protected refitUpwards(n: number): void {
    let i = n;
    while (i !== NULL) {
      i = this.balance(i);
      this.refit(i);
      i = this.parent[i]!;
    }
  }


  /**
   * If one child of `a` is more than one level taller than the other, rotates that child up to
   * take `a`'s place; `a` keeps the shorter child and the shorter of the promoted child's two
   * children, the promoted node keeps `a` and its taller child (Box2D v2.4's Balance). Returns
   * the node now at `a`'s former position.
   */
  protected balance(a: number): number {
    const child1 = this.child1;
    const child2 = this.child2;
    const height = this.height;
    const parent = this.parent;
    if (child1[a] === NULL || height[a]! < 2) return a;
    const b = child1[a]!;
    const c = child2[a]!;
    const diff = height[c]! - height[b]!;
    if (diff > 1 || diff < -1) {
      // `up` is the taller child, promoted; `keep` is the shorter one, which stays under `a`.
      const up = diff > 1 ? c : b;
      const f = child1[up]!;
      const g = child2[up]!;
      const aParent = parent[a]!;
      parent[up] = aParent;
      parent[a] = up;
      if (aParent === NULL) this.root = up;
      else if (child1[aParent] === a) child1[aParent] = up;
      else child2[aParent] = up;
      // The taller grandchild stays with `up`; the shorter one replaces `up` under `a`.
      const tall = height[f]! > height[g]! ? f : g;
      const short = tall === f ? g : f;
      child1[up] = a;
      child2[up] = tall;
      if (diff > 1) child2[a] = short;
      else child1[a] = short;
      parent[short] = a;
      this.refit(a);
      this.refit(up);
      return up;
    }
    return a;
  }
}
