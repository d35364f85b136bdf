import type { Painter } from './painter';
import { textTop } from './text-metrics';
import type { Theme } from './theme';
import { toScreenX, toScreenY, toWorldX, visibleWorldY, type Viewport } from './viewport';

/** The grid's numbers' font size (the pair view keeps its text off them too). */
export const TICK_SIZE = 10;

/** Grid step in world units for about `targetPx` pixels: 1, 2 or 5 times a power of ten. */
function gridStep(zoom: number, targetPx = 60): number {
  const raw = targetPx / zoom;
  const pow = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 5, 10]) if (pow * m >= raw) return pow * m;
  return pow * 10;
}

/** A number for a grid label with as many decimals as the step needs. */
function formatTick(value: number, step: number): string {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const s = value.toFixed(Math.min(decimals, 12));
  return s === '-0' || /^-0\.0*$/.test(s) ? s.slice(1) : s;
}

/**
 * Grid lines every `gridStep`, the axes through the origin, and labels in scene units (none
 * reaching above `topInset` pixels, where a caption goes).
 */
export function drawGrid(p: Painter, v: Viewport, theme: Theme, topInset = 0): void {
  const step = gridStep(v.zoom);
  const x0 = toWorldX(v, 0);
  const x1 = toWorldX(v, v.width);
  const [y0, y1] = visibleWorldY(v);
  const i0 = Math.ceil(x0 / step);
  const i1 = Math.floor(x1 / step);
  const j0 = Math.ceil(y0 / step);
  const j1 = Math.floor(y1 / step);
  if (i1 - i0 > 2000 || j1 - j0 > 2000) return;
  p.beginPath();
  for (let i = i0; i <= i1; i++) {
    const sx = Math.round(toScreenX(v, i * step)) + 0.5;
    p.moveTo(sx, 0);
    p.lineTo(sx, v.height);
  }
  for (let j = j0; j <= j1; j++) {
    const sy = Math.round(toScreenY(v, j * step)) + 0.5;
    p.moveTo(0, sy);
    p.lineTo(v.width, sy);
  }
  p.stroke(theme.grid, 1);
  p.beginPath();
  const ax = toScreenX(v, 0);
  const ay = toScreenY(v, 0);
  if (ax >= 0 && ax <= v.width) {
    p.moveTo(Math.round(ax) + 0.5, 0);
    p.lineTo(Math.round(ax) + 0.5, v.height);
  }
  if (ay >= 0 && ay <= v.height) {
    p.moveTo(0, Math.round(ay) + 0.5);
    p.lineTo(v.width, Math.round(ay) + 0.5);
  }
  p.stroke(theme.axis, 1);
  const label = { color: theme.axis, size: TICK_SIZE, align: 'left', baseline: 'bottom' } as const;
  forEachTickLabel(v, topInset, (s, x, y) => p.text(s, x, y, label));
}

/**
 * Every grid label with its anchor (left end of its bottom baseline): x values along the bottom
 * edge, y values along the left edge, none in the bottom-left corner where they would meet, and
 * none reaching above `topInset`. The grid draws them and the label placement keeps clear of
 * them.
 */
export function forEachTickLabel(v: Viewport, topInset: number, visit: (text: string, x: number, y: number) => void): void {
  const step = gridStep(v.zoom);
  const i0 = Math.ceil(toWorldX(v, 0) / step);
  const i1 = Math.floor(toWorldX(v, v.width) / step);
  const [y0, y1] = visibleWorldY(v);
  const j0 = Math.ceil(y0 / step);
  const j1 = Math.floor(y1 / step);
  if (i1 - i0 > 2000 || j1 - j0 > 2000) return;
  for (let i = i0; i <= i1; i++) {
    const sx = toScreenX(v, i * step);
    if (sx < 24) continue;
    visit(formatTick(i * step, step), sx + 2, v.height - 4);
  }
  const rise = textTop(TICK_SIZE, 'bottom');
  for (let j = j0; j <= j1; j++) {
    const sy = toScreenY(v, j * step);
    if (sy > v.height - 16 || sy - 2 + rise < topInset) continue;
    visit(formatTick(j * step, step), 3, sy - 2);
  }
}
