import { formatNumber as fmt } from '../../../protocol/format';
import type { PreviewFinding } from '../../../protocol/preview-model';

/** One line for a finding, in the list and in a body's tooltip. */
export function describeFinding(f: PreviewFinding): string {
  if (f.kind === 'overlap') return `overlap ${f.a} – ${f.b}: depth ${fmt(f.depth ?? 0)}`;
  if (f.kind === 'ghost-bump') return describeGhostBump(f);
  // A time of impact of 0 without an overlap is a contact that starts at rest and deepens
  // (scene-language.md, "Findings"): "t = 0 s" alone would read as a bug.
  if ((f.toi ?? 0) === 0) return `${f.kind} ${f.a} – ${f.b}: from resting contact at t = 0 s`;
  return `${f.kind} ${f.a} – ${f.b}: t = ${fmt(f.toi!)} s`;
}

/** A ghost bump's line: the sliding body, the seam and its two pieces, and when the body gets there. */
function describeGhostBump(f: PreviewFinding): string {
  const body = f.moving === 'a' ? f.a : f.moving === 'b' ? f.b : `${f.a} – ${f.b}`;
  const seam = f.point ? ` (${fmt(f.point[0])}, ${fmt(f.point[1])})` : '';
  const pieces = f.pieces ? ` of ${f.pieces[0]} | ${f.pieces[1]}` : '';
  return `ghost-bump ${body} at seam${seam}${pieces}: t = ${fmt(f.toi ?? 0)} s`;
}
