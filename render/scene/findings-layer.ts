import type { PreviewFinding, PreviewScene } from '../../protocol/preview-model';
import type { LabelPlacer } from '../label-placement';
import { drawArrow, drawCross } from '../marks';
import type { Painter } from '../painter';
import type { Theme } from '../theme';
import { screenYSign, toScreenX, toScreenY, type Viewport } from '../viewport';
import type { SceneDrawOptions } from './scene-options';
import { avoidSeamMark, drawSeamMark, seamEmphasized, seamMark, type SeamMark } from './seam-marks';

/** Above this many findings, only the pair in the inspector gets its sweeps and arrows. */
const MAX_DECORATED_FINDINGS = 500;
/** Sizes of the findings' marks in pixels: contact dots' radius, crosses' half size, arrow heads. */
const DOT_PX = 3.5;
const CROSS_PX = 5;
const ARROW_HEAD_PX = 8;
/** A push-out arrow is drawn at least this long, so that a shallow overlap's stays visible. */
const MIN_ARROW_PX = 14;

/** A seam mark's scratch (seam-marks.ts). */
const seam: SeamMark = { x0: 0, y0: 0, x1: 0, y1: 0, labelX: 0, labelY: 0 };

/** Whether every finding is decorated, or only the inspected pair (MAX_DECORATED_FINDINGS). */
export function decoratesAll(scene: PreviewScene): boolean {
  return scene.findings.length <= MAX_DECORATED_FINDINGS;
}

/**
 * The findings' marks in the overlay: an overlap's contact points and push-out arrow, a
 * tunnelling's (or the inspected collision's) cross at its contact point, a ghost bump's seam.
 * `arrow` is scratch.
 */
export function drawFindingMarks(p: Painter, v: Viewport, theme: Theme, scene: PreviewScene, o: SceneDrawOptions, arrow: Float64Array): void {
  const decorateAll = decoratesAll(scene);
  for (const f of scene.findings) {
    const mark = markOf(f, o, decorateAll);
    if (mark === 'overlap') drawOverlapMarks(p, v, theme, f, arrow);
    else if (mark === 'cross') {
      const color = f.kind === 'tunnelling' ? theme.warning : theme.info;
      drawCross(p, toScreenX(v, f.point![0]), toScreenY(v, f.point![1]), CROSS_PX, color);
    } else if (mark === 'seam' && seamMark(v, scene, f, seam)) drawSeamMark(p, theme, seam, seamEmphasized(f, o));
  }
}

/** Keeps labels off the marks drawFindingMarks draws. `arrow` is scratch. */
export function avoidFindingMarks(placer: LabelPlacer, v: Viewport, scene: PreviewScene, o: SceneDrawOptions, arrow: Float64Array): void {
  const decorateAll = decoratesAll(scene);
  const a = arrow;
  for (const f of scene.findings) {
    const mark = markOf(f, o, decorateAll);
    if (mark === 'overlap') {
      for (const q of f.points ?? []) avoidOnScreen(placer, v, toScreenX(v, q[0]), toScreenY(v, q[1]), DOT_PX, DOT_PX);
      if (pushOutArrow(v, f, a)) {
        const h = ARROW_HEAD_PX / 2;
        placer.avoid(Math.min(a[0]!, a[2]!) - h, Math.min(a[1]!, a[3]!) - h, Math.max(a[0]!, a[2]!) + h, Math.max(a[1]!, a[3]!) + h);
      }
    } else if (mark === 'cross') avoidOnScreen(placer, v, toScreenX(v, f.point![0]), toScreenY(v, f.point![1]), CROSS_PX, CROSS_PX);
    else if (mark === 'seam' && seamMark(v, scene, f, seam)) avoidSeamMark(placer, v, seam);
  }
}

/**
 * Which mark a finding gets in the overlay: an overlap its contact points and push-out arrow (at
 * t = 0, where they hold, or always for the pair in the inspector), a tunnelling (or the
 * inspected collision) a cross at its contact point, a ghost bump its seam (at every time: a
 * seam does not move). Above MAX_DECORATED_FINDINGS only the inspected pair is marked.
 */
function markOf(f: PreviewFinding, o: SceneDrawOptions, decorateAll: boolean): 'overlap' | 'cross' | 'seam' | null {
  const isPair = o.pair !== null && f.ia === o.pair[0] && f.ib === o.pair[1];
  if (!isPair && !decorateAll) return null;
  if (f.kind === 'overlap') return o.time === 0 || isPair ? 'overlap' : null;
  if (f.kind === 'ghost-bump') return f.point ? 'seam' : null;
  return f.point && (isPair || f.kind === 'tunnelling') ? 'cross' : null;
}

/** Keep labels off a mark of half size (rx, ry) at (x, y), when it is on screen. */
function avoidOnScreen(placer: LabelPlacer, v: Viewport, x: number, y: number, rx: number, ry: number): void {
  if (x + rx < 0 || x - rx > v.width || y + ry < 0 || y - ry > v.height) return;
  placer.avoid(x - rx, y - ry, x + rx, y + ry);
}

/**
 * An overlap's push-out arrow on screen into `out` (x0, y0, x1, y1): moving b by depth × normal
 * separates the pair by the least distance, so the arrow starts at the contacts' midpoint and
 * points along the normal. A depth shorter than MIN_ARROW_PX is drawn that long so it stays
 * visible; its true length is in the hover and the inspector. False without contact points.
 */
function pushOutArrow(v: Viewport, f: PreviewFinding, out: Float64Array): boolean {
  const pts = f.points ?? [];
  if (pts.length === 0) return false;
  let mx = 0;
  let my = 0;
  for (const q of pts) {
    mx += q[0];
    my += q[1];
  }
  mx /= pts.length;
  my /= pts.length;
  const len = Math.max((f.depth ?? 0) * v.zoom, MIN_ARROW_PX);
  out[0] = toScreenX(v, mx);
  out[1] = toScreenY(v, my);
  out[2] = out[0] + f.normal[0] * len;
  out[3] = out[1] + screenYSign(v) * f.normal[1] * len;
  return true;
}

/** An overlap's contact points and its push-out arrow (pushOutArrow). */
function drawOverlapMarks(p: Painter, v: Viewport, theme: Theme, f: PreviewFinding, arrow: Float64Array): void {
  for (const q of f.points ?? []) {
    p.beginPath();
    const sx = toScreenX(v, q[0]);
    const sy = toScreenY(v, q[1]);
    p.moveTo(sx + DOT_PX, sy);
    p.arc(sx, sy, DOT_PX, 0, 2 * Math.PI, false);
    p.fill(theme.warning, 1);
  }
  if (pushOutArrow(v, f, arrow)) drawArrow(p, arrow[0]!, arrow[1]!, arrow[2]!, arrow[3]!, theme.warning, 2, ARROW_HEAD_PX);
}
