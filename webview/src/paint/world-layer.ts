import { CanvasPainter } from './canvas-painter';
import { boundingRect, mergePatchRects, type PixelRect } from './patch-rects';
import { TICK_LENGTH_PX } from '../../../render/chains';
import type { SceneDrawOptions, ScenePainter, ScreenRect } from '../../../render/scene/scene-painter';
import type { Theme } from '../../../render/theme';
import { toScreenX, toScreenY, type Viewport } from '../../../render/viewport';

/** How a frame was made (for the benchmark and the tests). */
export type LayerFrame =
  /** The world layer was drawn again for the whole screen. */
  | 'full'
  /** The cached layer was shifted by whole device pixels and only the uncovered strips drawn. */
  | 'shift'
  /** The cached layer was reused as it is (only the overlay changed). */
  | 'reuse'
  /** The cached layer was scaled (a zoom gesture in progress); the frame is not crisp. */
  | 'scaled'
  /**
   * The scene changed by a delta and the cached layer was kept, with only the changed bodies'
   * areas drawn again (then shifted if the view moved).
   */
  | 'patch';

export interface LayerResult {
  readonly frame: LayerFrame;
  /**
   * The view the frame shows. A shift moves the picture by whole device pixels, so during a
   * gesture the shown center may differ from the requested one by under half a device pixel;
   * `exact` is false then, and for scaled frames, and the caller redraws when the gesture ends.
   */
  readonly view: Viewport;
  readonly exact: boolean;
}

/**
 * Device pixels drawn around the screen on the layer's canvases (the guard). Chromium rasterizes
 * a shape that crosses the canvas edge differently from the same shape inside it (a route with
 * clipping, whose edge pixels differ all along the shape), so a
 * body drawn at the screen's edge and later shifted inwards would not match a fresh draw. With a
 * guard as wide as the largest body on screen, no body that reaches the screen crosses the canvas
 * edge; the guard is capped, so only bodies larger than MAX_GUARD / 2 can differ, and then only
 * in their antialiased edge pixels.
 */
const MIN_GUARD = 64;
const MAX_GUARD = 256;
/**
 * CSS pixels around a changed body's box that a patch draws again: the culling margin, a tiny
 * body's square and an outline's half width stay inside it, and so do the solid-side ticks of a
 * chain, which reach past its body's bounding circle.
 */
const PATCH_MARGIN_PX = 4 + TICK_LENGTH_PX;
/** Above this many patch rectangles, their union is drawn again instead. */
const MAX_PATCH_RECTS = 16;
/** A scaled frame is allowed only while the cached layer is between these scales of the view. */
const MIN_SCALE = 0.5;
const MAX_SCALE = 2;

/**
 * The world layer of the scene (swept areas, bodies, overlap outlines; see ScenePainter) cached
 * as a bitmap, so that panning a large scene costs a blit and two thin strips instead of a full
 * redraw: the technique of scrolling by copying the visible pixels and repainting only the newly
 * exposed area (the "blit and patch" of tiled map viewers and of the browsers' own scrolling).
 *
 * Exactness: the layer is shifted only by whole device pixels, and the strips are drawn by the
 * same painter clipped to them, with batches that do not depend on the view; so a frame made by
 * shifting is the whole-screen drawing of the view it shows, up to antialiasing. While a zoom
 * gesture is in progress the caller may accept a scaled copy (blurred, with the strips that the
 * shrunken copy no longer covers drawn at the new zoom) and redraws crisply when it settles.
 *
 * The layer is transparent, a guard of device pixels larger than the screen on every side (only the
 * screen's part is ever shown or trusted), and composited over the backdrop (background and grid, which are
 * anchored to the screen); the overlay is drawn over it every frame.
 */
export class WorldLayer {
  private front: HTMLCanvasElement;
  private back: HTMLCanvasElement;
  /** Where strips are drawn before they are copied into place (see `strip`). */
  private readonly scratch: HTMLCanvasElement;
  /** The view the front canvas holds, or null when it holds nothing usable. */
  private held: Viewport | null = null;
  private dpr = 1;
  /** The guard of the held layer, in device pixels. */
  private guard = MIN_GUARD;
  private painter: ScenePainter | null = null;
  private theme: Theme | null = null;
  private time = NaN;
  private showSweeps = false;
  private pairA = -1;
  private pairB = -1;
  private dragIndex = -1;
  private dragX = NaN;
  private dragY = NaN;
  private dragAngle = NaN;
  /** A change of scene the held layer can follow by drawing these world boxes again (see `changed`). */
  private pending: { from: ScenePainter; to: ScenePainter; boxes: Float64Array } | null = null;

