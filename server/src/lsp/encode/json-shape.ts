import type { JsonBytes } from './json-bytes';

/**
 * The shape of a list's elements as data (ordered keys and the kind of each value), from which one
 * generic writer puts an element's UTF-8 JSON into a list's slabs (json-bytes.ts) exactly as
 * JSON.stringify writes a value of that shape, with no text in between: a record's constant key
 * prefixes are encoded once, numbers are written as SerializeJSONProperty writes them (ToString of
 * a finite number, `null` otherwise; ECMA-262 25.5.2.2) and strings as QuoteJSONString does
 * (25.5.2.3), through JSON.stringify when a character may need escaping.
 *
 * The bytes equal JSON.stringify's when the values have the shape: a record's own enumerable keys
 * are the shape's keys in the same order (the order its literal creates them), with no toJSON;
 * an optional value may be `undefined` (its key is then left out of a record, and an array holds
 * `null`, as JSON.stringify does). Tests compare the two over random records of every shape used.
 */
export type JsonShape<T> = (NumberShape | StringShape | RecordShape | ArrayShape | OptionalShape | SharedShape) & { readonly __value?: () => T };

interface NumberShape {
  readonly kind: 'number';
}
interface StringShape {
  readonly kind: 'string';
}
interface RecordShape {
  readonly kind: 'record';
  readonly keys: readonly string[];
  readonly values: readonly JsonShape<unknown>[];
}
interface ArrayShape {
  readonly kind: 'array';
  readonly of: JsonShape<unknown>;
}
interface SharedShape {
  readonly kind: 'shared';
  readonly of: JsonShape<unknown>;
}
interface OptionalShape {
  readonly kind: 'optional';
  readonly of: JsonShape<unknown>;
  readonly optional: true;
}

/** A number (an integer or not): JSON.stringify's text of it. */
export const number: JsonShape<number> = { kind: 'number' };
/** A string, escaped as JSON.stringify escapes it. */
export const string: JsonShape<string> = { kind: 'string' };

/** The values of a shape. */
export type ValueOf<S> = S extends JsonShape<infer T> ? T : never;

type Fields = Record<string, JsonShape<any>>;
type OptionalKeys<F extends Fields> = { [K in keyof F]: F[K] extends OptionalJsonShape<unknown> ? K : never }[keyof F];
type RecordOf<F extends Fields> = { readonly [K in Exclude<keyof F, OptionalKeys<F>>]: ValueOf<F[K]> } & { readonly [K in OptionalKeys<F>]?: ValueOf<F[K]> };

/** A record whose keys are `fields`' keys in their order, each value of its field's shape. */
export function record<F extends Fields>(fields: F): JsonShape<RecordOf<F>> {
  const keys = Object.keys(fields);
  return { kind: 'record', keys, values: keys.map((k) => fields[k]!) };
}

/** An array whose elements all have the shape `of`. */
export function arrayOf<T>(of: JsonShape<T>): JsonShape<readonly T[]> {
  return { kind: 'array', of };
}

/** A value of shape `of`, or `undefined` (as a record's value, its key may be missing). */
export type OptionalJsonShape<T> = JsonShape<T | undefined> & { readonly optional: true };

export function optional<T>(of: JsonShape<T>): OptionalJsonShape<T> {
  return { kind: 'optional', of, optional: true };
}

/**
 * A value of shape `of` that elements often share, the same object or string one after another
 * (the range of a body's lenses, the URI of every flat symbol): one identical to the last one
 * written is written as a copy of those bytes. Such a value must not change once emitted; the
 * values of other shapes may (a caller may refill one scratch record for every element).
 */
export function shared<T>(of: JsonShape<T>): JsonShape<T> {
  // A record leaves out an optional key only when the optional shape is its value's own.
  if (of.kind === 'optional') throw new Error('shared(optional(x)): write optional(shared(x))');
  return { kind: 'shared', of };
}

/** Writes a value of a shape as JSON.stringify would, into `out`. */
export type ShapeWriter<T> = (out: JsonBytes, value: T) => void;

/** The writer of values of `shape` (one that is `undefined` as `null`, as in an array). */
export function shapeWriter<T>(shape: JsonShape<T>): ShapeWriter<T> {
  return writerOf(shape) as ShapeWriter<T>;
}

