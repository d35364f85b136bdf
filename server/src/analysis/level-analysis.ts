import { byPosition, type Diagnostic, type TextRange } from '../common/diagnostic';
import { lowerLevel, type LoweredBody, type LoweredLevel } from '../readers/lower';
import type { LevelScene } from '../readers/level-scene';
import type { Scene } from '../semantics/scene';
import { LineIndex } from '../syntax/positions';
import type { AnalysisOptions } from './analyze';
import { impactDiagnostic } from './continuous';
import { FindingDiagnostic, LABEL_RELATED_B, overlapMessageWith } from './finding-diagnostic';
import type { Finding, OverlapFinding } from './findings';
import { analyzeDocument, type DocumentAnalysis } from './pipeline';

/**
 * A level file's analysis (levels-and-tiles.md §1): its scene lowered to .collide text
 * (readers/lower.ts) and analyzed by the language's pipeline unchanged, so that a level and its
 * `collide convert` output give the same findings by construction; then everything carried back
 * into the level file.
 */
export interface LevelAnalysis {
  readonly level: LevelScene;
  readonly lowered: LoweredLevel;
  /** The analysis of `lowered.text` (its ranges are offsets into that text). */
  readonly analysis: DocumentAnalysis;
  /**
   * In the level file's offsets, by position: the reader's own, lowering's, the lowered text's
   * syntax and semantic ones (on the part or body they come from, else the first line), and one
   * per finding, on the level body's name range, worded with the level's names.
   */
  readonly diagnostics: readonly Diagnostic[];
  /**
   * The findings with the level's body names as `a` and `b` (`ia` and `ib` stay the lowered
   * scene's indices: `lowered.bodies[ia]` is the body, with its level index and parts).
   */
  readonly findings: readonly Finding[];
  /** Lines of the level text, for the diagnostics' positions. */
  readonly lines: LineIndex;
}

/** Lowers, analyzes and maps back one level (see LevelAnalysis). */
export function analyzeLevel(level: LevelScene, levelText: string, options: AnalysisOptions = {}): LevelAnalysis {
  const lowered = lowerLevel(level, levelText);
  const analysis = analyzeDocument(lowered.text, options);
  return mapLevelAnalysis(lowered, analysis, new LineIndex(levelText));
}

/**
 * A lowered level's analysis carried back into the level file: for an analysis made another way
 * than analyzeLevel's (the language server's incremental analyzer of the lowered text).
 */
export function mapLevelAnalysis(lowered: LoweredLevel, analysis: DocumentAnalysis, lines: LineIndex): LevelAnalysis {
  const level = lowered.level;
  const scene = analysis.semantics.scene;
  const diagnostics: Diagnostic[] = [...level.diagnostics, ...lowered.diagnostics];
  for (const d of analysis.diagnostics) {
    if (d instanceof FindingDiagnostic) continue;
    diagnostics.push(mapDiagnostic(lowered, d));
  }
  const findings = new Array<Finding>(analysis.findings.length);
  for (let k = 0; k < findings.length; k++) {
    const f = analysis.findings[k]!;
    const a = lowered.bodies[f.ia];
    const b = lowered.bodies[f.ib];
    const relabeled = a && b ? f.relabeled(a.name, b.name, f.ia, f.ib) : f;
    findings[k] = relabeled;
    if (a && b) diagnostics.push(levelFindingDiagnostic(level, scene, relabeled, a, b));
  }
  diagnostics.sort(byPosition);
  return { level, lowered, analysis, diagnostics, findings, lines };
}

/** A syntax or semantic diagnostic of the lowered text, on the level's part or body it comes from. */
function mapDiagnostic(lowered: LoweredLevel, d: Diagnostic): Diagnostic {
  const mapped: Diagnostic = {
    range: lowered.toLevelRange(d.range),
    severity: d.severity,
    code: d.code,
    message: d.message,
    ...(d.tags ? { tags: d.tags } : {}),
    ...(d.related ? { related: d.related.map((r) => ({ range: lowered.toLevelRange(r.range), message: r.message })) } : {}),
  };
  // `data` is left behind: it is for quick fixes that edit the lowered text.
  return mapped;
}

/**
 * What a message calls one side of a finding: a tile layer's part by its cell, a part of a body
 * of several level parts by its label (or number), else the body.
 */
function sideWords(body: LoweredBody, part: number, levelParts: number): string {
  const p = body.part(part);
  if (p?.cell) return `cell (${p.cell[0]}, ${p.cell[1]}) of ${body.name}`;
  if (p && levelParts > 1) return `${p.label ?? `part ${p.levelPart + 1}`} of ${body.name}`;
  return body.name;
}

/** The name an impact's message gives a body: with its cell when the part is a tile's. */
function impactName(body: LoweredBody, part: number): string {
  const cell = body.part(part)?.cell;
  return cell ? `${body.name} at cell (${cell[0]}, ${cell[1]})` : body.name;
}

/**
 * The diagnostic of a finding (relabeled with level names) in the level file: the words of the
 * language's (overlap.ts overlapDiagnostic, continuous.ts impactDiagnostic) with the level's
 * names, parts and cells, on the level body's name range with the other body's as related.
 */
export function levelFindingDiagnostic(level: LevelScene, scene: Scene, f: Finding, a: LoweredBody, b: LoweredBody): FindingDiagnostic {
  if (f.kind === 'overlap') {
    const wordsA = sideWords(a, f.partA, level.bodies[a.levelIndex]?.parts.length ?? 1);
    const wordsB = sideWords(b, f.partB, level.bodies[b.levelIndex]?.parts.length ?? 1);
    const parts = wordsA === a.name && wordsB === b.name ? '' : ` (${wordsB} against ${wordsA})`;
    return place(f, b, a, 0, parts === '' ? undefined : overlapMessageWith(f as OverlapFinding, parts));
  }
  const display = f.relabeled(impactName(a, f.partA), impactName(b, f.partB), f.ia, f.ib);
  const d = impactDiagnostic(scene, display);
  const onA = (d.labels & LABEL_RELATED_B) !== 0;
  return place(f, onA ? a : b, onA ? b : a, d.labels, d.text ?? d.message);
}

function place(f: Finding, on: LoweredBody, related: LoweredBody, labels: number, text: string | undefined): FindingDiagnostic {
  const r: TextRange = on.nameRange;
  const q: TextRange = related.nameRange;
  return FindingDiagnostic.make(f, r.start, r.end, q.start, q.end, labels, text);
}
