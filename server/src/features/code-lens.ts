import type { Finding } from '../analysis/findings';
import type { TextRange } from '../common/diagnostic';
import { fmt, fmtTime, otherOf } from './describe';
import { findingsOfBody, type AnalyzedDocument } from './document';

/**
 * Code lenses: above each body that has findings, one lens per finding that names it with its key
 * number and opens the pair in the preview. A body in many findings shows the first few and a
 * count, so a crowded scene stays readable.
 */
export const MAX_LENSES_PER_BODY = 4;

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
  for (const body of scene.bodies) {
    const findings = byBody.get(body.index);
    if (!findings) continue;
    const range = { start: body.start, end: body.nameEnd };
    for (const f of findings.slice(0, MAX_LENSES_PER_BODY)) lenses.push({ range, title: lensTitle(f, body.index), a: f.a, b: f.b });
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
  const scene = doc.analysis.semantics.scene;
  const counts = new Int32Array(scene.bodies.length);
  for (const f of doc.analysis.findings) {
    if (f.ia < counts.length) counts[f.ia]!++;
    if (f.ib < counts.length) counts[f.ib]!++;
  }
  for (const body of scene.bodies) {
    const n = body.index < counts.length ? counts[body.index]! : 0;
    if (n === 0) continue;
    emit(body.index, { start: body.start, end: body.nameEnd }, n > MAX_LENSES_PER_BODY ? MAX_LENSES_PER_BODY + 1 : n);
  }
}

/**
 * The lens in place `slot` above body `index`, as `pairLenses` gives it, or undefined when that
 * body has no such lens. `range` is left to the caller (the lens being resolved has it).
 */
export function lensAt(doc: AnalyzedDocument, index: number, slot: number): Omit<PairLens, 'range'> | undefined {
  const body = doc.analysis.semantics.scene.bodies[index];
  if (!body || body.index !== index || !Number.isInteger(slot) || slot < 0 || slot > MAX_LENSES_PER_BODY) return undefined;
  const findings = findingsOfBody(doc, index);
  const f = findings[slot];
  if (!f || (slot === MAX_LENSES_PER_BODY && findings.length <= MAX_LENSES_PER_BODY)) return undefined;
  const title = slot < MAX_LENSES_PER_BODY ? lensTitle(f, index) : `+${findings.length - MAX_LENSES_PER_BODY} more findings`;
  return { title, a: f.a, b: f.b };
}

function lensTitle(f: Finding, bodyIndex: number): string {
  const other = otherOf(f, bodyIndex);
  if (f.kind === 'overlap') return `$(warning) overlaps ${other} by ${fmt(f.depth)} · show in preview`;
  if (f.kind === 'tunnelling') return `$(warning) tunnels through ${other} at t = ${fmtTime(f.toi)} · show in preview`;
  if (f.toi === 0 && f.deepStep !== undefined) return `$(info) in resting contact with ${other}, deeper than slop at step ${f.deepStep} · show in preview`;
  return `$(info) hits ${other} at t = ${fmtTime(f.toi)} · show in preview`;
}
