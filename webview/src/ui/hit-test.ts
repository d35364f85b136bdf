import type { PreviewBody } from '../../../protocol/preview-model';
import { distanceToChains } from '../../../render/chains';
import type { Pose } from '../../../render/geometry';

/**
 * Whether world point (x, y) lies on body `body` at `pose`, within `tolerance` scene units: the
 * point is taken into the body's frame and compared with each part's rounded convex point set
 * (inside the core polygon, or within radius + tolerance of its boundary; Ericson, "Real-Time
 * Collision Detection", §5.1.2 and §5.1.9 for the closest point on a segment); a chain body on
 * an edge of its chains, a tile grid also inside its solid ground.
 */
export function hitBody(body: PreviewBody, pose: Pose, x: number, y: number, tolerance: number): boolean {
  const dx = x - pose.x;
  const dy = y - pose.y;
  const lx = pose.c * dx + pose.s * dy;
  const ly = -pose.s * dx + pose.c * dy;
  for (const part of body.parts) {
    if (distanceToCore(part.vertices, lx, ly) <= part.radius + tolerance) return true;
  }
  return body.chains !== undefined && distanceToChains(body, lx, ly) <= tolerance;
}

/** Distance from (px, py) to the convex hull of v (flat x, y); 0 inside. */
function distanceToCore(v: readonly number[], px: number, py: number): number {
  const n = v.length >> 1;
  if (n === 0) return Infinity;
  if (n === 1) return Math.hypot(px - v[0]!, py - v[1]!);
  let inside = n >= 3;
  let sign = 0;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    if (n === 2 && i === 1) break;
    const ax = v[2 * i]!;
    const ay = v[2 * i + 1]!;
    const ex = v[2 * j]! - ax;
    const ey = v[2 * j + 1]! - ay;
    const cross = ex * (py - ay) - ey * (px - ax);
    if (cross !== 0) {
      const s = cross > 0 ? 1 : -1;
      if (sign === 0) sign = s;
      else if (s !== sign) inside = false;
    }
    const len2 = ex * ex + ey * ey;
    const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * ex + (py - ay) * ey) / len2)) : 0;
    best = Math.min(best, Math.hypot(px - (ax + t * ex), py - (ay + t * ey)));
  }
  return inside ? 0 : best;
}
