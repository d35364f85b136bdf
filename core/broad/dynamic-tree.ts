import type { AABB } from '../math/aabb';
import { growFloat64, growInt32 } from '../math/typed-array';
import type { BroadPhaseKind } from './broad-phase';
import { loadBox, ProxyMap } from './proxy-map';
import { selectKth } from './quickselect';

/**
 * A dynamic AABB tree in the style of Box2D's b2DynamicTree (Catto, "Dynamic Bounding Volume
 * Hierarchies", GDC 2019; Box2D v2.4 and v3 `dynamic_tree.c`):
 *
 * - Leaves hold a *fat* box, the proxy's box enlarged by a margin, so that small moves stay
 *   inside it and cost no tree update (Box2D's aabbMargin). As in Box2D v3, a proxy that has
 *   never moved gets no margin: static scenery costs nothing extra. The exact box is kept beside
 *   the fat one and every answer is filtered by it (the BroadPhase contract: exact answers).
 * - A new leaf goes next to the sibling that minimises the total perimeter of the tree (the 2D
 *   surface-area heuristic), found by branch and bound over a priority queue ordered by the cost
 *   inherited from ancestors (Bittner, Hapala, Havran, "Fast insertion-based optimization of
 *   bounding volume hierarchies", 2013; the search Box2D v3's b2FindBestSibling approximates).
 * - After each insertion or removal the path to the root is rebalanced with height-based tree
 *   rotations (Box2D v2.4's b2DynamicTree::Balance, an AVL-like rotation of the taller
 *   grandchild up one level), which keeps the height logarithmic for any insertion order.
 * - Many insertions before the next query (building a scene from scratch) are staged and then
 *   built top-down in one pass, splitting at the median centre along the wider axis (Ericson,
 *   "Real-Time Collision Detection" §6.2.1), which is O(n log n) and yields a balanced tree,
 *   like Box2D v3's b2DynamicTree_Rebuild for static proxies.
 * - Nodes live in a pool of typed arrays with a free list; queries and the all-pairs traversal
 *   use a preallocated stack, so nothing is allocated per query.
 *
 * All pairs are found by one simultaneous descent of the tree against itself (Bullet's
 * btDbvt::collideTT; van den Bergen, "Collision Detection in Interactive 3D Environments" §5.3),
 * which visits fewer node pairs than one query per leaf.
 */
export interface DynamicTreeOptions {
  /** Fat margin as a fraction of the proxy's larger side (default 0.1). */
  readonly marginFraction?: number;
  /** Fat margin added in absolute units, on top of the fraction (default 0). */
  readonly marginAbsolute?: number;
}

const NULL = -1;
/** `parent` of a leaf waiting in the staging list rather than in the tree. */
const STAGED = -2;

export class DynamicTree extends ProxyMap {
  readonly kind: BroadPhaseKind = 'dynamic-tree';
  private readonly marginFraction: number;
  private readonly marginAbsolute: number;

  // ProxyMap's slot of an id is its leaf node.
  private capacity = 0;
  /** Fat box per node: (minX, minY, maxX, maxY). */
  private fat = new Float64Array(0);
  /** Exact box per leaf. */
  private tight = new Float64Array(0);
  /** Parent node, NULL for the root, STAGED for a staged leaf; next free node for a free node. */
  private parent = new Int32Array(0);
  /** Children; child1 is NULL for a leaf. A staged leaf keeps its staging index in child2. */
  private child1 = new Int32Array(0);
  private child2 = new Int32Array(0);
  /** 0 for a leaf, -1 for a free node. */
  private height = new Int32Array(0);
  private userId = new Int32Array(0);
  /** Leaf that has been re-inserted at least once (it moves, so it gets a margin). */
  private moved = new Uint8Array(0);
  private freeList = NULL;
  private root = NULL;
  private leavesInTree = 0;
  private internalCount = 0;

  private staged = new Int32Array(16);
  private stagedCount = 0;

