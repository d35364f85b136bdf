/**
 * How Collide writes a number for people: diagnostics, hovers, inlay hints, code lenses, the
 * CLI's text and the preview's captions all call this, so that one quantity reads the same
 * everywhere (a time of impact in a diagnostic and in the inlay hint next to it). No Node or DOM
 * API: the server and the webview both bundle this module.
 *
 * Precision: 6 significant digits, the default of C's `%g` (ISO C §7.21.6.1), which shows a value
 * as written in any realistic scene (`9.80665`, `0.016667`) and is finer than every computed
 * quantity the analysis reports (times of impact are accurate to 1e-4 of a step,
 * scene-language.md). Like `%g`, fixed notation for magnitudes from 1e-4 up to 1e6 and exponent
 * notation outside, both without trailing zeros; unlike it, the exponent has no padding
 * (`1.5e-7`, `1e+9`, as JavaScript writes them). Negative zero is written `0`; infinities and NaN
 * as JavaScript names them.
 *
 * Text written back into a document (the preview's drags, client/src/preview/edits.ts) is not
 * for reading but for keeping: it uses decimals tied to the zoom, not this.
 */

/** Significant digits of `formatNumber`. */
export const SIGNIFICANT_DIGITS = 6;

export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (n === 0) return '0';
  // Rounded first, so that the notation is chosen on the digits shown (999999.7 is 1e+6, as in %g).
  const r = Number(n.toPrecision(SIGNIFICANT_DIGITS));
  const a = Math.abs(r);
  // JavaScript's shortest round-trip form of the rounded value has no trailing zeros, and uses
  // fixed notation throughout this range.
  if (a >= 1e-4 && a < 1e6) return String(r);
  return r.toExponential();
}

/** A vector or point: `(x, y)`, each coordinate by `formatNumber`. */
export function formatVector(x: number, y: number): string {
  return `(${formatNumber(x)}, ${formatNumber(y)})`;
}
