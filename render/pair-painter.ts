import type { PairDetail, PreviewMinkowski, PreviewSimplexVertex } from '../protocol/preview-model';
import { formatNumber } from '../protocol/format';
import { traceConvex } from './geometry';
import { BoxList, LabelPlacer } from './label-placement';
import type { Painter } from './painter';
import { drawGrid, forEachTickLabel, TICK_SIZE } from './grid';
import { drawArrow } from './marks';
import { estimateTextWidth, textBottom, textTop } from './text-metrics';
import { legibleOn, TEXT_CONTRAST } from './contrast';
import type { Theme } from './theme';
import { fitBounds, screenYSign, toScreenX, toScreenY, type Viewport } from './viewport';

export type StepKind = 'gjk' | 'epa' | 'advancement';

export interface PairDrawOptions {
  /** Which algorithm's step to show, and its index; null shows only the result. */
  readonly step: { readonly kind: StepKind; readonly index: number } | null;
  /** Lines of numbers drawn in the corner (export and `collide render --pair`). */
  readonly caption?: readonly string[];
  /** The scene's y axis points down (PreviewScene.yDown): B ⊖ A is drawn in the same frame. */
  readonly yDown?: boolean;
  /**
   * The instant the pair's B ⊖ A, closest point and push-out are at (the scrubbed time; 0 when
   * absent): the relative-velocity ray then meets B ⊖ A at -relativeVelocity × (toi - time), and
   * not at all once the time of impact is past.
   */
  readonly time?: number;
}

// Text layout, in CSS pixels.
const TITLE_SIZE = 12;
const TEXT_SIZE = 11;
/** Text's distance from the view's edges, and the advance from one line to the next. */
const EDGE = 8;
const LINE = 14;
/** The least room between the caption (left) and the legend (right) before the legend goes under it. */
const HEADER_GAP = 16;
/**
 * Room around the plot: on the left and at the bottom the grid's numbers (10 px text a few
 * characters long, at the left edge and along the bottom edge), elsewhere the marks' own size
 * (dots of 4.5 px, arrow heads); at the top, below the title, legend and caption.
 */
const PLOT_LEFT = 44;
const PLOT_BOTTOM = 28;
const PLOT_RIGHT = 20;
const PLOT_TOP = 16;
/** Bold text is wider than the regular-weight metrics of text-metrics.ts; DejaVu Sans Bold by up to about this much. */
const BOLD_WIDTH = 1.15;
/** A legend line's swatch: a short stroke of the edges' color and width, and the gap after it. */
const SWATCH = 14;
const SWATCH_GAP = 5;

/**
 * One frame's text placement: the title, legend and caption are laid out first and reserved, the
 * grid's numbers reserved, every mark (dots, arrows) recorded, and the labels inside the plot
 * ('O', the time of impact) placed last, off the marks when any candidate place is.
 */
const placer = new LabelPlacer();
/** The marks drawn so far this frame, boxes (x0, y0, x1, y1) in pixels: what labels keep off. */
const marks = new BoxList();
/**
 * The last theme's edge colors made legible (legibleOn bisects for them, some forty color
 * conversions a color): a theme changes far less often than a drag or a scrub redraws.
 */
const edgeColors = { shapeA: '', shapeB: '', background: '', edgeA: '', edgeB: '' };

/**
 * The configuration-space view of one pair (the tutorials' central picture): B ⊖ A with each
 * edge colored by the shape it came from, the origin, and
 * - when they overlap, the closest boundary point and the push-out vector (the minimum
 *   translation: the origin's distance to the boundary of B ⊖ A is the penetration depth);
 * - when they are apart, the closest point (GJK's answer: the distance between the shapes);
 * - when they move, the ray from the origin along -(v_B - v_A): B ⊖ A translates by the relative
 *   velocity, so the first contact is where that ray enters it (van den Bergen's ray cast);
 * - the GJK simplex, EPA polytope or conservative-advancement iterate of the chosen step.
 * Text never meets other text or a mark (the greedy placement of label-placement.ts, with the
 * text metrics of text-metrics.ts, so the canvas and the SVG lay out alike): the title, legend
 * and caption take a band at the top that the plot is fitted below, the grid's numbers stay out
 * of that band, and the labels inside the plot take the first place around their point that
 * covers no mark.
 * Returns the viewport it chose, so callers can map its numbers to pixels (hover, tests).
 */
