import type { Painter, TextStyle } from '../../../render/painter';

/** A point of a path on screen: an end of a line, or an arc's center. */
export type PathPoint = [number, number];

/** A path as filled or stroked: its sub-paths (each begun by a moveTo) and how it was painted. */
export interface PaintedPath {
  readonly op: 'fill' | 'stroke';
  readonly color: string;
  /** The line width (0 for a fill). */
  readonly width: number;
  readonly alpha: number | undefined;
  /** The dash pattern joined with commas, '' for a solid line or a fill. */
  readonly dash: string;
  readonly subpaths: PathPoint[][];
  /** Every sub-path's points in order, as one list. */
  readonly points: PathPoint[];
}

export interface PaintedText {
  readonly op: 'text';
  readonly s: string;
  readonly x: number;
  readonly y: number;
  readonly style: TextStyle;
}

/**
 * A painter that keeps what the render tests look at: every fill and stroke with its path's
 * points, and every text, apart and in the order painted.
 */
export class PaintRecorder implements Painter {
  readonly paths: PaintedPath[] = [];
  readonly texts: PaintedText[] = [];
  readonly ops: (PaintedPath | PaintedText)[] = [];
  private subpaths: PathPoint[][] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  clear(): void {}
  beginPath(): void {
    this.subpaths = [];
  }
  moveTo(x: number, y: number): void {
    this.subpaths.push([[x, y]]);
  }
  lineTo(x: number, y: number): void {
    this.add([x, y]);
  }
  arc(cx: number, cy: number): void {
    this.add([cx, cy]);
  }
  closePath(): void {}
  fill(color: string, alpha?: number): void {
    this.painted({ op: 'fill', color, width: 0, alpha, dash: '', subpaths: this.subpaths, points: this.subpaths.flat() });
  }
  stroke(color: string, width: number, alpha?: number, dash?: readonly number[]): void {
    this.painted({ op: 'stroke', color, width, alpha, dash: dash?.join(',') ?? '', subpaths: this.subpaths, points: this.subpaths.flat() });
  }
  text(s: string, x: number, y: number, style: TextStyle): void {
    const t: PaintedText = { op: 'text', s, x, y, style };
    this.texts.push(t);
    this.ops.push(t);
  }

  /** Every path and text, as text (for "no call differs" checks). */
  dump(): string {
    return JSON.stringify(this.ops);
  }

  private add(q: PathPoint): void {
    const last = this.subpaths[this.subpaths.length - 1];
    if (last) last.push(q);
    else this.subpaths.push([q]);
  }

  private painted(path: PaintedPath): void {
    this.paths.push(path);
    this.ops.push(path);
  }
}
