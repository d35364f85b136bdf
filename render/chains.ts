import type { PreviewBody, PreviewChain } from '../protocol/preview-model';
import type { Pose } from './geometry';
import type { Painter } from './painter';
import { toScreenX, toScreenY, toWorldX, toWorldY, type Viewport } from './viewport';

/** Pixels between two solid-side ticks along an edge, and a tick's length. */
export const TICK_SPACING_PX = 8;
export const TICK_LENGTH_PX = 5;
/** At most this many ticks on one edge: an edge zoomed far beyond the screen stays cheap. */
const MAX_TICKS_PER_EDGE = 256;

/** Whether a body is drawn filled from its chains: a tile grid (its loops bound solid ground). */
export function isFilledChains(body: PreviewBody): boolean {
  return body.sourceKind === 'tiles';
}

/** A chain's vertex k at `pose` on screen, into `out` ([sx, sy]). */
function screenPoint(v: Viewport, c: PreviewChain, k: number, pose: Pose, out: Float64Array): void {
  const x = c.points[2 * k]!;
  const y = c.points[2 * k + 1]!;
  out[0] = toScreenX(v, pose.c * x - pose.s * y + pose.x);
  out[1] = toScreenY(v, pose.s * x + pose.c * y + pose.y);
}

const at = new Float64Array(2);

/** A body's chains at `pose` into the current path: polylines, a loop closed. */
export function traceChains(p: Painter, v: Viewport, body: PreviewBody, pose: Pose): void {
  const chains = body.chains;
  if (!chains) return;
  for (const c of chains) {
    const n = c.points.length >> 1;
    if (n < 2) continue;
    screenPoint(v, c, 0, pose, at);
    p.moveTo(at[0]!, at[1]!);
    for (let k = 1; k < n; k++) {
      screenPoint(v, c, k, pose, at);
      p.lineTo(at[0]!, at[1]!);
    }
    if (c.loop) p.closePath();
  }
}

/**
 * The solid-side marks of a body's chains at `pose` into the current path: short ticks every
 * TICK_SPACING_PX along each edge, on its right-hand side walking the vertices in the scene's
 * frame, the side a chain is solid from (levels-and-tiles.md §2; Box2D's b2ChainSegment). The side
 * is taken in the world, (dy, -dx) for an edge (dx, dy), and carried to the screen with the edge,
 * so a y-down view marks the same side.
 */
export function traceSolidSide(p: Painter, v: Viewport, body: PreviewBody, pose: Pose): void {
  const chains = body.chains;
  if (!chains) return;
  const a = new Float64Array(2);
  const b = new Float64Array(2);
  for (const c of chains) {
    const n = c.points.length >> 1;
    const edges = c.loop ? n : n - 1;
    if (n < 2) continue;
    for (let e = 0; e < edges; e++) {
      const i = e;
      const j = (e + 1) % n;
      screenPoint(v, c, i, pose, a);
      screenPoint(v, c, j, pose, b);
      const dx = b[0]! - a[0]!;
      const dy = b[1]! - a[1]!;
      const len = Math.hypot(dx, dy);
      if (!(len > 0) || !Number.isFinite(len)) continue;
      // The world edge's right-hand normal, (wy, -wx), on screen.
      const wx = c.points[2 * j]! - c.points[2 * i]!;
      const wy = c.points[2 * j + 1]! - c.points[2 * i + 1]!;
      const rx = pose.c * wy + pose.s * wx;
      const ry = pose.s * wy - pose.c * wx;
      const nx = toScreenX(v, rx) - toScreenX(v, 0);
      const ny = toScreenY(v, ry) - toScreenY(v, 0);
      const nl = Math.hypot(nx, ny);
      if (!(nl > 0)) continue;
      const tx = (nx / nl) * TICK_LENGTH_PX;
      const ty = (ny / nl) * TICK_LENGTH_PX;
      const count = Math.min(MAX_TICKS_PER_EDGE, Math.max(1, Math.floor(len / TICK_SPACING_PX)));
      for (let k = 0; k < count; k++) {
        const f = (k + 0.5) / count;
        const sx = a[0]! + f * dx;
        const sy = a[1]! + f * dy;
        p.moveTo(sx, sy);
        p.lineTo(sx + tx, sy + ty);
      }
    }
  }
}

/**
 * Distance from a body-local point to a body's chains (Ericson, "Real-Time Collision Detection",
 * §5.1.2), 0 inside a tile grid's solid ground (nonzero winding over its loops); Infinity for a
 * body without chains.
 */
export function distanceToChains(body: PreviewBody, px: number, py: number): number {
  const chains = body.chains;
  if (!chains) return Infinity;
  let best = Infinity;
  let winding = 0;
  for (const c of chains) {
    const v = c.points;
    const n = v.length >> 1;
    const edges = c.loop ? n : n - 1;
    for (let e = 0; e < edges; e++) {
      const j = (e + 1) % n;
      const ax = v[2 * e]!;
      const ay = v[2 * e + 1]!;
      const bx = v[2 * j]!;
      const by = v[2 * j + 1]!;
      const ex = bx - ax;
      const ey = by - ay;
      const len2 = ex * ex + ey * ey;
      const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * ex + (py - ay) * ey) / len2)) : 0;
      best = Math.min(best, Math.hypot(px - (ax + t * ex), py - (ay + t * ey)));
      if (!c.loop) continue;
      // Winding number by crossings (Sunday's formulation of the crossing test).
      const side = ex * (py - ay) - ey * (px - ax);
      if (ay <= py) {
        if (by > py && side > 0) winding++;
      } else if (by <= py && side < 0) winding--;
    }
  }
  return isFilledChains(body) && winding !== 0 ? 0 : best;
}

