// A JSON parser that keeps every value's UTF-16 range (RFC 8259), for Tiled's .tmj, .tsj and
// .tj files. It never throws: the first syntax error is a diagnostic, and the values read up to
// it are kept (an unfinished object or array ends there), so a truncated map still yields the
// objects before the cut.
import type { Diagnostic } from '../../common/diagnostic';

export type JsonValue = JsonObject | JsonArray | JsonString | JsonNumber | JsonLiteral;

export interface JsonObject {
  readonly kind: 'object';
  readonly start: number;
  end: number;
  readonly members: JsonMember[];
}
export interface JsonMember {
  readonly key: string;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly value: JsonValue;
}
export interface JsonArray {
  readonly kind: 'array';
  readonly start: number;
  end: number;
  readonly items: JsonValue[];
}
export interface JsonString {
  readonly kind: 'string';
  readonly start: number;
  readonly end: number;
  readonly value: string;
}
export interface JsonNumber {
  readonly kind: 'number';
  readonly start: number;
  readonly end: number;
  readonly value: number;
}
export interface JsonLiteral {
  readonly kind: 'boolean' | 'null';
  readonly start: number;
  readonly end: number;
  readonly value: boolean | null;
}

export interface JsonDocument {
  readonly value: JsonValue | undefined;
  readonly diagnostics: Diagnostic[];
}

/** The member `key` of an object (the last one when repeated, as JSON.parse does). */
export function memberOf(value: JsonValue | undefined, key: string): JsonMember | undefined {
  if (value === undefined || value.kind !== 'object') return undefined;
  const members = value.members;
  for (let i = members.length - 1; i >= 0; i--) if (members[i]!.key === key) return members[i];
  return undefined;
}

/** Nesting deeper than this is an error rather than a stack overflow. */
const MAX_DEPTH = 512;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Failure {
  constructor(readonly at: number) {}
}

export function parseJson(text: string): JsonDocument {
  const diagnostics: Diagnostic[] = [];
  const length = text.length;
  let i = 0;
  let failed = false;

  const fail = (start: number, end: number, message: string): Failure => {
    if (!failed) diagnostics.push({ range: { start, end: Math.min(length, Math.max(start, end)) }, severity: 'error', code: 'tiled-json-syntax', message });
    failed = true;
    return new Failure(start);
  };
  const skip = (): void => {
    for (; i < length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return;
    }
  };

  const readString = (): JsonString | Failure => {
    const start = i;
    let k = i + 1;
    let out = '';
    let from = k;
    for (;;) {
      if (k >= length) return fail(start, length, 'Unterminated string.');
      const c = text.charCodeAt(k);
      if (c === 34) break;
      if (c < 32) return fail(k, k + 1, 'Control character in a string: escape it.');
      if (c === 92) {
        out += text.slice(from, k);
        const e = text[k + 1];
        if (e === 'u') {
          const hex = text.slice(k + 2, k + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) return fail(k, k + 2, 'Bad \\u escape: four hex digits expected.');
          out += String.fromCharCode(parseInt(hex, 16));
          k += 6;
        } else if (e !== undefined && ESCAPES[e] !== undefined) {
          out += ESCAPES[e];
          k += 2;
        } else return fail(k, k + 2, 'Unknown escape in a string.');
        from = k;
        continue;
      }
      k++;
    }
    out += text.slice(from, k);
    i = k + 1;
    return { kind: 'string', start, end: i, value: out };
  };

  const readValue = (depth: number): JsonValue | Failure => {
    skip();
    if (i >= length) return fail(length, length, 'A value is expected.');
    const start = i;
    const c = text.charCodeAt(i);
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (depth >= MAX_DEPTH) return fail(i, i + 1, `Nesting deeper than ${MAX_DEPTH} levels.`);
      i++;
      const isObject = c === 123;
      const container: JsonObject | JsonArray = isObject ? { kind: 'object', start, end: length, members: [] } : { kind: 'array', start, end: length, items: [] };
      const close = isObject ? 125 : 93;
      skip();
      if (text.charCodeAt(i) === close) {
        i++;
        container.end = i;
        return container;
      }
      for (;;) {
        if (isObject) {
          skip();
          if (text.charCodeAt(i) !== 34) {
            fail(i, i + 1, 'A member name in double quotes is expected.');
            container.end = i;
            return container;
          }
          const key = readString();
          if (key instanceof Failure) {
            container.end = key.at;
            return container;
          }
          skip();
          if (text.charCodeAt(i) !== 58) {
            fail(i, i + 1, '`:` expected after a member name.');
            container.end = i;
            return container;
          }
          i++;
          const value = readValue(depth + 1);
          if (value instanceof Failure) {
            container.end = value.at;
            return container;
          }
          (container as JsonObject).members.push({ key: key.value, keyStart: key.start, keyEnd: key.end, value });
          if (failed) {
            container.end = value.end;
            return container;
          }
        } else {
          const value = readValue(depth + 1);
          if (value instanceof Failure) {
            container.end = value.at;
            return container;
          }
          (container as JsonArray).items.push(value);
          if (failed) {
            container.end = value.end;
            return container;
          }
        }
        skip();
        const d = text.charCodeAt(i);
        if (d === 44) {
          i++;
          continue;
        }
        if (d === close) {
          i++;
          container.end = i;
          return container;
        }
        fail(i, i + 1, isObject ? '`,` or `}` expected.' : '`,` or `]` expected.');
        container.end = i;
        return container;
      }
    }
    if (c === 34) return readString();
    if (c === 45 || (c >= 48 && c <= 57)) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (m === null) return fail(i, i + 1, 'Malformed number.');
      i += m[0].length;
      return { kind: 'number', start, end: i, value: Number(m[0]) };
    }
    for (const [word, kind, value] of LITERALS) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return { kind, start, end: i, value };
      }
    }
    return fail(i, i + 1, `Unexpected \`${text[i]}\`: a value is expected.`);
  };

  const value = readValue(0);
  if (!failed) {
    skip();
    if (i < length) fail(i, length, 'Unexpected text after the value.');
  }
  return { value: value instanceof Failure ? undefined : value, diagnostics };
}

const LITERALS: readonly (readonly ['true' | 'false' | 'null', 'boolean' | 'null', boolean | null])[] = [
  ['true', 'boolean', true],
  ['false', 'boolean', false],
  ['null', 'null', null],
];