  constructor(private readonly fontFamily: () => string) {
    this.front = document.createElement('canvas');
    this.back = document.createElement('canvas');
    this.scratch = document.createElement('canvas');
  }

  /** Forget the cached pixels (the next frame draws the whole layer). */
  invalidate(): void {
    this.held = null;
    this.pending = null;
  }

  /**
   * The scene's painter became `to` (from `from`), and its world layer differs only inside the
   * world boxes `boxes` (delta-region.ts; null: anywhere). While the layer holds `from`, the next
   * frame draws only those boxes again on it, as a strip is drawn (exact there), instead of the
   * whole layer; several changes before a frame add up.
   */
  changed(from: ScenePainter, to: ScenePainter, boxes: Float64Array | null): void {
    const p = this.pending;
    if (boxes === null) this.pending = null;
    else if (p && p.to === from) {
      const all = new Float64Array(p.boxes.length + boxes.length);
      all.set(p.boxes);
      all.set(boxes, p.boxes.length);
      this.pending = { from: p.from, to, boxes: all };
    } else this.pending = this.painter === from ? { from, to, boxes } : null;
  }

  /**
   * Draw a frame of `painter` for view `v` on `target` (a canvas of `v.width × v.height` CSS
   * pixels at `dpr`). `transient`: a gesture is in progress, so a shift may round the view to
   * whole device pixels and a zoom may scale the cached layer.
   */
  paint(target: CanvasRenderingContext2D, v: Viewport, dpr: number, painter: ScenePainter, theme: Theme, o: SceneDrawOptions, transient: boolean): LayerResult {
    const W = Math.round(v.width * dpr);
    const H = Math.round(v.height * dpr);
    const held = this.held;
    const pending = this.pending;
    this.pending = null;
    const patch = pending !== null && pending.to === painter && this.painter === pending.from;
    const sameContent =
      held !== null &&
      this.sameContent(patch ? pending.from : painter, theme, o) &&
      dpr === this.dpr &&
      held.width === v.width &&
      held.height === v.height &&
      !held.yDown === !v.yDown;
    if (sameContent && patch) this.patch(held, painter, pending.boxes, theme, o);
    let frame: LayerFrame = 'full';
    let shown: Viewport = v;
    let exact = true;
    if (sameContent && held.zoom === v.zoom) {
      const z = v.zoom * dpr;
      const ox = (held.cx - v.cx) * z;
      // The picture moves up the screen as the center moves up the world (y up), down as it
      // moves down (y down).
      const oy = (v.yDown ? held.cy - v.cy : v.cy - held.cy) * z;
      const kx = Math.round(ox);
      const ky = Math.round(oy);
      const whole = Math.abs(ox - kx) < 1e-6 && Math.abs(oy - ky) < 1e-6;
      if ((whole || transient) && Math.abs(kx) < W && Math.abs(ky) < H) {
        if (kx === 0 && ky === 0) frame = sameContent && patch ? 'patch' : 'reuse';
        else {
          this.shift(kx, ky, held, z, painter, theme, o);
          frame = sameContent && patch ? 'patch' : 'shift';
        }
        shown = { ...this.held! };
        exact = whole;
      }
    } else if (sameContent && transient) {
      const s = v.zoom / held.zoom;
      if (s >= MIN_SCALE && s <= MAX_SCALE) frame = 'scaled';
    }

    if (frame === 'full') {
      this.dpr = dpr;
      this.guard = Math.min(MAX_GUARD, Math.max(MIN_GUARD, Math.ceil(2 * painter.maxRadius * v.zoom * dpr) + 4));
      this.remember(painter, theme, o);
      this.render(this.front, v, W, H, painter, theme, o);
      this.held = { ...v };
    }

    const backdrop = new CanvasPainter(target, shown.width, shown.height, this.fontFamily(), dpr);
    painter.drawBackdrop(backdrop, shown, theme);
    if (frame === 'scaled') {
      this.drawScaled(target, v, dpr, painter, theme, o);
      exact = false;
    } else {
      target.setTransform(1, 0, 0, 1, 0, 0);
      target.globalAlpha = 1;
      target.drawImage(this.front, this.guard, this.guard, W, H, 0, 0, W, H);
    }
    painter.drawOverlay(new CanvasPainter(target, shown.width, shown.height, this.fontFamily(), dpr), shown, theme, o);
    return { frame, view: shown, exact };
  }

