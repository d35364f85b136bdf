import type { PreviewBody } from '../../protocol/preview-model';
import { makePose, poseAt, type Pose } from '../geometry';

const EMPTY = new Float64Array(0);

/**
 * Every body's pose at one time, kept in flat arrays and recomputed only when the time changes.
 * The cosine and sine of each body's angle are the costliest part of a large scene's frame,
 * and panning and zooming never change them. The table is filled by `poseAt` itself, so a cached
 * pose and a fresh one are the same numbers.
 */
export class PoseTable {
  private time = NaN;
  private readonly scratch = makePose();

  /** `data`: the rows, 5 per body; they hold a time's poses once `time` says which. */
  private constructor(
    private readonly bodies: readonly PreviewBody[],
    private data: Float64Array,
  ) {}

  static of(bodies: readonly PreviewBody[]): PoseTable {
    return new PoseTable(bodies, new Float64Array(5 * bodies.length));
  }

  /**
   * The table of `bodies`, which are `prev`'s but for those at the indices `changed` (as many,
   * at the same places): prev's rows are taken over at its time, not copied, and only the
   * changed ones computed. Prev is left empty, and fills itself again if it is asked.
   */
  static following(prev: PoseTable, bodies: readonly PreviewBody[], changed: readonly number[]): PoseTable {
    if (Number.isNaN(prev.time) || prev.bodies.length !== bodies.length) return PoseTable.of(bodies);
    const table = new PoseTable(bodies, prev.data);
    table.time = prev.time;
    prev.data = EMPTY;
    prev.time = NaN;
    for (const i of changed) table.row(i);
    return table;
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
    if (this.data.length !== 5 * this.bodies.length) this.data = new Float64Array(5 * this.bodies.length);
    this.time = t;
    for (let i = 0; i < this.bodies.length; i++) this.row(i);
  }

  /** Body i's row at the table's time. */
  private row(i: number): void {
    const d = this.data;
    const pose = poseAt(this.bodies[i]!, this.time, this.scratch);
    const k = 5 * i;
    d[k] = pose.x;
    d[k + 1] = pose.y;
    d[k + 2] = pose.angle;
    d[k + 3] = pose.c;
    d[k + 4] = pose.s;
  }
}
