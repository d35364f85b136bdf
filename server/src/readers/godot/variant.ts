// Godot's text resource values (the right-hand side of `key = value` in .tscn, .tres and
// project.godot), as Godot's VariantParser reads them: numbers (with inf, inf_neg, nan), strings
// with escapes, StringName `&"..."`, NodePath `^"..."`, true/false/null, constructors
// `Name(args)` (Vector2, Transform2D, PackedVector2Array, SubResource, ExtResource, ...), arrays
// `[...]` and typed arrays `Array[T]([...])`, dictionaries `{k: v}`. Every value keeps its UTF-16
// range; what the reader does not understand is an `opaque` value with its range and a message,
// never an exception. Nesting is bounded (MAX_DEPTH) and every loop advances, so a scan is linear.
import type { TextRange } from '../../common/diagnostic';

export type Variant =
  | { readonly kind: 'number'; readonly value: number; readonly range: TextRange }
  | { readonly kind: 'string'; readonly value: string; readonly range: TextRange; readonly prefix: '' | '&' | '^' }
  | { readonly kind: 'bool'; readonly value: boolean; readonly range: TextRange }
  | { readonly kind: 'null'; readonly range: TextRange }
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly Variant[]; readonly range: TextRange }
  | { readonly kind: 'array'; readonly items: readonly Variant[]; readonly range: TextRange }
  | { readonly kind: 'dict'; readonly entries: readonly (readonly [Variant, Variant])[]; readonly range: TextRange }
  | { readonly kind: 'opaque'; readonly range: TextRange };

export interface VariantError {
  readonly range: TextRange;
  readonly message: string;
}

export interface ParsedVariant {
  readonly value: Variant;
  /** Offset just after the value. */
  readonly end: number;
  /** Set when the value is malformed; `value` is then opaque or partial. */
  readonly error?: VariantError;
}

/** Deeper nesting is malformed for our purposes: Godot's own files nest a few levels. */
export const MAX_DEPTH = 64;

const NAMED_NUMBERS: Readonly<Record<string, number>> = { inf: Infinity, inf_neg: -Infinity, nan: NaN };

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 0xfeff;
}

function isIdentStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function isIdentPart(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57);
}

/** Whitespace (newlines included) skipped from `pos`. */
export function skipSpace(text: string, pos: number): number {
  while (pos < text.length && isSpace(text.charCodeAt(pos))) pos++;
  return pos;
}

/** An identifier at `pos` (letters, digits, '_'), or '' when there is none. */
export function identifierAt(text: string, pos: number): string {
  if (pos >= text.length || !isIdentStart(text.charCodeAt(pos))) return '';
  let end = pos + 1;
  while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
  return text.slice(pos, end);
}

class Failure {
  constructor(readonly error: VariantError) {}
}

/** Parses one value starting at `start` (leading whitespace skipped). */
export function parseVariant(text: string, start: number): ParsedVariant {
  const parser = new VariantParser(text);
  const from = skipSpace(text, start);
  try {
    const value = parser.value(from, 0);
    return { value, end: parser.pos };
  } catch (e) {
    if (!(e instanceof Failure)) throw e;
    return { value: { kind: 'opaque', range: { start: from, end: Math.max(from, parser.pos) } }, end: Math.max(from, parser.pos), error: e.error };
  }
}

class VariantParser {
  pos = 0;
  constructor(private readonly text: string) {}

  private fail(start: number, end: number, message: string): never {
    const length = this.text.length;
    const from = Math.min(start, length);
    const to = Math.min(Math.max(from, end), length);
    this.pos = Math.max(this.pos, to);
    throw new Failure({ range: { start: from, end: to }, message });
  }

