import type { PairDetail, PreviewMinkowski, PreviewSimplexVertex } from '../../../protocol/preview-model';
import { formatNumber as fmt } from '../../../protocol/format';
import { traceConvex } from './geometry';
import type { Painter } from './painter';
import { drawArrow, drawGrid } from './scene-painter';
import type { Theme } from './theme';
import { fitBounds, toScreenX, toScreenY, type Viewport } from './viewport';

/** Numbers as the diagnostics and hovers write them (protocol/format.ts); re-exported for the inspector and the CLI's renderer. */
export { fmt };

export type StepKind = 'gjk' | 'epa' | 'advancement';

export interface PairDrawOptions {
  /** Which algorithm's step to show, and its index; null shows only the result. */
  readonly step: { readonly kind: StepKind; readonly index: number } | null;
  /** Lines of numbers drawn in the corner (export and `collide render --pair`). */
  readonly caption?: readonly string[];
}

/**
 * The configuration-space view of one pair (the tutorials' central picture): B ⊖ A with each
 * edge coloured by the shape it came from, the origin, and
 * - when they overlap, the closest boundary point and the push-out vector (the minimum
 *   translation: the origin's distance to the boundary of B ⊖ A is the penetration depth);
 * - when they are apart, the closest point (GJK's answer: the distance between the shapes);
 * - when they move, the ray from the origin along -(v_B - v_A): B ⊖ A translates by the relative
 *   velocity, so the first contact is where that ray enters it (van den Bergen's ray cast);
 * - the GJK simplex, EPA polytope or conservative-advancement iterate of the chosen step.
 * Returns the viewport it chose, so callers can map its numbers to pixels (hover, tests).
 */
export function drawPair(p: Painter, pair: PairDetail, theme: Theme, o: PairDrawOptions): Viewport {
  const v: Viewport = { cx: 0, cy: 0, zoom: 1, width: p.width, height: p.height };
  fitBounds(v, pairBounds(pair), 28);
  p.clear(theme.background);
  drawGrid(p, v, theme);

  const md = pair.minkowski;
  const rounded = md !== null && md.radius * v.zoom >= 0.25;
  // Rotating pairs: B ⊖ A at each conservative-advancement iterate, faint.
  for (const s of pair.advancement) {
    if (!s.minkowski) continue;
    p.beginPath();
    traceMinkowski(p, v, s.minkowski, true);
    p.stroke(theme.foreground, 1, 0.25, [2, 3]);
  }
  if (md) {
    p.beginPath();
    traceMinkowski(p, v, md, true);
    p.fill(theme.foreground, 0.08);
    if (rounded) p.stroke(theme.foreground, 1.5, 0.7);
    drawMinkowskiEdges(p, v, md, theme, rounded ? 1.25 : 2.5, rounded ? [4, 3] : undefined);
  }

  const ox = toScreenX(v, 0);
  const oy = toScreenY(v, 0);

  // Relative-velocity ray and its hit.
  const [rvx, rvy] = pair.relativeVelocity;
  if (rvx !== 0 || rvy !== 0) {
    const T = pair.toi && pair.toi.state === 'hit' ? pair.toi.t : undefined;
    const rayLen = Math.max(Math.hypot(v.width, v.height), 1);
    const speed = Math.hypot(rvx, rvy);
    p.beginPath();
    p.moveTo(ox, oy);
    p.lineTo(ox - (rvx / speed) * rayLen, oy + (rvy / speed) * rayLen);
    p.stroke(theme.info, 1.5, 0.8, [6, 4]);
    if (T !== undefined) {
      const hx = toScreenX(v, -rvx * T);
      const hy = toScreenY(v, -rvy * T);
      drawArrow(p, ox, oy, hx, hy, theme.info, 2.5);
      dot(p, hx, hy, 4.5, theme.info);
      p.text(`t = ${fmt(T)} s`, hx + 8, hy - 8, { color: theme.info, size: 11 });
    }
  }

  // Closest point / push-out.
  const cx = toScreenX(v, pair.closest[0]);
  const cy = toScreenY(v, pair.closest[1]);
  if (pair.pushOut) {
    p.beginPath();
    p.moveTo(ox, oy);
    p.lineTo(cx, cy);
    p.stroke(theme.warning, 1.5, 0.9, [3, 3]);
    dot(p, cx, cy, 4, theme.warning);
    drawArrow(p, ox, oy, toScreenX(v, pair.pushOut[0]), toScreenY(v, pair.pushOut[1]), theme.warning, 2.5);
  } else if (md) {
    p.beginPath();
    p.moveTo(ox, oy);
    p.lineTo(cx, cy);
    p.stroke(theme.foreground, 1.5, 0.9, [3, 3]);
    dot(p, cx, cy, 4, theme.foreground);
  }

  if (o.step) drawStep(p, v, pair, theme, o.step.kind, o.step.index);

  // The origin last, on top.
  p.beginPath();
  p.moveTo(ox + 4, oy);
  p.arc(ox, oy, 4, 0, 2 * Math.PI, false);
  p.fill(theme.background, 1);
  p.stroke(theme.foreground, 2);
  p.text('O', ox - 7, oy + 7, { color: theme.foreground, size: 11, align: 'right', baseline: 'top', bold: true });

  const title = `${pair.b} ⊖ ${pair.a}`;
  p.text(title, p.width - 8, 8, { color: theme.foreground, size: 12, align: 'right', baseline: 'top', bold: true });
  const legendY = 26;
  p.text(`edges of ${pair.a}`, p.width - 8, legendY, { color: theme.shapeA, size: 11, align: 'right', baseline: 'top' });
  p.text(`edges of ${pair.b}`, p.width - 8, legendY + 14, { color: theme.shapeB, size: 11, align: 'right', baseline: 'top' });
  if (o.caption) {
    let y = 8;
    for (const line of o.caption) {
      p.text(line, 8, y, { color: theme.foreground, size: 11, baseline: 'top' });
      y += 14;
    }
  }
  return v;
}

