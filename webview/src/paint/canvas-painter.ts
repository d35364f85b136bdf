import { growFloat64 } from '../../../core';
import { DEFAULT_FONT, type Painter, type TextStyle } from '../../../render/painter';

/** Largest distance, in device pixels, between an arc and the chords that stroke it. */
const FLATNESS = 0.1;
/** Op codes of the recorded path. */
const MOVE = 0;
const LINE = 1;
const ARC = 2;
const CLOSE = 3;

/**
 * The Canvas 2D backend of the preview. The canvas holds `width × height` CSS pixels at the
 * device pixel ratio; calls are forwarded as they are, with color, width and opacity set only
 * when they change (state changes, not path commands, dominate a batched frame's cost).
 */
export class CanvasPainter implements Painter {
  private lastFill = '';
  private lastStroke = '';
  private lastWidth = -1;
  private lastAlpha = -1;
  private lastDash = '';
  readonly batchSize = 1;

  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    readonly width: number,
    readonly height: number,
    private readonly fontFamily: string = DEFAULT_FONT,
    private readonly pixelRatio = 1,
  ) {
    ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.globalAlpha = 1;
    ctx.setLineDash([]);
  }

  clear(color: string): void {
    this.alpha(1);
    this.ctx.fillStyle = color;
    this.lastFill = color;
    this.ctx.fillRect(0, 0, this.width, this.height);
  }

  fillRect(x: number, y: number, w: number, h: number, color: string, alpha: number): void {
    this.alpha(alpha);
    this.fillStyle(color);
    this.ctx.fillRect(x, y, w, h);
  }

  beginPath(): void {
    this.ctx.beginPath();
    this.pathLength = 0;
    this.pathHasArc = false;
    this.pathFlat = false;
  }
  moveTo(x: number, y: number): void {
    this.ctx.moveTo(x, y);
    this.record(MOVE, x, y);
  }
  lineTo(x: number, y: number): void {
    this.ctx.lineTo(x, y);
    this.record(LINE, x, y);
  }
  arc(cx: number, cy: number, r: number, a0: number, a1: number, anticlockwise: boolean): void {
    if (!(r > 0)) {
      this.lineTo(cx, cy);
      return;
    }
    this.ctx.arc(cx, cy, r, a0, a1, anticlockwise);
    this.record(ARC, cx, cy, r, a0, a1, anticlockwise ? 1 : 0);
    this.pathHasArc = true;
  }
  closePath(): void {
    this.ctx.closePath();
    this.record(CLOSE);
  }

  fill(color: string, alpha = 1): void {
    this.alpha(alpha);
    this.fillStyle(color);
    this.ctx.fill();
  }

  stroke(color: string, width: number, alpha = 1, dash?: readonly number[]): void {
    this.alpha(alpha);
    if (color !== this.lastStroke) {
      this.ctx.strokeStyle = color;
      this.lastStroke = color;
    }
    if (width !== this.lastWidth) {
      this.ctx.lineWidth = width;
      this.lastWidth = width;
    }
    const key = dash && dash.length > 0 ? dash.join(',') : '';
    if (key !== this.lastDash) {
      this.ctx.setLineDash(dash ? [...dash] : []);
      this.lastDash = key;
    }
    if (this.pathHasArc && !this.pathFlat) this.rebuildFlattened();
    this.ctx.stroke();
  }

  /**
   * The current path again, its arcs flattened into chords that stay within FLATNESS device
   * pixels of the circle (sagitta r (1 - cos(θ/2))), the classic flattening of curves before
   * scan conversion (Foley, van Dam et al., "Computer Graphics" §3.2). Only strokes need it:
   * Skia's stroker fits offset curves with float tolerances, and the canvas's arc adds a line
   * from the current point by a float32 tolerance test, so the same outline shifted by a few
   * whole pixels strokes slightly differently in its edge pixels, and
   * a cached layer shifted by whole pixels would not equal a redraw. Chords offset exactly. Fills
   * keep Skia's arcs, which are exact under such shifts and cheaper than many chords.
   */
  private rebuildFlattened(): void {
    const ctx = this.ctx;
    const d = this.path;
    ctx.beginPath();
    let has = false;
    let px = 0;
    let py = 0;
    let sx = 0;
    let sy = 0;
    for (let k = 0; k < this.pathLength; ) {
      const op = d[k]!;
      if (op === MOVE || op === LINE) {
        px = d[k + 1]!;
        py = d[k + 2]!;
        if (op === MOVE) {
          ctx.moveTo(px, py);
          sx = px;
          sy = py;
        } else ctx.lineTo(px, py);
        has = true;
        k += 3;
      } else if (op === CLOSE) {
        ctx.closePath();
        px = sx;
        py = sy;
        k += 1;
      } else {
        const cx = d[k + 1]!;
        const cy = d[k + 2]!;
        const r = d[k + 3]!;
        const a0 = d[k + 4]!;
        const a1 = d[k + 5]!;
        const dir = d[k + 6]! ? -1 : 1;
        k += 7;
        let sweep = dir < 0 ? a0 - a1 : a1 - a0;
        if (sweep >= 2 * Math.PI) sweep = 2 * Math.PI;
        else sweep = ((sweep % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
        const x0 = cx + r * Math.cos(a0);
        const y0 = cy + r * Math.sin(a0);
        // A line to the arc's start, as the canvas's arc adds, unless it is the current point up
        // to rounding (callers compute both with one expression).
        if (!has) {
          ctx.moveTo(x0, y0);
          sx = x0;
          sy = y0;
          has = true;
        } else if (!same(x0, px) || !same(y0, py)) ctx.lineTo(x0, y0);
        px = x0;
        py = y0;
        // Largest chord angle with sagitta r (1 - cos(θ/2)) <= FLATNESS; at least 8 chords a turn.
        const rd = r * this.pixelRatio;
        const maxStep = rd <= FLATNESS ? Math.PI / 4 : Math.min(Math.PI / 4, 2 * Math.acos(1 - FLATNESS / rd));
        const pieces = sweep === 0 ? 0 : Math.max(1, Math.ceil(sweep / maxStep - 1e-9));
        for (let i = 1; i <= pieces; i++) {
          const b = a0 + (dir * sweep * i) / pieces;
          px = cx + r * Math.cos(b);
          py = cy + r * Math.sin(b);
          // An arc that closes its sub-path ends exactly at its start, so that closePath adds no
          // sliver of a segment (whose direction, and so its join, rounding would decide).
          if (i === pieces && same(px, sx) && same(py, sy)) {
            px = sx;
            py = sy;
          }
          ctx.lineTo(px, py);
        }
      }
    }
    this.pathFlat = true;
  }

  /** The current path's commands: op code, then its numbers (see rebuildFlattened). */
  private path = new Float64Array(1024);
  private pathLength = 0;
  private pathHasArc = false;
  /** The canvas's path is the flattened one already. */
  private pathFlat = false;

  private record(op: number, a = 0, b = 0, c = 0, d = 0, e = 0, f = 0): void {
    const n = op === CLOSE ? 1 : op === ARC ? 7 : 3;
    if (this.pathLength + n > this.path.length) this.path = growFloat64(this.path, this.pathLength + n);
    const p = this.path;
    const k = this.pathLength;
    p[k] = op;
    if (n > 1) {
      p[k + 1] = a;
      p[k + 2] = b;
    }
    if (n > 3) {
      p[k + 3] = c;
      p[k + 4] = d;
      p[k + 5] = e;
      p[k + 6] = f;
    }
    this.pathLength = k + n;
  }

  text(s: string, x: number, y: number, style: TextStyle): void {
    this.alpha(1);
    const ctx = this.ctx;
    ctx.font = `${style.bold ? 'bold ' : ''}${style.size}px ${this.fontFamily}`;
    ctx.textAlign = style.align ?? 'left';
    ctx.textBaseline = style.baseline === 'top' ? 'top' : style.baseline === 'middle' ? 'middle' : 'alphabetic';
    ctx.fillStyle = style.color;
    this.lastFill = style.color;
    ctx.fillText(s, x, y);
  }

  private fillStyle(color: string): void {
    if (color !== this.lastFill) {
      this.ctx.fillStyle = color;
      this.lastFill = color;
    }
  }

  private alpha(a: number): void {
    if (a !== this.lastAlpha) {
      this.ctx.globalAlpha = a;
      this.lastAlpha = a;
    }
  }
}

/** Equal up to floating-point rounding of screen coordinates (far below what a pixel shows). */
function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-7 * Math.max(1, Math.abs(a));
}
