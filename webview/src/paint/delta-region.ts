import type { PreviewSceneDelta } from '../../../protocol/preview-delta';
import type { PreviewScene } from '../../../protocol/preview-model';
import { decoratesAll } from '../../../render/scene/findings-layer';
import type { ScenePainter } from '../../../render/scene/scene-painter';

/** Above this many changed bodies a delta redraws the whole layer (as cheap, and simpler). */
const MAX_CHANGED_BODIES = 256;

/**
 * Where the world layer (ScenePainter.drawWorld: sweeps, bodies, overlap outlines) of `after`
 * can differ from that of `before` when `delta` made one from the other: world boxes
 * [minX, minY, maxX, maxY], one per body that was removed or inserted, or is in a finding that
 * was removed or inserted (its overlap outline, its swept area), each the box of the body's
 * bounding circle over the whole scrubber interval [0, T], so that it holds the body at any
 * time. Kept bodies keep their geometry and their findings (preview-delta.ts), so nothing else
 * changes. Null when the whole layer must be drawn again: the interval changed, the rule that
 * decorates every finding flipped, too many bodies changed, or a box is not finite.
 */
export function changedWorldBoxes(before: ScenePainter, after: ScenePainter, delta: PreviewSceneDelta): Float64Array | null {
  const old = before.scene;
  const next = after.scene;
  if (before.duration !== after.duration || decoratesAll(old) !== decoratesAll(next)) return null;
  const boxes: number[] = [];
  const add = (p: ScenePainter, scene: PreviewScene, i: number): boolean => {
    const b = scene.bodies[i]!;
    const r = p.radii[i]!;
    const T = p.duration;
    const x0 = b.position[0];
    const y0 = b.position[1];
    const x1 = x0 + b.velocity[0] * T;
    const y1 = y0 + b.velocity[1] * T;
    const box = [Math.min(x0, x1) - r, Math.min(y0, y1) - r, Math.max(x0, x1) + r, Math.max(y0, y1) + r];
    if (!box.every(Number.isFinite)) return false;
    boxes.push(...box);
    return boxes.length <= 4 * MAX_CHANGED_BODIES;
  };
  for (const s of delta.bodies) {
    for (let i = s.start; i < s.start + s.deleteCount; i++) if (!add(before, old, i)) return null;
    for (const b of s.bodies) if (!add(after, next, b.index)) return null;
  }
  for (const s of delta.findings) {
    for (let k = s.start; k < s.start + s.deleteCount; k++) {
      const f = old.findings[k]!;
      if (!add(before, old, f.ia) || !add(before, old, f.ib)) return null;
    }
    for (const f of s.findings) if (!add(after, next, f.ia) || !add(after, next, f.ib)) return null;
  }
  return Float64Array.from(boxes);
}
