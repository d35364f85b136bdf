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
/** Bodies whose bounding radius is below this many pixels get no label. */
const LABEL_MIN_PX = 18;
const LABEL_SIZE = 11;
/** A label shifted off its body's middle stays this far inside the body's top and bottom. */
const LABEL_INSET_PX = 2;

/**
 * Body names, placed greedily (label-placement.ts) so that no two meet: the hovered body's
 * label first, then the selected one's, the highlighted ones' and the rest in declaration
 * order; the caption, the grid's labels and the findings' marks are reserved before any. The
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

  constructor(private readonly bodies: SceneBodies) {
    this.labelEm = new Float64Array(bodies.scene.bodies.length).fill(NaN);
  }

  draw(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    const placer = this.placer;
    placer.reset();
    reserveCaption(placer, o.caption);
    forEachTickLabel(v, captionInset(o.caption), (s, x, y) => {
      placer.reserve(x, y + textTop(TICK_SIZE, 'bottom'), x + estimateTextWidth(s, TICK_SIZE), y + textBottom(TICK_SIZE, 'bottom'));
    });
    avoidFindingMarks(placer, v, this.bodies.scene, o, this.arrow);
    const n = this.bodies.scene.bodies.length;
    let count = 0;
    const first = o.hovered >= 0 && o.hovered < n ? o.hovered : -1;
    const second = o.selected >= 0 && o.selected < n && o.selected !== first ? o.selected : -1;
    if (first >= 0 && this.drawLabel(p, v, theme, o, first)) count++;
    if (second >= 0 && this.drawLabel(p, v, theme, o, second)) count++;
    for (const i of o.highlighted) {
      if (count >= MAX_LABELS) return;
      if (i !== first && i !== second && i >= 0 && i < n && this.drawLabel(p, v, theme, o, i)) count++;
    }
    for (let i = 0; i < n && count < MAX_LABELS; i++) {
      if (i === first || i === second || o.highlighted.has(i)) continue;
      if (this.drawLabel(p, v, theme, o, i)) count++;
    }
  }

  /**
   * Body i's name at its origin (a chain body's: its first edge's middle), or shifted up or down while it stays inside the body's screen
   * bounds, wherever it meets no label placed before; false when it is not drawn (too small,
   * off screen or crowded out).
   */
  private drawLabel(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, i: number): boolean {
    const sb = this.bodies;
    if (!(sb.radii[i]! * v.zoom >= LABEL_MIN_PX)) return false;
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
    if (Number.isNaN(dy)) return false;
    p.text(body.name, sx, sy + dy, { color: theme.foreground, size: LABEL_SIZE, align: 'center', baseline: 'middle' });
    return true;
  }
}
