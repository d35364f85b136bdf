import { byPosition, mergeDiagnostics, type Diagnostic } from '../common/diagnostic';
import type { FindingDiagnostic } from './finding-diagnostic';
import type { SemanticResult } from '../semantics/result';
import type { ParseResult } from '../syntax/parser';
import { LineIndex } from '../syntax/positions';
import { DeferredParse } from './deferred-parse';
import type { TextEdit } from './statement-window';
import { analyzeWholeText } from './whole-text';
import { analyzeScene, compareFindings, type AnalysisOptions } from './analyze';
import { impactDiagnostic } from './continuous';
import type { Finding } from './findings';
import type { Scene, SceneBody } from '../semantics/scene';
import { overlapDiagnostic } from './overlap';
import { ghostBumpDiagnostic } from './ghost-bump';

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
  /**
   * How `diagnostics` differs from the previous analysis's, when the incremental analyzer can
   * say so without comparing them (analysis/incremental.ts); absent after a full run.
   */
  readonly change?: DiagnosticsChange;
}

/**
 * What an edit changed in the diagnostics list, as the analysis knows it: the pairs it tested
 * again, the bodies it evaluated again and the text range that changed, never found by walking
 * the lists. Leaving out the `removed` entries of `previous` and the `added` entries of the new
 * list leaves two lists of equal length whose diagnostics correspond one to one and are
 * *carried over*: the same code, severity, message, tags and related messages, every offset the
 * previous one moved by the edit (the same before it, shifted by newEnd - oldEnd after it), and
 * none of them on a line the edit touched (`edit`'s lines, in either text). Under the same
 * settings and with `edit.lineDelta` 0 a carried-over diagnostic is therefore at the same lines
 * and characters, so its LSP JSON is the previous one's byte for byte: the publisher reuses
 * whole runs of them without reading one (lsp/publish/published-diagnostics.ts).
 */
