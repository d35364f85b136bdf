// Tiled's object shapes as level shapes. A shape is built in its object's own frame (origin at
// the object's x, y; y down; width × height from there) and carried by an affine map into the
// body's frame: the identity for an object that is itself a body, the tile's placement (flips,
// scale, offset) for a tile's collision object. Boxes, circles and capsules stay exact wherever
// the map keeps right angles (and equal lengths, for round shapes); otherwise they become
// polygons (the ellipse's and the capsule's sampled with ELLIPSE_VERTICES vertices).
import type { LevelShape } from '../level-scene';
import type { ShapeKind } from './model';
import type { Affine } from '../affine';

/** Translation by (x, y) after a clockwise rotation (y down) of `degrees` about the origin. */
export function placement(x: number, y: number, degrees: number): Affine {
  if (degrees === 0) return { a: 1, b: 0, c: 0, d: 1, e: x, f: y };
  const r = (degrees % 360) * (Math.PI / 180);
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return { a: cos, b: sin, c: -sin, d: cos, e: x, f: y };
}

function halfTurn(angle: number): number {
  return angle > Math.PI / 2 ? angle - Math.PI : angle <= -Math.PI / 2 ? angle + Math.PI : angle;
}

function tx(m: Affine, x: number, y: number): number {
  return m.a * x + m.c * y + m.e;
}
function ty(m: Affine, x: number, y: number): number {
  return m.b * x + m.d * y + m.f;
}

/** How many vertices approximate an ellipse (and a distorted capsule's two ends together). */
export const ELLIPSE_VERTICES = 32;

export interface ShapeInput {
  readonly kind: ShapeKind;
  readonly width: number;
  readonly height: number;
  /** Polygon or polyline points, flat, in the object's frame. */
  readonly points: readonly number[] | undefined;
}

export type ShapeNote = 'ellipse-approximated' | 'capsule-approximated' | 'empty' | 'too-few-points';

/**
 * The level shapes of one object through `m`, appended to `out`; what was approximated or left
 * empty, if anything. Points and text make none.
 */