export function drawPair(p: Painter, pair: PairDetail, theme: Theme, o: PairDrawOptions): Viewport {
  placer.reset();
  marks.n = 0;
  // The edges' colors as the legend words them: the theme's, made legible as text on its
  // background (contrast.ts), so that the lines, the swatches and the legend's words match.
  const e = edgeColors;
  if (e.shapeA !== theme.shapeA || e.shapeB !== theme.shapeB || e.background !== theme.background) {
    e.shapeA = theme.shapeA;
    e.shapeB = theme.shapeB;
    e.background = theme.background;
    e.edgeA = legibleOn(theme.shapeA, theme.background, TEXT_CONTRAST);
    e.edgeB = legibleOn(theme.shapeB, theme.background, TEXT_CONTRAST);
  }
  const { edgeA, edgeB } = e;
  const header = layoutHeader(p.width, pair, theme, o.caption ?? [], edgeA, edgeB);
  const v: Viewport = { cx: 0, cy: 0, zoom: 1, width: p.width, height: p.height, ...(o.yDown ? { yDown: true } : {}) };
  fitInto(v, pairBounds(pair, o.time ?? 0), PLOT_LEFT, header.bottom + PLOT_TOP, p.width - PLOT_RIGHT, p.height - PLOT_BOTTOM);
  p.clear(theme.background);
  drawGrid(p, v, theme, header.band);
  forEachTickLabel(v, header.band, (s, x, y) => {
    placer.reserve(x, y + textTop(TICK_SIZE, 'bottom'), x + estimateTextWidth(s, TICK_SIZE), y + textBottom(TICK_SIZE, 'bottom'));
  });

  const md = pair.minkowski;
  const rounded = md !== null && md.radius * v.zoom >= 0.25;
  // Rotating pairs: B ⊖ A at each conservative-advancement iterate, faint.
  for (const s of pair.advancement) {
    if (!s.minkowski) continue;
    p.beginPath();
    traceMinkowski(p, v, s.minkowski);
    p.stroke(theme.foreground, 1, 0.25, [2, 3]);
  }
  if (md) {
    p.beginPath();
    traceMinkowski(p, v, md);
    p.fill(theme.foreground, 0.08);
    if (rounded) p.stroke(theme.foreground, 1.5, 0.7);
    drawMinkowskiEdges(p, v, md, theme, edgeA, edgeB, rounded ? 1.25 : 2.5, rounded ? [4, 3] : undefined);
  }

  const ox = toScreenX(v, 0);
  const oy = toScreenY(v, 0);

  // Relative-velocity ray and its hit.
  const [rvx, rvy] = pair.relativeVelocity;
  let hit: { x: number; y: number; text: string } | null = null;
  if (rvx !== 0 || rvy !== 0) {
    const time = o.time ?? 0;
    const T = pair.toi && pair.toi.state === 'hit' && pair.toi.t >= time ? pair.toi.t : undefined;
    const rayLen = Math.max(Math.hypot(v.width, v.height), 1);
    const speed = Math.hypot(rvx, rvy);
    p.beginPath();
    p.moveTo(ox, oy);
    p.lineTo(ox - (rvx / speed) * rayLen, oy - screenYSign(v) * (rvy / speed) * rayLen);
    p.stroke(theme.info, 1.5, 0.8, [6, 4]);
    if (T !== undefined) {
      const hx = toScreenX(v, -rvx * (T - time));
      const hy = toScreenY(v, -rvy * (T - time));
      arrow(p, ox, oy, hx, hy, theme.info, 2.5);
      dot(p, hx, hy, 4.5, theme.info);
      hit = { x: hx, y: hy, text: `t = ${formatNumber(T)} s` };
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
    arrow(p, ox, oy, toScreenX(v, pair.pushOut[0]), toScreenY(v, pair.pushOut[1]), theme.warning, 2.5);
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
  marks.push(ox - 5, oy - 5, ox + 5, oy + 5);

  // The header's band is not part of the plot: what reaches into it (grid lines, the ray) is
  // covered, so the legend is never drawn over the drawing.
  p.beginPath();
  p.moveTo(0, 0);
  p.lineTo(p.width, 0);
  p.lineTo(p.width, header.band);
  p.lineTo(0, header.band);
  p.closePath();
  p.fill(theme.background, 1);
  for (const line of header.lines) {
    if (line.swatch) {
      const sy = line.y + (textTop(line.size, 'top') + textBottom(line.size, 'top')) / 2;
      const sx = line.x - line.width - SWATCH_GAP;
      p.beginPath();
      p.moveTo(sx - SWATCH, sy);
      p.lineTo(sx, sy);
      p.stroke(line.color, 2.5);
    }
    p.text(line.text, line.x, line.y, { color: line.color, size: line.size, align: line.align, baseline: 'top', bold: line.bold });
  }
  pointLabel(p, 'O', ox, oy, 7, { color: theme.foreground, size: TEXT_SIZE, bold: true });
  if (hit) pointLabel(p, hit.text, hit.x, hit.y, 8, { color: theme.info, size: TEXT_SIZE, bold: false });
  return v;
}

interface HeaderLine {
  readonly text: string;
  readonly size: number;
  readonly bold: boolean;
  readonly color: string;
  readonly align: 'left' | 'right';
  /** Anchor: the left or right end, and the top of the line (baseline 'top'). */
  readonly x: number;
  readonly y: number;
  /** The text's estimated width, and whether a swatch of `color` goes before it (a legend line). */
  readonly width: number;
  readonly swatch: boolean;
}

/**
 * The title and legend right-aligned in the top-right corner and the caption left-aligned in the
 * top-left one, or, when the two would come closer than HEADER_GAP (a narrow view, a long
 * caption), the legend under the caption. A legend line is its swatch and its words, shortened
 * with an ellipsis to the view's width rather than cut at its edge. Every line is reserved for
 * the placer; `bottom` is where the text ends and `band` where the band the plot keeps out of
 * ends.
 */
function layoutHeader(
  width: number,
  pair: PairDetail,
  theme: Theme,
  caption: readonly string[],
  edgeA: string,
  edgeB: string,
): { lines: HeaderLine[]; bottom: number; band: number } {
  const room = Math.max(width - 2 * EDGE, 0);
  const right: { text: string; size: number; bold: boolean; color: string; swatch: boolean }[] = [
    { text: `${pair.b} ⊖ ${pair.a}`, size: TITLE_SIZE, bold: true, color: theme.foreground, swatch: false },
    { text: `edges of ${pair.a}`, size: TEXT_SIZE, bold: false, color: edgeA, swatch: true },
    { text: `edges of ${pair.b}`, size: TEXT_SIZE, bold: false, color: edgeB, swatch: true },
  ].map((t) => ({ ...t, text: fitText(t.text, t.size, t.bold, room - (t.swatch ? SWATCH + SWATCH_GAP : 0)) }));
  const widthOf = (t: { text: string; size: number; bold: boolean; swatch: boolean }): number => textWidth(t.text, t.size, t.bold) + (t.swatch ? SWATCH + SWATCH_GAP : 0);
  let leftWidth = 0;
  for (const line of caption) leftWidth = Math.max(leftWidth, estimateTextWidth(line, TEXT_SIZE));
  let rightWidth = 0;
  for (const t of right) rightWidth = Math.max(rightWidth, widthOf(t));
  const lines: HeaderLine[] = [];
  let bottom = 0;
  const add = (line: HeaderLine, w: number): void => {
    lines.push(line);
    const x0 = line.align === 'left' ? line.x : line.x - w;
    const y1 = line.y + textBottom(line.size, 'top');
    placer.reserve(x0, line.y + textTop(line.size, 'top'), x0 + w, y1);
    bottom = Math.max(bottom, y1);
  };
  let y = EDGE;
  for (const text of caption) {
    const w = estimateTextWidth(text, TEXT_SIZE);
    add({ text, size: TEXT_SIZE, bold: false, color: theme.foreground, align: 'left', x: EDGE, y, width: w, swatch: false }, w);
    y += LINE;
  }
  const besideCaption = caption.length === 0 || EDGE + leftWidth + HEADER_GAP <= width - EDGE - rightWidth;
  if (besideCaption) y = EDGE;
  else y += 4;
  right.forEach((t, k) => {
    add({ ...t, align: 'right', x: width - EDGE, y, width: textWidth(t.text, t.size, t.bold) }, widthOf(t));
    // The title is larger: a little more room under it.
    y += k === 0 ? LINE + 4 : LINE;
  });
  return { lines, bottom, band: bottom + PLOT_TOP / 2 };
}

/** A line's estimated width in pixels, bold text by BOLD_WIDTH wider. */
function textWidth(text: string, size: number, bold: boolean): number {
  return estimateTextWidth(text, size) * (bold ? BOLD_WIDTH : 1);
}

/** `text`, or its longest start that fits in `room` pixels with an ellipsis after it. */
function fitText(text: string, size: number, bold: boolean, room: number): string {
  if (textWidth(text, size, bold) <= room) return text;
  let n = text.length;
  while (n > 0 && textWidth(text.slice(0, n) + '…', size, bold) > room) n--;
  return n > 0 ? text.slice(0, n) + '…' : '';
}

/**
 * Centers `bounds` in the screen rectangle (x0, y0)–(x1, y1) at the largest zoom that fits it
 * (fitBounds on a view of the rectangle's size, then moved to the rectangle).
 */
function fitInto(v: Viewport, bounds: [number, number, number, number], x0: number, y0: number, x1: number, y1: number): void {
  const inner: Viewport = { cx: 0, cy: 0, zoom: 1, width: Math.max(x1 - x0, 16), height: Math.max(y1 - y0, 16) };
  fitBounds(inner, bounds, 0);
  v.zoom = inner.zoom;
  v.cx = inner.cx - ((x0 + x1) / 2 - v.width / 2) / v.zoom;
  // The rectangle's middle is below the screen's by this many pixels, so its world y is off the
  // view's center by as many pixels' worth, down the world when y is up.
  v.cy = inner.cy - (screenYSign(v) * ((y0 + y1) / 2 - v.height / 2)) / v.zoom;
}

/**
 * A label beside a point: below-left, below-right, above-left, above-right of it at `offset`
 * pixels, the first place that meets no text and covers no mark; when every place covers a
 * mark, the first that meets no text. Left out only when every place meets text.
 */
function pointLabel(p: Painter, text: string, x: number, y: number, offset: number, style: { color: string; size: number; bold: boolean }): void {
  const w = textWidth(text, style.size, style.bold);
  const up = textTop(style.size, 'top');
  const down = textBottom(style.size, 'top');
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < 4; k++) {
      // The line's top-left anchor (baseline 'top') on the chosen side of the point.
      const lx = k % 2 === 0 ? x - offset - w : x + offset;
      const ly = k >= 2 ? y - offset - down : y + offset - up;
      if (pass === 0 && coversMark(lx, ly + up, lx + w, ly + down)) continue;
      // The placer keeps it off all text (and commits it only where it fits).
      if (Number.isNaN(placer.place(lx, ly + up, lx + w, ly + down, 0))) continue;
      p.text(text, lx, ly, { color: style.color, size: style.size, align: 'left', baseline: 'top', bold: style.bold });
      return;
    }
  }
}

