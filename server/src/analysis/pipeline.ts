import type { Diagnostic } from '../common/diagnostic';
import type { SemanticResult } from '../semantics/check';
import type { ParseResult } from '../syntax/parser';
import { LineIndex } from '../syntax/positions';
import { analyzeWholeText, DeferredParse } from './statement-window';
import { analyzeScene, compareFindings, type AnalysisOptions } from './analyze';
import { impactDiagnostic } from './continuous';
import type { Finding } from './findings';
import type { Scene, SceneBody } from '../semantics/scene';
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
  if (typeof text !== 'string') text = text == null ? '' : String(text);
  // Syntax and semantics in one pass that parses each body when semantics reaches it, so that
  // the bodies' trees die young (statement-window.ts); the tree is parsed again only on request.
  const lines = new LineIndex(text);
  const whole = analyzeWholeText(text, lines);
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
 * The last step of every pipeline (this one and the incremental analyzer's, analysis/incremental.ts):
 * findings in their deterministic order, their diagnostics built against the current scene, and
 * all diagnostics merged by position. Never throws (see `failedAnalysis`).
 */
export function assembleAnalysis(
  syntax: ParseResult,
  semantics: SemanticResult,
  findings: Finding[],
  diagnosticOf: (scene: Scene, f: Finding) => Diagnostic = findingDiagnostic,
): DocumentAnalysis {
  const scene = semantics.scene;
  const findingDiagnostics: Diagnostic[] = [];
  try {
    findings.sort(compareFindings);
    for (const f of findings) findingDiagnostics.push(diagnosticOf(scene, f));
  } catch (e) {
    return failedAnalysis(syntax, semantics, e);
  }
  return merge(syntax, semantics, findings, byBodyPosition(scene, findings, findingDiagnostics));
}

/**
 * The finding diagnostics in position order. Each sits on the name of one of its pair's bodies
 * (overlap.ts, continuous.ts), and body names are in declaration order, so a stable counting
 * sort by that body's index orders them in O(n) (Cormen et al. §8.2) where a comparison sort
 * of thousands of diagnostics was a visible share of an edit. Any other placement falls back to
 * the comparison sort, which gives the same order.
 */
function byBodyPosition(scene: Scene, findings: readonly Finding[], diagnostics: Diagnostic[]): Diagnostic[] {
  const n = diagnostics.length;
  const bodies = scene.bodies;
  const owner = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const f = findings[k]!;
    const r = diagnostics[k]!.range;
    const o = r === bodies[f.ia]?.nameRange ? f.ia : r === bodies[f.ib]?.nameRange ? f.ib : -1;
    if (o < 0) return diagnostics.sort(byPosition);
    owner[k] = o;
  }
  const first = new Int32Array(bodies.length + 1);
  for (let k = 0; k < n; k++) first[owner[k]! + 1]!++;
  for (let b = 0; b < bodies.length; b++) first[b + 1]! += first[b]!;
  const out = new Array<Diagnostic>(n);
  for (let k = 0; k < n; k++) out[first[owner[k]!]!++] = diagnostics[k]!;
  return out;
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.range.start - b.range.start || a.range.end - b.range.end;
}

/** The diagnostic of one finding, against the scene it was found in. */
export function findingDiagnostic(scene: Scene, f: Finding): Diagnostic {
  return f.kind === 'overlap' ? overlapDiagnostic(scene, f) : impactDiagnostic(scene, f);
}

/** Which of its pair's bodies a cached diagnostic sits on, and its related information's. */
const ON_A = 0;
const ON_B = 1;
const RELATED_NONE = 0;
const RELATED_A = 2;
const RELATED_B = 4;

interface CachedDiagnostic {
  /** The bodies the diagnostic was last placed against (their names, motion and parts label it). */
  a: SceneBody;
  b: SceneBody;
  /** The diagnostic as last handed out: the one the current analysis holds. */
  diagnostic: Diagnostic;
  /** ON_A or ON_B, plus RELATED_NONE, RELATED_A or RELATED_B. */
  readonly placement: number;
}

