import { growFloat64, growInt32, resized } from '../math/typed-array';
import { ProxyMap } from './proxy-map';

/** No node: the root's parent, a leaf's child1, the end of the free list. */
export const NULL_NODE = -1;
/** `parent` of a leaf waiting in the staging list rather than in the tree. */
export const STAGED_LEAF = -2;
const NULL = NULL_NODE;

/**
 * The node pool of DynamicTree (dynamic-tree.ts), as Box2D's b2DynamicTree keeps it: one typed
 * array per field, indexed by node, with a free list threaded through `parent`, so that the tree
 * allocates nothing per insertion or query once grown. Leaves and internal nodes share the pool;
 * boxes are four numbers per node (minX, minY, maxX, maxY).
 */
export abstract class TreeNodes extends ProxyMap {
  // ProxyMap's slot of an id is its leaf node.
  protected capacity = 0;
  /** Fat box per node: (minX, minY, maxX, maxY). */
  protected fat = new Float64Array(0);
  /** Exact box per leaf. */
  protected tight = new Float64Array(0);
  /** Parent node, NULL for the root, STAGED for a staged leaf; next free node for a free node. */
  protected parent = new Int32Array(0);
  /** Children; child1 is NULL for a leaf. A staged leaf keeps its staging index in child2. */
  protected child1 = new Int32Array(0);
  protected child2 = new Int32Array(0);
  /** 0 for a leaf, -1 for a free node. */
  protected height = new Int32Array(0);
  protected userId = new Int32Array(0);
  /** Leaf that has been re-inserted at least once (it moves, so it gets a margin). */
  protected moved = new Uint8Array(0);
  protected freeList = NULL;
  protected root = NULL;
  protected leavesInTree = 0;
  protected internalCount = 0;

  /** Shared traversal stack; `sp` is its top so that nested queries stack on each other. */
  protected stack = new Int32Array(64);
  protected sp = 0;

  protected allocateNode(): number {
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
  protected join(c1: number, c2: number): number {
    const n = this.allocateNode();
    this.internalCount++;
    this.child1[n] = c1;
    this.child2[n] = c2;
    this.parent[c1] = n;
    this.parent[c2] = n;
    return n;
  }

  protected freeNode(n: number): void {
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
    this.moved = resized(this.moved, this.parent.length);
    this.capacity = this.parent.length;
    for (let i = this.capacity - 1; i >= old; i--) this.freeNode(i);
  }

  protected ensureStack(needed: number): Int32Array {
    if (needed > this.stack.length) this.stack = growInt32(this.stack, needed);
    return this.stack;
  }

  protected setTight(n: number, b: Float64Array): void {
    const o = 4 * n;
    this.tight[o] = b[0]!;
    this.tight[o + 1] = b[1]!;
    this.tight[o + 2] = b[2]!;
    this.tight[o + 3] = b[3]!;
  }

  protected setFat(n: number, minX: number, minY: number, maxX: number, maxY: number): void {
    const o = 4 * n;
    this.fat[o] = minX;
    this.fat[o + 1] = minY;
    this.fat[o + 2] = maxX;
    this.fat[o + 3] = maxY;
  }

  /** Height and box of internal node `n` from its children. */
  protected refit(n: number): void {
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
}
