import type { Diagnostic } from '../common/diagnostic';
import { analyzeSemantics, type SemanticResult } from '../semantics/check';
import { parse, type ParseResult } from '../syntax/parser';
import { analyzeScene, type AnalysisOptions } from './analyze';
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
  const scene = semantics.scene;
  let findings: Finding[] = [];
  const findingDiagnostics: Diagnostic[] = [];
  try {
    findings = analyzeScene(scene, options).slice();
    findings.sort(compareFindings);
    for (const f of findings) findingDiagnostics.push(f.kind === 'overlap' ? overlapDiagnostic(scene, f) : impactDiagnostic(scene, f));
  } catch (e) {
    // A defect in the collision code must not take the editor or the CLI down with it.
    findings = [];
    findingDiagnostics.length = 0;
    findingDiagnostics.push({
      range: { start: 0, end: 0 },
      severity: 'error',
      code: 'analysis-internal-error',
      message: `The collision analysis failed on this scene (${e instanceof Error ? e.message : String(e)}); please report it.`,
    });
  }
  const diagnostics = [...syntax.diagnostics, ...semantics.diagnostics, ...findingDiagnostics];
  // Stable: diagnostics at the same place keep the order syntax → semantics → findings.
  diagnostics.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  return { parse: syntax, semantics, findings, diagnostics };
}

const KIND_ORDER: Record<Finding['kind'], number> = { overlap: 0, tunnelling: 1, collision: 2 };

function compareFindings(x: Finding, y: Finding): number {
  return x.ia - y.ia || x.ib - y.ib || KIND_ORDER[x.kind] - KIND_ORDER[y.kind];
}
