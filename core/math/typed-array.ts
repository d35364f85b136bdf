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
