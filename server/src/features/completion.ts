import { FUNCTION_NAMES, formatValue } from '../semantics/evaluate';
import { SHAPE_SIGNATURES } from '../semantics/signatures';
import { isSceneBody } from '../semantics/symbols';
import type { Statement } from '../syntax/ast';
import { isIdentPart, MODIFIER_KEYWORDS, SHAPE_KEYWORDS, STATEMENT_KEYWORDS, type Comment, type Token } from '../syntax/lexer';
import { statementIndexOf } from '../syntax/statement-index';
import type { AnalyzedDocument } from './document';
import { KEYWORD_DOCS } from './keyword-docs';
import { TILE_CHARACTERS, tileRowAt } from './tile-rows';
import { lastTokenBefore } from './tokens';

/**
 * Completion: what may be written at the cursor, read from the tokens before it
 * within its statement (the parser's tree is incomplete exactly where one is typing):
 * statement keywords at the start of a line, modifiers and shapes after a body's name, shape
 * constructors as snippets with placeholders and named shapes wherever a shape goes, the
 * property keywords a body has not written yet after its shape, `at`/`angle` after a compound
 * part, layer names after `layer` and `collides`, constants, `pi` and functions in
 * expressions, and the tile characters in a `tiles` row.
 */
export interface CompletionOptions {
  /** Whether the client accepts snippets (completionItem.snippetSupport). */
  readonly snippets: boolean;
}

/**
 * What a completion offers: a keyword, a shape constructor (`box`), a named shape, a constant
 * (`let`), a built-in function, a layer name or a tile character.
 */
export type CompletionKind = 'keyword' | 'constructor' | 'shape' | 'constant' | 'function' | 'layer' | 'tile';

/** One completion, in scene terms; lsp/completion.ts makes it an LSP CompletionItem. */
export interface Completion {
  readonly label: string;
  readonly kind: CompletionKind;
  readonly detail?: string;
  /** Markdown. */
  readonly documentation?: string;
  readonly sortText?: string;
  /** The text to insert instead of the label: a snippet with placeholders when `snippet` is true. */
  readonly insertText?: string;
  readonly snippet?: boolean;
}

const BODY_PROPERTIES = ['at', 'angle', 'velocity', 'spin', 'layer'] as const;

type Frame = { readonly kind: 'compound' | 'shape' | 'call' | 'group'; readonly name: string };

export type CompletionContext =
  | { readonly kind: 'none' }
  | { readonly kind: 'statement'; readonly bodyProperties?: readonly string[] }
  | { readonly kind: 'expression' }
  | { readonly kind: 'shape'; readonly modifiers?: readonly string[] }
  | { readonly kind: 'layer-name' }
  | { readonly kind: 'after-layer-name' }
  | { readonly kind: 'part-clause' }
  | { readonly kind: 'body-tail'; readonly properties: readonly string[] };

export function completion(doc: AnalyzedDocument, offset: number, options: CompletionOptions): Completion[] {
  // In a row of a `tiles` statement: its characters, and nothing else.
  if (tileRowAt(doc, offset)) return tileItems();
  const context = completionContext(doc, offset);
  const items: Completion[] = [];
  const seen = new Set<string>();
  // `layer` is both a statement and a body property: offer each word once.
  const add = (list: Completion[]) => {
    for (const item of list) {
      if (seen.has(item.label)) continue;
      seen.add(item.label);
      items.push(item);
    }
  };
  switch (context.kind) {
    case 'none':
      break;
    case 'statement':
      add(statementKeywords());
      if (context.bodyProperties) add(keywords(context.bodyProperties));
      break;
    case 'expression':
      add(expressionItems(doc, options));
      break;
    case 'shape':
      if (context.modifiers) add(keywords(context.modifiers));
      add(shapeItems(doc, options));
      break;
    case 'layer-name':
      add(layerItems(doc));
      break;
    case 'after-layer-name':
      add(keywords(['collides']));
      add(statementKeywords());
      break;
    case 'part-clause':
      add(keywords(['at', 'angle']));
      break;
    case 'body-tail':
      add(keywords(context.properties));
      add(statementKeywords());
      break;
  }
  return items;
}

/**
 * The syntax completion reads around a word that starts at `wordStart`, as a caller finds it:
 * from the statement index here, from the whole file's tokens and tree in the equivalence test's
 * oracle (test/unit/features/oracle/completion.ts). Everything else is `completionContextWith`'s.
 */
export interface CompletionSyntax {
  /** Tokens in order, holding every token from the start of the statement before the word up to the cursor. */
  readonly tokens: readonly Token[];
  /** Comments among them, holding every comment that may contain the cursor. */
  readonly comments: readonly Comment[];
  /** The statement that holds token `i` of `tokens` (the last one before the word); undefined when none does. */
  statementOf(i: number): CompletionStatement | undefined;
}

export interface CompletionStatement {
  readonly kind: Statement['kind'];
  /** Index in `tokens` of the statement's first token. */
  readonly first: number;
  /** The statement's tree, at least when it is a `layer` statement (the only tree completion reads). */
  readonly tree?: Statement | undefined;
}

