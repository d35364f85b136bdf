import type { SignatureHelp, SignatureInformation } from 'vscode-languageserver-types';
import { SHAPE_SIGNATURES } from '../semantics/signatures';
import { SHAPE_KEYWORDS, type ShapeKeyword, type Token } from '../syntax/lexer';
import { statementIndexOf } from '../syntax/statement-index';
import type { AnalyzedDocument } from './document';
import { lastTokenBefore } from './tokens';

/**
 * Signature help inside shape constructors (issue 6, item 5): the constructor's parameters with
 * the one being written highlighted. The innermost constructor whose parenthesis is open at the
 * cursor wins, so `compound(box(1, |` helps with `box`, and a vertex `(x, y)` inside `polygon`
 * still shows the polygon's signature.
 */
const SHAPES: ReadonlySet<string> = new Set(SHAPE_KEYWORDS);
const STATEMENTS: ReadonlySet<string> = new Set(['dt', 'frames', 'slop', 'let', 'shape', 'body']);

export function signatureHelp(doc: AnalyzedDocument, offset: number): SignatureHelp | null {
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
export function walkBack(tokens: readonly Token[], offset: number, complete: boolean): SignatureHelp | null | typeof MORE {
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

function help(shape: ShapeKeyword, argument: number): SignatureHelp {
  const sig = SHAPE_SIGNATURES[shape];
  const last = sig.parameters.length - 1;
  const active = sig.variadic ? Math.min(argument, last) : argument;
  // Parameter labels as offsets into the label, so `(x, y)` is found even though it repeats.
  let from = sig.label.indexOf('(') + 1;
  const info: SignatureInformation = {
    label: sig.label,
    documentation: { kind: 'markdown', value: sig.documentation },
    parameters: sig.parameters.map((p) => {
      const at = sig.label.indexOf(p.name, from);
      if (at < 0) return { label: p.name, documentation: p.documentation };
      from = at + p.name.length;
      return { label: [at, at + p.name.length] as [number, number], documentation: p.documentation };
    }),
  };
  return { signatures: [info], activeSignature: 0, activeParameter: active > last ? last : active };
}
