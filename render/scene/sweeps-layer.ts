import type { PreviewFinding } from '../../protocol/preview-model';
import { convexHull, makePose, partToWorld, poseAt, Scratch, traceConvex } from '../geometry';
import type { Painter } from '../painter';
import type { Theme } from '../theme';
import type { Viewport } from '../viewport';
import { decoratesAll } from './findings-layer';
import type { SceneBodies } from './scene-bodies';
import type { SceneDrawOptions } from './scene-options';
import { movingBodyOf } from './seam-marks';

/**
 * Swept areas and ghosts of impact pairs, drawn under the bodies: every tunnelling pair's when
 * sweeps are shown, and the inspected pair's whether or not it has a finding. Every ghost bump's
 * sliding body has its ghost where it reaches the seam (at the finding's toi).
 */
export class SweepsLayer {
  private readonly pose = makePose();
  private readonly pose2 = makePose();
  private readonly w = new Scratch();
  private readonly w2 = new Scratch();
  private readonly hull = new Scratch();
  private readonly order = new Scratch();
  private readonly both = new Scratch();

  constructor(private readonly bodies: SceneBodies) {}

  draw(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    const scene = this.bodies.scene;
    const decorateAll = decoratesAll(scene);
    let pairDrawn = false;
    for (const f of scene.findings) {
      const isPair = o.pair !== null && f.ia === o.pair[0] && f.ib === o.pair[1];
      if (isPair || (o.showSweeps && decorateAll && f.kind === 'tunnelling')) this.drawSweeps(p, v, theme, f.ia, f.ib, f.kind, f.toi);
      else if (decorateAll && f.kind === 'ghost-bump' && f.toi !== undefined) this.drawSeamGhost(p, v, theme, movingBodyOf(scene, f), f.toi);
      pairDrawn ||= isPair;
    }
    if (o.pair && !pairDrawn && o.pair[0] < scene.bodies.length && o.pair[1] < scene.bodies.length) {
      this.drawSweeps(p, v, theme, o.pair[0], o.pair[1], null, undefined);
    }
  }

  /** A ghost bump's sliding body at the time it reaches the seam: dashed, as the inspected pair's ghosts are outlined. */
  private drawSeamGhost(p: Painter, v: Viewport, theme: Theme, i: number, toi: number): void {
    const body = this.bodies.scene.bodies[i];
    if (!body) return;
    poseAt(body, toi, this.pose);
    p.beginPath();
    this.bodies.traceBody(p, v, body, this.pose);
    p.stroke(theme.warning, 1.5, 0.9, [4, 3]);
  }

  /**
   * The area each body of an impact pair covers over [0, frames dt], and ghosts of both at the
   * start, at the time of impact and at the end. For a translating convex part the swept area is
   * exactly the hull of its start and end poses; a rotating one is covered by the hulls of
   * consecutive poses at most π/16 apart (finer than the eye can tell at preview sizes).
   */
  private drawSweeps(p: Painter, v: Viewport, theme: Theme, ia: number, ib: number, kind: PreviewFinding['kind'] | null, toi: number | undefined): void {
    const T = this.bodies.duration;
    const color = kind === 'collision' || kind === null ? theme.info : theme.warning;
    for (const i of [ia, ib]) {
      const body = this.bodies.scene.bodies[i]!;
      const moving = body.velocity[0] !== 0 || body.velocity[1] !== 0 || body.spin !== 0;
      if (moving) {
        const steps = body.spin === 0 ? 1 : Math.min(64, Math.max(1, Math.ceil(Math.abs(body.spin * T) / (Math.PI / 16))));
        p.beginPath();
        for (const part of body.parts) {
          for (let k = 0; k < steps; k++) {
            poseAt(body, (T * k) / steps, this.pose);
            poseAt(body, (T * (k + 1)) / steps, this.pose2);
            const n1 = partToWorld(part, this.pose, this.w);
            const n2 = partToWorld(part, this.pose2, this.w2);
            const both = this.both.ensure(2 * (n1 + n2));
            both.set(this.w.buf.subarray(0, 2 * n1), 0);
            both.set(this.w2.buf.subarray(0, 2 * n2), 2 * n1);
            const h = convexHull(both, n1 + n2, this.hull, this.order);
            traceConvex(p, v, this.hull.buf, h, part.radius);
          }
        }
        p.fill(theme.bodies[body.kind], 0.12);
      }
      // Ghosts: dashed at the start and the end, solid at the time of impact.
      const ghost = (t: number, c: string, width: number, dash?: readonly number[]): void => {
        poseAt(body, t, this.pose);
        p.beginPath();
        this.bodies.traceBody(p, v, body, this.pose);
        p.stroke(c, width, 0.9, dash);
      };
      if (moving) {
        ghost(0, theme.bodies[body.kind], 1, [5, 4]);
        ghost(T, theme.bodies[body.kind], 1, [2, 3]);
      }
      if (toi !== undefined) ghost(toi, color, 2);
    }
  }
}