  value(start: number, depth: number): Variant {
    const text = this.text;
    this.pos = skipSpace(text, start);
    const at = this.pos;
    if (at >= text.length) this.fail(at, at, 'A value is missing here.');
    if (depth > MAX_DEPTH) this.fail(at, at + 1, `Values nest deeper than ${MAX_DEPTH} levels.`);
    const c = text[at]!;
    if (c === '"') return this.string(at, at, '');
    if ((c === '&' || c === '^') && text[at + 1] === '"') return this.string(at, at + 1, c);
    if (c === '[') return this.array(at, depth);
    if (c === '{') return this.dict(at, depth);
    if (c === '-' || c === '+' || c === '.' || (c >= '0' && c <= '9')) return this.number(at);
    const name = identifierAt(text, at);
    if (name === '') this.fail(at, at + 1, `Unexpected character '${c}' in a value.`);
    this.pos = at + name.length;
    if (name === 'true' || name === 'false') return { kind: 'bool', value: name === 'true', range: { start: at, end: this.pos } };
    if (name === 'null' || name === 'nil') return { kind: 'null', range: { start: at, end: this.pos } };
    if (name in NAMED_NUMBERS) return { kind: 'number', value: NAMED_NUMBERS[name]!, range: { start: at, end: this.pos } };
    let p = skipSpace(text, this.pos);
    // Typed containers: Array[int]([...]), Dictionary[String, int]({...}).
    if (text[p] === '[' && (name === 'Array' || name === 'Dictionary')) {
      const close = text.indexOf(']', p);
      const newline = text.indexOf('\n', p);
      if (close < 0 || (newline >= 0 && newline < close)) this.fail(at, p + 1, `The element type of ${name} is not closed.`);
      p = skipSpace(text, close + 1);
    }
    if (text[p] !== '(') {
      // A bare word inside a constructor (Object(InputEventKey, ...)'s class) is kept opaque.
      if (depth > 0) return { kind: 'opaque', range: { start: at, end: this.pos } };
      this.fail(at, this.pos, `Unknown word '${name}' in a value.`);
    }
    const args = this.list(p, ')', depth, true);
    if ((name === 'Array' || name === 'Dictionary') && args.length === 1) {
      const inner = args[0]!;
      if (inner.kind === 'array' || inner.kind === 'dict') return { ...inner, range: { start: at, end: this.pos } };
    }
    return { kind: 'call', name, args, range: { start: at, end: this.pos } };
  }

  private number(at: number): Variant {
    const text = this.text;
    let p = at;
    if (text[p] === '-' || text[p] === '+') p++;
    const word = identifierAt(text, p);
    if (word === 'inf' || word === 'nan') {
      this.pos = p + word.length;
      const v = word === 'nan' ? NaN : text[at] === '-' ? -Infinity : Infinity;
      return { kind: 'number', value: v, range: { start: at, end: this.pos } };
    }
    if (text[p] === '0' && (text[p + 1] === 'x' || text[p + 1] === 'X')) {
      let q = p + 2;
      while (q < text.length && /[0-9a-fA-F]/.test(text[q]!)) q++;
      this.pos = q;
      const v = parseInt(text.slice(p + 2, q), 16);
      if (q === p + 2) this.fail(at, q, 'A hexadecimal number has no digits.');
      return { kind: 'number', value: text[at] === '-' ? -v : v, range: { start: at, end: q } };
    }
    let digits = 0;
    let whole = 0;
    for (let code = text.charCodeAt(p); code >= 48 && code <= 57; code = text.charCodeAt(++p)) {
      whole = whole * 10 + (code - 48);
      digits++;
    }
    // Whole numbers of up to 15 digits are exact as accumulated: long packed arrays skip the slice.
    const next = text[p];
    if (digits > 0 && digits <= 15 && next !== '.' && next !== 'e' && next !== 'E') {
      this.pos = p;
      return { kind: 'number', value: text[at] === '-' ? -whole : whole, range: { start: at, end: p } };
    }
    if (text[p] === '.') {
      p++;
      while (p < text.length && text[p]! >= '0' && text[p]! <= '9') (p++, digits++);
    }
    if (digits > 0 && (text[p] === 'e' || text[p] === 'E')) {
      let q = p + 1;
      if (text[q] === '-' || text[q] === '+') q++;
      const e0 = q;
      while (q < text.length && text[q]! >= '0' && text[q]! <= '9') q++;
      if (q > e0) p = q;
    }
    this.pos = p;
    if (digits === 0) this.fail(at, Math.max(p, at + 1), 'A number has no digits.');
    return { kind: 'number', value: Number(text.slice(at, p)), range: { start: at, end: p } };
  }

