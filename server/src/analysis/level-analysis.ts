import { byPosition, mergeDiagnostics, type Diagnostic, type TextRange } from '../common/diagnostic';
import { lowerLevel, type LoweredBody, type LoweredLevel } from '../readers/lower';
import type { LevelPart, LevelScene } from '../readers/level-scene';
import type { Scene } from '../semantics/scene';
import { LineIndex } from '../syntax/positions';
import type { AnalysisOptions } from './analyze';
import { impactDiagnostic } from './continuous';
import { FindingDiagnostic, GhostBumpDiagnostic, LABEL_MOVE_A, LABEL_RELATED_B, overlapMessageWith } from './finding-diagnostic';
import { overlapMover } from './overlap';
import { GhostBumpFinding, type Finding, type OverlapFinding } from './findings';
import { ghostBumpMessage } from './ghost-bump';
import { analyzeDocument, positionOrder, type DocumentAnalysis } from './pipeline';

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
   * The findings with the level's body names as `a` and `b`; `ia` and `ib` stay the analyzed
   * scene's indices (`analysis.semantics.scene.bodies[ia]`): `bodyOf(ia)` is the lowered body,
   * with its level index and parts.
   */
  readonly findings: readonly Finding[];
  /** Lines of the level text, for the diagnostics' positions. */
  readonly lines: LineIndex;
  /**
   * The lowered body of the analyzed scene's body `index`. The same as `lowered.bodies[index]`
   * unless semantics left a lowered body out of the scene (an error lowering should never
   * cause), which shifts the scene's indices.
   */
  bodyOf(index: number): LoweredBody | undefined;
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
  const others: Diagnostic[] = [...level.diagnostics, ...lowered.diagnostics];
  for (const d of analysis.diagnostics) {
    if (d instanceof FindingDiagnostic) continue;
    others.push(mapDiagnostic(lowered, d));
  }
  const bodyOf = sceneToLowered(lowered, scene);
  const findings = new Array<Finding>(analysis.findings.length);
  const findingDiagnostics: Diagnostic[] = [];
  // Each finding's diagnostic sits on the name of one of its bodies, its owner: see below.
  let owners: Int32Array | null = namesInOrder(lowered) ? new Int32Array(findings.length) : null;
  for (let k = 0; k < findings.length; k++) {
    const f = analysis.findings[k]!;
    const a = bodyOf(f.ia);
    const b = bodyOf(f.ib);
    const relabeled = a && b ? (f.kind === 'ghost-bump' ? levelGhostBump(f, a, b, bodyOf) : f.relabeled(a.name, b.name, f.ia, f.ib)) : f;
    findings[k] = relabeled;
    if (!a || !b) {
      owners = null;
      continue;
    }
    const d = relabeled.kind === 'ghost-bump' ? levelGhostBumpDiagnostic(relabeled, a, b, bodyOf) : levelFindingDiagnostic(level, scene, relabeled, a, b);
    if (owners) owners[findingDiagnostics.length] = d.start === a.nameRange.start ? a.index : b.index;
    findingDiagnostics.push(d);
  }
  // In position order: the few others sorted, the findings' by their owners when the level
  // names its bodies in their order (as a level file does: a counting sort, as the pipeline's
  // positionOrder), else sorted too; merged, ties to the others (the order a stable sort of
  // the others then the findings' gives).
  others.sort(byPosition);
  const ordered = owners ? positionOrder(findingDiagnostics, owners, lowered.bodies.length) : findingDiagnostics.sort(byPosition);
  const diagnostics = others.length === 0 ? ordered : mergeDiagnostics(others, ordered);
  return { level, lowered, analysis, diagnostics, findings, lines, bodyOf };
}

/**
 * Whether the lowered bodies' name ranges in the level come in the bodies' order (by start, then
 * end), so that ordering diagnostics on names by their bodies' indices orders them by position.
 */
function namesInOrder(lowered: LoweredLevel): boolean {
  let start = -1;
  let end = -1;
  for (const b of lowered.bodies) {
    const r = b.nameRange;
    if (r.start < start || (r.start === start && r.end < end)) return false;
    start = r.start;
    end = r.end;
  }
  return true;
}

/**
 * The lowered body of each scene body. Semantics keeps the bodies it can build, in order, so a
 * scene of as many bodies as lowering wrote is them all; else the two lists are walked together
 * by identifier.
 */
