// A small non-validating XML parser for Tiled's files (.tmx, .tsx, .tx): elements, attributes
// and character data, each with its UTF-16 offsets in the text. No DTD, no namespaces: what
// Tiled writes. It never throws; what it cannot read is a diagnostic with a range, and the
// elements read so far are kept (an unclosed element ends at the end of the text).
// Spec followed loosely: XML 1.0 (W3C, fifth edition), §2.4–2.8 and §4.1 (character references).
import type { Diagnostic } from '../../common/diagnostic';

export interface XmlAttribute {
  readonly name: string;
  /** The value with its entities decoded. */
  readonly value: string;
  readonly nameStart: number;
  /** The value's range between the quotes. */
  readonly valueStart: number;
  readonly valueEnd: number;
}

export interface XmlElement {
  readonly name: string;
  /** From `<` to the end of the closing tag (or of the text, when it is never closed). */
  readonly start: number;
  end: number;
  /** The tag name's range after `<`. */
  readonly nameStart: number;
  readonly attributes: XmlAttribute[];
  readonly children: XmlElement[];
  /** Character data (CDATA included) with entities decoded; only the non-blank runs are kept. */
  text: string;
  /** Where the first non-blank character data starts (the element's start when none). */
  textStart: number;
}

export interface XmlDocument {
  readonly root: XmlElement | undefined;
  readonly diagnostics: Diagnostic[];
}

/** The value of an attribute, or undefined. */
export function attributeOf(element: XmlElement, name: string): XmlAttribute | undefined {
  const attributes = element.attributes;
  for (let i = 0; i < attributes.length; i++) if (attributes[i]!.name === name) return attributes[i];
  return undefined;
}

const NAME_END = /[\s/>=<"']/g;

function isNameChar(code: number): boolean {
  // Anything but whitespace and the delimiters; XML's name classes are wider than Tiled needs.
  return code > 32 && code !== 47 && code !== 62 && code !== 61 && code !== 60 && code !== 34 && code !== 39;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

export function parseXml(text: string): XmlDocument {
  const diagnostics: Diagnostic[] = [];
  const error = (start: number, end: number, code: string, message: string): void => {
    diagnostics.push({ range: { start, end: Math.max(start, end) }, severity: 'error', code, message });
  };
  const decode = (raw: string, offset: number): string => decodeEntities(raw, offset, error);
  const length = text.length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;

  const addText = (from: number, to: number, cdata: boolean): void => {
    let k = from;
    while (k < to && isSpace(text.charCodeAt(k))) k++;
    if (k === to) return;
    const top = stack[stack.length - 1];
    if (top === undefined) {
      error(k, to, 'tiled-xml-syntax', 'Text outside the root element.');
      return;
    }
    const raw = text.slice(from, to);
    const value = cdata ? raw : decode(raw, from);
    if (top.text === '') top.textStart = k;
    top.text += value;
  };

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
      const name = text.slice(nameStart, k);
      while (k < length && isSpace(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) !== 62) {
        error(i, k, 'tiled-xml-syntax', `\`>\` expected to close \`</${name}\`.`);
        const gt = text.indexOf('>', k);
        const lt2 = text.indexOf('<', k);
        k = gt >= 0 && (lt2 < 0 || gt < lt2) ? gt : (lt2 < 0 ? length : lt2) - 1;
      }
      const end = Math.min(length, k + 1);
      let match = stack.length - 1;
      while (match >= 0 && stack[match]!.name !== name) match--;
      if (match < 0) {
        error(i, end, 'tiled-xml-syntax', `Closing tag \`</${name}>\` matches no open element.`);
      } else {
        for (let s = stack.length - 1; s > match; s--) {
          const open = stack[s]!;
          error(open.start, open.nameStart + open.name.length, 'tiled-xml-syntax', `Element \`<${open.name}>\` is not closed.`);
          open.end = i;
        }
        stack[match]!.end = end;
        stack.length = match;
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
    const element: XmlElement = { name: text.slice(nameStart, k), start: i, end: length, nameStart, attributes: [], children: [], text: '', textStart: i };
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
      NAME_END.lastIndex = k;
      const m = NAME_END.exec(text);
      const attrEnd = m === null ? length : m.index;
      if (attrEnd === attrStart) {
        error(k, k + 1, 'tiled-xml-syntax', `Unexpected \`${text[k]}\` in tag \`<${element.name}>\`.`);
        k++;
        continue;
      }
      k = attrEnd;
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
      const valueEnd = text.indexOf(quote === 34 ? '"' : "'", valueStart);
      const lt2 = text.indexOf('<', valueStart);
      if (valueEnd < 0 || (lt2 >= 0 && lt2 < valueEnd)) {
        error(attrStart, lt2 < 0 ? length : lt2, 'tiled-xml-syntax', `Unterminated value of \`${text.slice(attrStart, attrEnd)}\`.`);
        k = lt2 < 0 ? length : lt2;
        break;
      }
      const raw = text.slice(valueStart, valueEnd);
      const value = raw.indexOf('&') < 0 ? raw : decode(raw, valueStart);
      element.attributes.push({ name: text.slice(attrStart, attrEnd), value, nameStart: attrStart, valueStart, valueEnd });
      k = valueEnd + 1;
    }
    if (!closed) error(i, k, 'tiled-xml-syntax', `Tag \`<${element.name}\` is not closed with \`>\`.`);
    const parent = stack[stack.length - 1];
    if (parent !== undefined) parent.children.push(element);
    else if (root === undefined) root = element;
    else error(i, k, 'tiled-xml-syntax', `A second root element \`<${element.name}>\`: one is allowed.`);
    if (selfClosing) element.end = k;
    else if (closed) stack.push(element);
    else element.end = k;
    i = k;
  }
  for (let s = stack.length - 1; s >= 0; s--) {
    const open = stack[s]!;
    error(open.start, open.nameStart + open.name.length, 'tiled-xml-syntax', `Element \`<${open.name}>\` is not closed.`);
    open.end = length;
  }
  if (root === undefined && diagnostics.length === 0) error(0, length, 'tiled-xml-syntax', 'No XML element in the file.');
  return { root, diagnostics };
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
      else replaced = NAMED[body];
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
