import { FindingDiagnostic } from '../analysis/finding-diagnostic';
import type { LevelAnalysis } from '../analysis/level-analysis';
import type { Diagnostic } from '../common/diagnostic';
import type { AnalyzedDocument } from './document';
import { overlapMovers, separatedPosition, writeVec, type OffsetEdit, type QuickFix } from './quick-fixes';

/**
 * The quick fixes of a level's diagnostic: an overlap's "move out", as a scene gets it
 * (quick-fixes.ts: the position is found and verified on the lowered scene), written into the
 * level file through the body's LevelMove (Godot's `position = Vector2(...)`, Tiled's `x` and
 * `y`) when the reader found one, that is when the edit is unambiguous. A body without one is
 * not offered; nor is any other fix, since the others edit the language's text.
 *
 * `d` is one of `level.diagnostics` (what lsp/code-actions.ts matched the editor's against), and
 * `lowered` the lowered text's analysis that `level` was made from.
 */
export function levelQuickFixes(level: LevelAnalysis, lowered: AnalyzedDocument, d: Diagnostic): QuickFix[] {
  if (d.code !== 'overlap' || !(d instanceof FindingDiagnostic) || d.finding.kind !== 'overlap') return [];
  const f = d.finding;
  const scene = lowered.analysis.semantics.scene;
  const fixes: QuickFix[] = [];
  // The bodies a scene's fixes would move, in that order: never a static one the other can leave.
  for (const index of overlapMovers(scene, f)) {
    const body = level.lowered.bodies[index];
    const other = level.lowered.bodies[index === f.ia ? f.ib : f.ia];
    const move = body === undefined ? undefined : level.level.bodies[body.levelIndex]?.move;
    if (!body || !other || !move) continue;
    const p = separatedPosition(lowered, f, index);
    if (!p) continue;
    const texts = move.edit(p.x, p.y);
    if (texts.length !== move.ranges.length) continue;
    const edits: OffsetEdit[] = move.ranges.map((range, k) => ({ range, newText: texts[k]! }));
    fixes.push({ title: `Move '${body.name}' out of '${other.name}' to ${writeVec(p)}`, edits, diagnostic: d, isPreferred: fixes.length === 0 });
  }
  return fixes;
}
