import { analyzeDocument, findingDiagnostic as sceneFindingDiagnostic, type DocumentAnalysis } from '../analysis/pipeline';
import type { Finding } from '../analysis/findings';
import type { Diagnostic } from '../common/diagnostic';
import type { ValueTable } from '../semantics/value-table';
import type { LineIndex } from '../syntax/positions';
import { statementIndexOf } from '../syntax/statement-index';
import { analysisOptions, DEFAULT_SETTINGS, type CollideSettings } from '../features/settings';

/**
 * What every feature function works on: one version of one document, fully analyzed, with the
 * settings it was analyzed under. Features are pure functions of this record and their request's
 * parameters, so tests call them on inline fixtures without a connection.
 */
export interface AnalyzedDocument {
  readonly uri: string;
  readonly version: number;
  readonly text: string;
  readonly analysis: DocumentAnalysis;
  /** Offsets ↔ LSP positions for `text`. */
  readonly lines: LineIndex;
  readonly settings: CollideSettings;
}

export function makeAnalyzedDocument(
  uri: string,
  version: number,
  analysis: DocumentAnalysis,
  settings: CollideSettings,
): AnalyzedDocument {
  return { uri, version, text: analysis.parse.text, analysis, lines: analysis.parse.lines, settings };
}

/** Analyzes `text` in one go (tests, and features that check an edit by re-analyzing). */
export function analyzeText(text: string, uri = 'file:///scene.collide', settings: CollideSettings = DEFAULT_SETTINGS, version = 1): AnalyzedDocument {
  return makeAnalyzedDocument(uri, version, analyzeDocument(text, analysisOptions(settings)), settings);
}

/** The diagnostic the pipeline made for a finding (same range, code and message). */
export function findingDiagnostic(doc: AnalyzedDocument, f: Finding): Diagnostic {
  return sceneFindingDiagnostic(doc.analysis.semantics.scene, f);
}

/**
 * The finding a diagnostic reports, or undefined for any other diagnostic. The finding
 * diagnostics are rebuilt with the same functions the pipeline used, so the match is exact
 * whichever body the collision code chose to put its diagnostic on.
 */
export function findingOf(doc: AnalyzedDocument, d: { readonly code: string; readonly range: { start: number; end: number }; readonly message: string }): Finding | undefined {
  if (d.code !== 'overlap' && d.code !== 'tunnelling' && d.code !== 'collision' && d.code !== 'ghost-bump') return undefined;
  // A finding's diagnostic sits on the name of one of its two bodies (analysis/overlap.ts,
  // continuous.ts): only those findings are worth a diagnostic each, rather than every finding
  // of the document on every code action request. Should no such finding match, every finding
  // is tried, so the answer never depends on that convention.
  return matchFinding(doc, d, true) ?? matchFinding(doc, d, false);
}

/**
 * The finding whose rebuilt diagnostic is `d` (its range, then its message), among the findings
 * on a body whose name is `d`'s range when `onNames`, else among all: the equivalence test's
 * oracle (test/unit/features/oracle/finders.ts) matches among all, as findingOf did at 576ff7e.
 */
export function matchFinding(doc: AnalyzedDocument, d: { readonly code: string; readonly range: { start: number; end: number }; readonly message: string }, onNames: boolean): Finding | undefined {
  const bodies = doc.analysis.semantics.scene.bodies;
  // Read once: a finding's diagnostic makes its range on each read (analysis/finding-diagnostic.ts),
  // and this loop runs over every finding of the document.
  const { start, end } = d.range;
  const names = (index: number): boolean => {
    const b = bodies[index];
    return b !== undefined && b.nameStart === start && b.nameEnd === end;
  };
  let fallback: Finding | undefined;
  for (const f of doc.analysis.findings) {
    if (f.kind !== d.code) continue;
    if (onNames && !names(f.ia) && !names(f.ib)) continue;
    const fd = findingDiagnostic(doc, f);
    const range = fd.range;
    if (range.start !== start || range.end !== end) continue;
    if (fd.message === d.message) return f;
    fallback ??= f;
  }
  return fallback;
}

/** Findings that involve the body with index `index`, in the analysis order. */
export function findingsOfBody(doc: AnalyzedDocument, index: number): Finding[] {
  return doc.analysis.findings.filter((f) => f.ia === index || f.ib === index);
}

/**
 * The values (in table order) of the statements that reach from `start` to `end` (hover: the
 * cursor's statement), evaluated for the request (semantics/check.ts
 * SemanticResult.valuesOf): every value that may end at or after `start` and start at or before
 * `end` is among them, since a value lies inside its statement.
 */
export function valuesReaching(doc: AnalyzedDocument, start: number, end: number): ValueTable {
  return doc.analysis.semantics.valuesOf(statementIndexOf(doc.analysis.parse).touching(start, end));
}
