import { isFilledChains } from '../chains';
import { forEachTickLabel, TICK_SIZE } from '../grid';
import { makePose, partToWorld, Scratch } from '../geometry';
import { LabelPlacer } from '../label-placement';
import type { Painter } from '../painter';
import { estimateTextWidth, textBottom, textTop } from '../text-metrics';
import type { Theme } from '../theme';
import { toScreenX, toScreenY, type Viewport } from '../viewport';
import { captionInset, reserveCaption } from './caption';
import { avoidFindingMarks } from './findings-layer';
import type { SceneBodies } from './scene-bodies';
import type { SceneDrawOptions } from './scene-options';

const MAX_LABELS = 250;
/** With all labels on: placing costs each label a pass over those placed, so a frame stops here. */
const MAX_ALL_LABELS = 1500;
/** Bodies whose bounding radius is below this many pixels get no label. */
const LABEL_MIN_PX = 18;
const LABEL_SIZE = 11;
/** A label shifted off its body's middle stays this far inside the body's top and bottom. */
const LABEL_INSET_PX = 2;
/**
 * A label beside its body starts BESIDE_GAP_PX out of the body's bounding circle (a large body's
 * counted as BESIDE_MAX_PX: its label stays near the body's middle), on one of BESIDE_RINGS
 * rings, each a line further out, in one of these directions (x, y on screen).
 */
const BESIDE_GAP_PX = 6;
const BESIDE_MAX_PX = 24;
const BESIDE_RINGS = 4;
const BESIDE_DIRECTIONS = [1, -1, -1, -1, 1, 1, -1, 1, 1, 0, -1, 0, 0, -1, 0, 1];

/**
 * Body names, placed greedily (label-placement.ts) so that no two meet: the hovered body's
 * label first, then the selected one's, the highlighted ones' and the rest in declaration
 * order; the caption, the grid's labels and the findings' marks are reserved before any. A
 * label goes inside its body or is left out, except the hovered and selected bodies' (always
 * drawn, beside a body too small or crowded) and, with `allLabels`, every one that finds a
 * place beside its body; zooming in gives left-out labels room. The
 * same code serves the canvas and SVG, with widths estimated from font metrics rather than
 * measured, so an export shows the labels the panel showed.
 */
export class LabelsLayer {
  private readonly placer = new LabelPlacer();
  private readonly pose = makePose();
  private readonly w = new Scratch();
  /** A push-out arrow's ends on screen (x0, y0, x1, y1). */
  private readonly arrow = new Float64Array(4);
  /** Each body's name's estimated width at a font size of 1 px (NaN until first needed). */
  private readonly labelEm: Float64Array;
  /** A label beside its body: the leader's end on its box (x, y) and its middle (x, y). */
  private readonly beside = new Float64Array(4);
  /** The bodies whose labels the last frame drew, in the order drawn. */
  readonly shown: number[] = [];
  /** Which bodies' labels this frame has drawn so far. */
  private readonly done: Uint8Array;

  constructor(private readonly bodies: SceneBodies) {
    this.labelEm = new Float64Array(bodies.scene.bodies.length).fill(NaN);
    this.done = new Uint8Array(bodies.scene.bodies.length);
  }

  draw(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    const placer = this.placer;
    placer.reset();
    this.shown.length = 0;
    reserveCaption(placer, o.caption);
    forEachTickLabel(v, captionInset(o.caption), (s, x, y) => {
      placer.reserve(x, y + textTop(TICK_SIZE, 'bottom'), x + estimateTextWidth(s, TICK_SIZE), y + textBottom(TICK_SIZE, 'bottom'));
    });
    avoidFindingMarks(placer, v, this.bodies.scene, o, this.arrow);
    const n = this.bodies.scene.bodies.length;
    const max = o.allLabels ? MAX_ALL_LABELS : MAX_LABELS;
    const first = o.hovered >= 0 && o.hovered < n ? o.hovered : -1;
    const second = o.selected >= 0 && o.selected < n && o.selected !== first ? o.selected : -1;
    if (first >= 0) this.drawLabel(p, v, theme, o, first, 'always');
    if (second >= 0) this.drawLabel(p, v, theme, o, second, 'always');
    // Every label inside its body first, then (all labels) the left-out ones beside theirs:
    // a label beside its body never takes the place of one inside another.
    const passes: readonly Mode[] = o.allLabels ? ['inside', 'beside'] : ['inside'];
    const done = this.done;
    done.fill(0);
    if (first >= 0) done[first] = 1;
    if (second >= 0) done[second] = 1;
    for (const mode of passes) {
      for (const i of o.highlighted) {
        if (this.shown.length >= max) return;
        if (i >= 0 && i < n && !done[i] && this.drawLabel(p, v, theme, o, i, mode)) done[i] = 1;
      }
      for (let i = 0; i < n && this.shown.length < max; i++) {
        if (!done[i] && !o.highlighted.has(i) && this.drawLabel(p, v, theme, o, i, mode)) done[i] = 1;
      }
    }
  }

