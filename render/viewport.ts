/**
 * The mapping between the scene's world frame (scene units) and the screen (y down, CSS pixels):
 * a center in world coordinates and a zoom in pixels per unit. Plain data, so the view state
 * persists through `setState` and the CLI can describe the same view.
 *
 * The world's y points up the screen, or down it with `yDown` (a level file's frame). A y-down
 * view of a scene puts every point where a y-up view centered at (cx, -cy) puts the point
 * mirrored to (x, -y), to the bit: painters that place things through these functions, and
 * turn world directions with `screenYSign`, draw a y-down scene as the y-up drawing of its mirror.
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
  /** World y grows down the screen (absent or false: up). */
  yDown?: boolean;
}

const MIN_ZOOM = 1e-6;
const MAX_ZOOM = 1e7;

export function toScreenX(v: Viewport, x: number): number {
  return (x - v.cx) * v.zoom + v.width / 2;
}
export function toScreenY(v: Viewport, y: number): number {
  return v.yDown ? v.height / 2 + (y - v.cy) * v.zoom : v.height / 2 - (y - v.cy) * v.zoom;
}
export function toWorldX(v: Viewport, sx: number): number {
  return (sx - v.width / 2) / v.zoom + v.cx;
}
export function toWorldY(v: Viewport, sy: number): number {
  return v.yDown ? (sy - v.height / 2) / v.zoom + v.cy : (v.height / 2 - sy) / v.zoom + v.cy;
}

/**
 * The sign a world y difference takes on the screen: -1 when y points up (towards smaller screen
 * y), +1 when it points down. A world direction (dx, dy) is the screen direction
 * (dx, screenYSign(v) * dy), and a world angle a the canvas angle screenYSign(v) * a.
 */
export function screenYSign(v: Viewport): number {
  return v.yDown ? 1 : -1;
}

/**
 * The world's y, seen as in a y-up view: y itself, or -y when y points down. Geometry that
 * depends on orientation (which way a polygon winds on screen, which way is up) is computed on
 * these values, so that a y-down scene is drawn as the y-up drawing of its mirror.
 */
export function upY(v: Viewport, y: number): number {
  return v.yDown ? -y : y;
}

/** The lowest and highest world y on screen (the bottom and top edges' when y is up, else the top and bottom's). */
export function visibleWorldY(v: Viewport): [number, number] {
  return v.yDown ? [toWorldY(v, 0), toWorldY(v, v.height)] : [toWorldY(v, v.height), toWorldY(v, 0)];
}

/** Zoom by `factor` keeping the world point under the screen point (sx, sy) in place. */
export function zoomAbout(v: Viewport, sx: number, sy: number, factor: number): void {
  const wx = toWorldX(v, sx);
  const wy = toWorldY(v, sy);
  v.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom * factor));
  v.cx = wx - (sx - v.width / 2) / v.zoom;
  v.cy = v.yDown ? wy - (sy - v.height / 2) / v.zoom : wy - (v.height / 2 - sy) / v.zoom;
}

/** Move the view by a screen-space drag of (dx, dy) pixels: the content follows the pointer. */
export function panBy(v: Viewport, dx: number, dy: number): void {
  v.cx -= dx / v.zoom;
  if (v.yDown) v.cy -= dy / v.zoom;
  else v.cy += dy / v.zoom;
}

/**
 * Center and zoom so that bounds [minX, minY, maxX, maxY] fill the view less a margin. The
 * margin is the same on every side, so the fit is the same in either orientation.
 */
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

/** How `revealBounds` brings a box into view. */
export interface RevealOptions {
  /** Pixels kept clear between the box and the screen's edges (default 32). */
  marginPx?: number;
  /**
   * Never zoom: along an axis where the box is longer than the screen, it counts as shown while
   * it covers a quarter of the screen (a long floor under the cursor), and is centered otherwise.
   */
  panOnly?: boolean;
  /** A box whose larger side is under this many pixels is framed (zoomed in on); default 0. */
  minPx?: number;
}

/**
 * Bring world bounds [minX, minY, maxX, maxY] into view with the least change, as an editor
 * reveals a line: nothing when the box is already on screen (inside the margin), a pan that
 * centers it when it fits at the current zoom, and a zoom that frames it (fitBounds) only when
 * it does not fit, or is smaller than `minPx`. Returns whether the view changed.
 */
export function revealBounds(v: Viewport, b: readonly number[] | null, options: RevealOptions = {}): boolean {
  if (!b || !b.every(Number.isFinite) || b[0]! > b[2]! || b[1]! > b[3]!) return false;
  const margin = options.marginPx ?? 32;
  const ya = toScreenY(v, b[1]!);
  const yb = toScreenY(v, b[3]!);
  const x = axis(toScreenX(v, b[0]!), toScreenX(v, b[2]!), v.width, margin);
  const y = axis(Math.min(ya, yb), Math.max(ya, yb), v.height, margin);
  if (!options.panOnly) {
    const small = x.fits && y.fits && Math.max(x.extent, y.extent) < (options.minPx ?? 0);
    if (small || !x.fits || !y.fits) {
      fitBounds(v, b, margin);
      return true;
    }
  }
  if (x.shown && y.shown) return false;
  // Center on the box: along both axes when it fits, as a reveal moves the view once rather
  // than edging it along; along an axis where it does not fit, only if it is not shown there.
  if (x.fits || !x.shown) v.cx = (b[0]! + b[2]!) / 2;
  if (y.fits || !y.shown) v.cy = (b[1]! + b[3]!) / 2;
  return true;
}

/** One screen axis of a box from lo to hi pixels, on a screen of `size` pixels. */
function axis(lo: number, hi: number, size: number, margin: number): { extent: number; fits: boolean; shown: boolean } {
  const extent = hi - lo;
  const fits = extent <= Math.max(size - 2 * margin, 16);
  if (fits) {
    const m = Math.max(0, Math.min(margin, (size - extent) / 2));
    return { extent, fits, shown: lo >= m && hi <= size - m };
  }
  return { extent, fits, shown: Math.min(hi, size) - Math.max(lo, 0) >= size / 4 };
}

/** Decimal places that resolve about one pixel at this zoom (for coordinates written back). */
export function decimalsForZoom(zoom: number): number {
  return Math.min(12, Math.max(0, Math.ceil(Math.log10(Math.max(zoom, 1e-12)))));
}