  /** Shared traversal stack; `sp` is its top so that nested queries stack on each other. */
  private stack = new Int32Array(64);
  private sp = 0;
  /** Priority queue of the sibling search: node and inherited cost. */
  private heapNode = new Int32Array(64);
  private heapCost = new Float64Array(64);
  /** Scratch for the top-down build. */
  private buildLeaves = new Int32Array(0);
  /** selectMedian's keys, parallel to buildLeaves. */
  private buildKeys = new Float64Array(0);

  constructor(options: DynamicTreeOptions = {}) {
    super();
    const f = options.marginFraction ?? 0.1;
    const a = options.marginAbsolute ?? 0;
    this.marginFraction = f >= 0 && Number.isFinite(f) ? f : 0.1;
    this.marginAbsolute = a >= 0 && Number.isFinite(a) ? a : 0;
  }

  /** Height of the tree (0 for a single leaf, -1 when empty), after pending insertions. */
  get treeHeight(): number {
    this.flush();
    return this.root === NULL ? -1 : this.height[this.root]!;
  }

  /** Nodes in use (leaves + internal), for tests and memory accounting. */
  get nodeCount(): number {
    return this.leavesInTree + this.stagedCount + this.internalCount;
  }

  protected add(id: number, b: Float64Array): number {
    const leaf = this.allocateNode();
    this.userId[leaf] = id;
    this.height[leaf] = 0;
    this.child1[leaf] = NULL;
    this.moved[leaf] = 0;
    this.setTight(leaf, b);
    this.setFat(leaf, b[0]!, b[1]!, b[2]!, b[3]!);
    this.stage(leaf);
    return leaf;
  }

  protected boxInto(node: number, out: AABB): void {
    loadBox(this.tight, 4 * node, out);
  }

  protected update(node: number, b: Float64Array): boolean {
    this.setTight(node, b);
    if (this.parent[node] === STAGED) {
      this.setFat(node, b[0]!, b[1]!, b[2]!, b[3]!);
      return false;
    }
    const o = 4 * node;
    const fat = this.fat;
    const m = this.margin(b);
    // Keep the fat box while it holds the new box and is not much larger than a fresh one would
    // be (Box2D v2.4's MoveProxy "huge AABB" test), so a proxy that stopped moving shrinks back.
    if (
      fat[o]! <= b[0]! &&
      fat[o + 1]! <= b[1]! &&
      fat[o + 2]! >= b[2]! &&
      fat[o + 3]! >= b[3]! &&
      fat[o]! >= b[0]! - 4 * m &&
      fat[o + 1]! >= b[1]! - 4 * m &&
      fat[o + 2]! <= b[2]! + 4 * m &&
      fat[o + 3]! <= b[3]! + 4 * m
    ) {
      return false;
    }
    this.removeLeaf(node);
    this.moved[node] = 1;
    this.setFat(node, b[0]! - m, b[1]! - m, b[2]! + m, b[3]! + m);
    this.insertLeaf(node);
    return true;
  }

  protected drop(node: number): void {
    this.detach(node);
    this.freeNode(node);
  }

  protected reset(): void {
    this.root = NULL;
    this.leavesInTree = 0;
    this.internalCount = 0;
    this.stagedCount = 0;
    this.freeList = NULL;
    for (let i = this.capacity - 1; i >= 0; i--) this.freeNode(i);
  }

  protected queryBox(qMinX: number, qMinY: number, qMaxX: number, qMaxY: number, visit: (id: number) => boolean | void): void {
    if (this.root === NULL) return;
    const base = this.sp;
    let stack = this.ensureStack(base + this.height[this.root]! + 2);
    let sp = base;
    const fat = this.fat;
    const tight = this.tight;
    stack[sp++] = this.root;
    while (sp > base) {
      const n = stack[--sp]!;
      const o = 4 * n;
      if (fat[o]! > qMaxX || qMinX > fat[o + 2]! || fat[o + 1]! > qMaxY || qMinY > fat[o + 3]!) continue;
      const c1 = this.child1[n]!;
      if (c1 === NULL) {
        if (tight[o]! <= qMaxX && qMinX <= tight[o + 2]! && tight[o + 1]! <= qMaxY && qMinY <= tight[o + 3]!) {
          this.sp = sp;
          const go = visit(this.userId[n]!);
          this.sp = base;
          if (go === false) return;
          stack = this.stack; // a nested query may have grown it
        }
      } else {
        stack[sp++] = c1;
        stack[sp++] = this.child2[n]!;
      }
    }
    this.sp = base;
  }