export type CompletionLocator = (wordStart: number, offset: number) => CompletionSyntax;

/** Where the cursor is, in terms of what may be written there. Exported for tests. */
export function completionContext(doc: AnalyzedDocument, offset: number): CompletionContext {
  return completionContextWith(doc, offset, (wordStart, end) => {
    // Only the statement before the word is lexed (syntax/statement-index.ts): the token before
    // the word lies in the last statement that starts before it, and a comment around the cursor
    // starts after that statement's start (one before it ends before it). So that statement, k,
    // is the one around the token: it starts before the word, and the next one does not.
    const index = statementIndexOf(doc.analysis.parse);
    const k = index.atOrBefore(wordStart - 1);
    const { tokens, comments } = index.tokens(k, end);
    return {
      tokens,
      comments,
      statementOf: () => {
        if (k < 0) return undefined; // no statement: the parser failed (not expected)
        const kind = index.kind(k);
        return { kind, first: 0, tree: kind === 'Layer' ? index.parse(k)[0] : undefined };
      },
    };
  });
}

/**
 * The completion context at `offset` from the syntax `locate` finds around the word being typed
 * (the word's start and the cursor, clamped to the text, are its arguments).
 */
export function completionContextWith(doc: AnalyzedDocument, offset: number, locate: CompletionLocator): CompletionContext {
  const { text } = doc;
  offset = Math.max(0, Math.min(offset, text.length));
  let wordStart = offset;
  while (wordStart > 0 && isIdentPart(text.charCodeAt(wordStart - 1))) wordStart--;
  const syntax = locate(wordStart, offset);
  const { tokens, comments } = syntax;
  for (const c of comments) {
    if (c.range.start < offset && (offset < c.range.end || (offset === c.range.end && (c.kind === 'line' || !c.terminated)))) return { kind: 'none' };
  }
  const first = text.charCodeAt(wordStart);
  if (wordStart < offset && first >= 48 && first <= 57) return { kind: 'none' }; // typing a number
  const lineStart = doc.lines.lineStart(doc.lines.lineAt(wordStart));
  const atLineStart = text.slice(lineStart, wordStart).trim() === '';

  const prevIndex = lastTokenBefore(tokens, wordStart);
  if (prevIndex < 0) return { kind: 'statement' };
  const prev = tokens[prevIndex]!;
  const around = syntax.statementOf(prevIndex);
  if (!around || around.kind === 'Error') return atLineStart ? { kind: 'statement' } : { kind: 'none' };
  const statement = around.tree;
  const firstIndex = around.first;
  const head = tokens[firstIndex]!;

  // Paren frames open at the cursor, and the property keywords written at depth 0.
  const stack: Frame[] = [];
  const written = new Set<string>();
  const modifiers = new Set<string>();
  for (let i = firstIndex; i <= prevIndex; i++) {
    const t = tokens[i]!;
    if (t.kind === '(') {
      const before = i > firstIndex ? tokens[i - 1]! : undefined;
      if (before?.kind === 'keyword' && before.text === 'compound') stack.push({ kind: 'compound', name: 'compound' });
      else if (before?.kind === 'keyword' && (SHAPE_KEYWORDS as readonly string[]).includes(before.text)) stack.push({ kind: 'shape', name: before.text });
      else if (before?.kind === 'identifier') stack.push({ kind: 'call', name: before.text });
      else stack.push({ kind: 'group', name: '' });
    } else if (t.kind === ')') {
      stack.pop();
    } else if (stack.length === 0 && t.kind === 'keyword') {
      if ((BODY_PROPERTIES as readonly string[]).includes(t.text) && i > firstIndex) written.add(t.text);
      if ((MODIFIER_KEYWORDS as readonly string[]).includes(t.text)) modifiers.add(t.text);
    }
  }
  const top = stack[stack.length - 1];
  const statementStart = atLineStart && stack.length === 0;

  switch (head.text) {
    case 'dt':
    case 'frames':
    case 'slop':
      if (statementStart && prev !== head) return { kind: 'statement' };
      return { kind: 'expression' };
    case 'let':
      if (prev === head) return { kind: 'none' };
      if (statementStart && prev.kind !== '=' && !isOperator(prev)) return { kind: 'statement' };
      return prev.kind === '=' || stack.length > 0 || isOperator(prev) ? { kind: 'expression' } : { kind: 'none' };
    case 'layer': {
      if (prev === head) return { kind: 'none' };
      const hasCollides = statement?.kind === 'Layer' && statement.collidesRange !== undefined;
      if (!hasCollides) return { kind: 'after-layer-name' };
      if (statementStart) return { kind: 'statement' };
      return { kind: 'layer-name' };
    }
    case 'shape':
    case 'body': {
      if (prev === head) return { kind: 'none' }; // naming a new shape or body
      if (top) return insideParens(top, prev);
      if (head.text === 'shape') {
        if (prev.kind === '=') return { kind: 'shape' };
        return statementStart ? { kind: 'statement' } : { kind: 'none' };
      }
      // A body, at depth 0.
      const nameToken = tokens[firstIndex + 1];
      const beforeShape = prev === nameToken || (prev.kind === 'keyword' && (MODIFIER_KEYWORDS as readonly string[]).includes(prev.text));
      if (beforeShape && !statementStart) {
        return { kind: 'shape', modifiers: MODIFIER_KEYWORDS.filter((m) => !modifiers.has(m)) };
      }
      if (prev.kind === 'keyword' && prev.text === 'layer' && !statementStart) return { kind: 'layer-name' };
      if (prev.kind === 'keyword' && ['at', 'angle', 'velocity', 'spin'].includes(prev.text)) return { kind: 'expression' };
      if (isOperator(prev) || prev.kind === ',') return { kind: 'expression' };
      const properties = BODY_PROPERTIES.filter((p) => !written.has(p));
      if (statementStart) return { kind: 'statement', bodyProperties: beforeShape ? [] : properties };
      return { kind: 'body-tail', properties };
    }
    default:
      return statementStart ? { kind: 'statement' } : { kind: 'none' };
  }
}

