// Numbers read in place from the text, without slicing a string for each: most numbers in a map
// are short decimals ("128", "-3.5", "0.9375"), for which one division of two exactly
// representable doubles is correctly rounded (Clinger's fast path: W. D. Clinger, "How to read
// floating point numbers accurately", PLDI 1990), so the result equals Number() of the text.

const POWERS = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The number written in text[start, end) when it is a plain decimal `-?digits(.digits)?` of at
 * most 15 significant digits; undefined for anything else (the caller then uses Number()).
 */
export function plainDecimal(text: string, start: number, end: number): number | undefined {
  let i = start;
  const negative = text.charCodeAt(i) === 45;
  if (negative) i++;
  let mantissa = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      if (mantissa !== 0) digits++;
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0) fraction = 0;
    else return undefined;
  }
  // Needs a digit before any '.', and one after it; at most 15 significant digits (< 2^53) and 22 decimals (10^22 is exact).
  if (i === (negative ? start + 1 : start) || text.charCodeAt(negative ? start + 1 : start) === 46 || fraction === 0 || digits > 15 || fraction > 22) return undefined;
  const value = fraction > 0 ? mantissa / POWERS[fraction]! : mantissa;
  return negative ? -value : value;
}
