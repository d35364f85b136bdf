import type { CodeLens } from 'vscode-languageserver-types';
import { SHOW_PAIR_IN_PREVIEW_COMMAND, type ShowPairInPreviewArgs } from '../../../protocol/lsp';
import type { Finding } from '../analysis/findings';
import type { TextRange } from '../common/diagnostic';
import { fmt, fmtTime, otherOf } from './describe';
import { toRange } from './convert';
import { findingsOfBody, type AnalyzedDocument } from './document';

/**
 * Code lenses: above each body that has findings, one lens per finding that
 * names it with its key number and opens the pair in the preview (the client registers
 * `collide.preview.showPair`). A body in many findings shows the first few and a count, so a
 * crowded scene stays readable.
 */
export const MAX_LENSES_PER_BODY = 4;

export function codeLenses(doc: AnalyzedDocument): CodeLens[] {
  const scene = doc.analysis.semantics.scene;
  const byBody = new Map<number, Finding[]>();
  for (const f of doc.analysis.findings) {
    for (const i of [f.ia, f.ib]) {
      let list = byBody.get(i);
      if (!list) byBody.set(i, (list = []));
      list.push(f);
    }
  }
  const lenses: CodeLens[] = [];
  for (const body of scene.bodies) {
    const findings = byBody.get(body.index);
    if (!findings) continue;
    const range = toRange(doc.lines, { start: body.start, end: body.nameEnd });
    for (const f of findings.slice(0, MAX_LENSES_PER_BODY)) {
      const args: ShowPairInPreviewArgs = { uri: doc.uri, a: f.a, b: f.b };
      lenses.push({ range, command: { title: lensTitle(f, body.index), command: SHOW_PAIR_IN_PREVIEW_COMMAND, arguments: [args] } });
    }
    if (findings.length > MAX_LENSES_PER_BODY) {
      const f = findings[MAX_LENSES_PER_BODY]!;
      const args: ShowPairInPreviewArgs = { uri: doc.uri, a: f.a, b: f.b };
      lenses.push({
        range,
        command: { title: `+${findings.length - MAX_LENSES_PER_BODY} more findings`, command: SHOW_PAIR_IN_PREVIEW_COMMAND, arguments: [args] },
      });
    }
  }
  return lenses;
}

/**
 * The same lenses without their commands, for clients that resolve lenses (every editor we know
 * of: VS Code resolves only the lenses on screen). VS Code asks for a document's lenses after
 * every edit, and a level with thousands of findings has as many lenses; titles and arguments
 * for all of them were most of an edit's response time, for a handful shown. Each lens carries
 * `[document, version, generation, body, slot]` (`document`: the server's number for the
 * document, since a resolve request names no document; `generation`: which analysis of that
 * version, since a settings change analyses the same version again with other findings; `slot`:
 * the lens's place among the body's lenses), and `resolveCodeLens` gives it the command
 * `codeLenses` would have.
 */
export function codeLensStubs(doc: AnalyzedDocument, document: number, generation = 0): CodeLens[] {
  const lenses: CodeLens[] = [];
  forEachCodeLensStub(doc, document, generation, (lens) => lenses.push(lens));
  return lenses;
}

/**
 * Calls `emit` with each lens of `codeLensStubs` in order, without holding the list: a large
 * scene's lenses are written to the wire one at a time (lsp/encode/response-lists.ts). The lenses
 * of one body share their range object.
 */
export function forEachCodeLensStub(doc: AnalyzedDocument, document: number, generation: number, emit: (lens: CodeLens) => void): void {
  forEachBodyWithLenses(doc, (body, range, slots) => {
    const r = toRange(doc.lines, range);
    for (let slot = 0; slot < slots; slot++) emit({ range: r, data: [document, doc.version, generation, body, slot] });
  });
}

/** Calls `emit` for each body with findings, in order: its index, its lenses' range, and how many lenses it has. */
function forEachBodyWithLenses(doc: AnalyzedDocument, emit: (body: number, range: TextRange, slots: number) => void): void {
  const scene = doc.analysis.semantics.scene;
  // Findings per body, counted rather than listed: a stub needs only how many.
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
 * The command of a stub from `codeLensStubs`, as `codeLenses` gives it. A stub of another
 * version or analysis than `doc`'s (`generation`) comes back as it is: its body or its findings
 * may be other ones now, and the editor asks for the new lenses anyway (the server sends
 * `workspace/codeLens/refresh` after a settings change).
 */
export function resolveCodeLens(doc: AnalyzedDocument, lens: CodeLens, generation = 0): CodeLens {
  const data = lens.data as unknown;
  if (!Array.isArray(data) || data.length !== 5 || data[1] !== doc.version || data[2] !== generation) return lens;
  const index = data[3] as unknown;
  const slot = data[4] as unknown;
  if (typeof index !== 'number' || typeof slot !== 'number') return lens;
  const body = doc.analysis.semantics.scene.bodies[index];
  if (!body || body.index !== index || !Number.isInteger(slot) || slot < 0 || slot > MAX_LENSES_PER_BODY) return lens;
  const findings = findingsOfBody(doc, index);
  const f = findings[slot];
  if (!f || (slot === MAX_LENSES_PER_BODY && findings.length <= MAX_LENSES_PER_BODY)) return lens;
  const args: ShowPairInPreviewArgs = { uri: doc.uri, a: f.a, b: f.b };
  const title = slot < MAX_LENSES_PER_BODY ? lensTitle(f, index) : `+${findings.length - MAX_LENSES_PER_BODY} more findings`;
  return { range: lens.range, command: { title, command: SHOW_PAIR_IN_PREVIEW_COMMAND, arguments: [args] } };
}

function lensTitle(f: Finding, bodyIndex: number): string {
  const other = otherOf(f, bodyIndex);
  if (f.kind === 'overlap') return `$(warning) overlaps ${other} by ${fmt(f.depth)} · show in preview`;
  if (f.kind === 'tunnelling') return `$(warning) tunnels through ${other} at t = ${fmtTime(f.toi)} · show in preview`;
  if (f.toi === 0 && f.deepStep !== undefined) return `$(info) in resting contact with ${other}, deeper than slop at step ${f.deepStep} · show in preview`;
  return `$(info) hits ${other} at t = ${fmtTime(f.toi)} · show in preview`;
}
