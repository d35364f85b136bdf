// A JSON parser that keeps every value's UTF-16 range (RFC 8259), for Tiled's .tmj, .tsj and
// .tj files. It never throws: the first syntax error is a diagnostic, and the values read up to
// it are kept (an unfinished object or array ends there), so a truncated map still yields the
// objects before the cut.
//
// The tree is flat: a value is a handle (an offset into one number array) holding its kind,
// range, first child, next sibling and, for an object's member, its key's range. Strings and
// numbers are read from the text only when asked, so a map of 100,000 objects costs one array
// rather than a million small objects.
import type { Diagnostic } from '../../common/diagnostic';
import { plainDecimal } from './decimal';
import { IntList } from './int-list';

export const JsonKind = { Object: 0, Array: 1, String: 2, Number: 3, True: 4, False: 5, Null: 6 } as const;
export type JsonKind = (typeof JsonKind)[keyof typeof JsonKind];

/** No value. */
export const NONE = -1;
/** Nesting deeper than this is an error rather than a stack overflow. */
const MAX_DEPTH = 512;
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export class JsonDocument {
  readonly diagnostics: Diagnostic[] = [];
  /** The top value's handle, or NONE when the text has none. */
  root = NONE;
  /**
   * @internal Per value (its handle is its offset), 8 numbers: kind, start, end, first child,
   * next sibling, key start, key end (NONE when not a member), 1 when its string or key has escapes.
   * Read through `v` (the list's array once parsing is done).
   */
  v: Int32Array = new Int32Array(0);

  constructor(readonly text: string) {}

  kind(h: number): JsonKind {
    return this.v[h]! as JsonKind;
  }
  start(h: number): number {
    return this.v[h + 1]!;
  }
  end(h: number): number {
    return this.v[h + 2]!;
  }
  first(h: number): number {
    return this.v[h + 3]!;
  }
  next(h: number): number {
    return this.v[h + 4]!;
  }
  /** The range of a member's key (quotes included), or of the value itself when it is no member. */
  keyStart(h: number): number {
    const k = this.v[h + 5]!;
    return k === NONE ? this.v[h + 1]! : k;
  }
  keyEnd(h: number): number {
    const k = this.v[h + 6]!;
    return k === NONE ? this.v[h + 2]! : k;
  }
  key(h: number): string {
    const s = this.v[h + 5]!;
    if (s === NONE) return '';
    const raw = this.text.slice(s + 1, this.v[h + 6]! - 1);
    return this.v[h + 7] === 1 ? unescape(raw) : raw;
  }
  /** The member `key` of an object (the last one when repeated, as JSON.parse does), or NONE. */
  member(h: number, key: string): number {
    if (h === NONE || this.v[h] !== JsonKind.Object) return NONE;
    const v = this.v;
    const text = this.text;
    let found = NONE;
    for (let c = v[h + 3]!; c !== NONE; c = v[c + 4]!) {
      const s = v[c + 5]! + 1;
      if (v[c + 7] === 1 ? this.key(c) === key : v[c + 6]! - 1 - s === key.length && text.startsWith(key, s)) found = c;
    }
    return found;
  }
  /** A string value, decoded; undefined for any other kind. */
  string(h: number): string | undefined {
    if (h === NONE || this.v[h] !== JsonKind.String) return undefined;
    const raw = this.text.slice(this.v[h + 1]! + 1, this.v[h + 2]! - 1);
    return this.v[h + 7] === 1 ? unescape(raw) : raw;
  }
  /** A number value; undefined for any other kind. */
  number(h: number): number | undefined {
    if (h === NONE || this.v[h] !== JsonKind.Number) return undefined;
    const start = this.v[h + 1]!;
    const end = this.v[h + 2]!;
    return plainDecimal(this.text, start, end) ?? Number(this.text.slice(start, end));
  }
  /** A boolean value; undefined for any other kind. */
  boolean(h: number): boolean | undefined {
    if (h === NONE) return undefined;
    const kind = this.v[h];
    return kind === JsonKind.True ? true : kind === JsonKind.False ? false : undefined;
  }
  /** The items of an array or the member values of an object. */
  children(h: number): number[] {
    const out: number[] = [];
    for (let c = this.v[h + 3]!; c !== NONE; c = this.v[c + 4]!) out.push(c);
    return out;
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The end of the number at `i` (RFC 8259 §6), or minus where it went wrong. */
function scanNumber(text: string, i: number): number {
  let k = i;
  if (text.charCodeAt(k) === 45) k++;
  if (text.charCodeAt(k) === 48) k++;
  else if (isDigit(text.charCodeAt(k))) while (isDigit(text.charCodeAt(k))) k++;
  else return -k;
  if (text.charCodeAt(k) === 46) {
    k++;
    if (!isDigit(text.charCodeAt(k))) return -k;
    while (isDigit(text.charCodeAt(k))) k++;
  }
  const e = text.charCodeAt(k);
  if (e === 101 || e === 69) {
    k++;
    const sign = text.charCodeAt(k);
    if (sign === 43 || sign === 45) k++;
    if (!isDigit(text.charCodeAt(k))) return -k;
    while (isDigit(text.charCodeAt(k))) k++;
  }
  return k;
}

function unescape(raw: string): string {
  return raw.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) => (e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (ESCAPES[e] ?? e)));
}