  /**
   * Body i's name at its origin (a chain body's: its first edge's middle), or shifted up or
   * down while it stays inside the body's screen bounds, wherever it meets no label placed
   * before. Failing that (too small or crowded out), in mode 'beside' and 'always' it goes
   * beside the body with a leader line (besideBody); in 'always' it is drawn even where every
   * place beside meets another label. Whether it was drawn (not when off screen).
   */
  private drawLabel(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, i: number, mode: Mode): boolean {
    const sb = this.bodies;
    const big = sb.radii[i]! * v.zoom >= LABEL_MIN_PX;
    if (!big && mode === 'inside') return false;
    const pose = sb.poseOf(i, o.time, o.drag, this.pose);
    if (!sb.visible(i, pose, v, 0)) return false;
    const body = sb.scene.bodies[i]!;
    let em = this.labelEm[i]!;
    if (Number.isNaN(em)) em = this.labelEm[i] = estimateTextWidth(body.name, 1);
    // A chain body's origin may lie far from its chains (they are written in the scene's frame):
    // its label goes at the middle of its first edge. A tile grid's stays at its origin, the
    // grid's top-left corner.
    let ax = pose.x;
    let ay = pose.y;
    const chain = body.chains && !isFilledChains(body) ? body.chains[0] : undefined;
    if (chain && chain.points.length >= 4) {
      const lx = (chain.points[0]! + chain.points[2]!) / 2;
      const ly = (chain.points[1]! + chain.points[3]!) / 2;
      ax = pose.c * lx - pose.s * ly + pose.x;
      ay = pose.s * lx + pose.c * ly + pose.y;
    }
    const sx = toScreenX(v, ax);
    const sy = toScreenY(v, ay);
    const half = (em * LABEL_SIZE) / 2;
    const top = textTop(LABEL_SIZE, 'middle');
    const bottom = textBottom(LABEL_SIZE, 'middle');
    if (big) {
      // How far the label may move and still lie inside the body's vertical extent on screen.
      let minY = Infinity;
      let maxY = -Infinity;
      for (const part of body.parts) {
        const m = partToWorld(part, pose, this.w);
        const w = this.w.buf;
        for (let k = 0; k < m; k++) {
          const y = w[2 * k + 1]!;
          if (y - part.radius < minY) minY = y - part.radius;
          if (y + part.radius > maxY) maxY = y + part.radius;
        }
      }
      // The body's top on screen is its highest world y when y points up, its lowest when down.
      const up = sy - toScreenY(v, v.yDown ? minY : maxY) + top - LABEL_INSET_PX;
      const down = toScreenY(v, v.yDown ? maxY : minY) - sy - bottom - LABEL_INSET_PX;
      const dy = this.placer.place(sx - half, sy + top, sx + half, sy + bottom, Math.max(0, Math.min(up, down)));
      if (!Number.isNaN(dy)) {
        p.text(body.name, sx, sy + dy, { color: theme.foreground, size: LABEL_SIZE, align: 'center', baseline: 'middle' });
        this.shown.push(i);
        return true;
      }
    }
    if (mode === 'inside') return false;
    const r = Math.min(sb.radii[i]! * v.zoom, BESIDE_MAX_PX);
    if (!this.besideBody(sx, sy, r, half, top, bottom, mode === 'always')) return false;
    const [lx, ly, cx, cy] = this.beside;
    p.beginPath();
    p.moveTo(sx, sy);
    p.lineTo(lx, ly);
    p.stroke(theme.foreground, 1, 0.6);
    p.beginPath();
    p.moveTo(cx - half - 2, cy + top - 1);
    p.lineTo(cx + half + 2, cy + top - 1);
    p.lineTo(cx + half + 2, cy + bottom + 1);
    p.lineTo(cx - half - 2, cy + bottom + 1);
    p.closePath();
    p.fill(theme.background, 0.75);
    p.text(body.name, cx, cy, { color: theme.foreground, size: LABEL_SIZE, align: 'center', baseline: 'middle' });
    this.shown.push(i);
    return true;
  }

  /**
   * A place beside a body for a label of half width `half` (top and bottom offsets from its
   * middle), around the screen point (sx, sy) at `r` pixels and then further out, in the map
   * maker's order of preference (upper right first, after Imhof): the first that meets no label
   * or reserved text. Into `beside`: the leader's end on the label's box and the label's middle.
   * With `force`, the nearest upper right place is taken when none is free.
   */
  private besideBody(sx: number, sy: number, r: number, half: number, top: number, bottom: number, force: boolean): boolean {
    const h = bottom - top;
    for (let ring = 0; ring < BESIDE_RINGS; ring++) {
      const d = r + BESIDE_GAP_PX + ring * (h + BESIDE_GAP_PX);
      for (let k = 0; k < BESIDE_DIRECTIONS.length; k += 2) {
        if (this.tryBeside(sx, sy, d, BESIDE_DIRECTIONS[k]!, BESIDE_DIRECTIONS[k + 1]!, half, top, bottom, false)) return true;
      }
    }
    return force && this.tryBeside(sx, sy, r + BESIDE_GAP_PX, BESIDE_DIRECTIONS[0]!, BESIDE_DIRECTIONS[1]!, half, top, bottom, true);
  }

  private tryBeside(sx: number, sy: number, d: number, ux: number, uy: number, half: number, top: number, bottom: number, force: boolean): boolean {
    const h = bottom - top;
    const diag = ux !== 0 && uy !== 0 ? Math.SQRT1_2 : 1;
    const cx = sx + ux * (d * diag + half);
    const cy = sy + uy * (d * diag + h / 2);
    if (force) this.placer.reserve(cx - half, cy + top, cx + half, cy + bottom);
    else if (Number.isNaN(this.placer.place(cx - half, cy + top, cx + half, cy + bottom))) return false;
    const b = this.beside;
    b[0] = Math.min(Math.max(sx, cx - half), cx + half);
    b[1] = Math.min(Math.max(sy, cy + top), cy + bottom);
    b[2] = cx;
    b[3] = cy;
    return true;
  }
}

/**
 * How a label may be placed: 'inside' its body only (the default view: a crowded body's label
 * is left out), or also 'beside' it with a leader line (all labels), or 'always' somewhere (the
 * hovered and selected bodies').
 */
type Mode = 'inside' | 'beside' | 'always';