function sceneToLowered(lowered: LoweredLevel, scene: Scene): (index: number) => LoweredBody | undefined {
  const bodies = lowered.bodies;
  if (scene.bodies.length === bodies.length) return (index) => bodies[index];
  const map = new Array<LoweredBody | undefined>(scene.bodies.length);
  let j = 0;
  for (let i = 0; i < scene.bodies.length; i++) {
    const name = scene.bodies[i]!.name;
    while (j < bodies.length && bodies[j]!.identifier !== name) j++;
    map[i] = bodies[j++];
  }
  return (index) => map[index];
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
function sideWords(body: LoweredBody, part: number, levelParts: readonly LevelPart[]): string {
  const p = body.levelPart(part);
  if (p?.cell) return `cell (${p.cell[0]}, ${p.cell[1]}) of ${body.name}`;
  if (p && levelParts.length > 1) return `${p.label ?? `part ${levelParts.indexOf(p) + 1}`} of ${body.name}`;
  return body.name;
}

/** The name an impact's message gives a body: with its cell when the part is a tile's. */
function impactName(body: LoweredBody, part: number): string {
  const cell = body.levelPart(part)?.cell;
  return cell ? `${body.name} at cell (${cell[0]}, ${cell[1]})` : body.name;
}

/**
 * The diagnostic of a finding (relabeled with level names) in the level file: the words of the
 * language's (overlap.ts overlapDiagnostic, continuous.ts impactDiagnostic) with the level's
 * names, parts and cells, on the level body's name range with the other body's as related.
 */
export function levelFindingDiagnostic(level: LevelScene, scene: Scene, f: Exclude<Finding, GhostBumpFinding>, a: LoweredBody, b: LoweredBody): FindingDiagnostic {
  if (f.kind === 'overlap') {
    const wordsA = sideWords(a, f.partA, level.bodies[a.levelIndex]?.parts ?? []);
    const wordsB = sideWords(b, f.partB, level.bodies[b.levelIndex]?.parts ?? []);
    const parts = wordsA === a.name && wordsB === b.name ? '' : ` (${wordsB} against ${wordsA})`;
    const moveA = overlapMover(scene, f as OverlapFinding) === f.ia;
    return place(f, b, a, moveA ? LABEL_MOVE_A : 0, parts === '' && !moveA ? undefined : overlapMessageWith(f as OverlapFinding, parts, moveA));
  }
  const display = f.relabeled(impactName(a, f.partA), impactName(b, f.partB), f.ia, f.ib);
  const d = impactDiagnostic(scene, display);
  const onA = (d.labels & LABEL_RELATED_B) !== 0;
  return place(f, onA ? a : b, onA ? b : a, d.labels, d.text ?? d.message);
}

/**
 * A ghost bump under level names: its bodies', and its pieces' (a piece that is a part, `<body>
 * part <k>` in the lowered scene, by its level part's label when it has one: a tile's cell).
 */
function levelGhostBump(f: GhostBumpFinding, a: LoweredBody, b: LoweredBody, bodyOf: (sceneIndex: number) => LoweredBody | undefined): GhostBumpFinding {
  const piece = (i: 0 | 1): string => {
    const body = bodyOf(f.pieceBodies[i]);
    const written = f.pieces[i];
    if (!body) return written;
    const part = /^ part (\d+)$/.exec(written.slice(body.identifier.length));
    if (!written.startsWith(body.identifier) || !part) return body.name;
    const label = body.levelPart(Number(part[1]) - 1)?.label;
    return label ? `${body.name} ${label}` : `${body.name} part ${part[1]}`;
  };
  const moving = f.moving === f.ia ? f.ia : f.ib;
  return new GhostBumpFinding(a.name, b.name, f.ia, f.ib, moving, [piece(0), piece(1)], f.pieceBodies, f.data);
}

/** A level ghost bump's diagnostic: on the moving body's level name, related to the pieces'. */
function levelGhostBumpDiagnostic(f: GhostBumpFinding, a: LoweredBody, b: LoweredBody, bodyOf: (sceneIndex: number) => LoweredBody | undefined): GhostBumpDiagnostic {
  const moving = f.moving === f.ia ? a : b;
  const on = bodyOf(f.pieceBodies[0]);
  const beyond = bodyOf(f.pieceBodies[1]);
  const ranges: [number, number, number, number] = [on ? on.nameRange.start : -1, on ? on.nameRange.end : -1, beyond ? beyond.nameRange.start : -1, beyond ? beyond.nameRange.end : -1];
  return new GhostBumpDiagnostic(f, moving.nameRange.start, moving.nameRange.end, ranges, ghostBumpMessage(f, moving.name, on?.name ?? f.pieces[0]));
}

function place(f: Finding, on: LoweredBody, related: LoweredBody, labels: number, text: string | undefined): FindingDiagnostic {
  const r: TextRange = on.nameRange;
  const q: TextRange = related.nameRange;
  return FindingDiagnostic.make(f, r.start, r.end, q.start, q.end, labels, text);
}