function drawStep(p: Painter, v: Viewport, pair: PairDetail, theme: Theme, kind: StepKind, index: number): void {
  if (kind === 'gjk') {
    const s = pair.gjk[index];
    if (!s) return;
    polyline(p, v, s.simplex);
    p.fill(theme.highlight, 0.15);
    p.stroke(theme.highlight, 2.5);
    for (const q of s.simplex) dot(p, toScreenX(v, q.w[0]), toScreenY(v, q.w[1]), 4, theme.highlight);
    const sx = toScreenX(v, s.closest[0]);
    const sy = toScreenY(v, s.closest[1]);
    dot(p, sx, sy, 3.5, theme.error);
    const dl = Math.hypot(s.direction[0], s.direction[1]);
    if (dl > 0) drawArrow(p, sx, sy, sx + (s.direction[0] / dl) * 36, sy - (s.direction[1] / dl) * 36, theme.error, 2);
  } else if (kind === 'epa') {
    const s = pair.epa[index];
    if (!s) return;
    polyline(p, v, s.polytope);
    p.fill(theme.highlight, 0.12);
    p.stroke(theme.highlight, 2);
    const n = s.polytope.length;
    const a = s.polytope[s.closestEdge];
    const b = s.polytope[(s.closestEdge + 1) % Math.max(n, 1)];
    if (a && b) {
      p.beginPath();
      p.moveTo(toScreenX(v, a.w[0]), toScreenY(v, a.w[1]));
      p.lineTo(toScreenX(v, b.w[0]), toScreenY(v, b.w[1]));
      p.stroke(theme.error, 3.5);
    }
    for (const q of s.polytope) dot(p, toScreenX(v, q.w[0]), toScreenY(v, q.w[1]), 3.5, theme.highlight);
  } else {
    const s = pair.advancement[index];
    if (!s) return;
    if (s.minkowski) {
      p.beginPath();
      traceMinkowski(p, v, s.minkowski, true);
      p.stroke(theme.highlight, 2.5);
    }
    const ox = toScreenX(v, 0);
    const oy = toScreenY(v, 0);
    // The separating normal at this iterate, scaled to the distance still to close.
    const len = Math.max(s.distance * v.zoom, 12);
    drawArrow(p, ox, oy, ox + s.normal[0] * len, oy - s.normal[1] * len, theme.highlight, 2);
  }
}