  private string(at: number, quote: number, prefix: '' | '&' | '^'): Variant {
    const text = this.text;
    let out = '';
    let p = quote + 1;
    let chunk = p;
    while (p < text.length) {
      const ch = text[p]!;
      if (ch === '"') {
        out += text.slice(chunk, p);
        this.pos = p + 1;
        return { kind: 'string', value: out, range: { start: at, end: this.pos }, prefix };
      }
      if (ch !== '\\') {
        p++;
        continue;
      }
      out += text.slice(chunk, p);
      const e = text[p + 1];
      p += 2;
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u':
        case 'U': {
          const length = e === 'u' ? 4 : 6;
          const hex = text.slice(p, p + length);
          if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex)) this.fail(p - 2, Math.min(text.length, p + length), 'A \\u escape needs hexadecimal digits.');
          const code = parseInt(hex, 16);
          out += code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
          p += length;
          break;
        }
        case undefined: this.fail(at, text.length, 'A string is not closed.');
        // Godot keeps any other escaped character as itself (\" \\ \' ...).
        default: out += e;
      }
      chunk = p;
    }
    this.fail(at, text.length, 'A string is not closed.');
  }

  private array(at: number, depth: number): Variant {
    const items = this.list(at, ']', depth, false);
    return { kind: 'array', items, range: { start: at, end: this.pos } };
  }

  /**
   * Comma-separated values from the opener at `open` to `close`. Inside a constructor, a
   * `key: value` argument (Object(...)'s properties) keeps the value only.
   */
  private list(open: number, close: string, depth: number, keyed: boolean): Variant[] {
    const text = this.text;
    const items: Variant[] = [];
    let p = skipSpace(text, open + 1);
    if (text[p] === close) {
      this.pos = p + 1;
      return items;
    }
    for (;;) {
      let item = this.value(p, depth + 1);
      p = skipSpace(text, this.pos);
      if (keyed && text[p] === ':') {
        item = this.value(p + 1, depth + 1);
        p = skipSpace(text, this.pos);
      }
      items.push(item);
      if (text[p] === ',') {
        p = skipSpace(text, p + 1);
        // Godot accepts a trailing comma.
        if (text[p] === close) break;
        continue;
      }
      if (text[p] === close) break;
      this.fail(open, Math.min(text.length, p + 1), p >= text.length ? `'${close}' is missing.` : `Expected ',' or '${close}' here.`);
    }
    this.pos = p + 1;
    return items;
  }

  private dict(at: number, depth: number): Variant {
    const text = this.text;
    const entries: (readonly [Variant, Variant])[] = [];
    let p = skipSpace(text, at + 1);
    if (text[p] === '}') {
      this.pos = p + 1;
      return { kind: 'dict', entries, range: { start: at, end: this.pos } };
    }
    for (;;) {
      const key = this.value(p, depth + 1);
      p = skipSpace(text, this.pos);
      if (text[p] !== ':') this.fail(at, Math.min(text.length, p + 1), "Expected ':' after a dictionary key.");
      const value = this.value(p + 1, depth + 1);
      entries.push([key, value]);
      p = skipSpace(text, this.pos);
      if (text[p] === ',') {
        p = skipSpace(text, p + 1);
        if (text[p] === '}') break;
        continue;
      }
      if (text[p] === '}') break;
      this.fail(at, Math.min(text.length, p + 1), p >= text.length ? "'}' is missing." : "Expected ',' or '}' here.");
    }
    this.pos = p + 1;
    return { kind: 'dict', entries, range: { start: at, end: this.pos } };
  }
}

/** The numbers of a value: a number, or a constructor or array whose arguments are all numbers. */
export function numbersOf(value: Variant): number[] | undefined {
  if (value.kind === 'number') return [value.value];
  const items = value.kind === 'call' ? value.args : value.kind === 'array' ? value.items : undefined;
  if (items === undefined) return undefined;
  const out: number[] = [];
  for (const item of items) {
    if (item.kind !== 'number') return undefined;
    out.push(item.value);
  }
  return out;
}
