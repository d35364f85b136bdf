import { DEFAULT_FONT, type Painter, type TextStyle } from './painter';

/**
 * The Canvas 2D backend of the preview. The canvas holds `width × height` CSS pixels at the
 * device pixel ratio; calls are forwarded as they are, with colour, width and opacity set only
 * when they change (state changes, not path commands, dominate a batched frame's cost).
 */
export class CanvasPainter implements Painter {
  private lastFill = '';
  private lastStroke = '';
  private lastWidth = -1;
  private lastAlpha = -1;
  private lastDash = '';
  readonly batchSize = 16;
  readonly outlineBatchSize = 1;

  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    readonly width: number,
    readonly height: number,
    private readonly fontFamily: string = DEFAULT_FONT,
    pixelRatio = 1,
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

  beginPath(): void {
    this.ctx.beginPath();
  }
  moveTo(x: number, y: number): void {
    this.ctx.moveTo(x, y);
  }
  lineTo(x: number, y: number): void {
    this.ctx.lineTo(x, y);
  }
  arc(cx: number, cy: number, r: number, a0: number, a1: number, anticlockwise: boolean): void {
    if (r > 0) this.ctx.arc(cx, cy, r, a0, a1, anticlockwise);
    else this.ctx.lineTo(cx, cy);
  }
  closePath(): void {
    this.ctx.closePath();
  }

  fill(color: string, alpha = 1): void {
    this.alpha(alpha);
    if (color !== this.lastFill) {
      this.ctx.fillStyle = color;
      this.lastFill = color;
    }
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
    this.ctx.stroke();
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

  private alpha(a: number): void {
    if (a !== this.lastAlpha) {
      this.ctx.globalAlpha = a;
      this.lastAlpha = a;
    }
  }
}