function insideParens(top: Frame, prev: Token): CompletionContext {
  if (top.kind === 'compound') {
    if (prev.kind === '(' || prev.kind === ',') return { kind: 'shape' };
    if (prev.kind === 'keyword' && (prev.text === 'at' || prev.text === 'angle')) return { kind: 'expression' };
    if (isOperator(prev)) return { kind: 'expression' };
    return { kind: 'part-clause' };
  }
  return { kind: 'expression' };
}

function isOperator(t: Token): boolean {
  return t.kind === '+' || t.kind === '-' || t.kind === '*' || t.kind === '/';
}

// ── Items ─────────────────────────────────────────────────────────────────────────────────────

function keywords(words: readonly string[]): Completion[] {
  return words.map((w) => ({
    label: w,
    kind: 'keyword',
    ...(KEYWORD_DOCS[w] ? { documentation: KEYWORD_DOCS[w]! } : {}),
  }));
}

function statementKeywords(): Completion[] {
  return keywords(STATEMENT_KEYWORDS);
}

const SHAPE_SNIPPETS: Record<(typeof SHAPE_KEYWORDS)[number], string> = {
  circle: 'circle(${1:r})',
  box: 'box(${1:w}, ${2:h})',
  polygon: 'polygon((${1:0}, ${2:0}), (${3:1}, ${4:0}), (${5:0}, ${6:1}))',
  capsule: 'capsule(${1:length}, ${2:r})',
  segment: 'segment((${1:0}, ${2:0}), (${3:1}, ${4:0}))',
  compound: 'compound(${1:box(1, 1)}, ${2:circle(0.5)} at (${3:1}, ${4:0}))',
  chain: 'chain((${1:0}, ${2:0}), (${3:1}, ${4:0}))',
};

function shapeItems(doc: AnalyzedDocument, options: CompletionOptions): Completion[] {
  const items: Completion[] = SHAPE_KEYWORDS.map((k, i) => {
    const sig = SHAPE_SIGNATURES[k];
    return {
      label: k,
      kind: 'constructor',
      detail: sig.label,
      documentation: sig.documentation,
      sortText: `0${i}`,
      ...(options.snippets
        ? { insertText: SHAPE_SNIPPETS[k], snippet: true }
        : { insertText: `${k}(`, snippet: false }),
    };
  });
  for (const d of doc.analysis.semantics.symbols.entries) {
    if (isSceneBody(d) || d.kind !== 'shape' || d.duplicate) continue;
    items.push({ label: d.name, kind: 'shape', detail: d.detail, sortText: `1${d.name}` });
  }
  return items;
}

function expressionItems(doc: AnalyzedDocument, options: CompletionOptions): Completion[] {
  const items: Completion[] = [];
  for (const d of doc.analysis.semantics.symbols.entries) {
    if (isSceneBody(d) || d.kind !== 'let' || d.duplicate) continue;
    const v = doc.analysis.semantics.constants.get(d.name);
    items.push({ label: d.name, kind: 'constant', detail: v === undefined ? d.detail : `= ${formatValue(v)}`, sortText: `0${d.name}` });
  }
  items.push({ label: 'pi', kind: 'keyword', detail: '3.14159…', sortText: '1pi' });
  for (const f of FUNCTION_NAMES) {
    items.push({
      label: f,
      kind: 'function',
      ...(KEYWORD_DOCS[f] ? { documentation: KEYWORD_DOCS[f]! } : {}),
      sortText: `2${f}`,
      ...(options.snippets ? { insertText: `${f}($1)`, snippet: true } : {}),
    });
  }
  return items;
}

function layerItems(doc: AnalyzedDocument): Completion[] {
  return doc.analysis.semantics.symbols.entries
    .filter((d) => !isSceneBody(d) && d.kind === 'layer' && !d.duplicate)
    .map((d) => ({ label: d.name, kind: 'layer', detail: d.detail }));
}

/** The tile characters in their documented order, each with its meaning (a space named so). */
function tileItems(): Completion[] {
  return TILE_CHARACTERS.map((t, i) => ({
    label: t.ch === ' ' ? 'space' : t.ch,
    kind: 'tile' as const,
    detail: t.meaning,
    sortText: String(i),
    insertText: t.ch,
  }));
}
