// The section structure of Godot's text formats (.tscn, .tres, and project.godot, which is a
// ConfigFile in the same syntax): headers `[tag key=value ...]` and `key = value` lines below
// them, values possibly spanning lines. One linear scan; a malformed header or value is an error
// with its range and the scan resumes at the next line that looks like a header or a property.
import type { TextRange } from '../../common/diagnostic';
import { type Variant, type VariantError, identifierAt, parseVariant, skipSpace } from './variant';

export interface Attribute {
  readonly key: string;
  readonly keyRange: TextRange;
  readonly value: Variant;
}

export interface Property {
  readonly key: string;
  readonly keyRange: TextRange;
  readonly value: Variant;
  /** From the key to the end of the value. */
  readonly range: TextRange;
}

export interface Section {
  readonly tag: string;
  readonly attributes: readonly Attribute[];
  readonly properties: readonly Property[];
  /** The `[...]` header. */
  readonly headerRange: TextRange;
  /** From the header through its last property. */
  readonly range: TextRange;
}

export interface SectionText {
  /** Properties before the first header (project.godot's `config_version=5`). */
  readonly preamble: readonly Property[];
  readonly sections: readonly Section[];
  readonly errors: readonly VariantError[];
}

export function attribute(section: Section, key: string): Attribute | undefined {
  return section.attributes.find((a) => a.key === key);
}

/** The last property named `key` (Godot keeps the last of repeated keys). */
export function property(properties: readonly Property[], key: string): Property | undefined {
  for (let i = properties.length - 1; i >= 0; i--) if (properties[i]!.key === key) return properties[i];
  return undefined;
}

function lineEnd(text: string, pos: number): number {
  const n = text.indexOf('\n', pos);
  return n < 0 ? text.length : n;
}

// A line that starts a header (`[word`) or a property (`key =` / `key=`), for error recovery.
const RESUME = /^[ \t]*(\[[A-Za-z_]|[A-Za-z_"][^\n=]*=)/;

/** The start of the first line after `pos`'s line that looks like a header or a property. */
function resumeAfter(text: string, pos: number): number {
  let p = lineEnd(text, pos);
  while (p < text.length) {
    const start = p + 1;
    const end = lineEnd(text, start);
    if (RESUME.test(text.slice(start, Math.min(end, start + 200)))) return start;
    p = end;
  }
  return text.length;
}

/** Spaces and tabs (not newlines) skipped. */
function skipInline(text: string, pos: number): number {
  while (pos < text.length && (text[pos] === ' ' || text[pos] === '\t' || text[pos] === '\r')) pos++;
  return pos;
}

export function parseSections(text: string): SectionText {
  const preamble: Property[] = [];
  const sections: Section[] = [];
  const errors: VariantError[] = [];
  let current: { tag: string; attributes: Attribute[]; properties: Property[]; headerRange: TextRange } | undefined;
  const close = (): void => {
    if (current === undefined) return;
    const last = current.properties[current.properties.length - 1];
    sections.push({ ...current, range: { start: current.headerRange.start, end: last?.range.end ?? current.headerRange.end } });
    current = undefined;
  };
  let pos = 0;
  while (pos < text.length) {
    const before = pos;
    pos = skipSpace(text, pos);
    if (pos >= text.length) break;
    const c = text[pos];
    if (c === ';' || c === '#') {
      pos = lineEnd(text, pos);
    } else if (c === '[') {
      close();
      const header = parseHeader(text, pos, errors);
      current = { tag: header.tag, attributes: header.attributes, properties: [], headerRange: { start: pos, end: header.end } };
      pos = header.resume;
    } else {
      const line = parseProperty(text, pos, errors);
      if (line.property !== undefined) (current?.properties ?? preamble).push(line.property);
      pos = line.resume;
    }
    if (pos <= before) pos = before + 1;
  }
  close();
  const clamp = (n: number): number => Math.max(0, Math.min(n, text.length));
  const inText = errors.map((e) => ({ ...e, range: { start: clamp(e.range.start), end: clamp(Math.max(e.range.start, e.range.end)) } }));
  return { preamble, sections, errors: inText };
}

function parseHeader(text: string, start: number, errors: VariantError[]): { tag: string; attributes: Attribute[]; end: number; resume: number } {
  const attributes: Attribute[] = [];
  let p = start + 1;
  const tagStart = p;
  while (p < text.length && !/[\s\]]/.test(text[p]!)) p++;
  const tag = text.slice(tagStart, p);
  if (tag === '') errors.push({ range: { start, end: p + 1 }, message: 'A section header has no name.' });
  for (;;) {
    p = skipInline(text, p);
    if (text[p] === ']') return { tag, attributes, end: p + 1, resume: p + 1 };
    const key = identifierAt(text, p);
    if (key === '' || text[skipInline(text, p + key.length)] !== '=') {
      const end = Math.max(p + 1, lineEnd(text, p));
      errors.push({ range: { start: p, end: Math.min(end, text.length) }, message: p >= text.length || text[p] === '\n' ? "A section header is missing its ']'." : "Expected key=value or ']' in a section header." });
      return { tag, attributes, end: Math.min(end, text.length), resume: resumeAfter(text, p) };
    }
    const keyRange = { start: p, end: p + key.length };
    const parsed = parseVariant(text, skipInline(text, p + key.length) + 1);
    if (parsed.error !== undefined) {
      errors.push(parsed.error);
      return { tag, attributes, end: Math.min(text.length, Math.max(parsed.end, p + 1)), resume: resumeAfter(text, p) };
    }
    attributes.push({ key, keyRange, value: parsed.value });
    p = parsed.end;
  }
}

function parseProperty(text: string, start: number, errors: VariantError[]): { property?: Property; resume: number } {
  const end = lineEnd(text, start);
  let eq: number;
  let key: string;
  if (text[start] === '"') {
    // A quoted key (Godot writes keys with spaces or '=' so).
    const quoted = parseVariant(text, start);
    eq = skipInline(text, quoted.end);
    key = quoted.value.kind === 'string' ? quoted.value.value : text.slice(start, quoted.end);
    if (quoted.error !== undefined || text[eq] !== '=') eq = -1;
  } else {
    eq = text.indexOf('=', start);
    if (eq > end) eq = -1;
    key = eq < 0 ? '' : text.slice(start, eq).trim();
  }
  if (eq < 0 || key === '') {
    errors.push({ range: { start, end: Math.max(start + 1, end) }, message: 'Expected key = value here.' });
    return { resume: resumeAfter(text, start) };
  }
  const keyRange = { start, end: start + text.slice(start, eq).trimEnd().length };
  const parsed = parseVariant(text, eq + 1);
  if (parsed.error !== undefined) {
    errors.push(parsed.error);
    // From the property's own line: the error may lie inside a header the value ran into.
    return { resume: resumeAfter(text, start) };
  }
  const after = skipInline(text, parsed.end);
  if (after < text.length && text[after] !== '\n' && text[after] !== ';') {
    const stop = lineEnd(text, after);
    errors.push({ range: { start: after, end: stop }, message: 'Unexpected text after a value.' });
    return { property: { key, keyRange, value: parsed.value, range: { start, end: parsed.end } }, resume: stop };
  }
  return { property: { key, keyRange, value: parsed.value, range: { start, end: parsed.end } }, resume: after };
}
