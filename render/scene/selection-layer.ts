import { makePose } from '../geometry';
import type { Painter } from '../painter';
import type { Theme } from '../theme';
import { screenYSign, toScreenX, toScreenY, type Viewport } from '../viewport';
import { drawEditOverlay, ROTATE_OFFSET_PX } from './edit-handles';
import type { SceneBodies } from './scene-bodies';
import type { SceneDrawOptions } from './scene-options';

/** A body's origin and its rotation handle on screen. */
export interface RotationHandle {
  ox: number;
  oy: number;
  hx: number;
  hy: number;
}

/**
 * Emphasis of the bodies the user points at (editor cursor, hover, selection) and the selected
 * body's edit handles (edit-handles.ts), which the preview hit-tests with the geometry it draws.
 */
export class SelectionLayer {
  private readonly pose = makePose();
  private readonly handlePose = makePose();

  constructor(private readonly bodies: SceneBodies) {}

  /** Highlighted bodies, then the hovered one (unless selected), then the selected one. */
  drawEmphasis(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    const sb = this.bodies;
    const bodies = sb.scene.bodies;
    const pose = this.pose;
    const emphasize = (i: number, width: number, alpha: number): void => {
      if (i < 0 || i >= bodies.length) return;
      sb.poseOf(i, o.time, o.drag, pose);
      p.beginPath();
      sb.traceBody(p, v, bodies[i]!, pose);
      p.stroke(theme.highlight, width, alpha);
    };
    for (const i of o.highlighted) emphasize(i, 3, 0.9);
    if (o.hovered !== o.selected) emphasize(o.hovered, 2, 0.6);
    emphasize(o.selected, 3, 1);
  }

  /** The selected body's edit handles, when the preview shows them (edits unlocked). */
  drawHandle(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    if (!o.edit) return;
    drawEditOverlay(p, v, theme, o.edit, (q, w, body, pose) => this.bodies.traceBody(q, w, body, pose));
  }

  /**
   * Screen positions of a body's origin and of its rotation handle: on the ray at the body's
   * angle, just outside its bounding circle.
   */
  rotationHandle(i: number, t: number, drag: SceneDrawOptions['drag'], v: Viewport): RotationHandle {
    const pose = this.bodies.poseOf(i, t, drag, this.handlePose);
    const ox = toScreenX(v, pose.x);
    const oy = toScreenY(v, pose.y);
    const len = this.bodies.radii[i]! * v.zoom + ROTATE_OFFSET_PX;
    return { ox, oy, hx: ox + len * pose.c, hy: oy + screenYSign(v) * len * pose.s };
  }
}
