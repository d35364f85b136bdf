/**
 * A body's world bounds at t = 0 as its parts and pose make them: the scene's bytes leave out
 * the bounds of a body whose bounds these are (preview-scene-bytes.ts), and the reader makes them
 * again here.
 *
 * The arithmetic is the server's (core/shapes/bounds.ts shapeBoundsInto under
 * core/math/vec2.ts makeTransform, unioned as server/src/preview/scene-model.ts previewBody does),
 * step for step, so that the same doubles come out. The cosine and sine of the body's angle are
 * given: cos-sin.ts's of the angle, which every engine makes alike, or the writer's own, written
 * in the bytes (Math.cos and Math.sin differ in the last place between engines for some angles,
 * Node's V8 and Chromium's, where +, - and * are exact IEEE 754 everywhere). The writer leaves a
 * body's bounds out only when these equal them exactly, so a difference costs bytes, never
 * exactness.
 */
import type { PreviewPart } from './preview-model';

/** The bounds of parts placed at (x, y) turned by the angle of cosine `c` and sine `s`, into `out`; [x, y, x, y] when there is no part. */
export function partsBounds(parts: readonly PreviewPart[], x: number, y: number, c: number, s: number, out: [number, number, number, number]): void {
  let bx0 = Infinity;
  let by0 = Infinity;
  let bx1 = -Infinity;
  let by1 = -Infinity;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    const v = p.vertices;
    const n = v.length >> 1;
    let x0: number;
    let y0: number;
    let x1: number;
    let y1: number;
    // `- 0` and `+ 0` are the server's zero margin: x + 0 turns -0 into +0.
    if (n === 0) {
      x0 = x - 0;
      y0 = y - 0;
      x1 = x + 0;
      y1 = y + 0;
    } else {
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (let i = 0; i < n; i++) {
        const px = v[2 * i]!;
        const py = v[2 * i + 1]!;
        const wx = c * px - s * py;
        const wy = s * px + c * py;
        if (wx < minX) minX = wx;
        if (wy < minY) minY = wy;
        if (wx > maxX) maxX = wx;
        if (wy > maxY) maxY = wy;
      }
      const r = p.radius;
      x0 = x + minX - r - 0;
      y0 = y + minY - r - 0;
      x1 = x + maxX + r + 0;
      y1 = y + maxY + r + 0;
    }
    bx0 = Math.min(bx0, x0);
    by0 = Math.min(by0, y0);
    bx1 = Math.max(bx1, x1);
    by1 = Math.max(by1, y1);
  }
  if (!Number.isFinite(bx0)) {
    bx0 = bx1 = x;
    by0 = by1 = y;
  }
  out[0] = bx0;
  out[1] = by0;
  out[2] = bx1;
  out[3] = by1;
}