  protected visitPairs(visit: (a: number, b: number) => void): void {
    if (this.root === NULL) return;
    const base = this.sp;
    let stack = this.ensureStack(base + 64);
    let sp = base;
    const fat = this.fat;
    const tight = this.tight;
    const child1 = this.child1;
    const child2 = this.child2;
    const ids = this.userId;
    // Each entry is a node pair; (n, n) stands for "all pairs inside n's subtree".
    stack[sp++] = this.root;
    stack[sp++] = this.root;
    while (sp > base) {
      if (sp + 6 > stack.length) stack = this.ensureStack(sp + 6);
      const b = stack[--sp]!;
      const a = stack[--sp]!;
      const a1 = child1[a]!;
      if (a === b) {
        if (a1 === NULL) continue;
        const a2 = child2[a]!;
        stack[sp++] = a1;
        stack[sp++] = a2;
        stack[sp++] = a1;
        stack[sp++] = a1;
        stack[sp++] = a2;
        stack[sp++] = a2;
        continue;
      }
      const oa = 4 * a;
      const ob = 4 * b;
      if (fat[oa]! > fat[ob + 2]! || fat[ob]! > fat[oa + 2]! || fat[oa + 1]! > fat[ob + 3]! || fat[ob + 1]! > fat[oa + 3]!) {
        continue;
      }
      const b1 = child1[b]!;
      if (a1 === NULL && b1 === NULL) {
        if (
          tight[oa]! <= tight[ob + 2]! &&
          tight[ob]! <= tight[oa + 2]! &&
          tight[oa + 1]! <= tight[ob + 3]! &&
          tight[ob + 1]! <= tight[oa + 3]!
        ) {
          const ia = ids[a]!;
          const ib = ids[b]!;
          this.sp = sp; // a nested query from the callback stacks above this traversal
          if (ia < ib) visit(ia, ib);
          else visit(ib, ia);
          this.sp = base;
          stack = this.stack;
        }
        continue;
      }
      // Descend the larger box (by perimeter) so both sides shrink at a similar rate.
      let splitA = b1 === NULL;
      if (!splitA && a1 !== NULL) {
        splitA = fat[oa + 2]! - fat[oa]! + fat[oa + 3]! - fat[oa + 1]! >= fat[ob + 2]! - fat[ob]! + fat[ob + 3]! - fat[ob + 1]!;
      }
      if (splitA) {
        stack[sp++] = a1;
        stack[sp++] = b;
        stack[sp++] = child2[a]!;
        stack[sp++] = b;
      } else {
        stack[sp++] = a;
        stack[sp++] = b1;
        stack[sp++] = a;
        stack[sp++] = child2[b]!;
      }
    }
    this.sp = base;
  }

