/**
 * The broad phase over a chain's edges: a bounding-volume hierarchy whose leaves are runs of
 * LEAF_EDGES consecutive edges. A polyline's consecutive edges are neighbors in space, so its
 * order is already the spatial order a BVH build would sort for (Ericson, "Real-Time Collision
 * Detection", §6.2, bottom-up construction from a coherent ordering): the tree is built in one
 * linear pass, with no sort, and a chain of millions of edges costs 4 doubles per run and level.
 *
 * The tree is implicit and stored level by level: level 0 holds one box per run, level k + 1 one
 * box per two boxes of level k, up to a single root. Box i of level k has children 2i and 2i + 1
 * of level k - 1 (the second may be past the end).
 */

/** Edges per leaf run. */
export const LEAF_EDGES = 8;

export interface EdgeTree {
  /** Coordinates of the chain's vertices, packed (the chain's own array). */
  readonly xy: Float64Array;
  readonly count: number;
  readonly edgeCount: number;
  /** levels[k] packs the boxes of level k as [minX, minY, maxX, maxY, ...]; the last is the root. */
  readonly levels: readonly Float64Array[];
}

export function buildEdgeTree(xy: Float64Array, count: number, edgeCount: number): EdgeTree {
  const levels: Float64Array[] = [];
  if (edgeCount === 0) return { xy, count, edgeCount, levels };
  const runs = Math.ceil(edgeCount / LEAF_EDGES);
  let level = new Float64Array(4 * runs);
  for (let r = 0; r < runs; r++) {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    const first = r * LEAF_EDGES;
    const last = Math.min(edgeCount, first + LEAF_EDGES);
    // The run's vertices: edge i spans vertices i and i + 1 (mod count for a loop's last edge).
    for (let v = first; v <= last; v++) {
      const j = v === count ? 0 : v;
      const x = xy[2 * j]!;
      const y = xy[2 * j + 1]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    level[4 * r] = minX;
    level[4 * r + 1] = minY;
    level[4 * r + 2] = maxX;
    level[4 * r + 3] = maxY;
  }
  levels.push(level);
  while (level.length > 4) {
    const n = level.length >> 2;
    const up = new Float64Array(4 * Math.ceil(n / 2));
    for (let i = 0; 2 * i < n; i++) {
      const a = 8 * i;
      const b = 2 * i + 1 < n ? a + 4 : a;
      up[4 * i] = Math.min(level[a]!, level[b]!);
      up[4 * i + 1] = Math.min(level[a + 1]!, level[b + 1]!);
      up[4 * i + 2] = Math.max(level[a + 2]!, level[b + 2]!);
      up[4 * i + 3] = Math.max(level[a + 3]!, level[b + 3]!);
    }
    levels.push(up);
    level = up;
  }
  return { xy, count, edgeCount, levels };
}

// Traversal stack, module-level (queries never re-enter): pairs (level, index).
let stack = new Int32Array(256);

/**
 * Appends to `out` the index of every edge whose bounding box overlaps the box (closed
 * intervals), in increasing order; returns the number appended. A box with a NaN coordinate
 * overlaps nothing.
 */
export function edgesOverlapping(tree: EdgeTree, minX: number, minY: number, maxX: number, maxY: number, out: number[]): number {
  const levels = tree.levels;
  if (levels.length === 0 || !(minX <= maxX && minY <= maxY)) return 0;
  const xy = tree.xy;
  const n = tree.count;
  let found = 0;
  let top = 0;
  stack[top++] = levels.length - 1;
  stack[top++] = 0;
  while (top > 0) {
    const i = stack[--top]!;
    const k = stack[--top]!;
    const box = levels[k]!;
    if (box[4 * i]! > maxX || box[4 * i + 2]! < minX || box[4 * i + 1]! > maxY || box[4 * i + 3]! < minY) continue;
    if (k === 0) {
      const first = i * LEAF_EDGES;
      const last = Math.min(tree.edgeCount, first + LEAF_EDGES);
      for (let e = first; e < last; e++) {
        const j = e + 1 === n ? 0 : e + 1;
        const ax = xy[2 * e]!;
        const ay = xy[2 * e + 1]!;
        const bx = xy[2 * j]!;
        const by = xy[2 * j + 1]!;
        if (Math.min(ax, bx) > maxX || Math.max(ax, bx) < minX || Math.min(ay, by) > maxY || Math.max(ay, by) < minY) continue;
        out.push(e);
        found++;
      }
      continue;
    }
    if (top + 4 > stack.length) {
      const grown = new Int32Array(2 * stack.length);
      grown.set(stack);
      stack = grown;
    }
    const below = levels[k - 1]!.length >> 2;
    // Second child first, so the first is popped first and edges come out in order.
    if (2 * i + 1 < below) {
      stack[top++] = k - 1;
      stack[top++] = 2 * i + 1;
    }
    stack[top++] = k - 1;
    stack[top++] = 2 * i;
  }
  return found;
}