export function parseJson(text: string): JsonDocument {
  const doc = new JsonDocument(text);
  const list = new IntList(Math.max(64, text.length >> 2));
  const length = text.length;
  // A byte order mark is no value (RFC 8259 §8.1 lets a parser ignore it).
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let failed = false;

  const fail = (start: number, end: number, message: string): number => {
    if (!failed) doc.diagnostics.push({ range: { start, end: Math.min(length, Math.max(start, end)) }, severity: 'error', code: 'tiled-json-syntax', message });
    failed = true;
    return NONE;
  };
  const skip = (): void => {
    // A local index: `i` lives in the closures' context, where every write costs.
    let k = i;
    for (; k < length; k++) {
      const c = text.charCodeAt(k);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    }
    i = k;
  };
  /** Scans a string at i (its opening quote); returns 0 or 1 (escapes seen), or -1 after failing. */
  const scanString = (): number => {
    let k = i + 1;
    let escaped = 0;
    for (;;) {
      if (k >= length) {
        fail(i, length, 'Unterminated string.');
        return -1;
      }
      const c = text.charCodeAt(k);
      if (c === 34) break;
      if (c < 32) {
        fail(k, k + 1, 'Control character in a string: escape it.');
        return -1;
      }
      if (c === 92) {
        escaped = 1;
        const e = text.charCodeAt(k + 1);
        if (e === 117 /* u */) {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(k + 2, k + 6))) {
            fail(k, k + 2, 'Bad \\u escape: four hex digits expected.');
            return -1;
          }
          k += 6;
        } else if (e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) k += 2;
        else {
          fail(k, k + 2, 'Unknown escape in a string.');
          return -1;
        }
        continue;
      }
      k++;
    }
    i = k + 1;
    return escaped;
  };
  /** A new value's handle; its end, children and key are filled in later. */
  const open = (kind: JsonKind, start: number, end: number, escaped: number): number => {
    const h = list.reserve(8);
    const v = list.data;
    v[h] = kind;
    v[h + 1] = start;
    v[h + 2] = end;
    v[h + 3] = NONE;
    v[h + 4] = NONE;
    v[h + 5] = NONE;
    v[h + 6] = NONE;
    v[h + 7] = escaped;
    return h;
  };

  const readValue = (depth: number, keyStart: number, keyEnd: number, keyEscaped: number): number => {
    skip();
    if (i >= length) return fail(length, length, 'A value is expected.');
    const start = i;
    const c = text.charCodeAt(i);
    let h: number;
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (depth >= MAX_DEPTH) return fail(i, i + 1, `Nesting deeper than ${MAX_DEPTH} levels.`);
      i++;
      const isObject = c === 123;
      h = open(isObject ? JsonKind.Object : JsonKind.Array, start, length, 0);
      readChildren(h, isObject, depth);
    } else if (c === 34) {
      const escaped = scanString();
      if (escaped < 0) return NONE;
      h = open(JsonKind.String, start, i, escaped);
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      const end = scanNumber(text, i);
      if (end < 0) return fail(i, Math.max(i + 1, -end), 'Malformed number.');
      i = end;
      h = open(JsonKind.Number, start, i, 0);
    } else if (text.startsWith('true', i)) {
      i += 4;
      h = open(JsonKind.True, start, i, 0);
    } else if (text.startsWith('false', i)) {
      i += 5;
      h = open(JsonKind.False, start, i, 0);
    } else if (text.startsWith('null', i)) {
      i += 4;
      h = open(JsonKind.Null, start, i, 0);
    } else return fail(i, i + 1, `Unexpected \`${text[i]}\`: a value is expected.`);
    if (keyStart !== NONE) {
      const v = list.data;
      v[h + 5] = keyStart;
      v[h + 6] = keyEnd;
      v[h + 7] = v[h + 7]! | keyEscaped;
    }
    return h;
  };

  /** The members or items of the container `h`, up to its closing bracket or the first error. */
  const readChildren = (h: number, isObject: boolean, depth: number): void => {
    const close = isObject ? 125 : 93;
    let last = NONE;
    skip();
    if (text.charCodeAt(i) === close) {
      i++;
      list.data[h + 2] = i;
      return;
    }
    for (;;) {
      let child: number;
      if (isObject) {
        skip();
        if (text.charCodeAt(i) !== 34) {
          fail(i, i + 1, 'A member name in double quotes is expected.');
          break;
        }
        const keyStart = i;
        const escaped = scanString();
        if (escaped < 0) break;
        const keyEnd = i;
        skip();
        if (text.charCodeAt(i) !== 58) {
          fail(i, i + 1, '`:` expected after a member name.');
          break;
        }
        i++;
        child = readValue(depth + 1, keyStart, keyEnd, escaped);
      } else child = readValue(depth + 1, NONE, NONE, 0);
      if (child === NONE) break;
      if (last === NONE) list.data[h + 3] = child;
      else list.data[last + 4] = child;
      last = child;
      if (failed) break;
      skip();
      const d = text.charCodeAt(i);
      if (d === 44) {
        i++;
        continue;
      }
      if (d === close) {
        i++;
        list.data[h + 2] = i;
        return;
      }
      fail(i, i + 1, isObject ? '`,` or `}` expected.' : '`,` or `]` expected.');
      break;
    }
    list.data[h + 2] = Math.min(i, length);
  };

  doc.root = readValue(0, NONE, NONE, 0);
  doc.v = list.data;
  if (!failed) {
    skip();
    if (i < length) fail(i, length, 'Unexpected text after the value.');
  }
  return doc;
}