function polyline(p: Painter, v: Viewport, pts: readonly PreviewSimplexVertex[]): void {
  p.beginPath();
  pts.forEach((q, i) => {
    const x = toScreenX(v, q.w[0]);
    const y = toScreenY(v, q.w[1]);
    if (i === 0) p.moveTo(x, y);
    else p.lineTo(x, y);
  });
  if (pts.length > 2) p.closePath();
}

function traceMinkowski(p: Painter, v: Viewport, md: PreviewMinkowski, withRadius: boolean): void {
  traceConvex(p, v, md.vertices, md.vertices.length >> 1, withRadius ? md.radius : 0);
}

/** The core's edges, each in the colour of the shape it came from (A's negated, or B's). */
function drawMinkowskiEdges(p: Painter, v: Viewport, md: PreviewMinkowski, theme: Theme, width: number, dash?: readonly number[]): void {
  const n = md.vertices.length >> 1;
  if (n < 2) return;
  for (const from of ['A', 'B', 'both'] as const) {
    p.beginPath();
    let any = false;
    for (let i = 0; i < n; i++) {
      if (md.edgeFrom[i] !== from) continue;
      if (n === 2 && i === 1) continue;
      const j = (i + 1) % n;
      p.moveTo(toScreenX(v, md.vertices[2 * i]!), toScreenY(v, md.vertices[2 * i + 1]!));
      p.lineTo(toScreenX(v, md.vertices[2 * j]!), toScreenY(v, md.vertices[2 * j + 1]!));
      any = true;
    }
    if (any) p.stroke(from === 'A' ? theme.shapeA : from === 'B' ? theme.shapeB : theme.foreground, width, 1, dash);
  }
  for (let i = 0; i < n; i++) dot(p, toScreenX(v, md.vertices[2 * i]!), toScreenY(v, md.vertices[2 * i + 1]!), 2.5, theme.foreground);
}

function dot(p: Painter, x: number, y: number, r: number, color: string): void {
  p.beginPath();
  p.moveTo(x + r, y);
  p.arc(x, y, r, 0, 2 * Math.PI, false);
  p.fill(color, 1);
}

/** Bounds of everything the view shows: B ⊖ A (rounded), the origin, the closest point and the hit. */
export function pairBounds(pair: PairDetail): [number, number, number, number] {
  let minX = 0;
  let minY = 0;
  let maxX = 0;
  let maxY = 0;
  const add = (x: number, y: number, r = 0): void => {
    minX = Math.min(minX, x - r);
    minY = Math.min(minY, y - r);
    maxX = Math.max(maxX, x + r);
    maxY = Math.max(maxY, y + r);
  };
  const addMd = (md: PreviewMinkowski): void => {
    for (let i = 0; i + 1 < md.vertices.length; i += 2) add(md.vertices[i]!, md.vertices[i + 1]!, md.radius);
  };
  if (pair.minkowski) addMd(pair.minkowski);
  for (const s of pair.advancement) if (s.minkowski) addMd(s.minkowski);
  add(pair.closest[0], pair.closest[1]);
  if (pair.pushOut) add(pair.pushOut[0], pair.pushOut[1]);
  if (pair.toi && pair.toi.state === 'hit') add(-pair.relativeVelocity[0] * pair.toi.t, -pair.relativeVelocity[1] * pair.toi.t);
  // A little room around a scene that is only the origin and a point.
  const pad = Math.max(maxX - minX, maxY - minY) * 0.08 || 1;
  return [minX - pad, minY - pad, maxX + pad, maxY + pad];
}
