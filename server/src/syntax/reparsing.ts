// Parsing part of a file: a window of statements starting at a statement boundary
// (`parseWindow`, for incremental re-parsing) and a skim that finds the bodies without parsing
// them (`skimFile`, each body parsed later on request). Both drive the grammar of grammar.ts
// and give what a whole-file parse would give for the same statements.
import { byPosition, type Diagnostic } from '../common/diagnostic';
import type { BodyStatement, Statement } from './ast';
import { internalError, Parser } from './grammar';
import { Scanner } from './lexer';
import type { LineIndex } from './positions';

/** What `parseWindow` parsed: statements from `start` up to `end` (exclusive) of the text. */
export interface WindowParse {
  readonly statements: Statement[];
  /** Lexical and syntax errors of the window, in source order. */
  readonly diagnostics: Diagnostic[];
  /** Where parsing stopped: the start of the statement `stopAt` accepted, or the end of the text. */
  readonly end: number;
}

/**
 * Parses statements starting at offset `start`, which must be the first token of a statement or
 * lie between statements (incremental re-parsing, analysis/incremental.ts). Before each statement
 * after the first, `stopAt(offset, previousEnd)` (`previousEnd`: where the statement before it
 * ended) is asked whether the statement starting there is known already; parsing stops at the first one it accepts. Lexing is context-free at a token boundary
 * and a statement's parse depends only on its own tokens and the few after it, so the result
 * equals the corresponding part of a whole-file parse.
 */
export function parseWindow(
  text: string,
  lines: LineIndex,
  start: number,
  stopAt: (offset: number, previousEnd: number) => boolean,
): WindowParse {
  const scanner = new Scanner(text, start);
  const diagnostics: Diagnostic[] = [];
  let statements: Statement[];
  const parser = new Parser(scanner, lines, diagnostics, start);
  try {
    statements = parser.parseStatements(stopAt);
  } catch (e) {
    statements = [];
    diagnostics.push(internalError(e));
    parser.stoppedAt = text.length;
  }
  const end = parser.stoppedAt;
  // Lexer first, as in `parse` (the sort is stable); what the lookahead scanned beyond the
  // window belongs to the statements after it.
  const all: Diagnostic[] = [];
  for (const d of scanner.diagnostics) if (d.range.start < end) all.push(d);
  for (const d of diagnostics) all.push(d);
  all.sort(byPosition);
  return { statements, diagnostics: all, end };
}

/**
 * A whole-file parse in two halves, for callers that need each body's tree only for a moment (the
 * analysis pipeline: semantics evaluates a body, then keeps its Scene entry and not its tree).
 * Every statement but the bodies is parsed; each body is found with its range and name only
 * (`skimmed`, stubs without shape or properties), and `parseBody(stub)` parses it when asked,
 * with its diagnostics. The bodies' trees then die young instead of all living until semantics
 * ends, which is most of a large file's garbage-collection time and peak memory.
 *
 * The union of `diagnostics` and every body's diagnostics is `parse(text).diagnostics`.
 */
export interface SkimmedFile {
  readonly statements: readonly Statement[];
  /** The body stubs among `statements`, in order. */
  readonly skimmed: ReadonlySet<Statement>;
  /** Lexical and syntax errors outside the bodies, in source order. */
  readonly diagnostics: Diagnostic[];
  /** The full statement for a stub, and the diagnostics inside it (lexer's first, by position). */
  parseBody(stub: BodyStatement): { readonly statement: BodyStatement; readonly diagnostics: Diagnostic[] };
}

export function skimFile(text: string, lines: LineIndex): SkimmedFile {
  const scanner = new Scanner(text);
  const diagnostics: Diagnostic[] = [];
  const parser = new Parser(scanner, lines, diagnostics, 0);
  parser.skimBodies = true;
  let statements: Statement[];
  try {
    statements = parser.parseStatements(null);
  } catch (e) {
    statements = [];
    diagnostics.push(internalError(e));
  }
  scanner.fillAll();
  // Lexical errors inside a body are the body's (its own parse lexes it again).
  const bodies = parser.skimmed;
  const outside: Diagnostic[] = [];
  let b = 0;
  for (const d of scanner.diagnostics) {
    while (b < bodies.length && bodies[b]!.range.end <= d.range.start) b++;
    if (b < bodies.length && bodies[b]!.range.start <= d.range.start) continue;
    outside.push(d);
  }
  for (const d of diagnostics) outside.push(d);
  outside.sort(byPosition);
  // One scanner and one parser for every body: reused rather than made per statement.
  const bodyScanner = new Scanner(text, 0);
  const bodyParser = new Parser(bodyScanner, lines, [], 0);
  let skimmed: ReadonlySet<Statement> | undefined;
  return {
    statements,
    get skimmed() {
      return (skimmed ??= new Set<Statement>(bodies));
    },
    diagnostics: outside,
    parseBody(stub) {
      bodyScanner.reset(stub.range.start);
      const found: Diagnostic[] = [];
      bodyParser.restart(stub.range.start, found);
      let statement: BodyStatement;
      try {
        const parsed = bodyParser.parseOne();
        statement = parsed !== null && parsed.kind === 'Body' ? parsed : stub;
      } catch (e) {
        found.push(internalError(e));
        statement = stub;
      }
      const all: Diagnostic[] = [];
      for (const d of bodyScanner.diagnostics) if (d.range.start < stub.range.end) all.push(d);
      for (const d of found) all.push(d);
      all.sort(byPosition);
      return { statement, diagnostics: all };
    },
  };
}