/** Whether the box, grown by a pixel, meets a mark. */
function coversMark(x0: number, y0: number, x1: number, y1: number): boolean {
  return !marks.clear(x0, y0, x1, y1, 1);
}

/** drawArrow, with its head and shaft recorded as marks (the shaft as a box every few pixels). */
function arrow(p: Painter, x0: number, y0: number, x1: number, y1: number, color: string, width: number): void {
  drawArrow(p, x0, y0, x1, y1, color, width);
  const len = Math.hypot(x1 - x0, y1 - y0);
  const steps = Math.min(64, Math.ceil(len / 6));
  const h = width / 2 + 1;
  for (let k = 1; k <= steps; k++) {
    const t = k / steps;
    const x = x0 + t * (x1 - x0);
    const y = y0 + t * (y1 - y0);
    marks.push(x - h, y - h, x + h, y + h);
  }
  // The head reaches 8 px back from the tip, whichever way the arrow points.
  marks.push(x1 - 8, y1 - 8, x1 + 8, y1 + 8);
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
    if (dl > 0) drawArrow(p, sx, sy, sx + (s.direction[0] / dl) * 36, sy + screenYSign(v) * (s.direction[1] / dl) * 36, theme.error, 2);
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
      traceMinkowski(p, v, s.minkowski);
      p.stroke(theme.highlight, 2.5);
    }
    const ox = toScreenX(v, 0);
    const oy = toScreenY(v, 0);
    // The separating normal at this iterate, scaled to the distance still to close.
    const len = Math.max(s.distance * v.zoom, 12);
    drawArrow(p, ox, oy, ox + s.normal[0] * len, oy + screenYSign(v) * s.normal[1] * len, theme.highlight, 2);
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

