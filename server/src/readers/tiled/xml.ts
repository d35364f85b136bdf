// A small non-validating XML parser for Tiled's files (.tmx, .tsx, .tx): elements, attributes
// and character data, each with its UTF-16 offsets in the text. No DTD, no namespaces: what
// Tiled writes. It never throws; what it cannot read is a diagnostic with a range, and the
// elements read so far are kept (an unclosed element ends at the end of the text).
// Spec followed loosely: XML 1.0 (W3C, fifth edition), §2.4–2.8 and §4.1 (character references).
//
// The tree is flat: elements and attributes are handles (offsets into number arrays), names are
// compared in place and values sliced only when asked, so a map of 100,000 objects costs a few
// arrays rather than a million small objects.
import type { Diagnostic } from '../../common/diagnostic';
import { plainDecimal } from './decimal';
import { IntList } from './int-list';

/** Numbers per attribute: nameStart, nameEnd, valueStart, valueEnd, 1 when the value has entity references. */
const A = 5;
/** No element. */
export const NONE = -1;

export class XmlDocument {
  readonly diagnostics: Diagnostic[] = [];
  /** The root element's handle, or NONE. */
  root = NONE;
  /** @internal Per element (its handle is its offset), 7 numbers: start, end, nameEnd, first attribute, attribute end, first child, next sibling. */
  e: Int32Array = new Int32Array(0);
  /** @internal Per attribute, A numbers. */
  a: Int32Array = new Int32Array(0);
  /** Elements with non-blank character data: the data decoded, and where it starts. */
  private readonly texts = new Map<number, { text: string; start: number }>();

  constructor(readonly text: string) {}

  start(e: number): number {
    return this.e[e]!;
  }
  end(e: number): number {
    return this.e[e + 1]!;
  }
  /** The tag name's range: right after `<`. */
  nameStart(e: number): number {
    return this.e[e]! + 1;
  }
  nameEnd(e: number): number {
    return this.e[e + 2]!;
  }
  name(e: number): string {
    return this.text.slice(this.e[e]! + 1, this.e[e + 2]!);
  }
  is(e: number, name: string): boolean {
    const start = this.e[e]! + 1;
    return this.e[e + 2]! - start === name.length && this.text.startsWith(name, start);
  }
  firstChild(e: number): number {
    return this.e[e + 5]!;
  }
  nextSibling(e: number): number {
    return this.e[e + 6]!;
  }
  /** The first child named `name` (or NONE). */
  child(e: number, name: string): number {
    for (let c = this.e[e + 5]!; c !== NONE; c = this.e[c + 6]!) if (this.is(c, name)) return c;
    return NONE;
  }
  /** The attribute `name` of `e` (or NONE). */
  attribute(e: number, name: string): number {
    const a = this.a;
    const text = this.text;
    for (let k = this.e[e + 3]!, end = this.e[e + 4]!; k < end; k += A) {
      if (a[k + 1]! - a[k]! === name.length && text.startsWith(name, a[k]!)) return k;
    }
    return NONE;
  }
  attributeName(k: number): string {
    return this.text.slice(this.a[k]!, this.a[k + 1]!);
  }
  /** Attribute handles of `e`, in order. */
  attributes(e: number): number[] {
    const out: number[] = [];
    for (let k = this.e[e + 3]!, end = this.e[e + 4]!; k < end; k += A) out.push(k);
    return out;
  }
  valueStart(k: number): number {
    return this.a[k + 2]!;
  }
  valueEnd(k: number): number {
    return this.a[k + 3]!;
  }
  /** The attribute's value, entities decoded. */
  value(k: number): string {
    const raw = this.text.slice(this.a[k + 2]!, this.a[k + 3]!);
    return this.a[k + 4] === 1 ? decodeEntities(raw, 0, () => undefined) : raw;
  }
  /** The attribute's value as Number() reads it ('' and blanks as NaN). */
  number(k: number): number {
    const start = this.a[k + 2]!;
    const end = this.a[k + 3]!;
    const fast = this.a[k + 4] === 1 ? undefined : plainDecimal(this.text, start, end);
    if (fast !== undefined) return fast;
    const raw = this.value(k);
    return raw.trim() === '' ? NaN : Number(raw);
  }
  /** The element's character data (CDATA included, entities decoded), '' when blank. */
  content(e: number): string {
    return this.texts.get(e)?.text ?? '';
  }
  /** Where the element's first non-blank character data starts (its start when none). */
  contentStart(e: number): number {
    return this.texts.get(e)?.start ?? this.e[e]!;
  }

  /** @internal */
  addContent(e: number, value: string, start: number): void {
    const t = this.texts.get(e);
    if (t === undefined) this.texts.set(e, { text: value, start });
    else t.text += value;
  }
}