export function shapesOf(input: ShapeInput, m: Affine, out: LevelShape[]): ShapeNote | undefined {
  const { kind, width: w, height: h } = input;
  const ax = Math.hypot(m.a, m.b);
  const ay = Math.hypot(m.c, m.d);
  const orthogonal = Math.abs(m.a * m.c + m.b * m.d) <= 1e-12 * ax * ay;
  const conformal = orthogonal && Math.abs(ax - ay) <= 1e-12 * Math.max(ax, ay);
  // Boxes and capsules look the same turned half a turn: keep their angles in (-π/2, π/2].
  const angle = halfTurn(Math.atan2(m.b, m.a));
  switch (kind) {
    case 'point':
    case 'text':
      return undefined;
    case 'rectangle': {
      if (!(w > 0 && h > 0)) return 'empty';
      if (orthogonal) {
        // A box turned a quarter turn is the same box with its sides swapped: keep |angle| ≤ π/4.
        const quarter = angle > Math.PI / 4 ? -1 : angle <= -Math.PI / 4 ? 1 : 0;
        const x = tx(m, w / 2, h / 2);
        const y = ty(m, w / 2, h / 2);
        if (quarter === 0) out.push({ kind: 'box', width: w * ax, height: h * ay, x, y, angle });
        else out.push({ kind: 'box', width: h * ay, height: w * ax, x, y, angle: angle + (quarter * Math.PI) / 2 });
      } else {
        out.push({ kind: 'polygon', points: [tx(m, 0, 0), ty(m, 0, 0), tx(m, w, 0), ty(m, w, 0), tx(m, w, h), ty(m, w, h), tx(m, 0, h), ty(m, 0, h)] });
      }
      return undefined;
    }
    case 'ellipse': {
      if (!(w > 0 && h > 0)) return 'empty';
      if (w === h && conformal) {
        out.push({ kind: 'circle', radius: (w / 2) * ax, x: tx(m, w / 2, h / 2), y: ty(m, w / 2, h / 2) });
        return undefined;
      }
      const points: number[] = [];
      for (let k = 0; k < ELLIPSE_VERTICES; k++) {
        const t = (2 * Math.PI * k) / ELLIPSE_VERTICES;
        const x = (w / 2) * (1 + Math.cos(t));
        const y = (h / 2) * (1 + Math.sin(t));
        points.push(tx(m, x, y), ty(m, x, y));
      }
      out.push({ kind: 'polygon', points });
      return 'ellipse-approximated';
    }
    case 'capsule': {
      if (!(w > 0 && h > 0)) return 'empty';
      // The rounded rectangle inside w × h: its core segment along the longer side.
      const radius = Math.min(w, h) / 2;
      const length = Math.abs(w - h);
      if (conformal) {
        if (length === 0) out.push({ kind: 'circle', radius: radius * ax, x: tx(m, w / 2, h / 2), y: ty(m, w / 2, h / 2) });
        else out.push({ kind: 'capsule', length: length * ax, radius: radius * ax, x: tx(m, w / 2, h / 2), y: ty(m, w / 2, h / 2), angle: w >= h ? angle : halfTurn(Math.atan2(m.d, m.c)) });
        return undefined;
      }
      const points: number[] = [];
      const half = ELLIPSE_VERTICES / 2;
      const horizontal = w >= h;
      for (let end = 0; end < 2; end++) {
        // Each end's half circle, from one side of the core to the other.
        const cx = horizontal ? (end === 0 ? w - radius : radius) : w / 2;
        const cy = horizontal ? h / 2 : end === 0 ? h - radius : radius;
        const from = (horizontal ? -Math.PI / 2 : 0) + end * Math.PI;
        for (let k = 0; k <= half; k++) {
          const t = from + (Math.PI * k) / half;
          const x = cx + radius * Math.cos(t);
          const y = cy + radius * Math.sin(t);
          points.push(tx(m, x, y), ty(m, x, y));
        }
      }
      out.push({ kind: 'polygon', points });
      return 'capsule-approximated';
    }
    case 'polygon': {
      const p = input.points ?? [];
      if (p.length < 6) return 'too-few-points';
      const points = new Array<number>(p.length);
      for (let k = 0; k < p.length; k += 2) {
        points[k] = tx(m, p[k]!, p[k + 1]!);
        points[k + 1] = ty(m, p[k]!, p[k + 1]!);
      }
      out.push({ kind: 'polygon', points });
      return undefined;
    }
    case 'polyline': {
      const p = input.points ?? [];
      if (p.length < 4) return 'too-few-points';
      for (let k = 0; k + 3 < p.length; k += 2) {
        out.push({ kind: 'segment', ax: tx(m, p[k]!, p[k + 1]!), ay: ty(m, p[k]!, p[k + 1]!), bx: tx(m, p[k + 2]!, p[k + 3]!), by: ty(m, p[k + 2]!, p[k + 3]!) });
      }
      return undefined;
    }
  }
}

/** `shape` moved by (dx, dy). */
export function translated(shape: LevelShape, dx: number, dy: number): LevelShape {
  switch (shape.kind) {
    case 'circle':
      return { kind: 'circle', radius: shape.radius, x: shape.x + dx, y: shape.y + dy };
    case 'box':
      return { kind: 'box', width: shape.width, height: shape.height, x: shape.x + dx, y: shape.y + dy, angle: shape.angle };
    case 'capsule':
      return { kind: 'capsule', length: shape.length, radius: shape.radius, x: shape.x + dx, y: shape.y + dy, angle: shape.angle };
    case 'segment':
      return { kind: 'segment', ax: shape.ax + dx, ay: shape.ay + dy, bx: shape.bx + dx, by: shape.by + dy };
    case 'polygon': {
      const p = shape.points;
      const points = new Array<number>(p.length);
      for (let k = 0; k < p.length; k += 2) {
        points[k] = p[k]! + dx;
        points[k + 1] = p[k + 1]! + dy;
      }
      return { kind: 'polygon', points };
    }
  }
}
