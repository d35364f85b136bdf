import type { PreviewFinding, PreviewScene } from '../../protocol/preview-model';
import type { LabelPlacer } from '../label-placement';
import type { Painter } from '../painter';
import { estimateTextWidth, textBottom, textTop } from '../text-metrics';
import type { Theme } from '../theme';
import { screenYSign, toScreenX, toScreenY, type Viewport } from '../viewport';
import type { SceneDrawOptions } from './scene-options';

/** Half length of a seam's tick across the surface, the label's size and its gap to the tick, in pixels. */
const SEAM_TICK_PX = 7;
const SEAM_LABEL_SIZE = 10;
const SEAM_LABEL_GAP_PX = 2;
export const SEAM_LABEL = 'seam';

/** A seam's mark on screen: the tick's ends (x0, y0, x1, y1) and the label's center (x, y). */
export interface SeamMark {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  labelX: number;
  labelY: number;
}

/**
 * The body of a ghost bump that slides: the side `moving` names, or else the one of the pair
 * that is not static (the other is the piece it slides on).
 */
export function movingBodyOf(scene: PreviewScene, f: PreviewFinding): number {
  if (f.moving === 'a') return f.ia;
  if (f.moving === 'b') return f.ib;
  return scene.bodies[f.ia]?.kind === 'static' ? f.ib : f.ia;
}

/**
 * A ghost bump's seam mark: a tick across the surface through the seam (`point`), the surface
 * taken along the sliding body's velocity (the finding requires it mostly tangent), with the
 * label beyond the tick's end that is higher on screen (on the right when the tick is level).
 * Null for another finding or one without a seam.
 */
export function seamMark(v: Viewport, scene: PreviewScene, f: PreviewFinding, out: SeamMark): SeamMark | null {
  if (f.kind !== 'ghost-bump' || !f.point) return null;
  const body = scene.bodies[movingBodyOf(scene, f)];
  let tx = body ? body.velocity[0] : 1;
  let ty = body ? screenYSign(v) * body.velocity[1] : 0;
  const len = Math.hypot(tx, ty);
  if (len > 0) {
    tx /= len;
    ty /= len;
  } else {
    tx = 1;
    ty = 0;
  }
  // The normal on screen, turned to point up (or right when level).
  let nx = -ty;
  let ny = tx;
  if (ny > 0 || (ny === 0 && nx < 0)) {
    nx = -nx;
    ny = -ny;
  }
  const sx = toScreenX(v, f.point[0]);
  const sy = toScreenY(v, f.point[1]);
  out.x0 = sx - nx * SEAM_TICK_PX;
  out.y0 = sy - ny * SEAM_TICK_PX;
  out.x1 = sx + nx * SEAM_TICK_PX;
  out.y1 = sy + ny * SEAM_TICK_PX;
  // Far enough along the normal that the label's box clears the tick's end.
  const half = Math.max(estimateTextWidth(SEAM_LABEL, SEAM_LABEL_SIZE) / 2, SEAM_LABEL_SIZE / 2);
  const reach = SEAM_TICK_PX + SEAM_LABEL_GAP_PX + Math.abs(nx) * half + Math.abs(ny) * (SEAM_LABEL_SIZE / 2);
  out.labelX = sx + nx * reach;
  out.labelY = sy + ny * reach;
  return out;
}

/** Whether a ghost bump's seam is emphasized: its pair is inspected, or one of its bodies is selected or hovered. */
export function seamEmphasized(f: PreviewFinding, o: SceneDrawOptions): boolean {
  const isPair = o.pair !== null && f.ia === o.pair[0] && f.ib === o.pair[1];
  return isPair || o.selected === f.ia || o.selected === f.ib || o.hovered === f.ia || o.hovered === f.ib;
}

/** Draws a seam mark (seamMark): the tick and its label, in the highlight color and bolder when emphasized. */
export function drawSeamMark(p: Painter, theme: Theme, m: SeamMark, emphasized: boolean): void {
  const color = emphasized ? theme.highlight : theme.warning;
  p.beginPath();
  p.moveTo(m.x0, m.y0);
  p.lineTo(m.x1, m.y1);
  p.stroke(color, emphasized ? 3 : 2);
  p.text(SEAM_LABEL, m.labelX, m.labelY, { color, size: SEAM_LABEL_SIZE, align: 'center', baseline: 'middle', bold: emphasized });
}

/** Keeps body labels off a seam mark's tick and label, when they are on screen. */
export function avoidSeamMark(placer: LabelPlacer, v: Viewport, m: SeamMark): void {
  const half = estimateTextWidth(SEAM_LABEL, SEAM_LABEL_SIZE) / 2;
  const x0 = Math.min(m.x0, m.x1, m.labelX - half);
  const x1 = Math.max(m.x0, m.x1, m.labelX + half);
  const y0 = Math.min(m.y0, m.y1, m.labelY + textTop(SEAM_LABEL_SIZE, 'middle'));
  const y1 = Math.max(m.y0, m.y1, m.labelY + textBottom(SEAM_LABEL_SIZE, 'middle'));
  if (x1 < 0 || x0 > v.width || y1 < 0 || y0 > v.height) return;
  placer.avoid(x0, y0, x1, y1);
}