function isNameChar(code: number): boolean {
  // Anything but whitespace and the delimiters; XML's name classes are wider than Tiled needs.
  return code > 32 && code !== 47 && code !== 62 && code !== 61 && code !== 60 && code !== 34 && code !== 39;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

export function parseXml(text: string): XmlDocument {
  const doc = new XmlDocument(text);
  const diagnostics = doc.diagnostics;
  const elementList = new IntList(Math.max(64, text.length >> 3));
  const attributeList = new IntList(Math.max(64, text.length >> 3));
  let elements = elementList.data;
  let attributes = attributeList.data;
  const error = (start: number, end: number, code: string, message: string): void => {
    diagnostics.push({ range: { start, end: Math.max(start, end) }, severity: 'error', code, message });
  };
  const length = text.length;
  /** Open elements, and the last child of each (to link the next one). */
  const stack: number[] = [];
  const lastChild: number[] = [];
  // A byte order mark is no character data.
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const addText = (from: number, to: number, cdata: boolean): void => {
    let k = from;
    while (k < to && isSpace(text.charCodeAt(k))) k++;
    if (k === to) return;
    if (stack.length === 0) {
      error(k, to, 'tiled-xml-syntax', 'Text outside the root element.');
      return;
    }
    const raw = text.slice(from, to);
    doc.addContent(stack[stack.length - 1]!, cdata ? raw : decodeEntities(raw, from, error), k);
  };
  const nameOf = (e: number): string => text.slice(elements[e]! + 1, elements[e + 2]!);

  while (i < length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      addText(i, length, false);
      break;
    }
    if (lt > i) addText(i, lt, false);
    i = lt;
    const next = text.charCodeAt(i + 1);
    if (next === 33 /* ! */) {
      if (text.startsWith('<!--', i)) {
        const close = text.indexOf('-->', i + 4);
        if (close < 0) {
          error(i, length, 'tiled-xml-syntax', 'Unterminated comment: `-->` expected.');
          break;
        }
        i = close + 3;
      } else if (text.startsWith('<![CDATA[', i)) {
        const close = text.indexOf(']]>', i + 9);
        if (close < 0) {
          error(i, length, 'tiled-xml-syntax', 'Unterminated CDATA section: `]]>` expected.');
          break;
        }
        addText(i + 9, close, true);
        i = close + 3;
      } else {
        // <!DOCTYPE ...> and the like: skipped to the matching '>' (an internal subset's brackets too).
        let depth = 0;
        let k = i + 2;
        for (; k < length; k++) {
          const c = text.charCodeAt(k);
          if (c === 91) depth++;
          else if (c === 93) depth--;
          else if (c === 62 && depth <= 0) break;
        }
        if (k >= length) {
          error(i, length, 'tiled-xml-syntax', 'Unterminated declaration: `>` expected.');
          break;
        }
        i = k + 1;
      }
      continue;
    }
    if (next === 63 /* ? */) {
      const close = text.indexOf('?>', i + 2);
      if (close < 0) {
        error(i, length, 'tiled-xml-syntax', 'Unterminated processing instruction: `?>` expected.');
        break;
      }
      i = close + 2;
      continue;
    }
    if (next === 47 /* / */) {
      const nameStart = i + 2;
      let k = nameStart;
      while (k < length && isNameChar(text.charCodeAt(k))) k++;
      const nameLength = k - nameStart;
      while (k < length && isSpace(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) !== 62) {
        error(i, k, 'tiled-xml-syntax', `\`>\` expected to close \`</${text.slice(nameStart, nameStart + nameLength)}\`.`);
        const gt = text.indexOf('>', k);
        const lt2 = text.indexOf('<', k);
        k = gt >= 0 && (lt2 < 0 || gt < lt2) ? gt : (lt2 < 0 ? length : lt2) - 1;
      }
      const end = Math.min(length, k + 1);
      let match = stack.length - 1;
      for (; match >= 0; match--) {
        const open = stack[match]!;
        if (elements[open + 2]! - elements[open]! - 1 === nameLength && text.startsWith(text.slice(nameStart, nameStart + nameLength), elements[open]! + 1)) break;
      }
      if (match < 0) {
        error(i, end, 'tiled-xml-syntax', `Closing tag \`</${text.slice(nameStart, nameStart + nameLength)}>\` matches no open element.`);
      } else {
        for (let s = stack.length - 1; s > match; s--) {
          const open = stack[s]!;
          error(elements[open]!, elements[open + 2]!, 'tiled-xml-syntax', `Element \`<${nameOf(open)}>\` is not closed.`);
          elements[open + 1] = i;
        }
        elements[stack[match]! + 1] = end;
        stack.length = match;
        lastChild.length = match;
      }
      i = end;
      continue;
    }
    // A start tag.
    const nameStart = i + 1;
    let k = nameStart;
    while (k < length && isNameChar(text.charCodeAt(k))) k++;
    if (k === nameStart) {
      error(i, i + 1, 'tiled-xml-syntax', 'A tag name is expected after `<`.');
      addText(i, i + 1, false);
      i++;
      continue;
    }
    const element = elementList.reserve(7);
    elements = elementList.data;
    elements[element] = i;
    elements[element + 1] = length;
    elements[element + 2] = k;
    elements[element + 3] = attributeList.length;
    elements[element + 4] = attributeList.length;
    elements[element + 5] = NONE;
    elements[element + 6] = NONE;
    let selfClosing = false;
    let closed = false;
    for (;;) {
      while (k < length && isSpace(text.charCodeAt(k))) k++;
      if (k >= length) break;
      const c = text.charCodeAt(k);
      if (c === 62) {
        k++;
        closed = true;
        break;
      }
      if (c === 47 && text.charCodeAt(k + 1) === 62) {
        k += 2;
        closed = true;
        selfClosing = true;
        break;
      }
      if (c === 60) break;
      const attrStart = k;
      while (k < length && isNameChar(text.charCodeAt(k))) k++;
      const attrEnd = k;
      if (attrEnd === attrStart) {
        error(k, k + 1, 'tiled-xml-syntax', `Unexpected \`${text[k]}\` in tag \`<${nameOf(element)}>\`.`);
        k++;
        continue;
      }
      while (k < length && isSpace(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) !== 61) {
        error(attrStart, attrEnd, 'tiled-xml-syntax', `Attribute \`${text.slice(attrStart, attrEnd)}\` has no value.`);
        continue;
      }
      k++;
      while (k < length && isSpace(text.charCodeAt(k))) k++;
      const quote = text.charCodeAt(k);
      if (quote !== 34 && quote !== 39) {
        error(attrStart, k, 'tiled-xml-syntax', `The value of \`${text.slice(attrStart, attrEnd)}\` must be quoted.`);
        continue;
      }
      const valueStart = k + 1;
      let valueEnd = valueStart;
      let entity = false;
      for (; valueEnd < length; valueEnd++) {
        const v = text.charCodeAt(valueEnd);
        if (v === quote || v === 60) break;
        if (v === 38) entity = true;
      }
      if (valueEnd >= length || text.charCodeAt(valueEnd) !== quote) {
        error(attrStart, valueEnd, 'tiled-xml-syntax', `Unterminated value of \`${text.slice(attrStart, attrEnd)}\`.`);
        k = valueEnd;
        break;
      }
      const at = attributeList.reserve(A);
      attributes = attributeList.data;
      attributes[at] = attrStart;
      attributes[at + 1] = attrEnd;
      attributes[at + 2] = valueStart;
      attributes[at + 3] = valueEnd;
      attributes[at + 4] = entity ? 1 : 0;
      if (entity) {
        decodeEntities(text.slice(valueStart, valueEnd), valueStart, error);
      }
      k = valueEnd + 1;
    }
    elements[element + 4] = attributeList.length;
    if (!closed) error(i, k, 'tiled-xml-syntax', `Tag \`<${nameOf(element)}\` is not closed with \`>\`.`);
    if (stack.length > 0) {
      const last = lastChild[lastChild.length - 1]!;
      if (last === NONE) elements[stack[stack.length - 1]! + 5] = element;
      else elements[last + 6] = element;
      lastChild[lastChild.length - 1] = element;
    } else if (doc.root === NONE) doc.root = element;
    else error(i, k, 'tiled-xml-syntax', `A second root element \`<${nameOf(element)}>\`: one is allowed.`);
    if (closed && !selfClosing) {
      stack.push(element);
      lastChild.push(NONE);
    } else elements[element + 1] = k;
    i = k;
  }
  for (let s = stack.length - 1; s >= 0; s--) {
    const open = stack[s]!;
    error(elements[open]!, elements[open + 2]!, 'tiled-xml-syntax', `Element \`<${nameOf(open)}>\` is not closed.`);
    elements[open + 1] = length;
  }
  doc.e = elementList.data;
  doc.a = attributeList.data;
  if (doc.root === NONE && diagnostics.length === 0) error(0, length, 'tiled-xml-syntax', 'No XML element in the file.');
  return doc;
}

