import { isFilledChains, TICK_LENGTH_PX, traceCells, traceChains, traceSolidSide } from '../chains';
import { makePose, type Pose } from '../geometry';
import type { Painter } from '../painter';
import type { Theme } from '../theme';
import { toScreenX, toScreenY, type Viewport } from '../viewport';
import { CULL_MARGIN_PX, KINDS, MIN_SQUARE_HALF_PX, type SceneBodies } from './scene-bodies';
import type { SceneDrawOptions, ScreenRect } from './scene-options';

/** Bodies whose bounding radius is below this many pixels are drawn as small squares. */
const TINY_PX = 3;
/** Bodies whose bounding radius is below this many pixels are filled but not outlined. */
const SMALL_PX = 8;

/**
 * The bodies, filled and outlined by kind, and the outlines of the bodies in an overlap: the
 * world layer's main content. Paths are batched per color, allocating nothing per body. Batches
 * are formed from each body's place in declaration order, not from what happens to be visible,
 * so a draw clipped to a region gives there exactly the pixels of a whole-screen draw.
 *
 * Level of detail: a body under TINY_PX on screen is a filled square of its bounding radius;
 * under SMALL_PX its true outline, filled more strongly but not stroked (stroking thousands of
 * small curves is what costs most in a software canvas); larger bodies are filled and outlined.
 * The eye cannot tell the difference at those sizes, and a large scene fitted to the view is
 * mostly such bodies.
 */
export class BodiesLayer {
  /** Candidates of one frame grouped by kind, declaration order kept within each kind. */
  private readonly bucket: Int32Array;
  private readonly kindCount = new Int32Array(KINDS.length);
  private readonly pose = makePose();

  /** The chain bodies that are not tile grids, in declaration order. */
  private readonly openChains: Int32Array;

  constructor(private readonly bodies: SceneBodies) {
    this.bucket = new Int32Array(bodies.scene.bodies.length);
    const open: number[] = [];
    bodies.scene.bodies.forEach((b, i) => {
      if (b.chains && !isFilledChains(b)) open.push(i);
    });
    this.openChains = Int32Array.from(open);
  }

