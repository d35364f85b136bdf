import type { BodyKind, PreviewBody, PreviewScene } from '../../protocol/preview-model';
import { isFilledChains, traceChains } from '../chains';
import { boundingRadius, partToWorld, Scratch, traceConvex, type Pose } from '../geometry';
import type { Painter } from '../painter';
import { toScreenX, toScreenY, toWorldX, toWorldY, type Viewport } from '../viewport';
import { BodyIndex } from './body-index';
import { PoseTable } from './pose-table';
import type { SceneDrawOptions, ScreenRect } from './scene-options';

export const KINDS: readonly BodyKind[] = ['static', 'dynamic', 'bullet', 'sensor'];
/** Culling margin in pixels: a stroke's half width and its antialiasing stay inside it. */
export const CULL_MARGIN_PX = 2;
/**
 * Half the side of the square that stands for a body under TINY_PX on screen, at least: a body
 * smaller than that is drawn this large, so that it shows, and culled by this size too.
 */
export const MIN_SQUARE_HALF_PX = 0.75;

/**
 * The per-scene tables every layer reads, built once in the constructor (bounding radii, kind
 * lists, overlap flags), and the per-frame questions they ask: a body's pose at a time (from a
 * table kept per scrubber time), whether it can be in a region, and which bodies a spatial index
 * offers as candidates.
 */
export class SceneBodies {
  readonly radii: Float64Array;
  /** The largest finite bounding radius (0 for an empty scene). */
  readonly maxRadius: number;
  readonly byKind: Record<BodyKind, Int32Array>;
  /** KINDS index of each body, its place in its kind's list, and each kind's start in a bucket. */
  readonly kindOf: Uint8Array;
  readonly kindPos: Int32Array;
  readonly kindStart = new Int32Array(KINDS.length);
  readonly overlapping: Uint8Array;
  /** Indices of the bodies in `overlapping`, ascending. */
  readonly overlapList: Int32Array;
  private readonly poses: PoseTable;
  private index: BodyIndex | null = null;
  private readonly w = new Scratch();

  /**
   * With `prev` and `changed`: the tables of `scene`, which is prev's scene but for the bodies at
   * the indices `changed` (as many bodies, at the same places, each of its old kind; the caller
   * checks, see `following`), made from prev's: the changed bodies' radii and poses computed,
   * the kind lists shared, prev's spatial index taken over and the changed bodies moved in it.
   */
  constructor(readonly scene: PreviewScene, prev?: SceneBodies, changed?: readonly number[]) {
    const n = scene.bodies.length;
    if (prev && changed) {
      this.radii = prev.radii.slice();
      for (const i of changed) this.radii[i] = boundingRadius(scene.bodies[i]!);
      this.byKind = prev.byKind;
      this.kindOf = prev.kindOf;
      this.kindPos = prev.kindPos;
      this.kindStart.set(prev.kindStart);
      this.poses = PoseTable.following(prev.poses, scene.bodies, changed);
      this.index = prev.index ? BodyIndex.following(prev.index, scene.bodies, this.radii, changed) : null;
    } else {
      this.radii = new Float64Array(n);
      const lists: Record<BodyKind, number[]> = { static: [], dynamic: [], bullet: [], sensor: [] };
      for (let i = 0; i < n; i++) {
        const b = scene.bodies[i]!;
        this.radii[i] = boundingRadius(b);
        lists[b.kind].push(i);
      }
      this.byKind = {
        static: Int32Array.from(lists.static),
        dynamic: Int32Array.from(lists.dynamic),
        bullet: Int32Array.from(lists.bullet),
        sensor: Int32Array.from(lists.sensor),
      };
      this.kindOf = new Uint8Array(n);
      this.kindPos = new Int32Array(n);
      let start = 0;
      for (let kk = 0; kk < KINDS.length; kk++) {
        const list = this.byKind[KINDS[kk]!];
        this.kindStart[kk] = start;
        start += list.length;
        for (let k = 0; k < list.length; k++) {
          this.kindOf[list[k]!] = kk;
          this.kindPos[list[k]!] = k;
        }
      }
      this.poses = PoseTable.of(scene.bodies);
    }
    let maxRadius = 0;
    for (let i = 0; i < n; i++) if (this.radii[i]! > maxRadius && Number.isFinite(this.radii[i]!)) maxRadius = this.radii[i]!;
    this.maxRadius = maxRadius;
    this.overlapping = new Uint8Array(n);
    for (const f of scene.findings) {
      if (f.kind === 'overlap') {
        this.overlapping[f.ia] = 1;
        this.overlapping[f.ib] = 1;
      }
    }
    const overlapList: number[] = [];
    for (let i = 0; i < n; i++) if (this.overlapping[i]) overlapList.push(i);
    this.overlapList = Int32Array.from(overlapList);
  }

