import type { Diagnostic } from '../common/diagnostic';
import { analyzeSemantics, type SemanticResult } from '../semantics/check';
import { parse, type ParseResult } from '../syntax/parser';
import { analyzeScene, compareFindings, type AnalysisOptions } from './analyze';
import { impactDiagnostic } from './continuous';
import type { Finding } from './findings';
import { overlapDiagnostic } from './overlap';

/**
 * The whole pipeline for one document (architecture.md, "Data flows one way"): text → syntax →
 * semantics → analysis → diagnostics. The language server and the CLI both call this, so an
 * editor and CI always agree. Never throws: a failure inside the analysis becomes a diagnostic,
 * and the syntax and semantic results are still returned.
 */
export interface DocumentAnalysis {
  readonly parse: ParseResult;
  readonly semantics: SemanticResult;
  /** Findings in a deterministic order: by the first body's index, then the second's. */
  readonly findings: readonly Finding[];
  /** Syntax, semantic and finding diagnostics together, ordered by position. */
  readonly diagnostics: readonly Diagnostic[];
}

export type { AnalysisOptions };

export function analyzeDocument(text: string, options: AnalysisOptions = {}): DocumentAnalysis {
  const stages = analyzeDocumentInStages(text, options);
  for (;;) {
    const step = stages.next();
    if (step.done) return step.value;
  }
}

/** The stage that has just finished when `analyzeDocumentInStages` pauses. */
export type AnalysisStage = 'syntax' | 'semantics';

/**
 * The same pipeline as `analyzeDocument`, pausing after each stage so that a caller can drop a
 * run that a newer document version has made stale (architecture.md, "the analysis is
 * cancellable"): the language server yields to its event loop at each pause and stops iterating
 * when a newer version has arrived. The result is identical to `analyzeDocument`'s.
 */
export function* analyzeDocumentInStages(text: string, options: AnalysisOptions = {}): Generator<AnalysisStage, DocumentAnalysis, void> {
  const syntax = parse(text);
  yield 'syntax';
  const semantics = analyzeSemantics(syntax);
  yield 'semantics';
  let findings: Finding[];
  try {
    findings = analyzeScene(semantics.scene, options);
  } catch (e) {
    return failedAnalysis(syntax, semantics, e);
  }
  return assembleAnalysis(syntax, semantics, findings);
}

/**
 * The last step of every pipeline (this one and the incremental analyzer's, analysis/incremental.ts):
 * findings in their deterministic order, their diagnostics built against the current scene, and
 * all diagnostics merged by position. Never throws (see `failedAnalysis`).
 */
export function assembleAnalysis(syntax: ParseResult, semantics: SemanticResult, findings: Finding[]): DocumentAnalysis {
  const scene = semantics.scene;
  const findingDiagnostics: Diagnostic[] = [];
  try {
    findings.sort(compareFindings);
    for (const f of findings) findingDiagnostics.push(f.kind === 'overlap' ? overlapDiagnostic(scene, f) : impactDiagnostic(scene, f));
  } catch (e) {
    return failedAnalysis(syntax, semantics, e);
  }
  return merge(syntax, semantics, findings, findingDiagnostics);
}

/**
 * The result when the collision analysis threw: the syntax and semantic results stand, and one
 * diagnostic says what happened. A defect in the collision code must not take the editor or the
 * CLI down with it.
 */
export function failedAnalysis(syntax: ParseResult, semantics: SemanticResult, error: unknown): DocumentAnalysis {
  return merge(syntax, semantics, [], [
    {
      range: { start: 0, end: 0 },
      severity: 'error',
      code: 'analysis-internal-error',
      message: `The collision analysis failed on this scene (${error instanceof Error ? error.message : String(error)}); please report it.`,
    },
  ]);
}

function merge(syntax: ParseResult, semantics: SemanticResult, findings: Finding[], findingDiagnostics: Diagnostic[]): DocumentAnalysis {
  const diagnostics = [...syntax.diagnostics, ...semantics.diagnostics, ...findingDiagnostics];
  // Stable: diagnostics at the same place keep the order syntax → semantics → findings.
  diagnostics.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  return { parse: syntax, semantics, findings, diagnostics };
}