/**
 * Finding diagnostics for successive versions of one document (the incremental analyzer's last
 * step): a finding whose pair of bodies is unchanged but for their place in the text keeps its
 * message, and only takes the bodies' current name ranges. Formatting thousands of messages was
 * most of the time of an edit that changed one body.
 *
 * A diagnostic is a function of the finding, of dt, and of each body's name, name range, parts,
 * motion and `bullet` modifier (overlap.ts, continuous.ts). Shifting a body in the text keeps its
 * part shapes and its motion objects (analysis/statement-window.ts), which is what is compared.
 *
 * Memory: the cache holds the very diagnostic the current analysis holds. A finding whose ranges
 * did not move gets the same object back; one whose bodies moved gets a new object, which replaces
 * the cached one, so that after an edit above a 100k-body level's findings the old diagnostics
 * are garbage instead of a second copy kept for the next run. dt, the one scene-wide input, is
 * kept once: a different dt empties the cache.
 */
export class FindingDiagnostics {
  private cache = new WeakMap<Finding, CachedDiagnostic>();
  private dt = NaN;

  readonly diagnosticOf = (scene: Scene, f: Finding): Diagnostic => {
    // As compared before per entry: === (a NaN dt never matches, so nothing is reused).
    if (scene.dt !== this.dt) {
      this.cache = new WeakMap();
      this.dt = scene.dt;
    }
    const a = scene.bodies[f.ia];
    const b = scene.bodies[f.ib];
    const hit = this.cache.get(f);
    if (hit && a && b && sameLabel(hit.a, a) && sameLabel(hit.b, b)) {
      const d = hit.diagnostic;
      const range = (hit.placement & ON_B ? b : a).nameRange;
      const related = hit.placement & RELATED_A ? a : hit.placement & RELATED_B ? b : null;
      hit.a = a;
      hit.b = b;
      if (range === d.range && (related === null || related.nameRange === d.related![0]!.range)) return d;
      // Written out rather than spread (thousands per edit); the keys are the ones d has.
      const out: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = {
        range,
        severity: d.severity,
        code: d.code,
        message: d.message,
      };
      if (d.related !== undefined) {
        out.related = related === null ? d.related : [{ range: related.nameRange, message: d.related[0]!.message }];
      }
      if ('data' in d) out.data = d.data;
      if (d.tags !== undefined) out.tags = d.tags;
      hit.diagnostic = out;
      return out;
    }
    const d = findingDiagnostic(scene, f);
    if (a && b) {
      const on = d.range === a.nameRange ? ON_A : d.range === b.nameRange ? ON_B : -1;
      const r = d.related?.length === 1 ? d.related[0]!.range : undefined;
      const relatedOn = r === undefined ? RELATED_NONE : r === a.nameRange ? RELATED_A : r === b.nameRange ? RELATED_B : -1;
      if (on >= 0 && relatedOn >= 0 && (d.related === undefined || d.related.length <= 1)) {
        this.cache.set(f, { a, b, diagnostic: d, placement: on | relatedOn });
      }
    }
    return d;
  };

  clear(): void {
    this.cache = new WeakMap();
    this.dt = NaN;
  }
}

/** Whether two versions of a body give its findings the same message (all but the place). */
function sameLabel(x: SceneBody, y: SceneBody): boolean {
  if (x === y) return true;
  if (x.name !== y.name || x.velocity !== y.velocity || x.spin !== y.spin || x.isBullet !== y.isBullet) return false;
  if (x.parts.length !== y.parts.length) return false;
  for (let k = 0; k < x.parts.length; k++) if (x.parts[k]!.shape !== y.parts[k]!.shape) return false;
  return true;
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
  // Three lists in position order, merged; at the same place the order is syntax → semantics →
  // findings (what a stable sort of the three concatenated gives).
  const a = syntax.diagnostics;
  const b = semantics.diagnostics;
  const c = findingDiagnostics;
  const diagnostics = new Array<Diagnostic>(a.length + b.length + c.length);
  let i = 0;
  let j = 0;
  let k = 0;
  for (let o = 0; o < diagnostics.length; o++) {
    let pick = c[k];
    let from = 2;
    if (j < b.length && (pick === undefined || byPosition(b[j]!, pick) <= 0)) {
      pick = b[j];
      from = 1;
    }
    if (i < a.length && (pick === undefined || byPosition(a[i]!, pick) <= 0)) {
      pick = a[i];
      from = 0;
    }
    diagnostics[o] = pick!;
    if (from === 0) i++;
    else if (from === 1) j++;
    else k++;
  }
  return { parse: syntax, semantics, findings, diagnostics };
}
