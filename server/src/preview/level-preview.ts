import type { LevelAnalysis } from '../analysis/level-analysis';
import type { PairDetail, PreviewBody, PreviewScene } from '../../../protocol/preview-model';
import { buildPairDetail } from './pair-detail';
import type { PreviewSource } from './scene-model';

/**
 * The preview of a level file: the lowered scene's model (its geometry is the level's, in the
 * level's units), labeled and linked in level terms. Bodies and findings carry the level's names
 * (findings come relabeled from analysis/level-analysis.ts), and every range is the level
 * file's, so that a click in the preview reveals the node or object and the cursor in the level
 * highlights its body. A body has no `atRange` or `angleRange`: a drag is written through the
 * body's LevelMove by the server (lsp/preview.ts, the level-move request), never as a scene's
 * `at` clause.
 */
export function levelPreviewSource(level: LevelAnalysis): PreviewSource {
  // Levels keep their file's frame (Godot and Tiled draw y down): the preview draws it so.
  return { scene: level.analysis.semantics.scene, findings: level.findings, diagnostics: level.diagnostics, yDown: true };
}

/** The lowered scene's model with the level's names and ranges on its bodies. */
export function relabelPreviewScene(scene: PreviewScene, level: LevelAnalysis): PreviewScene {
  return { ...scene, bodies: scene.bodies.map((b) => relabelBody(b, level)) };
}

function relabelBody(b: PreviewBody, level: LevelAnalysis): PreviewBody {
  const lowered = level.lowered.bodies[b.index];
  if (!lowered) return b;
  const { atRange: _at, angleRange: _angle, ...rest } = b;
  return {
    ...rest,
    name: lowered.name,
    nameRange: lowered.nameRange,
    range: lowered.range,
    parts: b.parts.map((p, k) => ({ ...p, range: lowered.parts[k]?.range ?? lowered.range })),
    insertOffset: lowered.range.end,
  };
}

/** The pair inspector's detail of two bodies named by their level names. */
export function levelPairDetail(uri: string, version: number, level: LevelAnalysis, nameA: string, nameB: string): PairDetail | null {
  const a = level.lowered.bodies.find((b) => b.name === nameA);
  const b = level.lowered.bodies.find((x) => x.name === nameB);
  if (!a || !b) return null;
  const detail = buildPairDetail(uri, version, levelPreviewSource(level), a.identifier, b.identifier);
  if (!detail) return null;
  return { ...detail, a: level.lowered.bodies[detail.ia]?.name ?? detail.a, b: level.lowered.bodies[detail.ib]?.name ?? detail.b };
}
