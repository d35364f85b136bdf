import { DynamicTree } from '../../core';
import type { AABB } from '../../core';
import type { PreviewBody } from '../../protocol/preview-model';

/**
 * Which bodies can be on screen, without visiting all of them: a bounding-volume hierarchy
 * (core's dynamic tree, Catto's b2DynamicTree built top-down as Ericson §6.2.1 describes) over
 * each body's swept bound for the whole scrubber interval [0, T], queried with the world rectangle
 * of the area being drawn (Ericson, "Real-Time Collision Detection" §7.3 on culling with a
 * hierarchy).
 *
 * A body's bounding circle (origin-centered, radius covering every part, so rotation cannot leave
 * it) moves linearly in t, so over [0, T] it stays inside the box of its circles at t = 0 and
 * t = T: one tree per scene serves every scrubber time, and scrubbing never rebuilds it. The
 * answer is a superset; the painter still tests each candidate at its pose. A body whose bound is
 * not finite is never filed in the tree but always returned, so culling can only err towards
 * drawing.
 */
export class BodyIndex {
  private tree: DynamicTree | null = null;
  /** Bodies that are never culled (non-finite swept bounds). */
  private always: Int32Array = new Int32Array(0);
  /** Union of the filed bounds: a query box holding it returns every body without a search. */
  private minX = Infinity;
  private minY = Infinity;
  private maxX = -Infinity;
  private maxY = -Infinity;
  private readonly out: Int32Array;
  private readonly all: Int32Array;
  private readonly box: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private count = 0;
  private readonly collect = (id: number): void => {
    this.out[this.count++] = id;
  };

  constructor(
    private readonly bodies: readonly PreviewBody[],
    private readonly radii: Float64Array,
    /** The scrubber interval's end T = frames dt. */
    readonly duration: number,
  ) {
    const n = bodies.length;
    this.out = new Int32Array(n);
    this.all = new Int32Array(n);
    for (let i = 0; i < n; i++) this.all[i] = i;
  }

  /**
   * Indices, ascending, of the bodies that may meet the world box [minX, maxX] × [minY, maxY] at
   * time t. The array is reused by the next call. Outside [0, T] the swept bounds do not hold,
   * so every body is returned.
   */
  candidates(t: number, minX: number, minY: number, maxX: number, maxY: number): Int32Array {
    if (!(t >= 0 && t <= this.duration)) return this.all;
    this.build();
    if (minX <= this.minX && minY <= this.minY && maxX >= this.maxX && maxY >= this.maxY) return this.all;
    this.count = 0;
    for (let k = 0; k < this.always.length; k++) this.out[this.count++] = this.always[k]!;
    const box = this.box;
    box.minX = minX;
    box.minY = minY;
    box.maxX = maxX;
    box.maxY = maxY;
    this.tree!.query(box, this.collect);
    const found = this.out.subarray(0, this.count);
    // Draw order is declaration order (it decides which body is on top): sort the ids back.
    found.sort();
    return found;
  }

  /**
   * The index of `bodies`, which are `prev`'s but for those at the indices `changed` (as many, at
   * the same places, with `radii` their bounding radii), made by moving the changed bodies in
   * prev's tree rather than building one: the tree is taken over, and prev builds a new one if it
   * is asked again. Null when prev has built no tree yet, or a changed body's bound is not finite
   * before or after (it would change which bodies are never culled).
   */
  static following(prev: BodyIndex, bodies: readonly PreviewBody[], radii: Float64Array, changed: readonly number[]): BodyIndex | null {
    const tree = prev.tree;
    if (!tree || prev.bodies.length !== bodies.length) return null;
    const next = new BodyIndex(bodies, radii, prev.duration);
    for (const i of changed) if (!next.boundOf(i) || !prev.boundOf(i)) return null;
    prev.tree = null;
    next.minX = prev.minX;
    next.minY = prev.minY;
    next.maxX = prev.maxX;
    next.maxY = prev.maxY;
    for (const i of changed) {
      next.boundOf(i);
      tree.move(i, next.box);
      next.include(next.box);
    }
    next.always = prev.always;
    next.tree = tree;
    return next;
  }

  private build(): void {
    if (this.tree) return;
    const tree = new DynamicTree({ marginFraction: 0 });
    const always: number[] = [];
    for (let i = 0; i < this.bodies.length; i++) {
      if (!this.boundOf(i)) {
        always.push(i);
        continue;
      }
      tree.insert(i, this.box);
      this.include(this.box);
    }
    this.always = Int32Array.from(always);
    this.tree = tree;
  }

  /** Body i's swept bound over [0, T] into `box`; whether it is finite. */
  private boundOf(i: number): boolean {
    const box = this.box;
    const T = this.duration;
    const b = this.bodies[i]!;
    const r = this.radii[i]!;
    const x0 = b.position[0];
    const y0 = b.position[1];
    const x1 = x0 + b.velocity[0] * T;
    const y1 = y0 + b.velocity[1] * T;
    box.minX = Math.min(x0, x1) - r;
    box.minY = Math.min(y0, y1) - r;
    box.maxX = Math.max(x0, x1) + r;
    box.maxY = Math.max(y0, y1) + r;
    return Number.isFinite(box.minX) && Number.isFinite(box.minY) && Number.isFinite(box.maxX) && Number.isFinite(box.maxY);
  }

  /**
   * Grow the union of the filed bounds by `box`. A union larger than the bounds' own (a moved
   * body's old bound still in it) is safe: every body is returned at once only when the query
   * holds it.
   */
  private include(box: AABB): void {
    this.minX = Math.min(this.minX, box.minX);
    this.minY = Math.min(this.minY, box.minY);
    this.maxX = Math.max(this.maxX, box.maxX);
    this.maxY = Math.max(this.maxY, box.maxY);
  }
}
