import type { PreviewBody } from '../../protocol/preview-model';
import type { Pose } from '../geometry';
import type { Painter } from '../painter';
import type { Theme } from '../theme';
import { screenYSign, toScreenX, toScreenY, type Viewport } from '../viewport';

/**
 * The handles of the selected body while edits are unlocked (in the manner of Godot's shape
 * editor): a knob per size of its shape, a rotation knob on the ray of its angle, the head of its
 * velocity arrow and a knob on an arc that sweeps its spin. The preview draws them with this and
 * hit-tests the same positions, so what is grabbed is what is drawn.
 *
 * Frames: a handle's `x`, `y` are screen pixels; shape sizes are in the body's frame; velocity
 * and spin in the scene's.
 */
export type HandleKind = 'rotate' | 'radius' | 'width' | 'height' | 'corner' | 'length' | 'end0' | 'end1' | 'scale' | 'velocity' | 'spin';

export interface EditHandle {
  readonly kind: HandleKind;
  readonly x: number;
  readonly y: number;
}

/** Distance of the rotation knob beyond the body's bounding radius, in pixels. */
export const ROTATE_OFFSET_PX = 22;
/** Radius of the spin arc beyond the body's bounding radius, in pixels. */
export const SPIN_OFFSET_PX = 44;
export const KNOB_RADIUS_PX = 6;
/**
 * The velocity arrow reaches at least and at most this far beyond the body's bounding radius
 * (when the velocity is not zero): its head clear of the rotation and spin knobs.
 */
const ARROW_MIN_PX = 64;
const ARROW_MAX_PX = 240;
/** The spin arc sweeps at least and at most this many radians (when the spin is not zero). */
const ARC_MIN = 0.5;
const ARC_MAX = Math.PI;

/**
 * How the motion handles show velocity and spin, fixed for the length of a drag so that the
 * drag maps linearly to the value: the arrow is the displacement over `velocitySeconds` (the
 * scene's interval when that draws it between ARROW_MIN_PX and ARROW_MAX_PX beyond the body's
 * bounding radius), the arc the turn over `spinSeconds`. A zero velocity starts at one unit per
 * second per ARROW_MIN_PX, a zero spin at ten radians per second per radian of arc.
 */
export interface MotionScales {
  readonly velocitySeconds: number;
  readonly spinSeconds: number;
}

export function motionScales(body: PreviewBody, zoom: number, duration: number, boundRadius: number): MotionScales {
  const reach = boundRadius * zoom;
  const speed = Math.hypot(body.velocity[0], body.velocity[1]);
  const w = Math.abs(body.spin);
  const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
  return {
    velocitySeconds: speed > 0 ? clamp(duration, (reach + ARROW_MIN_PX) / (speed * zoom), (reach + ARROW_MAX_PX) / (speed * zoom)) : ARROW_MIN_PX / zoom,
    spinSeconds: w > 0 ? clamp(duration, ARC_MIN / w, ARC_MAX / w) : 0.1,
  };
}

/** Which handles a body has: shape sizes, rotation, motion. */
export interface HandleSet {
  readonly shape: boolean;
  readonly rotate: boolean;
  readonly motion: boolean;
}

/** What the selection layer draws for the selected body while edits are unlocked. */
export interface EditOverlay {
  /** The body as drawn: its shape as a resize in progress makes it. */
  readonly body: PreviewBody;
  readonly pose: Pose;
  /** Whether `body`'s shape differs from the file's (drawn as an outline over it). */
  readonly resized: boolean;
  /** The body's bounding radius as written (scene units): where the rotation and spin knobs go. */
  readonly boundRadius: number;
  readonly handles: readonly EditHandle[];
  /** Velocity and spin shown (scene frame), null for a body that has no motion handles. */
  readonly velocity: readonly [number, number] | null;
  readonly spin: number | null;
  readonly scales: MotionScales;
}

/** The shape handles of a single-part body, in its frame: kind, x, y triples. */
function shapeHandles(body: PreviewBody): [HandleKind, number, number][] {
  const part = body.parts[0];
  if (body.parts.length !== 1 || !part || body.chains) return [];
  const v = part.vertices;
  switch (body.sourceKind) {
    case 'circle':
      return v.length === 2 ? [['radius', v[0]!, v[1]! + part.radius]] : [];
    case 'box': {
      let hw = 0;
      let hh = 0;
      for (let i = 0; i + 1 < v.length; i += 2) {
        hw = Math.max(hw, Math.abs(v[i]!));
        hh = Math.max(hh, Math.abs(v[i + 1]!));
      }
      return [
        ['width', hw, 0],
        ['height', 0, hh],
        ['corner', hw, hh],
      ];
    }
    case 'capsule': {
      if (v.length !== 4) return [];
      const half = Math.hypot(v[2]! - v[0]!, v[3]! - v[1]!) / 2;
      return [
        ['length', half + part.radius, 0],
        ['radius', 0, part.radius],
      ];
    }
    case 'segment':
      return v.length === 4 ? [['end0', v[0]!, v[1]!], ['end1', v[2]!, v[3]!]] : [];
    case 'polygon': {
      let best = -1;
      let far = 0;
      for (let i = 0; i + 1 < v.length; i += 2) {
        const d = Math.hypot(v[i]!, v[i + 1]!);
        if (d > far) [far, best] = [d, i];
      }
      return best >= 0 ? [['scale', v[best]!, v[best + 1]!]] : [];
    }
    default:
      return [];
  }
}

