/**
 * Contrast of colors as WCAG 2.x defines it (relative luminance of sRGB, ratio
 * (L1 + 0.05) / (L2 + 0.05); https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): AA asks 4.5:1
 * for text and 3:1 for graphics such as a legend's swatch or a plotted line. Theme colors come
 * from the editor and are chosen for its own use (charts on a panel, say), not for text on the
 * editor's background, so the painters that put text in a theme color make it legible first.
 */

/** AA's least contrast for normal text and for graphical objects. */
export const TEXT_CONTRAST = 4.5;
export const GRAPHIC_CONTRAST = 3;

/**
 * A CSS color as [r, g, b] in 0..255: `#rgb`, `#rrggbb`, `#rrggbbaa` (alpha dropped) or
 * `rgb()`/`rgba()` with numbers; null for anything else (a named color, a variable).
 */
export function parseColor(color: string): [number, number, number] | null {
  const s = color.trim();
  let m = /^#([0-9a-f])([0-9a-f])([0-9a-f])([0-9a-f])?$/i.exec(s);
  if (m) return [parseInt(m[1]! + m[1]!, 16), parseInt(m[2]! + m[2]!, 16), parseInt(m[3]! + m[3]!, 16)];
  m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(s);
  if (m) return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(s);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])].map((x) => Math.min(255, Math.max(0, x))) as [number, number, number];
  return null;
}

/** A CSS color's alpha in 0..1 (`#rgba`, `#rrggbbaa`, `rgba()`); 1 when it has none or is unreadable. */
export function alphaOf(color: string): number {
  const s = color.trim();
  let m = /^#[0-9a-f]{3}([0-9a-f])$/i.exec(s);
  if (m) return parseInt(m[1]! + m[1]!, 16) / 255;
  m = /^#[0-9a-f]{6}([0-9a-f]{2})$/i.exec(s);
  if (m) return parseInt(m[1]!, 16) / 255;
  m = /^rgba?\(\s*[\d.]+[\s,]+[\d.]+[\s,]+[\d.]+[\s,/]+([\d.]+)(%?)/i.exec(s);
  if (m) return Math.min(1, Math.max(0, Number(m[1]) / (m[2] ? 100 : 1)));
  return 1;
}

/**
 * A translucent `color` as it shows over an opaque `background` (alpha compositing), as `#rrggbb`;
 * an opaque or unreadable color unchanged. Themes give some chart colors translucent (code-server's
 * charts.orange is rgba(234, 92, 0, 0.33)): their contrast is that of what is seen.
 */
export function flattenOn(color: string, background: string): string {
  const a = alphaOf(color);
  const c = parseColor(color);
  const bg = parseColor(background);
  if (a >= 1 || !c || !bg) return color;
  return hexOf([c[0] * a + bg[0] * (1 - a), c[1] * a + bg[1] * (1 - a), c[2] * a + bg[2] * (1 - a)]);
}

/** WCAG's relative luminance of an sRGB color in 0..255. */
export function luminance(rgb: readonly [number, number, number]): number {
  const lin = (c: number): number => {
    const x = c / 255;
    return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
}

/** The contrast ratio of `a` (as it shows over `b`, when translucent) and `b`, 1 to 21; NaN when either is not a color parseColor reads. */
export function contrastRatio(a: string, b: string): number {
  const x = parseColor(flattenOn(a, b));
  const y = parseColor(b);
  if (!x || !y) return NaN;
  const la = luminance(x);
  const lb = luminance(y);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `shown` (opaque, as it shows on `background`), or the nearest color of its hue mixed towards white (on a dark background) or black
 * (on a light one) that has at least `ratio` contrast with `background`: the legend keeps the
 * theme's hue and becomes readable. Colors it cannot read are returned unchanged.
 */
export function legibleOn(shown: string, background: string, ratio: number): string {
  // Text and swatches are drawn opaque: a translucent color as it would show, then made legible.
  const color = flattenOn(shown, background);
  const c = parseColor(color);
  const bg = parseColor(background);
  if (!c || !bg || contrastRatio(color, background) >= ratio) return color;
  const towards = luminance(bg) < 0.18 ? 255 : 0;
  // The contrast grows monotonically with the mix, so bisect for the least mix that reaches it.
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 20; k++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio(hexOf(mix(c, towards, mid)), background) >= ratio) hi = mid;
    else lo = mid;
  }
  return hexOf(mix(c, towards, hi));
}

function mix(c: readonly [number, number, number], to: number, t: number): [number, number, number] {
  return [c[0] + (to - c[0]) * t, c[1] + (to - c[1]) * t, c[2] + (to - c[2]) * t];
}

function hexOf(c: readonly [number, number, number]): string {
  return '#' + c.map((x) => Math.round(x).toString(16).padStart(2, '0')).join('');
}
