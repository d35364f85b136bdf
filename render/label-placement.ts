/**
 * Greedy label placement: labels are taken one at a time in priority order, and each goes to the
 * first of a few candidate places whose box meets no box placed before it, or is left out. This
 * is the greedy baseline of point-feature labeling (Christensen, Marks and Shieber, "An
 * empirical study of algorithms for point-feature label placement", ACM Transactions on
 * Graphics 14(3), 1995): not optimal on a dense map, but stable (a label moves only when one of
 * higher priority takes its place, so hovering one body does not reshuffle the rest) and cheap.
 * In a scene view the labels sit inside their bodies and mostly meet only between neighbors,
 * which a shift up or down inside the body resolves.
 *
 * Two kinds of obstacle: other text (labels, the caption, the grid's numbers), which a label
 * never meets, and marks (arrows, contact points), which it covers only when every candidate
 * covers some, choosing the least covered: a name over an arrow still reads, a missing one
 * does not. Boxes are in screen pixels (y down).
 */
import { growFloat64 } from '../core';

/**
 * The most lines a label is shifted by: beyond that it is far from its body's middle, and in a
 * crowded view a label left out reads better than one drifting away (and the search stays short).
 */
export const MAX_SHIFTS = 3;

export class LabelPlacer {
  /** Boxes no label may meet (placed labels, other text): x0, y0, x1, y1 each. */
  private readonly hard = new BoxList();
  /** Boxes a label should rather not cover (marks drawn under it), given up before the label is. */
  private readonly soft = new BoxList();

  /**
   * @param gap the least distance in pixels kept between a label and any box: about a space at
   *   the labels' size, so that two names side by side never read as one
   */
  constructor(private readonly gap = 4) {}

  /** Forget every box (the start of a frame). */
  reset(): void {
    this.hard.n = 0;
    this.soft.n = 0;
  }

  /** How many labels and reserved boxes there are. */
  get count(): number {
    return this.hard.n;
  }

  /** Keep labels off a box of text drawn anyway (a caption, the grid's labels). */
  reserve(x0: number, y0: number, x1: number, y1: number): void {
    this.hard.push(x0, y0, x1, y1);
  }

  /**
   * Keep labels off a mark when they can (an arrow, a contact point): a label goes over marks
   * only when every candidate place covers some, rather than being left out for them.
   */
  avoid(x0: number, y0: number, x1: number, y1: number): void {
    this.soft.push(x0, y0, x1, y1);
  }

  /**
   * Place the label box (x0, y0)–(x1, y1) at the first of these candidates that meets nothing:
   * where it is, then shifted by −s, +s, −2s, +2s ... vertically (s: its height plus the gap),
   * at most MAX_SHIFTS times and never more than `maxShift` (the last shift is cut to it). When every candidate
   * covers some mark, the one covering the least area of marks wins. Candidates that meet a
   * label or a reserved box are never taken. Returns the vertical shift the label was placed
   * at, or NaN when every candidate meets a label or a reserved box (the label is left out).
   */
  place(x0: number, y0: number, x1: number, y1: number, maxShift = 0): number {
    if (!(x1 >= x0 && y1 >= y0)) return NaN;
    const step = y1 - y0 + this.gap;
    let best = NaN;
    let bestCost = Infinity;
    for (let k = 0; k <= MAX_SHIFTS && (k === 0 || (k - 1) * step < maxShift); k++) {
      const shift = Math.min(k * step, maxShift);
      // Upwards first: a name above its body's middle reads as belonging to it, as on a map.
      for (let side = k === 0 ? 1 : -1; side <= 1; side += 2) {
        const dy = side * shift;
        if (!this.hard.clear(x0, y0 + dy, x1, y1 + dy, this.gap)) continue;
        const cost = this.soft.covered(x0, y0 + dy, x1, y1 + dy, this.gap);
        if (cost < bestCost) {
          best = dy;
          bestCost = cost;
          if (cost === 0) break;
        }
      }
      if (bestCost === 0) break;
    }
    if (!Number.isNaN(best)) this.hard.push(x0, y0 + best, x1, y1 + best);
    return best;
  }
}

/** A growable flat list of boxes; checks are linear, which a few hundred labels a frame afford. */
export class BoxList {
  b = new Float64Array(4 * 64);
  n = 0;

  push(x0: number, y0: number, x1: number, y1: number): void {
    if (4 * (this.n + 1) > this.b.length) this.b = growFloat64(this.b, 4 * (this.n + 1));
    const k = 4 * this.n++;
    this.b[k] = x0;
    this.b[k + 1] = y0;
    this.b[k + 2] = x1;
    this.b[k + 3] = y1;
  }

  /** The area of the list's boxes that the box, grown by `gap`, covers (overlaps counted twice). */
  covered(x0: number, y0: number, x1: number, y1: number, gap: number): number {
    const b = this.b;
    let area = 0;
    for (let k = 0; k < 4 * this.n; k += 4) {
      const w = Math.min(x1 + gap, b[k + 2]!) - Math.max(x0 - gap, b[k]!);
      const h = Math.min(y1 + gap, b[k + 3]!) - Math.max(y0 - gap, b[k + 1]!);
      if (w > 0 && h > 0) area += w * h;
    }
    return area;
  }

  /** Whether the box keeps at least `gap` from every box in the list. */
  clear(x0: number, y0: number, x1: number, y1: number, gap: number): boolean {
    const b = this.b;
    for (let k = 0; k < 4 * this.n; k += 4) {
      if (x0 < b[k + 2]! + gap && x1 > b[k]! - gap && y0 < b[k + 3]! + gap && y1 > b[k + 1]! - gap) return false;
    }
    return true;
  }
}
