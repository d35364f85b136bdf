/**
 * A small structural validator for everything that crosses a process or frame boundary.
 *
 * The webview is an untrusted page as far as the extension host is concerned (it renders data
 * derived from a user's file and could be confused by a bad one), and the host's messages reach
 * the webview through `postMessage`: each side checks the shape of every message before acting
 * on it and ignores what does not fit. A check is a type guard, so a validated message is typed
 * without a cast. No dependency: this module is bundled into the webview as well.
 */
export type Check<T> = (value: unknown) => value is T;

/** The type a check guards. */
export type Checked<C> = C extends Check<infer T> ? T : never;

export const isFiniteNumber: Check<number> = (v): v is number => typeof v === 'number' && Number.isFinite(v);

export const isNonNegativeInteger: Check<number> = (v): v is number => Number.isInteger(v) && (v as number) >= 0;

export const isBoolean: Check<boolean> = (v): v is boolean => typeof v === 'boolean';

/** Strings are bounded so that a hostile message cannot make either side hold huge text. */
export function stringOf(maxLength = 4096): Check<string> {
  return (v): v is string => typeof v === 'string' && v.length <= maxLength;
}
export const isString = stringOf();

export function literal<const L extends string | number | boolean | null>(...values: readonly L[]): Check<L> {
  return (v): v is L => (values as readonly unknown[]).includes(v);
}

export function arrayOf<T>(item: Check<T>, maxLength = 1_000_000): Check<T[]> {
  return (v): v is T[] => {
    if (!Array.isArray(v) || v.length > maxLength) return false;
    for (let i = 0; i < v.length; i++) if (!item(v[i])) return false;
    return true;
  };
}

/** A flat array of finite numbers (coordinates as x0, y0, x1, y1, ...). */
export function numbersOf(maxLength = 4_000_000, even = false): Check<number[]> {
  return (v): v is number[] => {
    if (!Array.isArray(v) || v.length > maxLength || (even && v.length % 2 !== 0)) return false;
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (typeof x !== 'number' || !Number.isFinite(x)) return false;
    }
    return true;
  };
}

/** `[x, y]` with finite numbers. */
export const isPoint: Check<[number, number]> = (v): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && isFiniteNumber(v[0]) && isFiniteNumber(v[1]);

export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (v): v is T | undefined => v === undefined || check(v);
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (v): v is T | null => v === null || check(v);
}

type Shape = Record<string, Check<unknown>>;
type ObjectOf<S extends Shape> = {
  [K in keyof S as undefined extends Checked<S[K]> ? never : K]: Checked<S[K]>;
} & {
  [K in keyof S as undefined extends Checked<S[K]> ? K : never]?: Checked<S[K]>;
};

/**
 * A plain object whose listed fields pass their checks. Unlisted fields are allowed (a newer
 * peer may send more) but never read.
 */
export function objectOf<S extends Shape>(shape: S): Check<ObjectOf<S>> {
  const keys = Object.keys(shape);
  return (v): v is ObjectOf<S> => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    for (const k of keys) if (!shape[k]!(o[k])) return false;
    return true;
  };
}

/**
 * A discriminated union on `type`: the message's `type` picks the one check to run, so an
 * unknown type is rejected in O(1) and a known one is checked only against its own shape.
 */
export function tagged<M extends Record<string, Check<unknown>>>(variants: M): Check<Checked<M[keyof M]>> {
  return (v): v is Checked<M[keyof M]> => {
    if (typeof v !== 'object' || v === null) return false;
    const type = (v as { type?: unknown }).type;
    if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(variants, type)) return false;
    return variants[type]!(v);
  };
}