const utf8 = new TextEncoder();
const NULL = utf8.encode('null');

function writerOf(shape: JsonShape<unknown>): ShapeWriter<never> {
  switch (shape.kind) {
    case 'number':
      return writeNumber;
    case 'string':
      return writeString;
    case 'optional': {
      const of = writerOf(shape.of);
      return (out, v: unknown) => (v === undefined ? out.raw(NULL) : of(out, v as never));
    }
    case 'array':
      return arrayWriter(shape);
    case 'record':
      return recordWriter(shape);
    case 'shared':
      return repeated(writerOf(shape.of));
  }
}

function writeNumber(out: JsonBytes, n: number): void {
  out.number(n);
}

function writeString(out: JsonBytes, s: string): void {
  out.string(s);
}

/**
 * `write`, except that a value identical to the last one it wrote is written as a copy of the
 * bytes written then (unless they moved to another slab while being written: a slab's written
 * bytes never change, json-bytes.ts).
 */
function repeated<T>(write: ShapeWriter<T>): ShapeWriter<T> {
  let last: T | undefined;
  let lastSlab: Uint8Array = new Uint8Array(0);
  let from = 0;
  let to = 0;
  return (out, value) => {
    if (value === last) {
      out.copy(lastSlab, from, to);
      return;
    }
    const slab = out.slab;
    const start = out.position;
    write(out, value);
    if (out.slab === slab) {
      last = value;
      lastSlab = slab;
      from = start;
      to = out.position;
    } else last = undefined;
  };
}

const OPEN_ARRAY = 0x5b; // '['
const CLOSE_ARRAY = 0x5d; // ']'
const COMMA = 0x2c; // ','
const CLOSE_RECORD = 0x7d; // '}'
const EMPTY_RECORD = utf8.encode('{}');

function arrayWriter(shape: ArrayShape): ShapeWriter<readonly never[]> {
  if (shape.of.kind === 'number') {
    return (out, a: readonly number[]) => {
      out.byte(OPEN_ARRAY);
      for (let i = 0; i < a.length; i++) {
        if (i > 0) out.byte(COMMA);
        out.number(a[i]!);
      }
      out.byte(CLOSE_ARRAY);
    };
  }
  const of = writerOf(shape.of);
  return (out, a) => {
    out.byte(OPEN_ARRAY);
    for (let i = 0; i < a.length; i++) {
      if (i > 0) out.byte(COMMA);
      of(out, a[i]!);
    }
    out.byte(CLOSE_ARRAY);
  };
}

/**
 * A record's writer: before value i, `firsts[i]` (`{"key":`) when it is the first written and
 * `prefixes[i]` (`,"key":`) otherwise; an optional value that is `undefined` is left out with its
 * key, as JSON.stringify leaves it.
 */
function recordWriter(shape: RecordShape): ShapeWriter<Record<string, never>> {
  const { keys } = shape;
  const n = keys.length;
  const optional = shape.values.map((v) => v.kind === 'optional');
  const inner = shape.values.map((v) => (v.kind === 'optional' ? v.of : v));
  // Numbers are written here rather than through a writer: most values are numbers.
  const numeric = inner.map((v) => v.kind === 'number');
  const writers = inner.map(writerOf);
  const prefixes = keys.map((k) => utf8.encode(`,${JSON.stringify(k)}:`));
  const firsts = keys.map((k) => utf8.encode(`{${JSON.stringify(k)}:`));
  if (n > 0 && !optional.includes(true)) {
    const first = firsts[0]!;
    return (out, r) => {
      out.raw(first);
      for (let i = 0; i < n; i++) {
        if (i > 0) out.raw(prefixes[i]!);
        const v = r[keys[i]!]!;
        if (numeric[i]) out.number(v);
        else writers[i]!(out, v);
      }
      out.byte(CLOSE_RECORD);
    };
  }
  return (out, r) => {
    let open = false;
    for (let i = 0; i < n; i++) {
      const v = r[keys[i]!]!;
      if (optional[i] && v === undefined) continue;
      out.raw(open ? prefixes[i]! : firsts[i]!);
      open = true;
      if (numeric[i]) out.number(v);
      else writers[i]!(out, v);
    }
    if (open) out.byte(CLOSE_RECORD);
    else out.raw(EMPTY_RECORD);
  };
}