  /**
   * Checks every structural invariant and returns the first violation, or null: links between
   * parents and children, heights, each internal box equal to the union of its children's, each
   * leaf's fat box holding its exact box, the id map, the staging list and node accounting.
   */
  validate(): string | null {
    let leaves = 0;
    let internal = 0;
    if (this.root !== NULL) {
      if (this.parent[this.root] !== NULL) return `root ${this.root} has a parent`;
      const todo: number[] = [this.root];
      while (todo.length > 0) {
        const n = todo.pop()!;
        if (n < 0 || n >= this.capacity) return `node index ${n} out of range`;
        const h = this.height[n]!;
        const o = 4 * n;
        const f = this.fat;
        if (this.child1[n] === NULL) {
          leaves++;
          if (h !== 0) return `leaf ${n} has height ${h}`;
          const t = this.tight;
          if (!(f[o]! <= t[o]! && f[o + 1]! <= t[o + 1]! && f[o + 2]! >= t[o + 2]! && f[o + 3]! >= t[o + 3]!)) {
            return `leaf ${n} fat box does not contain its box`;
          }
          if (this.slots.get(this.userId[n]!) !== n) return `leaf ${n} is not the node of id ${this.userId[n]}`;
          continue;
        }
        internal++;
        const c1 = this.child1[n]!;
        const c2 = this.child2[n]!;
        if (c1 < 0 || c2 < 0 || c1 >= this.capacity || c2 >= this.capacity) return `node ${n} has a bad child`;
        if (this.parent[c1] !== n || this.parent[c2] !== n) return `children of ${n} do not point back to it`;
        const h1 = this.height[c1]!;
        const h2 = this.height[c2]!;
        if (h !== 1 + Math.max(h1, h2)) return `node ${n} height ${h} != 1 + max(${h1}, ${h2})`;
        const o1 = 4 * c1;
        const o2 = 4 * c2;
        if (
          f[o] !== Math.min(f[o1]!, f[o2]!) ||
          f[o + 1] !== Math.min(f[o1 + 1]!, f[o2 + 1]!) ||
          f[o + 2] !== Math.max(f[o1 + 2]!, f[o2 + 2]!) ||
          f[o + 3] !== Math.max(f[o1 + 3]!, f[o2 + 3]!)
        ) {
          return `node ${n} box is not the union of its children's`;
        }
        todo.push(c1, c2);
      }
    }
    if (leaves !== this.leavesInTree) return `counted ${leaves} leaves, expected ${this.leavesInTree}`;
    if (internal !== this.internalCount) return `counted ${internal} internal nodes, expected ${this.internalCount}`;
    if (leaves > 0 && internal !== leaves - 1) return `${leaves} leaves but ${internal} internal nodes`;
    for (let i = 0; i < this.stagedCount; i++) {
      const n = this.staged[i]!;
      if (this.parent[n] !== STAGED || this.child2[n] !== i) return `staged leaf ${n} is not linked to slot ${i}`;
      if (this.slots.get(this.userId[n]!) !== n) return `staged leaf ${n} is not the node of id ${this.userId[n]}`;
    }
    let registered = 0;
    for (const node of this.slots.values()) if (node >= 0) registered++;
    if (registered !== leaves + this.stagedCount) return `${registered} ids with boxes but ${leaves + this.stagedCount} leaves`;
    let free = 0;
    for (let n = this.freeList; n !== NULL; n = this.parent[n]!) {
      if (this.height[n] !== -1) return `free node ${n} is marked in use`;
      if (++free > this.capacity) return 'free list has a cycle';
    }
    if (free + leaves + internal + this.stagedCount !== this.capacity) return 'nodes leaked from the pool';
    return null;
  }

  // ---- pool -------------------------------------------------------------------------------

  private allocateNode(): number {
    if (this.freeList === NULL) this.grow();
    const n = this.freeList;
    this.freeList = this.parent[n]!;
    this.parent[n] = NULL;
    this.child1[n] = NULL;
    this.child2[n] = NULL;
    this.height[n] = 0;
    return n;
  }

  /** A new internal node over `c1` and `c2`, with no parent yet and its box not yet refitted. */
  private join(c1: number, c2: number): number {
    const n = this.allocateNode();
    this.internalCount++;
    this.child1[n] = c1;
    this.child2[n] = c2;
    this.parent[c1] = n;
    this.parent[c2] = n;
    return n;
  }

  private freeNode(n: number): void {
    this.parent[n] = this.freeList;
    this.height[n] = -1;
    this.freeList = n;
  }