/** The overlay of `body` at `pose`: its handles placed on screen. */
export function editOverlay(body: PreviewBody, pose: Pose, v: Viewport, boundRadius: number, scales: MotionScales, set: HandleSet, motion?: { velocity: readonly [number, number]; spin: number }): EditOverlay {
  const handles: EditHandle[] = [];
  const ox = toScreenX(v, pose.x);
  const oy = toScreenY(v, pose.y);
  const ys = screenYSign(v);
  if (set.shape) {
    for (const [kind, lx, ly] of shapeHandles(body)) {
      handles.push({ kind, x: toScreenX(v, pose.x + pose.c * lx - pose.s * ly), y: toScreenY(v, pose.y + pose.s * lx + pose.c * ly) });
    }
  }
  const reach = boundRadius * v.zoom;
  if (set.rotate) handles.push({ kind: 'rotate', x: ox + (reach + ROTATE_OFFSET_PX) * pose.c, y: oy + ys * (reach + ROTATE_OFFSET_PX) * pose.s });
  const velocity = set.motion ? (motion?.velocity ?? body.velocity) : null;
  const spin = set.motion ? (motion?.spin ?? body.spin) : null;
  if (velocity && spin !== null) {
    const still = velocity[0] === 0 && velocity[1] === 0;
    // A body at rest has its velocity knob just below it, to pull an arrow out of.
    handles.push(
      still
        ? { kind: 'velocity', x: ox, y: oy + reach + ROTATE_OFFSET_PX }
        : { kind: 'velocity', x: toScreenX(v, pose.x + velocity[0] * scales.velocitySeconds), y: toScreenY(v, pose.y + velocity[1] * scales.velocitySeconds) },
    );
    const a = pose.angle + spin * scales.spinSeconds;
    const r = reach + SPIN_OFFSET_PX;
    handles.push({ kind: 'spin', x: ox + r * Math.cos(a), y: oy + ys * r * Math.sin(a) });
  }
  return { body, pose, resized: false, boundRadius, handles, velocity, spin, scales };
}

/** The handle under a screen point (the nearest within reach), or undefined. */
export function handleAt(o: EditOverlay, sx: number, sy: number): EditHandle | undefined {
  let best: EditHandle | undefined;
  let bestD = KNOB_RADIUS_PX + 4;
  for (const h of o.handles) {
    const d = Math.hypot(h.x - sx, h.y - sy);
    if (d <= bestD) [best, bestD] = [h, d];
  }
  return best;
}

/**
 * Draws the overlay: a resized shape's outline, the velocity arrow, the spin arc, the rotation
 * ray and every knob (filled with the background, ringed in the highlight color). `trace` traces
 * a body's outline at a pose (the scene's own tracer).
 */
export function drawEditOverlay(p: Painter, v: Viewport, theme: Theme, o: EditOverlay, trace: (p: Painter, v: Viewport, body: PreviewBody, pose: Pose) => void): void {
  const ox = toScreenX(v, o.pose.x);
  const oy = toScreenY(v, o.pose.y);
  const ys = screenYSign(v);
  if (o.resized) {
    p.beginPath();
    trace(p, v, o.body, o.pose);
    p.stroke(theme.highlight, 2, 1, [5, 3]);
  }
  for (const h of o.handles) {
    if (h.kind === 'rotate') {
      p.beginPath();
      p.moveTo(ox, oy);
      p.lineTo(h.x, h.y);
      p.stroke(theme.highlight, 1.5, 0.8, [3, 3]);
    } else if (h.kind === 'velocity' && o.velocity && (o.velocity[0] !== 0 || o.velocity[1] !== 0)) {
      const len = Math.hypot(h.x - ox, h.y - oy);
      if (len > 0) {
        const ux = (h.x - ox) / len;
        const uy = (h.y - oy) / len;
        p.beginPath();
        p.moveTo(ox, oy);
        p.lineTo(h.x, h.y);
        p.moveTo(h.x - 10 * ux - 5 * uy, h.y - 10 * uy + 5 * ux);
        p.lineTo(h.x, h.y);
        p.lineTo(h.x - 10 * ux + 5 * uy, h.y - 10 * uy - 5 * ux);
        p.stroke(theme.info, 2, 0.9);
      }
    } else if (h.kind === 'spin' && o.spin !== null) {
      const r = o.boundRadius * v.zoom + SPIN_OFFSET_PX;
      // Screen angles: a y-up view turns the scene's counter-clockwise angles clockwise on screen.
      const a0 = ys * o.pose.angle;
      const a1 = ys * (o.pose.angle + o.spin * o.scales.spinSeconds);
      p.beginPath();
      p.moveTo(ox + r * Math.cos(a0), oy + r * Math.sin(a0));
      if (a1 !== a0) p.arc(ox, oy, r, a0, a1, a1 < a0);
      p.stroke(theme.info, 1.5, 0.8, o.spin === 0 ? [2, 4] : undefined);
    }
  }
  for (const h of o.handles) {
    p.beginPath();
    if (h.kind === 'width' || h.kind === 'height' || h.kind === 'corner' || h.kind === 'length' || h.kind === 'scale') {
      const k = KNOB_RADIUS_PX - 1;
      p.moveTo(h.x - k, h.y - k);
      p.lineTo(h.x + k, h.y - k);
      p.lineTo(h.x + k, h.y + k);
      p.lineTo(h.x - k, h.y + k);
      p.closePath();
    } else {
      p.moveTo(h.x + KNOB_RADIUS_PX, h.y);
      p.arc(h.x, h.y, KNOB_RADIUS_PX, 0, 2 * Math.PI, false);
    }
    p.fill(theme.background, 1);
    p.stroke(h.kind === 'velocity' || h.kind === 'spin' ? theme.info : theme.highlight, 2);
  }
}