  /**
   * Draw the world boxes again on the held layer (of view `held`) with the new painter: each
   * box's screen rectangle, grown by PATCH_MARGIN_PX and rounded out to device pixels, is drawn
   * as a strip is. Only the screen's part is drawn: the guard is never shown or trusted.
   */
  private patch(held: Viewport, painter: ScenePainter, boxes: Float64Array, theme: Theme, o: SceneDrawOptions): void {
    const d = this.dpr;
    const W = this.front.width - 2 * this.guard;
    const H = this.front.height - 2 * this.guard;
    const rects: PixelRect[] = [];
    for (let k = 0; k < boxes.length; k += 4) {
      const x0 = Math.max(0, Math.floor((toScreenX(held, boxes[k]!) - PATCH_MARGIN_PX) * d));
      const x1 = Math.min(W, Math.ceil((toScreenX(held, boxes[k + 2]!) + PATCH_MARGIN_PX) * d));
      // The box's top on screen is its highest world y when y points up, its lowest when down.
      const top = held.yDown ? boxes[k + 1]! : boxes[k + 3]!;
      const bottom = held.yDown ? boxes[k + 3]! : boxes[k + 1]!;
      const y0 = Math.max(0, Math.floor((toScreenY(held, top) - PATCH_MARGIN_PX) * d));
      const y1 = Math.min(H, Math.ceil((toScreenY(held, bottom) + PATCH_MARGIN_PX) * d));
      if (x1 > x0 && y1 > y0) rects.push([x0, y0, x1, y1]);
    }
    const drawn = rects.length <= MAX_PATCH_RECTS ? mergePatchRects(rects) : [boundingRect(rects)];
    const ctx = this.front.getContext('2d')!;
    for (const [x0, y0, x1, y1] of drawn) this.strip(ctx, held, x0, y0, x1, y1, painter, theme, o);
    this.painter = painter;
  }

  /** The whole world layer for view v (W × H device pixels, plus the guard), on a cleared canvas. */
  private render(canvas: HTMLCanvasElement, v: Viewport, W: number, H: number, painter: ScenePainter, theme: Theme, o: SceneDrawOptions): void {
    const ctx = this.prepare(canvas, W + 2 * this.guard, H + 2 * this.guard);
    painter.drawWorld(this.painterOn(ctx, v), v, theme, o);
  }