/** Largest distance from the body origin to a vertex of its chains (0 without chains). */
export function chainsRadius(body: PreviewBody): number {
  let r = 0;
  for (const c of body.chains ?? []) {
    const v = c.points;
    for (let i = 0; i + 1 < v.length; i += 2) r = Math.max(r, Math.hypot(v[i]!, v[i + 1]!));
  }
  return r;
}

/** Cells narrower than this many pixels on screen are not drawn one by one. */
export const MIN_CELL_PX = 6;
/** Cells are traced in square blocks of this many a side, each block one path whatever the view. */
const CELL_BLOCK = 16;

/**
 * The cells of a tile grid that may show in the screen rectangle [x0, x1] × [y0, y1], each
 * non-empty cell's shape (a square, or its triangle) as one sub-path: `begin` is called before
 * a block's first cell and `end` after its last (not for a block without any). Blocks of CELL_BLOCK cells
 * make the paths the same for every view (render/scene/bodies-layer.ts says why that matters on
 * a canvas). Nothing when the cells are under MIN_CELL_PX on screen.
 */
export function traceCells(p: Painter, v: Viewport, body: PreviewBody, pose: Pose, x0: number, y0: number, x1: number, y1: number, begin: () => void, end: () => void): void {
  const t = body.tiles;
  if (!t || !(Math.min(t.cellWidth, t.cellHeight) * v.zoom >= MIN_CELL_PX)) return;
  // The screen rectangle's box in the body's frame (its corners taken back through the pose).
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < 4; k++) {
    const wx = toWorldX(v, k & 1 ? x1 : x0) - pose.x;
    const wy = toWorldY(v, k & 2 ? y1 : y0) - pose.y;
    const lx = pose.c * wx + pose.s * wy;
    const ly = -pose.s * wx + pose.c * wy;
    minX = Math.min(minX, lx);
    minY = Math.min(minY, ly);
    maxX = Math.max(maxX, lx);
    maxY = Math.max(maxY, ly);
  }
  const blocksX = Math.ceil(t.columns / CELL_BLOCK);
  const blocksY = Math.ceil(t.rows / CELL_BLOCK);
  const bw = CELL_BLOCK * t.cellWidth;
  const bh = CELL_BLOCK * t.cellHeight;
  const bx0 = Math.max(0, Math.floor(minX / bw));
  const bx1 = Math.min(blocksX - 1, Math.floor(maxX / bw));
  const by0 = Math.max(0, Math.floor(-maxY / bh));
  const by1 = Math.min(blocksY - 1, Math.floor(-minY / bh));
  const corner = new Float64Array(2);
  const to = (lx: number, ly: number, move: boolean): void => {
    corner[0] = toScreenX(v, pose.c * lx - pose.s * ly + pose.x);
    corner[1] = toScreenY(v, pose.s * lx + pose.c * ly + pose.y);
    if (move) p.moveTo(corner[0]!, corner[1]!);
    else p.lineTo(corner[0]!, corner[1]!);
  };
  for (let by = by0; by <= by1; by++) {
    for (let bx = bx0; bx <= bx1; bx++) {
      let open = false;
      const r1 = Math.min(t.rows, (by + 1) * CELL_BLOCK);
      const c1 = Math.min(t.columns, (bx + 1) * CELL_BLOCK);
      for (let r = by * CELL_BLOCK; r < r1; r++) {
        for (let c = bx * CELL_BLOCK; c < c1; c++) {
          const ch = t.cells[r * t.columns + c]!;
          if (ch === '.') continue;
          if (!open) begin();
          open = true;
          // The cell's corners: left, right, top and bottom in the body's frame (rows go down).
          const l = c * t.cellWidth;
          const rt = l + t.cellWidth;
          const tp = -r * t.cellHeight;
          const bt = tp - t.cellHeight;
          // Each shape's corners counter-clockwise; a triangle leaves out the corner it cuts off.
          const xs = ch === '#' ? [l, rt, rt, l] : ch === '/' ? [l, rt, rt] : ch === '\\' ? [l, rt, l] : ch === 'F' ? [l, rt, l] : [rt, rt, l];
          const ys = ch === '#' ? [bt, bt, tp, tp] : ch === '/' ? [bt, bt, tp] : ch === '\\' ? [bt, bt, tp] : ch === 'F' ? [bt, tp, tp] : [bt, tp, tp];
          for (let k = 0; k < xs.length; k++) to(xs[k]!, ys[k]!, k === 0);
          p.closePath();
        }
      }
      if (open) end();
    }
  }
}
