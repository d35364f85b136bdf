/**
 * The cosine and sine of an angle from IEEE 754 +, -, * and / alone, so that every JavaScript
 * engine makes the same doubles: Math.cos and Math.sin may differ in the last place between
 * engines (Node's V8 and Chromium's do for some angles). The scene's bytes rely on it: a turned
 * body whose bounds the reader can make again from its angle with these is written without them
 * (preview-body-bounds.ts). Catto makes rotations deterministic across platforms the same way
 * (Box2D v3, b2ComputeCosSin).
 *
 * The angle is reduced to r + e, r in [-π/4, π/4], and a quadrant (Cody and Waite: π/2 in three
 * parts of which the first two have 33 significant bits, so k times either is exact for
 * |k| < 2^20; e is the rounding error of the one subtraction that rounds, recovered exactly as in
 * Knuth's two-sum). sin r and cos r are Taylor polynomials to r^17 and r^16, whose next terms are
 * below 2^-60 of the result on that interval, corrected to first order in e; cos r adds its small
 * part to the rounding error of 1 - r²/2, recovered exactly. Within an ulp of the true values, and
 * equal to Node's Math.cos and Math.sin for about 97% of angles; far from zero
 * (|angle| > 2^19 π/2) the reduction loses accuracy, but stays the same everywhere.
 */

const TWO_OVER_PI = 0.6366197723675814;
const PIO2_1 = 1.5707963267341256; // 0x1.921fb544p+0
const PIO2_2 = 6.077100506303966e-11; // 0x1.0b4611a6p-34
const PIO2_3 = 2.0222662487959506e-21; // 0x1.3198a2e037073p-69

const S1 = -1 / 6;
const S2 = 1 / 120;
const S3 = -1 / 5040;
const S4 = 1 / 362880;
const S5 = -1 / 39916800;
const S6 = 1 / 6227020800;
const S7 = -1 / 1307674368000;
const S8 = 1 / 355687428096000;

const C2 = 1 / 24;
const C3 = -1 / 720;
const C4 = 1 / 40320;
const C5 = -1 / 3628800;
const C6 = 1 / 479001600;
const C7 = -1 / 87178291200;
const C8 = 1 / 20922789888000;

/** [cos angle, sin angle] into `out` (the same doubles in every engine). */
export function cosSin(angle: number, out: [number, number]): void {
  const k = Math.round(angle * TWO_OVER_PI);
  // r + e is the reduced angle: t - k PIO2_2 rounds, and its error is kept in e.
  const t = angle - k * PIO2_1;
  const p2 = k * PIO2_2;
  const u = t - p2;
  const p3 = k * PIO2_3;
  const r = u - p3;
  const e = u - r - p3 + (t - u - p2);
  const z = r * r;
  // sin(r + e) = sin r + e cos r, and cos(r + e) = cos r - e sin r, to the first order in e.
  const sr = r + (e + r * z * (S1 + z * (S2 + z * (S3 + z * (S4 + z * (S5 + z * (S6 + z * (S7 + z * S8))))))));
  const hz = 0.5 * z;
  const w = 1 - hz;
  const cr = w + (1 - w - hz + (z * z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * (C6 + z * (C7 + z * C8)))))) - r * e));
  const q = ((k % 4) + 4) % 4;
  out[0] = q === 0 ? cr : q === 1 ? -sr : q === 2 ? -cr : sr;
  out[1] = q === 0 ? sr : q === 1 ? cr : q === 2 ? -sr : -cr;
}
