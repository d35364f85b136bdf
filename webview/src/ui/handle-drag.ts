import type { PreviewBodyChange } from '../../../protocol/preview-lsp';
import type { PreviewBody } from '../../../protocol/preview-model';
import type { Pose } from '../../../render/geometry';
import { SPIN_OFFSET_PX, type HandleKind, type MotionScales } from '../../../render/scene/edit-handles';
import { decimalsForZoom } from '../../../render/viewport';

/**
 * A drag of one of the selected body's size or motion handles (render/scene/edit-handles.ts),
 * in progress: the value the pointer makes, and the body as it would be drawn with it. Sizes are
 * rounded as they will be written, so the outline shown is the text's; the body itself is drawn
 * from the file until the edit comes back as a new scene.
 */
export interface HandleDrag {
  readonly kind: Exclude<HandleKind, 'rotate'>;
  readonly index: number;
  readonly version: number;
  /** The body's pose when the drag started (sizes are measured in its frame). */
  readonly pose: Pose;
  readonly scales: MotionScales;
  /** Pixels per scene unit when the drag started (decides the decimals written). */
  readonly zoom: number;
  readonly boundRadius: number;
  /** The change so far, without its decimals; null until the pointer moved. */
  change: Omit<PreviewBodyChange, 'decimals'> | null;
  /** The body with the change applied to its shape (the outline drawn), when it is a size. */
  shaped: PreviewBody | null;
  /** The spin knob's angle so far, unwrapped (it may go round more than once). */
  turned: number;
}

export function startHandleDrag(kind: HandleDrag['kind'], index: number, version: number, pose: Pose, scales: MotionScales, zoom: number, boundRadius: number, body: PreviewBody): HandleDrag {
  return { kind, index, version, pose: { ...pose }, scales, zoom, boundRadius, change: null, shaped: null, turned: pose.angle + body.spin * scales.spinSeconds };
}

/** Decimal places of the numbers a drag writes: about one pixel of it. */
export function changeDecimals(d: HandleDrag): number {
  if (d.kind === 'velocity') return decimalsForZoom(d.zoom * d.scales.velocitySeconds);
  if (d.kind === 'spin') return decimalsForZoom((d.boundRadius * d.zoom + SPIN_OFFSET_PX) * d.scales.spinSeconds);
  return decimalsForZoom(d.zoom);
}

function round(x: number, decimals: number): number {
  const m = Math.pow(10, decimals);
  const r = Math.round(x * m) / m;
  return Object.is(r, -0) ? 0 : r;
}

/** Follow the pointer at world point (wx, wy): the new value, and the outline it gives. */
export function moveHandleDrag(d: HandleDrag, body: PreviewBody, wx: number, wy: number): void {
  const dec = changeDecimals(d);
  const p = d.pose;
  // The pointer in the body's frame as it was when the drag started.
  const dx = wx - p.x;
  const dy = wy - p.y;
  const lx = p.c * dx + p.s * dy;
  const ly = -p.s * dx + p.c * dy;
  const least = Math.pow(10, -dec);
  const size = (x: number): number => Math.max(least, round(x, dec));
  const part = body.parts[0];
  switch (d.kind) {
    case 'velocity':
      d.change = { velocity: [round(dx / d.scales.velocitySeconds, dec), round(dy / d.scales.velocitySeconds, dec)] };
      return;
    case 'spin': {
      // Unwrap: the knob's angle moves by the least turn from where it was.
      const a = Math.atan2(dy, dx);
      let step = a - d.turned;
      step -= 2 * Math.PI * Math.round(step / (2 * Math.PI));
      d.turned += step;
      d.change = { spin: round((d.turned - p.angle) / d.scales.spinSeconds, dec) };
      return;
    }
    case 'radius':
      if (body.sourceKind === 'circle' && part) {
        const r = size(Math.hypot(lx - part.vertices[0]!, ly - part.vertices[1]!));
        d.change = { radius: r };
        d.shaped = withPart(body, part.vertices, r);
      } else if (part) {
        const r = size(Math.abs(ly));
        d.change = { radius: r };
        d.shaped = withPart(body, part.vertices, r);
      }
      return;
    case 'width':
    case 'height':
    case 'corner': {
      if (!part) return;
      let hw = 0;
      let hh = 0;
      for (let i = 0; i + 1 < part.vertices.length; i += 2) {
        hw = Math.max(hw, Math.abs(part.vertices[i]!));
        hh = Math.max(hh, Math.abs(part.vertices[i + 1]!));
      }
      const w = d.kind === 'height' ? round(2 * hw, dec) : size(2 * Math.abs(lx));
      const h = d.kind === 'width' ? round(2 * hh, dec) : size(2 * Math.abs(ly));
      d.change = { size: [w, h] };
      d.shaped = withPart(body, [-w / 2, -h / 2, w / 2, -h / 2, w / 2, h / 2, -w / 2, h / 2], part.radius);
      return;
    }
    case 'length': {
      if (!part) return;
      const length = Math.max(0, round(2 * (Math.abs(lx) - part.radius), dec));
      d.change = { length };
      d.shaped = withPart(body, [-length / 2, 0, length / 2, 0], part.radius);
      return;
    }
    case 'end0':
    case 'end1': {
      if (!part || part.vertices.length !== 4) return;
      const e: [number, number] = [round(lx, dec), round(ly, dec)];
      const v = part.vertices;
      const ends: [[number, number], [number, number]] = d.kind === 'end0' ? [e, [v[2]!, v[3]!]] : [[v[0]!, v[1]!], e];
      d.change = { ends };
      d.shaped = withPart(body, [...ends[0], ...ends[1]], part.radius);
      return;
    }
    case 'scale': {
      if (!part) return;
      let far = 0;
      for (let i = 0; i + 1 < part.vertices.length; i += 2) far = Math.max(far, Math.hypot(part.vertices[i]!, part.vertices[i + 1]!));
      if (far === 0) return;
      const scale = Math.max(1e-3, round(Math.hypot(lx, ly) / far, Math.max(3, dec)));
      d.change = { scale };
      d.shaped = withPart(body, part.vertices.map((x) => x * scale), part.radius);
      return;
    }
  }
}

/** The change to post when the drag ends, or null when it changed nothing. */
export function finishedChange(d: HandleDrag): PreviewBodyChange | null {
  return d.change ? { ...d.change, decimals: changeDecimals(d) } : null;
}

function withPart(body: PreviewBody, vertices: number[], radius: number): PreviewBody {
  return { ...body, parts: [{ ...body.parts[0]!, vertices, radius }] };
}
