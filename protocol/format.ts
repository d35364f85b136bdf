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
  return fastFormat(n) ?? formatByPrecision(n);
}

/**
 * The definition: round to 6 significant digits with toPrecision (exact on the double's decimal
 * value, ECMA-262 §21.1.3.5), read back, and write the rounded value. Every value the fast path
 * declines comes here.
 */
function formatByPrecision(n: number): string {
  // Rounded first, so that the notation is chosen on the digits shown (999999.7 is 1e+6, as in %g).
  const r = Number(n.toPrecision(SIGNIFICANT_DIGITS));
  const a = Math.abs(r);
  // JavaScript's shortest round-trip form of the rounded value has no trailing zeros, and uses
  // fixed notation throughout this range.
  if (a >= 1e-4 && a < 1e6) return String(r);
  return r.toExponential();
}

/** 10^k for k = 0..22: every one exactly a double (10^22 < 2^53 · 2^22), so products and quotients by them round once. */
const POW10 = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
/** Below this distance from a .5 tie, the scaled value's one rounding could have moved it across. */
const TIE_MARGIN = 1e-7;

/** The least and greatest decimal exponent fastFormat writes (1e-17 <= |n| < 1e22, and 1e22 from rounding up). */
const E_MIN = -17;
const E_MAX = 22;
/**
 * How fastFormat lays out the six digits of a value whose leading digit has decimal exponent e,
 * by e - E_MIN: the text before them (fixed notation below 1: `0.`, `0.0` ...), how many of them
 * come before the decimal point (0 then, e + 1 in fixed notation from 1, 1 in exponent
 * notation), and the text after them (exponent notation: `e-7`, `e+6`). One path for every
 * exponent: a branch that a rare exponent alone takes would make the optimizing compiler throw
 * the function's code away when that exponent first comes (it compiles no code for what it has
 * not seen run), and a check's report met the first value below 1e-4 after thousands of others.
 */
const PREFIX: string[] = [];
const INTEGER_DIGITS: number[] = [];
const SUFFIX: string[] = [];
for (let e = E_MIN; e <= E_MAX; e++) {
  const fixed = e >= -4 && e <= 5;
  PREFIX.push(fixed && e < 0 ? `0.${'0'.repeat(-e - 1)}` : '');
  INTEGER_DIGITS.push(fixed ? Math.max(e + 1, 0) : 1);
  SUFFIX.push(fixed ? '' : `e${e < 0 ? '-' : '+'}${Math.abs(e)}`);
}

/**
 * formatByPrecision's result without its three conversions (toPrecision, the decimal parse, the
 * shortest round-trip print), for the decimal exponents whose scale factor is an exact double:
 * a quarter of `collide check`'s output time on a 10k-body level went to them.
 *
 * The six digits are the integer k nearest |n| · 10^(5-e), where 10^e <= |n| < 10^(e+1): that is
 * toPrecision's n (§21.1.3.5 step 10) as long as the one rounding of the scaling cannot cross a
 * .5 tie, so a fraction within TIE_MARGIN of .5 (a relative 1e-13, thousands of ulps) declines.
 * The rounded value is then k · 10^(e-5), and its shortest round-trip form (Number::toString,
 * §6.1.6.1.20) is k's digits with the trailing zeros dropped: a decimal of at most 6 significant
 * digits is the only one of that length naming its double (doubles carry 15 or more), so the
 * printer's shortest digits are exactly k's. Steele & White's and Burger & Dybvig's printers
 * ("How to print floating-point numbers accurately", PLDI 1990 and 1996) rest on the same fact.
 */
function fastFormat(n: number): string | undefined {
  const a = n < 0 ? -n : n;
  // Decimal exponent of the leading digit, by comparison (Math.log10 is not exact at powers of
  // ten); a guess one off is caught below by k leaving [10^5, 10^6].
  let e: number;
  if (a >= 1) {
    if (a >= 1e22) return undefined;
    e = 0;
    while (e < 22 && a >= POW10[e + 1]!) e++;
  } else {
    if (a < 1e-17) return undefined;
    e = -1;
    while (a * POW10[-e]! < 1) e--;
  }
  const m = e <= 5 ? a * POW10[5 - e]! : a / POW10[e - 5]!;
  let k = Math.floor(m);
  const frac = m - k;
  if (Math.abs(frac - 0.5) < TIE_MARGIN) return undefined;
  if (frac > 0.5) k++;
  if (k === 1e6) {
    k = 1e5;
    e++;
  }
  if (k < 1e5 || k >= 1e6) return undefined;
  const digits = String(k);
  let end = 6;
  while (digits.charCodeAt(end - 1) === 48 /* 0 */) end--;
  // Fixed notation keeps the zeros of its integer part (120000); the fraction, and an exponent's
  // mantissa, lose theirs (toExponential writes d[.ddddd]e±x).
  const layout = e - E_MIN;
  const integer = INTEGER_DIGITS[layout]!;
  const fraction = end > integer ? digits.slice(integer, end) : '';
  const point = integer > 0 && fraction !== '' ? '.' : '';
  return `${n < 0 ? '-' : ''}${PREFIX[layout]!}${digits.slice(0, integer)}${point}${fraction}${SUFFIX[layout]!}`;
}

/** A vector or point: `(x, y)`, each coordinate by `formatNumber`. */
export function formatVector(x: number, y: number): string {
  return `(${formatNumber(x)}, ${formatNumber(y)})`;
}

/**
 * A number written back into a document from the preview (a drag): at most `decimals` places,
 * no trailing zeros, never `-0`; `decimals` is tied to the zoom (about one pixel).
 */
export function formatDecimals(x: number, decimals: number): string {
  const s = x.toFixed(Math.max(0, Math.min(12, decimals)));
  const trimmed = s.includes('.') ? s.replace(/\.?0+$/, '') : s;
  return trimmed === '-0' ? '0' : trimmed;
}
