import type { AABB } from '../math/aabb';
import type { BroadPhaseKind } from './broad-phase';
import { loadBox } from './proxy-map';
import { StagedTree } from './tree-build';
import { NULL_NODE, STAGED_LEAF } from './tree-nodes';

/**
 * A dynamic AABB tree in the style of Box2D's b2DynamicTree (Catto, "Dynamic Bounding Volume
 * Hierarchies", GDC 2019; Box2D v2.4 and v3 `dynamic_tree.c`):
 *
 * - Leaves hold a *fat* box, the proxy's box enlarged by a margin, so that small moves stay
 *   inside it and cost no tree update (Box2D's aabbMargin). As in Box2D v3, a proxy that has
 *   never moved gets no margin: static scenery costs nothing extra. The exact box is kept beside
 *   the fat one and every answer is filtered by it (the BroadPhase contract: exact answers).
 * - A new leaf goes next to the sibling that minimizes the total perimeter of the tree (the 2D
 *   surface-area heuristic), found by branch and bound over a priority queue ordered by the cost
 *   inherited from ancestors (Bittner, Hapala, Havran, "Fast insertion-based optimization of
 *   bounding volume hierarchies", 2013; the search Box2D v3's b2FindBestSibling approximates).
 * - After each insertion or removal the path to the root is rebalanced with height-based tree
 *   rotations (Box2D v2.4's b2DynamicTree::Balance, an AVL-like rotation of the taller
 *   grandchild up one level), which keeps the height logarithmic for any insertion order.
 * - Many insertions before the next query (building a scene from scratch) are staged and then
 *   built top-down in one pass, splitting at the median center along the wider axis (Ericson,
 *   "Real-Time Collision Detection" §6.2.1), which is O(n log n) and yields a balanced tree,
 *   like Box2D v3's b2DynamicTree_Rebuild for static proxies.
 * - Nodes live in a pool of typed arrays with a free list; queries and the all-pairs traversal
 *   use a preallocated stack, so nothing is allocated per query.
 *
 * All pairs are found by one simultaneous descent of the tree against itself (Bullet's
 * btDbvt::collideTT; van den Bergen, "Collision Detection in Interactive 3D Environments" §5.3),
 * which visits fewer node pairs than one query per leaf.
 *
 * The class is layered by concern: the node pool (tree-nodes.ts), incremental insertion and
 * removal with rotations (tree-insertion.ts), staging and bulk build (tree-build.ts), and here
 * the BroadPhase surface, queries, the all-pairs traversal and the invariant check.
 */
export interface DynamicTreeOptions {
  /** Fat margin as a fraction of the proxy's larger side (default 0.1). */
  readonly marginFraction?: number;
  /** Fat margin added in absolute units, on top of the fraction (default 0). */
  readonly marginAbsolute?: number;
}

/** Bound locally: an imported binding is a property load (a getter under CommonJS) in the loops below. */
const NULL = NULL_NODE;
const STAGED = STAGED_LEAF;

export class DynamicTree extends StagedTree {
  readonly kind: BroadPhaseKind = 'dynamic-tree';
  private readonly marginFraction: number;
  private readonly marginAbsolute: number;

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

  private margin(b: Float64Array): number {
    const w = b[2]! - b[0]!;
    const h = b[3]! - b[1]!;
    return this.marginAbsolute + this.marginFraction * (w > h ? w : h);
  }

}
