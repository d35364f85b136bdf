import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver';
import type { TextRange } from '../../../../server/src/common/diagnostic';
import { forEachChild, type Node } from '../../../../server/src/syntax/ast';
import type { AnalyzedDocument } from '../../../../server/src/features/document';

/**
 * Semantic tokens (issue 6, item 7): what the TextMate grammar cannot know, namely what each
 * name means. Bodies, named shapes, constants, layers and built-in functions get their own token
 * types, definitions the `declaration` modifier, constants `readonly`; keywords, numbers and
 * comments stay with the grammar. Unknown names get no token, so the error squiggle is the only
 * decoration they carry.
 */
export const TOKEN_TYPES = ['class', 'type', 'variable', 'namespace', 'function'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly', 'defaultLibrary'] as const;

export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

const TYPE_OF = { body: 0, shape: 1, let: 2, layer: 3 } as const;
const DECLARATION = 1;
const READONLY = 2;
const DEFAULT_LIBRARY = 4;

interface Entry {
  readonly range: TextRange;
  readonly type: number;
  readonly modifiers: number;
}

/** Tokens of the whole document, or of the lines that `range` touches (range requests). */
export function semanticTokens(doc: AnalyzedDocument, range?: TextRange): SemanticTokens {
  const entries: Entry[] = [];
  const { definitions, references } = doc.analysis.semantics.symbols;
  for (const d of definitions) {
    entries.push({ range: d.nameRange, type: TYPE_OF[d.kind], modifiers: DECLARATION | (d.kind === 'let' ? READONLY : 0) });
  }
  for (const r of references) {
    if (!r.definition) continue;
    const kind = r.definition.kind;
    entries.push({ range: r.range, type: TYPE_OF[kind], modifiers: kind === 'let' ? READONLY : 0 });
  }
  const visit = (n: Node): void => {
    if (range && (n.range.end < range.start || n.range.start > range.end)) return;
    if (n.kind === 'Call') entries.push({ range: n.callee.range, type: 4, modifiers: DEFAULT_LIBRARY });
    forEachChild(n, visit);
  };
  visit(doc.analysis.parse.file);
  entries.sort((a, b) => a.range.start - b.range.start);

  // LSP's relative encoding: line delta, start delta (relative when on the same line), length,
  // type, modifiers (LSP 3.16 "Semantic Tokens"). Names never span lines.
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  let lastStart = -1;
  for (const e of entries) {
    if (e.range.start === lastStart) continue; // a definition that is also recorded as a reference
    if (range && (e.range.end < range.start || e.range.start > range.end)) continue;
    lastStart = e.range.start;
    const p = doc.lines.positionAt(e.range.start);
    const length = e.range.end - e.range.start;
    if (length <= 0) continue;
    data.push(p.line - prevLine, p.line === prevLine ? p.character - prevChar : p.character, length, e.type, e.modifiers);
    prevLine = p.line;
    prevChar = p.character;
  }
  return { data };
}
