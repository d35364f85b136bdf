import { SHAPE_SIGNATURES } from '../semantics/signatures';
import { SHAPE_KEYWORDS, type ShapeKeyword, type Token } from '../syntax/lexer';
import { statementIndexOf } from '../syntax/statement-index';
import type { AnalyzedDocument } from './document';
import { lastTokenBefore } from './tokens';

/**
 * Signature help inside shape constructors: which constructor's parameters to show, and the one
 * being written (a variadic constructor's last parameter stays active for every further one). The innermost constructor whose parenthesis is open at the
 * cursor wins, so `compound(box(1, |` helps with `box`, and a vertex `(x, y)` inside `polygon`
 * still shows the polygon's signature.
 */
export interface ActiveParameter {
  readonly shape: ShapeKeyword;
  /** The index of the active parameter in the shape's signature (semantics/signatures.ts). */
  readonly parameter: number;
}

const SHAPES: ReadonlySet<string> = new Set(SHAPE_KEYWORDS);
const STATEMENTS: ReadonlySet<string> = new Set(['dt', 'frames', 'slop', 'let', 'shape', 'body']);

export function signatureHelp(doc: AnalyzedDocument, offset: number): ActiveParameter | null {
  // The walk goes back from the cursor until a statement keyword at its level, usually within the
  // cursor's statement: tokens are lexed from there (syntax/statement-index.ts), and from further
  // back, twice as many statements each time, in the rare case that the walk gets past them (a
  // `layer` statement or stray text does not stop it).
  const index = statementIndexOf(doc.analysis.parse);
  let k = index.atOrBefore(offset - 1);
  for (let span = 1; ; span *= 2) {
    const window = index.tokens(k, offset);
    const found = walkBack(window.tokens, offset, window.fromTextStart);
    if (found !== MORE) return found;
    k = k - span < 0 ? -1 : k - span;
  }
}

/** What `walkBack` answers when it would need the tokens before its window. */
export const MORE = Symbol('more');

/**
 * The signature help at `offset` from `tokens`: the file's tokens from a statement's start up to
 * the cursor at least, or from the text's start when `complete` (the whole file's in the
 * equivalence test's oracle, test/unit/features/oracle/signature-help.ts); `MORE` when the
 * answer may lie before them.
 */
export function walkBack(tokens: readonly Token[], offset: number, complete: boolean): ActiveParameter | null | typeof MORE {
  let i = lastTokenBefore(tokens, offset);
  // Walk back over the open parentheses, counting commas at the innermost shape's level.
  let depth = 0;
  let commas = 0;
  for (; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.kind === ')') depth++;
    else if (t.kind === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (i === 0 && !complete) return MORE;
      const callee = tokens[i - 1];
      if (callee && callee.kind === 'keyword' && SHAPES.has(callee.text)) return help(callee.text as ShapeKeyword, commas);
      // A vector or a function call inside the arguments: keep looking outwards, its commas
      // are its own.
      commas = 0;
    } else if (t.kind === ',' && depth === 0) commas++;
    else if (t.kind === 'keyword' && depth === 0 && STATEMENTS.has(t.text)) return null;
  }
  return complete ? null : MORE;
}

function help(shape: ShapeKeyword, argument: number): ActiveParameter {
  const sig = SHAPE_SIGNATURES[shape];
  const last = sig.parameters.length - 1;
  const active = sig.variadic ? Math.min(argument, last) : argument;
  return { shape, parameter: active > last ? last : active };
}
