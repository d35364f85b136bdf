import { DEFAULT_FONT, type Painter, type TextStyle } from './painter';
import { baselineShiftEm } from './text-metrics';

/**
 * The SVG backend: records the same calls as the canvas and writes an SVG 1.1 document. Used
 * by "Export SVG" in the preview and by `collide render`, so an exported picture is drawn by
 * exactly the code that drew the panel. No DOM: it runs in Node too.
 *
 * Canvas arcs become SVG elliptical-arc commands (SVG 1.1, §8.3.8): the end point, the
 * large-arc flag from the swept angle, and sweep-flag 1 for the canvas's clockwise direction
 * (both frames have y down). A full circle is split in two, since an SVG arc whose end equals
 * its start draws nothing.
 */
export class SvgPainter implements Painter {
  private readonly parts: string[] = [];
  private d: string[] = [];
  private hasPoint = false;
  /** A fill waiting to see whether a stroke of the same path follows (then one element serves). */
  private pendingFill: { color: string; alpha: number } | null = null;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly fontFamily: string = DEFAULT_FONT,
  ) {}

  clear(color: string): void {
    this.flush();
    this.parts.length = 0;
    this.parts.push(`<rect width="${this.width}" height="${this.height}" fill="${attr(color)}"/>`);
  }

  beginPath(): void {
    this.flush();
    this.d = [];
    this.hasPoint = false;
  }

  moveTo(x: number, y: number): void {
    this.d.push(`M${n(x)} ${n(y)}`);
    this.hasPoint = true;
  }

  lineTo(x: number, y: number): void {
    this.d.push(`${this.hasPoint ? 'L' : 'M'}${n(x)} ${n(y)}`);
    this.hasPoint = true;
  }

  arc(cx: number, cy: number, r: number, a0: number, a1: number, anticlockwise: boolean): void {
    if (!(r > 0)) {
      this.lineTo(cx, cy);
      return;
    }
    let span = anticlockwise ? a0 - a1 : a1 - a0;
    const full = span >= 2 * Math.PI - 1e-9;
    if (!full) span = ((span % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    const sx = cx + r * Math.cos(a0);
    const sy = cy + r * Math.sin(a0);
    this.d.push(`${this.hasPoint ? 'L' : 'M'}${n(sx)} ${n(sy)}`);
    this.hasPoint = true;
    const sweep = anticlockwise ? 0 : 1;
    const dir = anticlockwise ? -1 : 1;
    if (full) {
      const mx = cx + r * Math.cos(a0 + dir * Math.PI);
      const my = cy + r * Math.sin(a0 + dir * Math.PI);
      this.d.push(`A${n(r)} ${n(r)} 0 0 ${sweep} ${n(mx)} ${n(my)}`, `A${n(r)} ${n(r)} 0 0 ${sweep} ${n(sx)} ${n(sy)}`);
      return;
    }
    const ex = cx + r * Math.cos(a0 + dir * span);
    const ey = cy + r * Math.sin(a0 + dir * span);
    this.d.push(`A${n(r)} ${n(r)} 0 ${span > Math.PI ? 1 : 0} ${sweep} ${n(ex)} ${n(ey)}`);
  }

  closePath(): void {
    if (this.hasPoint) this.d.push('Z');
  }

  fill(color: string, alpha = 1): void {
    this.flush();
    this.pendingFill = { color, alpha };
  }

  stroke(color: string, width: number, alpha = 1, dash?: readonly number[]): void {
    if (this.d.length === 0) {
      this.pendingFill = null;
      return;
    }
    const fill = this.pendingFill;
    this.pendingFill = null;
    const fillAttrs = fill ? `fill="${attr(fill.color)}"${opacity('fill-opacity', fill.alpha)}` : 'fill="none"';
    const dashAttr = dash && dash.length > 0 ? ` stroke-dasharray="${dash.map(n).join(' ')}"` : '';
    this.parts.push(
      `<path d="${this.d.join('')}" ${fillAttrs} stroke="${attr(color)}" stroke-width="${n(width)}"${opacity('stroke-opacity', alpha)}${dashAttr} stroke-linejoin="round" stroke-linecap="round"/>`,
    );
  }

  text(s: string, x: number, y: number, style: TextStyle): void {
    this.flush();
    const anchor = style.align === 'center' ? 'middle' : style.align === 'right' ? 'end' : 'start';
    // dominant-baseline is not honored by every rasterizer: shift the alphabetic baseline by
    // the same amount the label layout assumes, so SVG and PNG renderings agree with the canvas.
    const dy = style.size * baselineShiftEm(style.baseline);
    this.parts.push(
      `<text x="${n(x)}" y="${n(y + dy)}" fill="${attr(style.color)}" font-size="${n(style.size)}" font-family="${attr(this.fontFamily)}"${style.bold ? ' font-weight="bold"' : ''} text-anchor="${anchor}">${escapeText(s)}</text>`,
    );
  }

  /** The finished document. */
  toString(): string {
    return svgDocument(this.width, this.height, [this.content()]);
  }

  /** The drawn elements without the <svg> wrapper, for composing several views in one picture. */
  content(): string {
    this.flush();
    return this.parts.join('\n');
  }

  private flush(): void {
    const fill = this.pendingFill;
    if (!fill) return;
    this.pendingFill = null;
    if (this.d.length === 0) return;
    this.parts.push(`<path d="${this.d.join('')}" fill="${attr(fill.color)}"${opacity('fill-opacity', fill.alpha)}/>`);
  }
}

/** A drawn view placed at (x, y) in a larger picture, clipped to its own size. */
export interface PlacedView {
  readonly content: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * An SVG document of `width × height` holding `views`: drawn content as it is, or placed views
 * (a nested <svg> viewport clips each to its box, e.g. the pair view beside the scene).
 */
export function svgDocument(width: number, height: number, views: readonly (string | PlacedView)[]): string {
  const body = views
    .map((v) =>
      typeof v === 'string'
        ? v
        : `<svg x="${n(v.x)}" y="${n(v.y)}" width="${n(v.width)}" height="${n(v.height)}" viewBox="0 0 ${n(v.width)} ${n(v.height)}">\n${v.content}\n</svg>`,
    )
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${body}\n</svg>\n`;
}

/** Two decimals are a hundredth of a pixel: invisible, and they keep files small. */
function n(v: number): string {
  if (!Number.isFinite(v)) return '0';
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

function opacity(name: string, a: number): string {
  return a < 1 ? ` ${name}="${n(Math.max(0, a))}"` : '';
}

function attr(s: string): string {
  return s.replace(/[&"<>]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : c === '<' ? '&lt;' : '&gt;'));
}

function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}
