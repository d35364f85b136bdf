import type { TextBaseline } from './painter';

/**
 * A text-size estimate that needs no font engine, so that the canvas in the webview and the SVG
 * written in Node (`collide render`, export) lay labels out from the same numbers: a canvas could
 * measure its own text, but SVG has nothing to measure with, and a layout that differed between
 * the panel and its export would make the export lie about what the panel shows.
 *
 * The numbers are DejaVu Sans's, measured once in Chromium at 1000 px: it is the font resvg
 * draws `collide render`'s pictures with, and one of the widest common sans-serif faces (Arial,
 * Liberation Sans, Segoe UI and system-ui all set the same ASCII text narrower), so an estimate
 * from it errs on the side of a box slightly too large, never one that lets two labels touch.
 */

/** Advance widths of ASCII 32 (space) to 126 (~) in DejaVu Sans, thousandths of an em. */
const ADVANCE = Uint16Array.from([
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838,
  838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390,
  337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,
  525, 636, 337, 636, 838,
]);
/** Other characters: about an uppercase letter's width, or a full em for wide (East Asian) ones. */
const OTHER_ADVANCE = 780;
const WIDE_ADVANCE = 1000;

/** DejaVu Sans's ascent and descent (hhea), in ems: the line box a glyph run can fill. */
export const ASCENT_EM = 0.928;
export const DESCENT_EM = 0.236;

/** The estimated advance width of `s` (regular weight) in pixels at font size `size` (px). */
export function estimateTextWidth(s: string, size: number): number {
  let milli = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c >= 32 && c <= 126) milli += ADVANCE[c - 32]!;
    else if (c >= 0xdc00 && c <= 0xdfff) continue; // the second half of a surrogate pair: counted with the first
    else milli += isWide(c) ? WIDE_ADVANCE : OTHER_ADVANCE;
  }
  return (milli / 1000) * size;
}

/** Hangul, CJK, full-width forms and the astral planes (emoji, CJK extensions) take a full em. */
function isWide(c: number): boolean {
  return (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xd800 && c <= 0xdbff);
}

/**
 * Where a Painter baseline puts the alphabetic baseline, in ems below the anchor's y ('bottom',
 * or none: at y). SvgPainter shifts its text by this much, since not every rasterizer honors
 * `dominant-baseline`; the canvas places 'middle' at the em box's middle and the extents below
 * are taken from this one shift, so one answer serves both backends.
 */
export function baselineShiftEm(baseline: TextBaseline | undefined): number {
  return baseline === 'top' ? 0.8 : baseline === 'middle' ? 0.35 : 0;
}

/** The top of a line of text drawn at y with a Painter baseline, relative to y. */
export function textTop(size: number, baseline: TextBaseline): number {
  return (baselineShiftEm(baseline) - ASCENT_EM) * size;
}

/** The bottom of a line of text drawn at y with a Painter baseline, relative to y. */
export function textBottom(size: number, baseline: TextBaseline): number {
  return (baselineShiftEm(baseline) + DESCENT_EM) * size;
}