const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** `raw` (found at `offset` in the text) with its entity and character references replaced. */
function decodeEntities(raw: string, offset: number, error: (start: number, end: number, code: string, message: string) => void): string {
  let out = '';
  let from = 0;
  let amp = raw.indexOf('&');
  while (amp >= 0) {
    const semi = raw.indexOf(';', amp + 1);
    const body = semi < 0 || semi - amp > 12 ? undefined : raw.slice(amp + 1, semi);
    let replaced: string | undefined;
    if (body !== undefined) {
      if (body.startsWith('#x') || body.startsWith('#X')) replaced = codePoint(/^[0-9a-fA-F]+$/.test(body.slice(2)) ? parseInt(body.slice(2), 16) : NaN);
      else if (body.startsWith('#')) replaced = codePoint(/^[0-9]+$/.test(body.slice(1)) ? parseInt(body.slice(1), 10) : NaN);
      else replaced = Object.prototype.hasOwnProperty.call(NAMED, body) ? NAMED[body] : undefined;
    }
    if (replaced === undefined) {
      const end = body === undefined ? amp + 1 : semi + 1;
      error(offset + amp, offset + end, 'tiled-xml-entity', `Unknown entity \`${raw.slice(amp, end)}\`: kept as written.`);
      amp = raw.indexOf('&', amp + 1);
      continue;
    }
    out += raw.slice(from, amp) + replaced;
    from = semi + 1;
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

function codePoint(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : undefined;
}
