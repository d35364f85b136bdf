import type { PreviewBody } from '../../../protocol/preview-model';
import type { Pose } from './geometry';

/**
 * Every body's pose at one time, kept in flat arrays and recomputed only when the time changes.
 * A frame of a 10k-body scene otherwise spends a large share of its script time in the cosine
 * and sine of each body's angle (measured with a CPU profile of bench/preview-frame.ts), although
 * panning and zooming never change them. Values are computed exactly as `poseAt` does, so a
 * cached pose and a fresh one are the same numbers.
 */
export class PoseTable {
  private time = NaN;
  private readonly data: Float64Array;

  constructor(private readonly bodies: readonly PreviewBody[]) {
    this.data = new Float64Array(5 * bodies.length);
  }

  /** Body i's pose at time t into `out` (t is the scrubber time: one time is cached). */
  get(i: number, t: number, out: Pose): Pose {
    if (!Object.is(t, this.time)) this.fill(t);
    const d = this.data;
    const k = 5 * i;
    out.x = d[k]!;
    out.y = d[k + 1]!;
    out.angle = d[k + 2]!;
    out.c = d[k + 3]!;
    out.s = d[k + 4]!;
    return out;
  }

  private fill(t: number): void {
    const d = this.data;
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; i++) {
      const b = bodies[i]!;
      const k = 5 * i;
      // position(t) = at + velocity t, angle(t) = angle + spin t (scene-language.md, "Motion and time").
      const angle = b.angle + b.spin * t;
      d[k] = b.position[0] + b.velocity[0] * t;
      d[k + 1] = b.position[1] + b.velocity[1] * t;
      d[k + 2] = angle;
      d[k + 3] = Math.cos(angle);
      d[k + 4] = Math.sin(angle);
    }
    this.time = t;
  }
}
