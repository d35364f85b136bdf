/**
 * The drawing surface shared by the preview (Canvas 2D) and by export and `collide render`
 * (SVG text): a small immediate-mode subset of the Canvas 2D path API, in *screen* pixels
 * (y down). Scene code transforms world coordinates itself, so line widths and text sizes are
 * the same on every backend and one drawing routine serves both.
 *
 * Performance: callers batch by style (one path holding every static body, one fill, one
 * stroke), so that a frame makes a few fill and stroke calls rather than one per body.
 */
export type TextAlign = 'left' | 'center' | 'right';
export type TextBaseline = 'top' | 'middle' | 'bottom';

export interface TextStyle {
  readonly color: string;
  /** Font size in pixels. */
  readonly size: number;
  readonly align?: TextAlign;
  readonly baseline?: TextBaseline;
  readonly bold?: boolean;
}

export interface Painter {
  readonly width: number;
  readonly height: number;
  /**
   * How many shapes a caller should put in one path before filling it. Chromium's software
   * canvas slows down sharply on paths of thousands of sub-paths, and with tiny bodies drawn by
   * `fillRect` it fills and strokes shapes fastest one per path (bench/preview-frame.ts times it);
   * SVG has no such limit and fewer elements make smaller files. Undefined: no limit.
   */
  readonly batchSize?: number;
  clear(color: string): void;
  /**
   * Fill an axis-aligned rectangle at once (not part of the current path), where the backend has
   * a cheaper way than a path; callers fall back to paths without it.
   */
  fillRect?(x: number, y: number, w: number, h: number, color: string, alpha: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  /** As CanvasRenderingContext2D.arc: angles in screen radians (clockwise, y down). */
  arc(cx: number, cy: number, r: number, a0: number, a1: number, anticlockwise: boolean): void;
  closePath(): void;
  /** Fill the current path (non-zero winding) with a color at an opacity. */
  fill(color: string, alpha?: number): void;
  stroke(color: string, width: number, alpha?: number, dash?: readonly number[]): void;
  text(s: string, x: number, y: number, style: TextStyle): void;
}

/** The font stack used for labels; the webview replaces it with the editor's font family. */
export const DEFAULT_FONT = 'system-ui, -apple-system, "Segoe UI", Ubuntu, sans-serif';
