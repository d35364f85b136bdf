import { shapeArea } from '../../../core';
import type { TextRange } from '../common/diagnostic';
import { formatValue, isVector } from '../semantics/evaluate';
import type { SceneBody } from '../semantics/scene';
import { symbolAt, type SymbolDefinition } from '../semantics/symbols';
import { statementIndexOf } from '../syntax/statement-index';
import { bodyModifiers, bodyStateLines, findingLine, fmt, fmtAngle, shapeSummary } from './describe';
import type { ValueTable } from '../semantics/value-table';
import { findingsOfBody, valuesReaching, type AnalyzedDocument } from './document';
import { KEYWORD_DOCS } from './keyword-docs';
import { tileHover } from './tile-rows';
import { tokenAt } from './tokens';
import type { Token } from '../syntax/lexer';

/**
 * Hover: Markdown for the range under the cursor. On a body: its shape, size, area, bounds, pose and motion, and every
 * finding that involves it with its numbers. On a named shape, constant or layer: its value or
 * members. On a keyword or built-in function: one line of documentation. On an expression with
 * a unit or a computation: its evaluated value. On a tile character in a `tiles` row: its cell, kind and
 * the findings against it (tile-rows.ts).
 */
export interface HoverText {
  readonly markdown: string;
  /** What the text is about: a name, a keyword or a value's expression. */
  readonly range: TextRange;
}

export function hover(doc: AnalyzedDocument, offset: number): HoverText | null {
  return hoverWith(doc, offset, STATEMENT_LOCAL);
}

/**
 * The syntax a hover reads, as a caller finds it: from the statement index here, from the whole
 * file in the equivalence test's oracle (test/unit/features/oracle/hover.ts).
 */
export interface HoverSyntax {
  /** Tokens in order, holding the token at `offset` (if any) and the one after it. */
  tokensAt(doc: AnalyzedDocument, offset: number): readonly Token[];
  /** A value table (in table order) holding every value that may contain `offset`. */
  valuesAt(doc: AnalyzedDocument, offset: number): ValueTable;
}

const STATEMENT_LOCAL: HoverSyntax = {
  // The tokens around the cursor only, lexed from its statement's start (syntax/statement-index.ts).
  tokensAt: (doc, offset) => statementIndexOf(doc.analysis.parse).tokensAt(offset).tokens,
  // The cursor's statement's values, evaluated for this hover.
  valuesAt: (doc, offset) => valuesReaching(doc, offset, offset),
};

export function hoverWith(doc: AnalyzedDocument, offset: number, syntax: HoverSyntax): HoverText | null {
  const tile = tileHover(doc, offset);
  if (tile) return tile;
  const symbol = symbolAt(doc.analysis.semantics.symbols, offset);
  if (symbol) {
    const range = symbol.reference?.range ?? symbol.definition.nameRange;
    const text = symbolHover(doc, symbol.definition);
    if (text) return { markdown: text, range };
  }
  const tokens = syntax.tokensAt(doc, offset);
  const token = tokenAt(tokens, offset);
  if (token && (token.kind === 'keyword' || token.kind === 'identifier')) {
    const docLine = KEYWORD_DOCS[token.text];
    // An identifier has a doc line only as a built-in function (`sqrt(2)`).
    const isCall = token.kind === 'identifier' && tokens[tokens.indexOf(token) + 1]?.kind === '(';
    if (docLine && (token.kind === 'keyword' || isCall)) return { markdown: docLine, range: { start: token.start, end: token.end } };
  }
  const value = valueAt(offset, syntax.valuesAt(doc, offset));
  if (value) return { markdown: value.text, range: value.range };
  return null;
}

