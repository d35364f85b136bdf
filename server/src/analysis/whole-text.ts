// Syntax and semantics of a whole text with no whole-file tree alive at once: bodies streamed
// through semantics one at a time, or, when a definition follows a body, in two passes.
import { mergeDiagnostics, type Diagnostic } from '../common/diagnostic';
import type { SemanticOptions, SemanticResult } from '../semantics/result';
import { SemanticSession, SemanticStream } from '../semantics/session';
import type { Statement } from '../syntax/ast';
import { isIdentPart } from '../syntax/characters';
import { streamStatements } from '../syntax/parser';
import type { LineIndex } from '../syntax/positions';
import { skimFile } from '../syntax/reparsing';
import { STATEMENT_KIND_CODE } from '../syntax/statement-index';

/** The statements of a version: kind (STATEMENT_KIND_CODE), start and end of each, in order. */
export interface StatementOutline {
  readonly kinds: number[];
  readonly starts: number[];
  readonly ends: number[];
}

/**
 * Syntax and semantics of a whole text, equal to `parse` + `analyzeSemantics`, without the trees
 * of the whole file alive at once: what is kept of the statements is their outline.
 *
 * Usually in one pass (syntax/parser.ts `streamStatements`): statements are parsed in order, and
 * each body is evaluated as soon as it is parsed, then dropped (semantics/check.ts
 * `SemanticStream`). That needs every other statement before the first body, since a body may
 * use a constant, shape or layer defined anywhere; a file that has one after a body (a `let`
 * between bodies, say) is analyzed in two passes instead: every statement but the bodies is
 * parsed, each body found by its extent only (syntax/reparsing.ts `skimFile`), and a body is parsed
 * when semantics reaches it.
 */
export function analyzeWholeText(
  text: string,
  lines: LineIndex,
  options: SemanticOptions = {},
): { outline: StatementOutline; semantics: SemanticResult; session: SemanticSession; diagnostics: Diagnostic[] } {
  if (definitionAfterBody(text)) return analyzeInTwoPasses(text, lines, options);
  // The outline serves later windowed edits only; a run without editor data has none.
  const editorData = options.editorData ?? true;
  const outline: StatementOutline = { kinds: [], starts: [], ends: [] };
  const headers: Statement[] = [];
  let stream: SemanticStream | undefined;
  const diagnostics = streamStatements(text, lines, (s) => {
    if (editorData) {
      outline.kinds.push(STATEMENT_KIND_CODE[s.kind]);
      outline.starts.push(s.range.start);
      outline.ends.push(s.range.end);
    }
    if (s.kind === 'Body') {
      stream ??= new SemanticStream(text, headers, options);
      stream.add(s);
      return true;
    }
    if (s.kind === 'Error') return true;
    headers.push(s);
    // A definition or setting after a body: the bodies before it were evaluated without it.
    return stream === undefined;
  });
  if (diagnostics !== null) {
    const session = new SemanticSession(stream ?? new SemanticStream(text, headers, options));
    return { outline, semantics: session.takeResult(), session, diagnostics };
  }
  return analyzeInTwoPasses(text, lines, options);
}

/**
 * Whether a line after the first body seems to start a definition or setting: then the file is
 * analyzed in two passes at once, instead of streaming its bodies only to find that out at the
 * end and start again. A guess from the raw text (a line in a block comment may fool it either
 * way); the one pass still checks what it parses, so a wrong guess costs time, never results.
 * A `layer` counts only flush left, where it starts a statement (syntax/token-cursor.ts
 * layerStartsStatement): indented, it is usually a body's property on a line of its own.
 */
function definitionAfterBody(text: string): boolean {
  // Line by line with indexOf (a regular expression over a large text runs in V8's regexp
  // interpreter the first time, several times slower than the scan it saves).
  let seenBody = false;
  for (let line = 0; line < text.length; ) {
    const next = text.indexOf('\n', line);
    let i = line;
    while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
    const c = text.charCodeAt(i);
    if (!seenBody) seenBody = c === 98 /* b */ && wordAt(text, i, 'body');
    else if (c === 108 /* l */ ? wordAt(text, i, 'let') || (i === line && wordAt(text, i, 'layer')) : c === 115 /* s */ ? wordAt(text, i, 'shape') || wordAt(text, i, 'slop') : c === 100 /* d */ ? wordAt(text, i, 'dt') : c === 102 /* f */ && wordAt(text, i, 'frames')) {
      return true;
    }
    if (next < 0) break;
    line = next + 1;
  }
  return false;
}

/** Whether `word` is written at `i` as a whole word (not the start of a longer name). */
function wordAt(text: string, i: number, word: string): boolean {
  return text.startsWith(word, i) && !isIdentPart(text.charCodeAt(i + word.length));
}

/** `analyzeWholeText` for a file with a definition or setting after a body (see there). */
function analyzeInTwoPasses(
  text: string,
  lines: LineIndex,
  options: SemanticOptions,
): { outline: StatementOutline; semantics: SemanticResult; session: SemanticSession; diagnostics: Diagnostic[] } {
  const skim = skimFile(text, lines);
  const bodyDiagnostics: Diagnostic[] = [];
  const session = new SemanticSession({
    text,
    statements: skim.statements,
    // Only `body` statements are stubs: a `tiles` statement is a Body too, but the skim parsed it
    // whole and reported its diagnostics already (parsing it again would report them twice).
    expandBody: (stub) => {
      if (!skim.skimmed.has(stub)) return stub;
      const { statement, diagnostics } = skim.parseBody(stub);
      for (const d of diagnostics) bodyDiagnostics.push(d);
      return statement;
    },
    options,
  });
  // Both lists are in position order and cover disjoint stretches (bodies and the rest).
  const diagnostics = mergeDiagnostics(skim.diagnostics, bodyDiagnostics);
  const outline: StatementOutline = { kinds: [], starts: [], ends: [] };
  if (options.editorData ?? true) {
    for (const s of skim.statements) {
      outline.kinds.push(STATEMENT_KIND_CODE[s.kind]);
      outline.starts.push(s.range.start);
      outline.ends.push(s.range.end);
    }
  }
  return { outline, semantics: session.takeResult(), session, diagnostics };
}
