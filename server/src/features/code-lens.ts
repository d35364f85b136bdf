import type { Finding } from '../analysis/findings';
import type { TextRange } from '../common/diagnostic';
import type { Scene, SceneBody } from '../semantics/scene';
import { severityCodicon } from '../../../protocol/severity-icons';
import { findingSeverity, fmt, fmtTime, otherOf } from './describe';
import { findingsOfBody, type AnalyzedDocument } from './document';

/**
 * Code lenses: above each body that has findings, one lens per finding that names it with its key
 * number and opens the pair in the preview. A body in many findings shows the first few and a
 * count, so a crowded scene stays readable.
 */
export const MAX_LENSES_PER_BODY = 4;

/**
 * The last body (by index) that gets lenses: the first `collide.codeLens.limit` bodies with
 * findings do, in document order, and never more than `collide.diagnostics.limit`, as the
 * published problems are the first ones in document order (lsp/publish/diagnostic-limit.ts);
 * `Infinity` when both limits are 0 or neither is reached. An editor keeps every lens of a
 * document in its DOM and redraws them on each answer (VS Code's CodeLensContribution: a view
 * zone and a widget per lensed line), so thousands of lensed bodies cost each keystroke and each
 * layout far more than the lenses on screen are worth (features/settings.ts,
 * DEFAULT_CODE_LENS_LIMIT).
 */
export function lensCutoff(doc: AnalyzedDocument): number {
  let cutoff = cutoffs.get(doc);
  if (cutoff === undefined) {
    cutoff = Infinity;
    const limit = smallestLimit(doc.settings.diagnosticsLimit, doc.settings.codeLensLimit);
    const bodies = doc.analysis.semantics.scene.bodies;
    if (limit > 0 && limit < bodies.length) {
      const lensed = new Uint8Array(bodies.length);
      for (const f of doc.analysis.findings) {
        if (f.ia < lensed.length) lensed[f.ia] = 1;
        if (f.ib < lensed.length) lensed[f.ib] = 1;
      }
      let seen = 0;
      for (let i = 0; i < lensed.length; i++) {
        if (lensed[i] === 1 && ++seen === limit) {
          if (i + 1 < lensed.length) cutoff = i;
          break;
        }
      }
    }
    cutoffs.set(doc, cutoff);
  }
  return cutoff;
}

/** The smaller of two count limits, where 0 stands for no limit (and two 0s give 0). */
function smallestLimit(a: number, b: number): number {
  return a === 0 ? b : b === 0 ? a : Math.min(a, b);
}

/** lensCutoff per analyzed document (one immutable version): asked by every lens iterator. */
const cutoffs = new WeakMap<AnalyzedDocument, number>();

/** One lens: over a body's name (`range`), its title, and the pair it opens (by body names). */
export interface PairLens {
  readonly range: TextRange;
  readonly title: string;
  readonly a: string;
  readonly b: string;
}

export function pairLenses(doc: AnalyzedDocument): PairLens[] {
  const scene = doc.analysis.semantics.scene;
  const byBody = new Map<number, Finding[]>();
  for (const f of doc.analysis.findings) {
    for (const i of [f.ia, f.ib]) {
      let list = byBody.get(i);
      if (!list) byBody.set(i, (list = []));
      list.push(f);
    }
  }
  const lenses: PairLens[] = [];
  const cutoff = lensCutoff(doc);
  for (const body of scene.bodies) {
    if (body.index > cutoff) break;
    const findings = byBody.get(body.index);
    if (!findings) continue;
    const range = { start: body.start, end: body.nameEnd };
    for (const f of findings.slice(0, MAX_LENSES_PER_BODY)) lenses.push({ range, title: lensTitle(scene, f, body.index), a: f.a, b: f.b });
    if (findings.length > MAX_LENSES_PER_BODY) {
      const f = findings[MAX_LENSES_PER_BODY]!;
      lenses.push({ range, title: `+${findings.length - MAX_LENSES_PER_BODY} more findings`, a: f.a, b: f.b });
    }
  }
  return lenses;
}

/**
 * Calls `emit` for each body with lenses, in order: its index, its lenses' range, and how many
 * lenses it has (`pairLenses` gives them; `lensAt` gives one by its slot). Findings are counted,
 * not listed, so that an editor that resolves lenses lazily costs no titles.
 */
export function forEachBodyWithLenses(doc: AnalyzedDocument, emit: (body: number, range: TextRange, slots: number) => void): void {
  forEachLensedBody(doc, (body, _first, count) => emit(body.index, { start: body.start, end: body.nameEnd }, lensCount(count)));
}