function symbolHover(doc: AnalyzedDocument, def: SymbolDefinition): string | undefined {
  const scene = doc.analysis.semantics.scene;
  switch (def.kind) {
    case 'body': {
      const nameStart = def.nameRange.start;
      const body = scene.bodies.find((b) => b.nameStart === nameStart && b.name === def.name);
      if (!body) {
        return `**body** \`${def.name}\` · ${def.detail}\n\nNot analyzed until the errors in its statement are fixed.`;
      }
      return bodyHover(doc, body);
    }
    case 'let': {
      const v = doc.analysis.semantics.constants.get(def.name);
      const source = sourceOf(doc, def.range).replace(/^let\s+/, '');
      const value = v === undefined ? '(no value: see the errors on its definition)' : `= ${formatValue(v)}`;
      return `**constant** \`${def.name}\` ${value}\n\n\`\`\`collide\nlet ${source}\n\`\`\``;
    }
    case 'shape': {
      const users = scene.bodies.filter((b) => b.shapeName === def.name);
      const lines = [`**shape** \`${def.name}\``, '', '```collide', `shape ${sourceOf(doc, def.range).replace(/^shape\s+/, '')}`, '```'];
      const value = doc.analysis.semantics.shapes.get(def.name);
      if (value) {
        let area = 0;
        for (const p of value.parts) area += shapeArea(p.shape);
        lines.push('', `${shapeSummary(value.parts, value.sourceKind)}, area ${fmt(area)}`);
      }
      lines.push(
        '',
        users.length
          ? `Used by ${users.length} bod${users.length === 1 ? 'y' : 'ies'}: ${users.slice(0, 8).map((b) => `\`${b.name}\``).join(', ')}${users.length > 8 ? ', …' : ''}`
          : 'No body uses it directly.',
      );
      return lines.join('\n');
    }
    case 'layer': {
      const layer = scene.layers.get(def.name);
      const members = scene.bodies.filter((b) => b.layer === def.name);
      const partners = layer
        ? [...scene.layers.values()].filter((l) => l.collides.includes(def.name) || layer.collides.includes(l.name)).map((l) => l.name)
        : [];
      const lines = [`**layer** \`${def.name}\``, ''];
      lines.push(partners.length ? `Collides with: ${partners.map((n) => `\`${n}\``).join(', ')}, and with bodies that have no layer.` : 'Collides with no layer, only with bodies that have no layer.');
      lines.push('', members.length ? `Bodies (${members.length}): ${members.slice(0, 12).map((b) => `\`${b.name}\``).join(', ')}${members.length > 12 ? ', …' : ''}` : 'No body is on this layer.');
      return lines.join('\n');
    }
  }
}

function sourceOf(doc: AnalyzedDocument, range: TextRange): string {
  const s = doc.text.slice(range.start, range.end).replace(/\s+/g, ' ').trim();
  return s.length > 200 ? `${s.slice(0, 199)}…` : s;
}

function bodyHover(doc: AnalyzedDocument, body: SceneBody): string {
  const scene = doc.analysis.semantics.scene;
  const lines = [
    `**body** \`${body.name}\` · ${bodyModifiers(body)}`,
    '',
    `- shape: ${body.shapeName ? `\`${body.shapeName}\`, ` : ''}${shapeSummary(body.parts, body.sourceKind)}`,
    ...bodyStateLines(body),
    `- layer: ${body.layer === null ? 'none (collides with everything)' : `\`${body.layer}\``}`,
  ];
  const findings = findingsOfBody(doc, body.index);
  lines.push('');
  if (body.isSensor) lines.push('A sensor reports no findings.');
  else if (findings.length === 0) lines.push('No findings.');
  else {
    lines.push(`**Findings** (${findings.length})`, '');
    for (const f of findings) lines.push(`- ${findingLine(scene, f, body.index)}`);
  }
  return lines.join('\n');
}

/**
 * The innermost evaluated value under the cursor among `values` (which hold no bare number:
 * value-table.ts).
 */
function valueAt(offset: number, values: ValueTable): { text: string; range: TextRange } | undefined {
  let best: { text: string; range: TextRange } | undefined;
  // The compact table, read in place up to the cursor: only the winner is made into an object.
  const stop = values.lowerBound(offset + 1);
  for (let i = 0; i < stop; i++) {
    if (offset > values.end(i)) continue;
    if (best && values.end(i) - values.start(i) >= best.range.end - best.range.start) continue;
    const v = values.get(i);
    let text = `= ${formatValue(v.value)}`;
    if (!isVector(v.value)) {
      if (v.role === 'angle') text = `= ${fmtAngle(v.value)}`;
      else if (v.role === 'spin') text = `= ${fmt(v.value)} rad/s (${fmt((v.value * 180) / Math.PI)}°/s)`;
      else if (v.role === 'time') text = `= ${fmt(v.value)} s`;
    }
    best = { text, range: v.range };
  }
  return best;
}
