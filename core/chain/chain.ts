import type { Vec2 } from '../math/vec2';
import { buildEdgeTree, type EdgeTree } from './edge-tree';

/**
 * A chain: a polyline of one-sided edges, open or closed, in the manner of Box2D v3's chain shape
 * (Catto, `b2CreateChain`, `b2ChainSegment`). Each edge is solid only from its right-hand side
 * walking the vertices in order: its normal is the right perpendicular of its direction, so a
 * counter-clockwise loop has outward normals, its matter inside and bodies colliding from outside.
 * Each edge knows its neighbors' far vertices (its ghost vertices), by which a body sliding along
 * the chain never meets an internal vertex as an obstacle (one-sided.ts).
 *
 * Open chains: every given vertex is a real vertex (two vertices make one edge). Box2D's open
 * chain (`b2ChainDef` with `isLoop = false`) instead uses its first and last vertices as ghosts
 * only; here an end edge simply has no ghost on its open side, and its end vertex is a free end
 * (any normal on that side is admitted). A loop joins the last vertex to the first, and every
 * edge has both ghosts.
 *
 * Coordinates are in the chain's local frame (a static body's), packed [x0, y0, x1, y1, ...] in a
 * Float64Array: a tile outline of millions of edges keeps 16 bytes a vertex. The edge tree
 * (edge-tree.ts) is built on the first query that needs it (`chainTree`): a noisy tile grid's
 * outline is a hundred thousand small loops, most of which no body ever comes near.
 */
export interface Chain {
  readonly loop: boolean;
  /** Number of vertices. */
  readonly count: number;
  /** Number of edges: `count` for a loop, `count - 1` for an open chain. */
  readonly edgeCount: number;
  /** Vertices packed [x0, y0, x1, y1, ...] (local frame). */
  readonly xy: Float64Array;
  /** The bounding-volume hierarchy over the edges, once built: read it through `chainTree`. */
  tree: EdgeTree | null;
}

/** The chain's edge tree, built on first use. */
export function chainTree(chain: Chain): EdgeTree {
  return (chain.tree ??= buildEdgeTree(chain.xy, chain.count, chain.edgeCount));
}

/** The chain's bounds in its own frame, [minX, minY, maxX, maxY] (empty: Infinity, -Infinity). */
export function chainBounds(chain: Chain): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const v = chain.xy;
  for (let i = 0; i < chain.count; i++) {
    const x = v[2 * i]!;
    const y = v[2 * i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

/**
 * One edge of a chain with its ghost vertices, as Box2D's `b2ChainSegment`: the edge runs from
 * (x1, y1) to (x2, y2); (g1x, g1y) is the previous edge's start and (g2x, g2y) the next edge's end,
 * when `hasGhost1` / `hasGhost2` (an open chain's end edges lack the ghost on their open side).
 */
export interface ChainSegment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  hasGhost1: boolean;
  g1x: number;
  g1y: number;
  hasGhost2: boolean;
  g2x: number;
  g2y: number;
}

export function emptyChainSegment(): ChainSegment {
  return { x1: 0, y1: 0, x2: 0, y2: 0, hasGhost1: false, g1x: 0, g1y: 0, hasGhost2: false, g2x: 0, g2y: 0 };
}

/**
 * A chain through `points` (local frame), closed when `loop`. Consecutive repeated points are
 * dropped (a zero-length edge has no normal), and so is a loop's last point when it repeats the
 * first. Fewer than two distinct points (three for a loop) give a chain with no edges.
 */
export function makeChain(points: readonly Vec2[], loop: boolean): Chain {
  const kept: Vec2[] = [];
  for (const p of points) {
    const last = kept[kept.length - 1];
    if (last === undefined || last.x !== p.x || last.y !== p.y) kept.push(p);
  }
  if (loop && kept.length > 1 && kept[0]!.x === kept[kept.length - 1]!.x && kept[0]!.y === kept[kept.length - 1]!.y) kept.pop();
  const xy = new Float64Array(2 * kept.length);
  for (let i = 0; i < kept.length; i++) {
    xy[2 * i] = kept[i]!.x;
    xy[2 * i + 1] = kept[i]!.y;
  }
  return makeChainPacked(xy, loop);
}

/** makeChain over packed coordinates, taken as they are (the tile outline's loops, already clean). */
export function makeChainPacked(xy: Float64Array, loop: boolean): Chain {
  const count = xy.length >> 1;
  const edgeCount = loop ? (count >= 3 ? count : 0) : Math.max(0, count - 1);
  return { loop, count, edgeCount, xy, tree: null };
}

/** Edge `edge` of the chain with its ghosts, written into `out` (and returned). */
export function chainSegmentInto(chain: Chain, edge: number, out: ChainSegment): ChainSegment {
  const n = chain.count;
  const v = chain.xy;
  const i1 = edge;
  const i2 = edge + 1 === n ? 0 : edge + 1;
  out.x1 = v[2 * i1]!;
  out.y1 = v[2 * i1 + 1]!;
  out.x2 = v[2 * i2]!;
  out.y2 = v[2 * i2 + 1]!;
  const i0 = edge > 0 ? edge - 1 : chain.loop ? n - 1 : -1;
  const i3 = i2 + 1 < n ? i2 + 1 : chain.loop ? 0 : -1;
  out.hasGhost1 = i0 >= 0;
  out.g1x = i0 >= 0 ? v[2 * i0]! : 0;
  out.g1y = i0 >= 0 ? v[2 * i0 + 1]! : 0;
  out.hasGhost2 = i3 >= 0;
  out.g2x = out.hasGhost2 ? v[2 * i3]! : 0;
  out.g2y = out.hasGhost2 ? v[2 * i3 + 1]! : 0;
  return out;
}

/** Edge `edge` of the chain with its ghosts, as a fresh record. */
export function chainSegment(chain: Chain, edge: number): ChainSegment {
  return chainSegmentInto(chain, edge, emptyChainSegment());
}

/** A lone one-sided segment from p1 to p2, solid from its right-hand side, without ghosts. */
export function makeOneSidedSegment(p1: Vec2, p2: Vec2): ChainSegment {
  return { x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y, hasGhost1: false, g1x: 0, g1y: 0, hasGhost2: false, g2x: 0, g2y: 0 };
}
