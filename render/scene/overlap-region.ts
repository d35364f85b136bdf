import type { Painter } from '../painter';
import type { Theme } from '../theme';
import { toScreenX, toScreenY, type Viewport } from '../viewport';

/**
 * The open pair's overlap region (render/pair-live.ts pairInstant: the intersection of the two
 * parts at the scene's time, world, flat, counter-clockwise), drawn over the scene where the two
 * bodies are: the region reads best beside the shapes that make it, while the inspector's
 * configuration space shows its depth (the origin's distance into B ⊖ A) and its area in the table.
 */
export function drawOverlapRegion(p: Painter, v: Viewport, region: readonly number[], theme: Theme): void {
  const n = region.length >> 1;
  if (n < 3) return;
  p.beginPath();
  for (let i = 0; i < n; i++) {
    const x = toScreenX(v, region[2 * i]!);
    const y = toScreenY(v, region[2 * i + 1]!);
    if (i === 0) p.moveTo(x, y);
    else p.lineTo(x, y);
  }
  p.closePath();
  p.fill(theme.error, 0.45);
  p.stroke(theme.error, 1.5, 1, [4, 2]);
}
