/**
 * The text an SvgPainter wrote, read back for the label tests (labels.test.ts for the scene,
 * pair-labels.test.ts for the pair view), with each line's box by the estimated metrics the
 * painters lay text out with (text-metrics.ts).
 */
import { ASCENT_EM, DESCENT_EM, estimateTextWidth } from '../../../render/text-metrics';

export interface SvgTextBox {
  readonly text: string;
  readonly size: number;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * Every <text> of `svg` with its box: y is the alphabetic baseline (SvgPainter has already
 * shifted it), the box spans the font's ascent above and descent below, and bold text is taken
 * `boldWidth` times as wide as the regular-weight estimate.
 */
export function svgTextBoxes(svg: string, boldWidth = 1): SvgTextBox[] {
  const out: SvgTextBox[] = [];
  for (const m of svg.matchAll(/<text x="([-\d.]+)" y="([-\d.]+)"[^>]*font-size="([\d.]+)"[^>]*?( font-weight="bold")? text-anchor="(start|middle|end)">([^<]*)<\/text>/g)) {
    const [, xs, ys, sizes, bold, anchor, raw] = m;
    const text = raw!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    const size = Number(sizes);
    const w = estimateTextWidth(text, size) * (bold ? boldWidth : 1);
    const x = Number(xs);
    const y = Number(ys);
    const x0 = anchor === 'start' ? x : anchor === 'middle' ? x - w / 2 : x - w;
    out.push({ text, size, x0, x1: x0 + w, y0: y - ASCENT_EM * size, y1: y + DESCENT_EM * size });
  }
  return out;
}