  /** Bodies that can reach the region (the whole screen unless given), then overlap outlines. */
  draw(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, region?: ScreenRect): void {
    const sb = this.bodies;
    const pose = this.pose;
    const candidates = sb.candidates(v, region, o);
    const counts = this.kindCount;
    counts.fill(0);
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      const kk = sb.kindOf[i]!;
      this.bucket[sb.kindStart[kk]! + counts[kk]!++] = i;
    }
    const batch = p.batchSize ?? Infinity;
    for (let kk = 0; kk < KINDS.length; kk++) {
      const kind = KINDS[kk]!;
      const list = sb.byKind[kind];
      if (list.length === 0) continue;
      const start = sb.kindStart[kk]!;
      const count = counts[kk]!;
      const color = theme.bodies[kind];
      const fillAlpha = kind === 'sensor' ? 0.12 : 0.25;
      const dash = kind === 'sensor' ? [4, 3] : undefined;
      for (let lod = 0; lod < 3; lod++) {
        if (batch === Infinity) {
          // One path of every visible body (SVG: no limit on a path's size).
          let inPath = 0;
          p.beginPath();
          for (let m = 0; m < count; m++) {
            const i = this.bucket[start + m]!;
            if (lodOf(sb.radii[i]! * v.zoom) !== lod) continue;
            sb.poseOf(i, o.time, o.drag, pose);
            if (!sb.visible(i, pose, v, CULL_MARGIN_PX, region)) continue;
            this.traceBodyAt(p, v, i, pose, lod);
            inPath++;
          }
          if (inPath > 0) flushBodies(p, lod, color, fillAlpha, dash);
          continue;
        }
        if (lod === 2 && p.fillRect) {
          // Squares one by one: a rectangle is the canvas's cheapest fill, cheaper than a path
          // of 16, and each is its own operation, so no batch spans the view.
          const alpha = 0.7;
          for (let m = 0; m < count; m++) {
            const i = this.bucket[start + m]!;
            const r = sb.radii[i]! * v.zoom;
            if (lodOf(r) !== 2) continue;
            sb.poseOf(i, o.time, o.drag, pose);
            if (!sb.visible(i, pose, v, CULL_MARGIN_PX, region)) continue;
            const h = Math.max(r, MIN_SQUARE_HALF_PX);
            p.fillRect(toScreenX(v, pose.x) - h, toScreenY(v, pose.y) - h, 2 * h, 2 * h, color, alpha);
          }
          continue;
        }
        // Batches: the bodies of this level whose places in the kind's list fall in one block
        // of `batch`, one path each. A batch with a body in view is drawn whole, off-screen
        // members too, so that its path never depends on the view: Chromium rasterizes a
        // contour differently depending on the path around it (one convex contour alone takes
        // another route than the same contour among others), and a cached layer shifted by
        // whole pixels and patched in strips must equal a whole-screen draw of the new view.
        let last = -1;
        for (let m = 0; m < count; m++) {
          const i = this.bucket[start + m]!;
          if (lodOf(sb.radii[i]! * v.zoom) !== lod) continue;
          const block = Math.floor(sb.kindPos[i]! / batch);
          if (block === last) continue;
          sb.poseOf(i, o.time, o.drag, pose);
          if (!sb.visible(i, pose, v, CULL_MARGIN_PX, region)) continue;
          last = block;
          p.beginPath();
          const end = Math.min(list.length, (block + 1) * batch);
          for (let k = block * batch; k < end; k++) {
            const j = list[k]!;
            if (lodOf(sb.radii[j]! * v.zoom) !== lod) continue;
            this.traceBodyAt(p, v, j, sb.poseOf(j, o.time, o.drag, pose), lod);
          }
          flushBodies(p, lod, color, fillAlpha, dash);
        }
      }
    }
    this.drawCells(p, v, theme, o, candidates, region);
    this.drawOpenChains(p, v, theme, o, region);
    this.drawOverlapOutlines(p, v, theme, o, candidates, batch, region);
  }

  /** The cells of tile grids, faintly over their ground, where they are large enough to see (render/chains.ts). */
  private drawCells(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, candidates: Int32Array, region: ScreenRect | undefined): void {
    const sb = this.bodies;
    const bodies = sb.scene.bodies;
    const pose = this.pose;
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      const b = bodies[i]!;
      if (!b.tiles) continue;
      sb.poseOf(i, o.time, o.drag, pose);
      if (!sb.visible(i, pose, v, CULL_MARGIN_PX, region)) continue;
      const color = theme.bodies[b.kind];
      const m = CULL_MARGIN_PX;
      traceCells(
        p,
        v,
        b,
        pose,
        (region ? region.x0 : 0) - m,
        (region ? region.y0 : 0) - m,
        (region ? region.x1 : v.width) + m,
        (region ? region.y1 : v.height) + m,
        () => p.beginPath(),
        () => p.stroke(color, 0.75, 0.35),
      );
    }
  }

  /**
   * Chain bodies (not tile grids, which are filled with the bodies): each chain a polyline in its
   * kind's color, with ticks on the side it is solid from (render/chains.ts). Ticks reach past a
   * body's bounding circle, so these few bodies are culled on their own, with the ticks' length
   * added to the margin, rather than taken from the candidates.
   */
  private drawOpenChains(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, region: ScreenRect | undefined): void {
    const sb = this.bodies;
    const bodies = sb.scene.bodies;
    const pose = this.pose;
    for (let k = 0; k < this.openChains.length; k++) {
      const i = this.openChains[k]!;
      const b = bodies[i]!;
      sb.poseOf(i, o.time, o.drag, pose);
      if (!sb.visible(i, pose, v, CULL_MARGIN_PX + TICK_LENGTH_PX, region)) continue;
      const color = theme.bodies[b.kind];
      p.beginPath();
      traceChains(p, v, b, pose);
      p.stroke(color, 2);
      p.beginPath();
      traceSolidSide(p, v, b, pose);
      p.stroke(color, 1.25, 0.8);
    }
  }

  /** Bodies in an overlap, outlined in the warning color (in batches as above on a canvas). */
  private drawOverlapOutlines(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, candidates: Int32Array, batch: number, region: ScreenRect | undefined): void {
    const sb = this.bodies;
    const bodies = sb.scene.bodies;
    const pose = this.pose;
    const overlaps = sb.overlapList;
    if (batch === Infinity) {
      p.beginPath();
      let any = false;
      for (let k = 0; k < candidates.length; k++) {
        const i = candidates[k]!;
        if (!sb.overlapping[i]) continue;
        sb.poseOf(i, o.time, o.drag, pose);
        if (!sb.visible(i, pose, v, CULL_MARGIN_PX, region)) continue;
        sb.traceBody(p, v, bodies[i]!, pose);
        any = true;
      }
      if (any) p.stroke(theme.warning, 2);
    } else {
      for (let b = 0; b < overlaps.length; b += batch) {
        const end = Math.min(overlaps.length, b + batch);
        let reaches = false;
        for (let k = b; k < end && !reaches; k++) {
          const i = overlaps[k]!;
          reaches = sb.visible(i, sb.poseOf(i, o.time, o.drag, pose), v, CULL_MARGIN_PX, region);
        }
        if (!reaches) continue;
        p.beginPath();
        let traced = false;
        for (let k = b; k < end; k++) {
          const i = overlaps[k]!;
          // A body drawn as a square (under TINY_PX) is outlined as that square: its true outline,
          // a few pixels across under a 2-pixel stroke, looks the same and costs far more to
          // stroke (tens of thousands of them in a large scene fitted to the view). A square of
          // half side up to 1 pixel has no inside left under the stroke: it is filled, 1 pixel
          // larger, a rectangle being the canvas's cheapest fill.
          const r = sb.radii[i]! * v.zoom;
          const lod = lodOf(r);
          sb.poseOf(i, o.time, o.drag, pose);
          const h = Math.max(r, MIN_SQUARE_HALF_PX);
          if (lod === 2 && h <= 1 && p.fillRect) p.fillRect(toScreenX(v, pose.x) - h - 1, toScreenY(v, pose.y) - h - 1, 2 * h + 2, 2 * h + 2, theme.warning, 1);
          else {
            if (lod === 2) this.traceBodyAt(p, v, i, pose, lod);
            else sb.traceBody(p, v, bodies[i]!, pose);
            traced = true;
          }
        }
        if (traced) p.stroke(theme.warning, 2);
      }
    }
  }

  /** Body i at `pose` into the current path, at level of detail `lod` (0, 1: outline; 2: square). */
  private traceBodyAt(p: Painter, v: Viewport, i: number, pose: Pose, lod: number): void {
    const sb = this.bodies;
    if (lod < 2) {
      sb.traceBody(p, v, sb.scene.bodies[i]!, pose, true);
      return;
    }
    const h = Math.max(sb.radii[i]! * v.zoom, MIN_SQUARE_HALF_PX);
    const sx = toScreenX(v, pose.x);
    const sy = toScreenY(v, pose.y);
    p.moveTo(sx - h, sy - h);
    p.lineTo(sx + h, sy - h);
    p.lineTo(sx + h, sy + h);
    p.lineTo(sx - h, sy + h);
    p.closePath();
  }
}

/** Level of detail for a bounding radius of r pixels: 0 outlined, 1 filled, 2 a square. */
function lodOf(r: number): number {
  return r >= SMALL_PX ? 0 : r >= TINY_PX ? 1 : 2;
}

function flushBodies(p: Painter, lod: number, color: string, fillAlpha: number, dash: readonly number[] | undefined): void {
  if (lod === 0) {
    p.fill(color, fillAlpha);
    p.stroke(color, 1.25, 1, dash);
  } else p.fill(color, lod === 1 ? 0.55 : 0.7);
  p.beginPath();
}
