/** The typed arrays Collide keeps its columns in. */
export type Column = Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer>;

/**
 * A new array of `a`'s kind and `length` elements, starting with a copy of `a` (the rest zero).
 * For structures that keep several parallel columns and grow them together.
 */
export function resized<T extends Column>(a: T, length: number): T {
  const b = new (a.constructor as new (length: number) => T)(length);
  b.set(a);
  return b;
}

/**
 * Doubles a typed array's capacity until it holds `needed` elements, keeping its contents; the
 * doubling starts from at least 16, so an empty array grows too.
 */
export function growFloat64(a: Float64Array<ArrayBuffer>, needed: number): Float64Array<ArrayBuffer> {
  if (needed <= a.length) return a;
  let n = Math.max(16, a.length);
  while (n < needed) n *= 2;
  return resized(a, n);
}

/** growFloat64 for Int32Array; the new elements are `fill`. */
export function growInt32(a: Int32Array<ArrayBuffer>, needed: number, fill = 0): Int32Array<ArrayBuffer> {
  if (needed <= a.length) return a;
  let n = Math.max(16, a.length);
  while (n < needed) n *= 2;
  const b = resized(a, n);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}