  /** ctx of `canvas` sized w × h device pixels, cleared, with the identity transform. */
  private prepare(canvas: HTMLCanvasElement, w: number, h: number): CanvasRenderingContext2D {
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, w, h);
    return ctx;
  }

  /** A painter on a layer canvas: CSS pixels of the screen, placed inside the guard. */
  private painterOn(ctx: CanvasRenderingContext2D, v: Viewport): CanvasPainter {
    const p = new CanvasPainter(ctx, v.width, v.height, this.fontFamily(), this.dpr);
    ctx.setTransform(this.dpr, 0, 0, this.dpr, this.guard, this.guard);
    return p;
  }

  /**
   * Move the held picture by (kx, ky) device pixels and draw the uncovered strips: a band the
   * full width along the top or bottom, and a band along the left or right between them, so
   * no pixel is drawn twice.
   */
  private shift(kx: number, ky: number, held: Viewport, z: number, painter: ScenePainter, theme: Theme, o: SceneDrawOptions): void {
    const ctx = this.prepare(this.back, this.front.width, this.front.height);
    ctx.drawImage(this.front, kx, ky);
    // Strips in screen device pixels [0, W) × [0, H); the canvas has the guard around them.
    const W = this.front.width - 2 * this.guard;
    const H = this.front.height - 2 * this.guard;
    // The view whose drawing this now is: the old one moved by exactly (kx, ky) device pixels.
    const v: Viewport = { ...held, cx: held.cx - kx / z, cy: held.yDown ? held.cy - ky / z : held.cy + ky / z };
    const y0 = ky > 0 ? 0 : H + ky;
    const y1 = ky > 0 ? ky : H;
    if (ky !== 0) this.strip(ctx, v, 0, y0, W, y1, painter, theme, o);
    const x0 = kx > 0 ? 0 : W + kx;
    const x1 = kx > 0 ? kx : W;
    const top = ky > 0 ? ky : 0;
    const bottom = ky < 0 ? H + ky : H;
    if (kx !== 0 && bottom > top) this.strip(ctx, v, x0, top, x1, bottom, painter, theme, o);
    const t = this.front;
    this.front = this.back;
    this.back = t;
    this.held = v;
  }

  /**
   * The world drawn into device-pixel rectangle [x0, x1) × [y0, y1) of ctx only: the bodies that
   * reach the rectangle are drawn unclipped on a scratch canvas the size of the layer, and the
   * rectangle is copied from it. (Drawing through a clip would be simpler, but Chromium then
   * antialiases edges differently, and the seams would show.)
   */
  private strip(ctx: CanvasRenderingContext2D, v: Viewport, x0: number, y0: number, x1: number, y1: number, painter: ScenePainter, theme: Theme, o: SceneDrawOptions): void {
    const d = this.dpr;
    const sctx = this.prepare(this.scratch, this.front.width, this.front.height);
    const region: ScreenRect = { x0: x0 / d, y0: y0 / d, x1: x1 / d, y1: y1 / d };
    painter.drawWorld(this.painterOn(sctx, v), v, theme, o, region);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    // The shifted copy brought the old guard's partial drawing here: replace, do not blend.
    const g = this.guard;
    ctx.clearRect(x0 + g, y0 + g, x1 - x0, y1 - y0);
    ctx.drawImage(this.scratch, x0 + g, y0 + g, x1 - x0, y1 - y0, x0 + g, y0 + g, x1 - x0, y1 - y0);
  }

  /**
   * The held layer scaled to the zoom of v (a world point keeps its place: x_v = s x_held +
   * w/2 (1 - s) + (held.cx - v.cx) zoom_v, and likewise for y, flipped when y points up), and the
   * world drawn at v in the parts of the screen the scaled copy leaves uncovered.
   */
  private drawScaled(target: CanvasRenderingContext2D, v: Viewport, dpr: number, painter: ScenePainter, theme: Theme, o: SceneDrawOptions): void {
    const held = this.held!;
    const s = v.zoom / held.zoom;
    const dx = (v.width / 2) * (1 - s) + (held.cx - v.cx) * v.zoom;
    const dy = (v.height / 2) * (1 - s) + (v.yDown ? held.cy - v.cy : v.cy - held.cy) * v.zoom;
    const w = v.width * s;
    const h = v.height * s;
    target.setTransform(dpr, 0, 0, dpr, 0, 0);
    target.globalAlpha = 1;
    target.imageSmoothingEnabled = true;
    const g = this.guard;
    target.drawImage(this.front, g, g, this.front.width - 2 * g, this.front.height - 2 * g, dx, dy, w, h);
    // Uncovered bands (CSS pixels): above, below, and left and right between them.
    const W = v.width;
    const H = v.height;
    const top = Math.min(H, Math.max(0, Math.floor(dy)));
    const bottom = Math.max(top, Math.min(H, Math.ceil(dy + h)));
    const left = Math.min(W, Math.max(0, Math.floor(dx)));
    const right = Math.max(left, Math.min(W, Math.ceil(dx + w)));
    const bands: [number, number, number, number][] = [
      [0, 0, W, top],
      [0, bottom, W, H],
      [0, top, left, bottom],
      [right, top, W, bottom],
    ];
    for (const [x0, y0, x1, y1] of bands) {
      if (x1 <= x0 || y1 <= y0) continue;
      target.save();
      target.setTransform(dpr, 0, 0, dpr, 0, 0);
      target.beginPath();
      target.rect(x0, y0, x1 - x0, y1 - y0);
      target.clip();
      painter.drawWorld(new CanvasPainter(target, W, H, this.fontFamily(), dpr), v, theme, o, { x0, y0, x1, y1 });
      target.restore();
    }
  }

  private sameContent(painter: ScenePainter, theme: Theme, o: SceneDrawOptions): boolean {
    const d = o.drag ?? null;
    return (
      painter === this.painter &&
      theme === this.theme &&
      Object.is(o.time, this.time) &&
      o.showSweeps === this.showSweeps &&
      (o.pair?.[0] ?? -1) === this.pairA &&
      (o.pair?.[1] ?? -1) === this.pairB &&
      (d?.index ?? -1) === this.dragIndex &&
      Object.is(d?.x ?? NaN, this.dragX) &&
      Object.is(d?.y ?? NaN, this.dragY) &&
      Object.is(d?.angle ?? NaN, this.dragAngle)
    );
  }

  private remember(painter: ScenePainter, theme: Theme, o: SceneDrawOptions): void {
    this.painter = painter;
    this.theme = theme;
    this.time = o.time;
    this.showSweeps = o.showSweeps;
    this.pairA = o.pair?.[0] ?? -1;
    this.pairB = o.pair?.[1] ?? -1;
    this.dragIndex = o.drag?.index ?? -1;
    this.dragX = o.drag?.x ?? NaN;
    this.dragY = o.drag?.y ?? NaN;
    this.dragAngle = o.drag?.angle ?? NaN;
  }
}