  /**
   * The tables of `scene` made from `prev`'s when `scene` is prev's scene with only the bodies at
   * `changed` replaced, each by one of the same kind, over the same interval; null otherwise.
   */
  static following(prev: SceneBodies, scene: PreviewScene, changed: readonly number[]): SceneBodies | null {
    const old = prev.scene;
    if (scene.bodies.length !== old.bodies.length || scene.frames * scene.dt !== prev.duration) return null;
    for (const i of changed) if (i < 0 || i >= old.bodies.length || scene.bodies[i]!.kind !== old.bodies[i]!.kind) return null;
    return new SceneBodies(scene, prev, changed);
  }

  /** The interval the scrubber covers: [0, frames dt]. */
  get duration(): number {
    return this.scene.frames * this.scene.dt;
  }

  /** A body's pose at time t, or the dragged pose while it is dragged. */
  poseOf(i: number, t: number, drag: SceneDrawOptions['drag'], out: Pose): Pose {
    if (drag && drag.index === i) {
      out.x = drag.x;
      out.y = drag.y;
      out.angle = drag.angle;
      out.c = Math.cos(drag.angle);
      out.s = Math.sin(drag.angle);
      return out;
    }
    return this.poses.get(i, t, out);
  }

  /**
   * Whether body i at `pose` can be in the region (bounding-circle test, margin in pixels); the
   * region is the whole screen unless given.
   */
  visible(i: number, pose: Pose, v: Viewport, marginPx: number, region?: ScreenRect): boolean {
    const r = Math.max(this.radii[i]! * v.zoom, MIN_SQUARE_HALF_PX) + marginPx;
    const sx = toScreenX(v, pose.x);
    const sy = toScreenY(v, pose.y);
    if (region) return sx + r >= region.x0 && sx - r <= region.x1 && sy + r >= region.y0 && sy - r <= region.y1;
    return sx + r >= 0 && sx - r <= v.width && sy + r >= 0 && sy - r <= v.height;
  }

  /**
   * Indices, ascending, of the bodies that may show in the region at the options' time: the
   * index's candidates, plus the dragged body (drawn away from its own path). Reused by the
   * next call.
   */
  candidates(v: Viewport, region: ScreenRect | undefined, o: SceneDrawOptions): Int32Array {
    this.index ??= new BodyIndex(this.scene.bodies, this.radii, this.duration);
    const m = CULL_MARGIN_PX + 1;
    const x0 = region ? region.x0 : 0;
    const y0 = region ? region.y0 : 0;
    const x1 = region ? region.x1 : v.width;
    const y1 = region ? region.y1 : v.height;
    // The region's bottom edge is its lowest world y when y points up, its highest when down.
    const wy0 = toWorldY(v, v.yDown ? y0 - m : y1 + m);
    const wy1 = toWorldY(v, v.yDown ? y1 + m : y0 - m);
    const found = this.index.candidates(o.time, toWorldX(v, x0 - m), wy0, toWorldX(v, x1 + m), wy1);
    const d = o.drag?.index ?? -1;
    if (d < 0 || d >= this.scene.bodies.length || found.length === this.scene.bodies.length || binarySearch(found, d)) return found;
    const merged = new Int32Array(found.length + 1);
    merged.set(found);
    merged[found.length] = d;
    return merged.sort();
  }

  /**
   * A body's outline at `pose` into the current path: its parts, and its chains (only a tile
   * grid's closed loops when `fillable`, as a path about to be filled must not close an open
   * chain, nor fill a chain's side that is not solid).
   */
  traceBody(p: Painter, v: Viewport, body: PreviewBody, pose: Pose, fillable = false): void {
    if (body.chains && (!fillable || isFilledChains(body))) traceChains(p, v, body, pose);
    for (const part of body.parts) {
      const n = partToWorld(part, pose, this.w);
      traceConvex(p, v, this.w.buf, n, part.radius);
      if (part.kind === 'circle' && part.radius * v.zoom >= 6) {
        // A spoke shows a circle's orientation, so spin and the angle handle are visible.
        const cx = this.w.buf[0]!;
        const cy = this.w.buf[1]!;
        p.moveTo(toScreenX(v, cx), toScreenY(v, cy));
        p.lineTo(toScreenX(v, cx + part.radius * pose.c), toScreenY(v, cy + part.radius * pose.s));
      }
    }
  }
}

function binarySearch(sorted: Int32Array, x: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const y = sorted[mid]!;
    if (y === x) return true;
    if (y < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