export interface DiagnosticsChange {
  /**
   * The diagnostics of the analysis this one follows (a consumer checks it is the list it
   * holds). Held weakly: the record lives as long as its analysis, and the list before, with
   * the diagnostics an edit replaced (at 100k bodies, tens of thousands after a length-changing
   * edit), must not.
   */
  readonly previous: WeakRef<readonly Diagnostic[]>;
  /** The text edit from that analysis's text to this one's. */
  readonly edit: TextEdit;
  /** Indices into `previous` of the diagnostics not carried over, ascending. */
  readonly removed: Int32Array;
  /** Indices into the new list of the diagnostics not carried over, ascending. */
  readonly added: Int32Array;
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
  if (typeof text !== 'string') text = text == null ? '' : String(text);
  // Syntax and semantics in one pass that parses each body when semantics reaches it, so that
  // the bodies' trees die young (whole-text.ts); the tree is parsed again only on request.
  const lines = new LineIndex(text);
  const whole = analyzeWholeText(text, lines, { editorData: options.editorData ?? true });
  const syntax = new DeferredParse(text, lines, whole.diagnostics);
  const semantics = whole.semantics;
  yield 'syntax';
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
 * The last step of the from-scratch pipeline: findings in their deterministic order, their
 * diagnostics built against the current scene and put in position order, and all diagnostics
 * merged by position. The incremental analyzer keeps the first two between runs and ends with
 * `completeAnalysis` (analysis/incremental.ts). Never throws (see `failedAnalysis`).
 */
export function assembleAnalysis(syntax: ParseResult, semantics: SemanticResult, findings: Finding[]): DocumentAnalysis {
  const scene = semantics.scene;
  let ordered: Diagnostic[];
  try {
    findings.sort(compareFindings);
    const bodies = scene.bodies;
    const diagnostics = new Array<Diagnostic>(findings.length);
    let owners: Int32Array | null = new Int32Array(findings.length);
    for (let k = 0; k < findings.length; k++) {
      const f = findings[k]!;
      const d = (diagnostics[k] = findingDiagnostic(scene, f));
      const o = onName(d, bodies[f.ia]) ? f.ia : onName(d, bodies[f.ib]) ? f.ib : -1;
      if (o < 0) owners = null;
      else if (owners) owners[k] = o;
    }
    ordered = positionOrder(diagnostics, owners, bodies.length);
  } catch (e) {
    return failedAnalysis(syntax, semantics, e);
  }
  return completeAnalysis(syntax, semantics, findings, ordered);
}

/**
 * The finding diagnostics (in findings order) in position order. Each sits on the name of one of
 * its pair's bodies, its `owner` (overlap.ts, continuous.ts), and body names are in declaration
 * order, so a stable counting sort by the owner's index orders them in O(n) (Cormen et al. §8.2)
 * where a comparison sort of thousands of diagnostics is a visible share of an edit. Without
 * owners (a diagnostic placed elsewhere) the stable comparison sort gives the same order.
 * `owners` is read for the first diagnostics.length entries only (it may be longer).
 */
export function positionOrder(diagnostics: Diagnostic[], owners: Int32Array | null, bodyCount: number): Diagnostic[] {
  if (owners === null) return diagnostics.sort(byPosition);
  const n = diagnostics.length;
  const first = ownerStarts(owners, n, bodyCount, new Int32Array(bodyCount + 1));
  const out = new Array<Diagnostic>(n);
  for (let k = 0; k < n; k++) out[first[owners[k]!]!++] = diagnostics[k]!;
  return out;
}

/**
 * positionOrder's places without the list: for each of the first n owners, where its diagnostic
 * goes in position order, into `at` (at least n long; `owners` itself will do, each owner being
 * read for the last time just before its place is written over it). For a caller that reads
 * the diagnostics from where it keeps them (the incremental analyzer's pair cache) instead of
 * from a list made for the sort. `counts`: scratch of at least bodyCount + 1, any contents, so
 * that an edit does not allocate one count per body.
 */
export function ownerPlaces(owners: Int32Array, n: number, bodyCount: number, counts: Int32Array, at: Int32Array): Int32Array {
  const first = ownerStarts(owners, n, bodyCount, counts);
  for (let k = 0; k < n; k++) at[k] = first[owners[k]!]!++;
  return at;
}

/** The counting sort's first place of each owner's run: counts of owners, then prefix sums (in `counts`). */
function ownerStarts(owners: Int32Array, n: number, bodyCount: number, counts: Int32Array): Int32Array {
  counts.fill(0, 0, bodyCount + 1);
  for (let k = 0; k < n; k++) counts[owners[k]! + 1]!++;
  for (let b = 0; b < bodyCount; b++) counts[b + 1]! += counts[b]!;
  return counts;
}

/** Whether `d` sits exactly on the body's name (compared by offsets: ranges are made on request). */
export function onName(d: FindingDiagnostic, body: SceneBody | undefined): boolean {
  if (body === undefined) return false;
  return d.start === body.nameStart && d.end === body.nameEnd;
}

/** The diagnostic of one finding, against the scene it was found in. */
export function findingDiagnostic(scene: Scene, f: Finding): FindingDiagnostic {
  return f.kind === 'overlap' ? overlapDiagnostic(scene, f) : f.kind === 'ghost-bump' ? ghostBumpDiagnostic(scene, f) : impactDiagnostic(scene, f);
}

/**
 * The result when the collision analysis threw: the syntax and semantic results stand, and one
 * diagnostic says what happened. A defect in the collision code must not take the editor or the
 * CLI down with it.
 */
export function failedAnalysis(syntax: ParseResult, semantics: SemanticResult, error: unknown): DocumentAnalysis {
  return completeAnalysis(syntax, semantics, [], [
    {
      range: { start: 0, end: 0 },
      severity: 'error',
      code: 'analysis-internal-error',
      message: `The collision analysis failed on this scene (${error instanceof Error ? error.message : String(error)}); please report it.`,
    },
  ]);
}

/**
 * The analysis from its findings (in order) and their diagnostics (in position order): the
 * syntax, semantic and finding diagnostics merged by position; at the same place syntax, then
 * semantics, then findings (what a stable sort of the three concatenated gives). `places`, if
 * given, receives for each syntax or semantic diagnostic, in the merged order, the index of the
 * finding diagnostic it went before, when they are few enough to be placed by binary search
 * (else nothing: the incremental analyzer's change record then gives up).
 */
export function completeAnalysis(syntax: ParseResult, semantics: SemanticResult, findings: Finding[], findingDiagnostics: Diagnostic[], places?: number[]): DocumentAnalysis {
  return { parse: syntax, semantics, findings, diagnostics: mergeByPosition(syntax.diagnostics, semantics.diagnostics, findingDiagnostics, places) };
}

/**
 * Three lists in position order, merged, ties going to the earlier list. A clean document has no
 * syntax or semantic diagnostic and a few at most, against thousands of findings: the few are
 * then placed by binary search and the findings' runs between them copied, instead of reading
 * the range of every finding diagnostic on every edit.
 */
function mergeByPosition(a: readonly Diagnostic[], b: readonly Diagnostic[], c: Diagnostic[], places?: number[]): Diagnostic[] {
  if (a.length === 0 && b.length === 0) return c;
  const few = a.length + b.length;
  if (few * (32 - Math.clz32(c.length)) >= c.length) return mergeDiagnostics(a, b, c);
  const small = few === a.length ? a : few === b.length ? b : mergeDiagnostics(a, b);
  const out = new Array<Diagnostic>(few + c.length);
  let o = 0;
  let from = 0;
  for (const d of small) {
    // The first finding diagnostic that d goes before: ties go to d, which comes from an earlier list.
    let lo = from;
    let hi = c.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (byPosition(d, c[mid]!) <= 0) hi = mid;
      else lo = mid + 1;
    }
    while (from < lo) out[o++] = c[from++]!;
    out[o++] = d;
    // Where d went among c's (the change record follows c's diagnostics through the merge).
    places?.push(lo);
  }
  while (from < c.length) out[o++] = c[from++]!;
  return out;
}
