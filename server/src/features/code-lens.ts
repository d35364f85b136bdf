import type { CodeLens } from 'vscode-languageserver';
import { SHOW_PAIR_IN_PREVIEW_COMMAND, type ShowPairInPreviewArgs } from '../../../protocol/lsp';
import type { Finding } from '../analysis/findings';
import { fmt, fmtTime, otherOf } from './describe';
import { toRange } from './convert';
import type { AnalyzedDocument } from './document';

/**
 * Code lenses (issue 6, item 7): above each body that has findings, one lens per finding that
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
    const range = toRange(doc.lines, { start: body.range.start, end: body.nameRange.end });
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

function lensTitle(f: Finding, bodyIndex: number): string {
  const other = otherOf(f, bodyIndex);
  if (f.kind === 'overlap') return `$(warning) overlaps ${other} by ${fmt(f.depth)} · show in preview`;
  if (f.kind === 'tunnelling') return `$(warning) tunnels through ${other} at t = ${fmtTime(f.toi)} · show in preview`;
  if (f.toi === 0 && f.deepStep !== undefined) return `$(info) in resting contact with ${other}, deeper than slop at step ${f.deepStep} · show in preview`;
  return `$(info) hits ${other} at t = ${fmtTime(f.toi)} · show in preview`;
}