/**
 * Calls `emit` for each body with findings, in order, with its findings in the analysis order
 * (the first MAX_LENSES_PER_BODY + 1 of them at most, in `first`, a scratch list valid during the
 * call) and how many it has: what its lenses in `pairLenses` are made of (`lensOf`), which a
 * caller that keeps lenses compares (lsp/encode/kept-lenses.ts). Findings are put in per body
 * by a counting sort (Cormen et al. §8.2), not a map of lists.
 */
export function forEachLensedBody(doc: AnalyzedDocument, emit: (body: SceneBody, first: readonly Finding[], count: number) => void): void {
  const bodies = doc.analysis.semantics.scene.bodies;
  const findings = doc.analysis.findings;
  const n = bodies.length;
  const starts = new Int32Array(n + 1);
  for (const f of findings) {
    if (f.ia < n) starts[f.ia + 1]!++;
    if (f.ib < n) starts[f.ib + 1]!++;
  }
  for (let b = 0; b < n; b++) starts[b + 1]! += starts[b]!;
  const order = new Int32Array(starts[n]!);
  const next = starts.slice(0, n);
  for (let k = 0; k < findings.length; k++) {
    const f = findings[k]!;
    if (f.ia < n) order[next[f.ia]!++] = k;
    if (f.ib < n) order[next[f.ib]!++] = k;
  }
  const first: Finding[] = [];
  const cutoff = lensCutoff(doc);
  for (const body of bodies) {
    if (body.index > cutoff) break;
    const from = starts[body.index]!;
    const count = starts[body.index + 1]! - from;
    if (count === 0) continue;
    first.length = 0;
    for (let j = 0; j < Math.min(count, MAX_LENSES_PER_BODY + 1); j++) first.push(findings[order[from + j]!]!);
    emit(body, first, count);
  }
}

/** The lens in place `slot` of a body (index `index`) with these findings (`forEachLensedBody`). */
export function lensOf(scene: Scene, index: number, first: readonly Finding[], count: number, slot: number): Omit<PairLens, 'range'> {
  const f = first[slot]!;
  const title = slot < MAX_LENSES_PER_BODY ? lensTitle(scene, f, index) : `+${count - MAX_LENSES_PER_BODY} more findings`;
  return { title, a: f.a, b: f.b };
}

/** How many lenses a body with `count` findings has. */
export function lensCount(count: number): number {
  return count > MAX_LENSES_PER_BODY ? MAX_LENSES_PER_BODY + 1 : count;
}

/**
 * The lens in place `slot` above body `index`, as `pairLenses` gives it, or undefined when that
 * body has no such lens. `range` is left to the caller (the lens being resolved has it).
 */
export function lensAt(doc: AnalyzedDocument, index: number, slot: number): Omit<PairLens, 'range'> | undefined {
  const body = doc.analysis.semantics.scene.bodies[index];
  if (!body || body.index !== index || index > lensCutoff(doc) || !Number.isInteger(slot) || slot < 0 || slot > MAX_LENSES_PER_BODY) return undefined;
  const findings = findingsOfBody(doc, index);
  const f = findings[slot];
  if (!f || (slot === MAX_LENSES_PER_BODY && findings.length <= MAX_LENSES_PER_BODY)) return undefined;
  const title = slot < MAX_LENSES_PER_BODY ? lensTitle(doc.analysis.semantics.scene, f, index) : `+${findings.length - MAX_LENSES_PER_BODY} more findings`;
  return { title, a: f.a, b: f.b };
}

/**
 * A lens's title, marked with the codicon of its finding's severity (protocol/severity-icons.ts),
 * the icon the preview's findings list and the hover draw for it too.
 */
function lensTitle(scene: Scene, f: Finding, bodyIndex: number): string {
  const other = otherOf(f, bodyIndex);
  const icon = severityCodicon(findingSeverity(scene, f));
  if (f.kind === 'overlap') return `${icon} overlaps ${other} by ${fmt(f.depth)} · show in preview`;
  if (f.kind === 'ghost-bump') return `${icon} reaches the seam of ${f.pieces[0]} and ${f.pieces[1]} at t = ${fmtTime(f.toi)} · show in preview`;
  if (f.kind === 'tunnelling') return `${icon} tunnels through ${other} at t = ${fmtTime(f.toi)} · show in preview`;
  if (f.toi === 0 && f.deepStep !== undefined) return `${icon} in resting contact with ${other}, deeper than slop at the end of step ${f.deepStep} · show in preview`;
  return `${icon} hits ${other} at t = ${fmtTime(f.toi)} · show in preview`;
}