  private grow(): void {
    const old = this.capacity;
    const cap = Math.max(16, old * 2);
    this.fat = growFloat64(this.fat, 4 * cap);
    this.tight = growFloat64(this.tight, 4 * cap);
    this.parent = growInt32(this.parent, cap);
    this.child1 = growInt32(this.child1, cap);
    this.child2 = growInt32(this.child2, cap);
    this.height = growInt32(this.height, cap);
    this.userId = growInt32(this.userId, cap);
    const moved = new Uint8Array(this.parent.length);
    moved.set(this.moved);
    this.moved = moved;
    this.capacity = this.parent.length;
    for (let i = this.capacity - 1; i >= old; i--) this.freeNode(i);
  }

  private ensureStack(needed: number): Int32Array {
    if (needed > this.stack.length) this.stack = growInt32(this.stack, needed);
    return this.stack;
  }

  private margin(b: Float64Array): number {
    const w = b[2]! - b[0]!;
    const h = b[3]! - b[1]!;
    return this.marginAbsolute + this.marginFraction * (w > h ? w : h);
  }

  private setTight(n: number, b: Float64Array): void {
    const o = 4 * n;
    this.tight[o] = b[0]!;
    this.tight[o + 1] = b[1]!;
    this.tight[o + 2] = b[2]!;
    this.tight[o + 3] = b[3]!;
  }

  private setFat(n: number, minX: number, minY: number, maxX: number, maxY: number): void {
    const o = 4 * n;
    this.fat[o] = minX;
    this.fat[o + 1] = minY;
    this.fat[o + 2] = maxX;
    this.fat[o + 3] = maxY;
  }

  // ---- staging and bulk build -------------------------------------------------------------

  private stage(leaf: number): void {
    this.staged = growInt32(this.staged, this.stagedCount + 1);
    this.parent[leaf] = STAGED;
    this.child2[leaf] = this.stagedCount;
    this.staged[this.stagedCount++] = leaf;
  }

  /** Takes a leaf out of the tree or the staging list. */
  private detach(leaf: number): void {
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
    // Split along the axis where the centres spread most, at the median centre.
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
   * centre on `axis` (quickselect.ts), no smaller key after it.
   */
  private selectMedian(lo: number, hi: number, k: number, axis: number): void {
    const a = this.buildLeaves;
    const fat = this.fat;
    const keys = (this.buildKeys = growFloat64(this.buildKeys, a.length));
    for (let i = lo; i <= hi; i++) keys[i] = fat[4 * a[i]! + axis]! + fat[4 * a[i]! + axis + 2]!;
    selectKth(keys, lo, hi, k, a);
  }

  // ---- incremental insertion and removal ---------------------------------------------------

  private insertLeaf(leaf: number): void {
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
   * Branch and bound for the sibling minimising the tree's added perimeter. Making node S the
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

  private removeLeaf(leaf: number): void {
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
  private refitUpwards(n: number): void {
    let i = n;
    while (i !== NULL) {
      i = this.balance(i);
      this.refit(i);
      i = this.parent[i]!;
    }
  }

  /** Height and box of internal node `n` from its children. */
  private refit(n: number): void {
    const c1 = this.child1[n]!;
    const c2 = this.child2[n]!;
    const h1 = this.height[c1]!;
    const h2 = this.height[c2]!;
    this.height[n] = 1 + (h1 > h2 ? h1 : h2);
    const f = this.fat;
    const o = 4 * n;
    const o1 = 4 * c1;
    const o2 = 4 * c2;
    f[o] = f[o1]! < f[o2]! ? f[o1]! : f[o2]!;
    f[o + 1] = f[o1 + 1]! < f[o2 + 1]! ? f[o1 + 1]! : f[o2 + 1]!;
    f[o + 2] = f[o1 + 2]! > f[o2 + 2]! ? f[o1 + 2]! : f[o2 + 2]!;
    f[o + 3] = f[o1 + 3]! > f[o2 + 3]! ? f[o1 + 3]! : f[o2 + 3]!;
  }

  /**
   * If one child of `a` is more than one level taller than the other, rotates that child up to
   * take `a`'s place; `a` keeps the shorter child and the shorter of the promoted child's two
   * children, the promoted node keeps `a` and its taller child (Box2D v2.4's Balance). Returns
   * the node now at `a`'s former position.
   */
  private balance(a: number): number {
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
