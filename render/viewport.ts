/**
 * The mapping between the scene's world frame (y up, scene units) and the screen (y down,
 * CSS pixels): a center in world coordinates and a zoom in pixels per unit. Plain data, so the
 * view state persists through `setState` and the CLI can describe the same view.
 */
export interface Viewport {
  /** World point at the middle of the screen. */
  cx: number;
  cy: number;
  /** Pixels per scene unit (> 0). */
  zoom: number;
  /** Screen size in CSS pixels. */
  width: number;
  height: number;
}

const MIN_ZOOM = 1e-6;
const MAX_ZOOM = 1e7;

export function toScreenX(v: Viewport, x: number): number {
  return (x - v.cx) * v.zoom + v.width / 2;
}
export function toScreenY(v: Viewport, y: number): number {
  return v.height / 2 - (y - v.cy) * v.zoom;
}
export function toWorldX(v: Viewport, sx: number): number {
  return (sx - v.width / 2) / v.zoom + v.cx;
}
export function toWorldY(v: Viewport, sy: number): number {
  return (v.height / 2 - sy) / v.zoom + v.cy;
}

/** Zoom by `factor` keeping the world point under the screen point (sx, sy) in place. */
export function zoomAbout(v: Viewport, sx: number, sy: number, factor: number): void {
  const wx = toWorldX(v, sx);
  const wy = toWorldY(v, sy);
  v.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom * factor));
  v.cx = wx - (sx - v.width / 2) / v.zoom;
  v.cy = wy - (v.height / 2 - sy) / v.zoom;
}

/** Move the view by a screen-space drag of (dx, dy) pixels. */
export function panBy(v: Viewport, dx: number, dy: number): void {
  v.cx -= dx / v.zoom;
  v.cy += dy / v.zoom;
}

/** Center and zoom so that bounds [minX, minY, maxX, maxY] fill the view less a margin. */
export function fitBounds(v: Viewport, b: readonly number[] | null, marginPx = 32): void {
  if (!b || !b.every(Number.isFinite)) {
    v.cx = 0;
    v.cy = 0;
    v.zoom = 40;
    return;
  }
  const w = Math.max(b[2]! - b[0]!, 1e-9);
  const h = Math.max(b[3]! - b[1]!, 1e-9);
  const availW = Math.max(v.width - 2 * marginPx, 16);
  const availH = Math.max(v.height - 2 * marginPx, 16);
  v.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.min(availW / w, availH / h)));
  v.cx = (b[0]! + b[2]!) / 2;
  v.cy = (b[1]! + b[3]!) / 2;
}

/** Decimal places that resolve about one pixel at this zoom (for coordinates written back). */
export function decimalsForZoom(zoom: number): number {
  return Math.min(12, Math.max(0, Math.ceil(Math.log10(Math.max(zoom, 1e-12)))));
}
