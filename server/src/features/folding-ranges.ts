import { scanComments, type Comment } from '../syntax/lexer';
import { statementIndexOf } from '../syntax/statement-index';
import type { AnalyzedDocument } from './document';

/**
 * Folding ranges: statements that span several lines (a compound written one
 * part per line, a body with its properties below it), block comments, runs of two or more line
 * comments, and `// #region` ... `// #endregion` markers (language-configuration.json declares
 * the same markers for VS Code's indentation-based fallback).
 */
const REGION_START = /^\/\/\s*#region\b/;
const REGION_END = /^\/\/\s*#endregion\b/;

/** A foldable run of lines (0-based, both included); comments and regions say so. */
export interface Fold {
  readonly startLine: number;
  readonly endLine: number;
  readonly kind?: 'comment' | 'region';
}

export function foldingRanges(doc: AnalyzedDocument): Fold[] {
  // Statements by position and comments found by searching for '/': VS Code asks after every
  // edit, and neither needs a tree or a lex of the file (syntax/statement-index.ts, lexer.ts).
  return foldingRangesOf(doc, statementIndexOf(doc.analysis.parse), scanComments(doc.text));
}

/** The statements' extents, in order (a StatementIndex is one). */
export interface StatementSpans {
  readonly count: number;
  start(i: number): number;
  end(i: number): number;
}

/**
 * The folding ranges of a document with these statements and comments (in order): found by the
 * statement index and `scanComments` here, from the whole file's tree and lex in the
 * equivalence test's oracle (test/unit/features/oracle/folding-ranges.ts).
 */
export function foldingRangesOf(doc: AnalyzedDocument, statements: StatementSpans, comments: readonly Comment[]): Fold[] {
  const { lines } = doc;
  const out: Fold[] = [];
  for (let i = 0; i < statements.count; i++) {
    const start = lines.lineAt(statements.start(i));
    const end = lines.lineAt(statements.end(i));
    if (end > start) out.push({ startLine: start, endLine: end });
  }
  const regions: number[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flushRun = () => {
    if (runStart >= 0 && runEnd > runStart) out.push({ startLine: runStart, endLine: runEnd, kind: 'comment' });
    runStart = runEnd = -1;
  };
  for (const c of comments) {
    const start = lines.lineAt(c.range.start);
    const text = doc.text.slice(c.range.start, c.range.end);
    if (c.kind === 'line' && REGION_START.test(text)) {
      flushRun();
      regions.push(start);
      continue;
    }
    if (c.kind === 'line' && REGION_END.test(text)) {
      flushRun();
      const open = regions.pop();
      if (open !== undefined && start > open) out.push({ startLine: open, endLine: start, kind: 'region' });
      continue;
    }
    if (c.kind === 'block') {
      flushRun();
      const end = lines.lineAt(c.range.end);
      if (end > start) out.push({ startLine: start, endLine: end, kind: 'comment' });
      continue;
    }
    // A line comment continues a run when it is alone on the line just after the run's last.
    const alone = doc.text.slice(lines.lineStart(start), c.range.start).trim() === '';
    if (alone && runEnd >= 0 && start === runEnd + 1) runEnd = start;
    else {
      flushRun();
      if (alone) runStart = runEnd = start;
    }
  }
  flushRun();
  out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  return out;
}