/** B ⊖ A's outline, rounded by the sum of the two radii. */
function traceMinkowski(p: Painter, v: Viewport, md: PreviewMinkowski): void {
  traceConvex(p, v, md.vertices, md.vertices.length >> 1, md.radius);
}

/** The core's edges, each in the color of the shape it came from (A's negated, or B's). */
function drawMinkowskiEdges(p: Painter, v: Viewport, md: PreviewMinkowski, theme: Theme, edgeA: string, edgeB: string, width: number, dash?: readonly number[]): void {
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
    if (any) p.stroke(from === 'A' ? edgeA : from === 'B' ? edgeB : theme.foreground, width, 1, dash);
  }
  for (let i = 0; i < n; i++) dot(p, toScreenX(v, md.vertices[2 * i]!), toScreenY(v, md.vertices[2 * i + 1]!), 2.5, theme.foreground);
}

/** A filled dot, recorded as a mark. */
function dot(p: Painter, x: number, y: number, r: number, color: string): void {
  marks.push(x - r, y - r, x + r, y + r);
  p.beginPath();
  p.moveTo(x + r, y);
  p.arc(x, y, r, 0, 2 * Math.PI, false);
  p.fill(color, 1);
}

/** Bounds of everything the view shows: B ⊖ A (rounded), the origin, the closest point and the hit. */
function pairBounds(pair: PairDetail, time: number): [number, number, number, number] {
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
  if (pair.toi && pair.toi.state === 'hit' && pair.toi.t >= time) add(-pair.relativeVelocity[0] * (pair.toi.t - time), -pair.relativeVelocity[1] * (pair.toi.t - time));
  // A little room around a scene that is only the origin and a point.
  const pad = Math.max(maxX - minX, maxY - minY) * 0.08 || 1;
  return [minX - pad, minY - pad, maxX + pad, maxY + pad];
}
