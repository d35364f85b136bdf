/** A rectangle of device pixels [x0, x1) × [y0, y1). */
export type PixelRect = [x0: number, y0: number, x1: number, y1: number];

const area = (r: PixelRect): number => (r[2] - r[0]) * (r[3] - r[1]);

/** The smallest rectangle holding all of `rects` (at least one). */
export function boundingRect(rects: readonly PixelRect[]): PixelRect {
  const u: PixelRect = [...rects[0]!];
  for (const r of rects) {
    u[0] = Math.min(u[0], r[0]);
    u[1] = Math.min(u[1], r[1]);
    u[2] = Math.max(u[2], r[2]);
    u[3] = Math.max(u[3], r[3]);
  }
  return u;
}

/**
 * The rectangles a patch draws again, with every pair whose bounding rectangle covers no more
 * pixels than the two do apart merged into it, until no such pair is left: a rectangle inside
 * another goes, and so do repeats (a body in a finding that changed brings its box once for
 * itself and once per finding). Any rectangle may be drawn as a strip (it is exact anywhere),
 * so merging only trades the strips' fixed cost (a scratch the layer's size, cleared, drawn,
 * copied) against the pixels drawn. Quadratic in the count, which MAX_PATCH_RECTS bounds.
 */
export function mergePatchRects(rects: readonly PixelRect[]): PixelRect[] {
  const out = rects.map((r) => [...r] as PixelRect);
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const u = boundingRect([out[i]!, out[j]!]);
        if (area(u) > area(out[i]!) + area(out[j]!)) continue;
        out[i] = u;
        out.splice(j, 1);
        merged = true;
        break;
      }
    }
  }
  return out;
}
