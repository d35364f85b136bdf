import { vertexX, vertexY } from '../shapes/shape';
import type { ToiInput, ToiOutput } from './types';
import { contactTolerance } from './motion';

/**
 * Time of impact of two translating circles in closed form (Ericson, "Real-Time Collision
 * Detection", §5.5.8 "Intersecting moving sphere against sphere").
 *
 * With p the relative center position at tMin and v the relative velocity (B with respect to A),
 * the centers are R = rA + rB apart when |p + v s|² = R², i.e. a s² + 2 b s + c = 0 with
 * a = v·v, b = p·v, c = p·p − R². The first contact is the smaller root. It is computed in the
 * stable form s = c / (−b + √(b² − a c)) (Numerical Recipes §5.6; Ericson §11.3.2 on cancellation),
 * which never subtracts nearly equal numbers because b < 0 whenever the circles approach, and stays
 * finite for a grazing contact (discriminant 0) and for tiny speeds.
 *
 * Spins are ignored: the dispatcher only calls this when both circles are centered on their
 * rotation origins or neither spins. Both shapes must be of kind `circle`.
 */
export function circleTimeOfImpact(input: ToiInput): ToiOutput {
  const { shapeA, shapeB, transformA: xa, transformB: xb, velocityA: va, velocityB: vb, tMin, tMax } = input;
  const cax = vertexX(shapeA, 0);
  const cay = vertexY(shapeA, 0);
  const cbx = vertexX(shapeB, 0);
  const cby = vertexY(shapeB, 0);
  const rA = shapeA.radius;
  const rB = shapeB.radius;
  const R = rA + rB;
  // Centers at t = 0 (world).
  const ax0 = xa.c * cax - xa.s * cay + xa.x;
  const ay0 = xa.s * cax + xa.c * cay + xa.y;
  const bx0 = xb.c * cbx - xb.s * cby + xb.x;
  const by0 = xb.s * cbx + xb.c * cby + xb.y;
  const vx = vb.x - va.x;
  const vy = vb.y - va.y;
  const px = bx0 - ax0 + vx * tMin;
  const py = by0 - ay0 + vy * tMin;
  const tol = input.tolerance ?? contactTolerance(shapeA, shapeB);

  const output = (state: ToiOutput['state'], t: number): ToiOutput => {
    const ax = ax0 + va.x * t;
    const ay = ay0 + va.y * t;
    const dx = bx0 + vb.x * t - ax;
    const dy = by0 + vb.y * t - ay;
    const d = Math.hypot(dx, dy);
    const nx = d > 0 ? dx / d : 0;
    const ny = d > 0 ? dy / d : 0;
    // Midway between the two surfaces along the center line.
    const m = (rA + d - rB) / 2;
    return {
      state,
      t,
      point: { x: ax + nx * m, y: ay + ny * m },
      normal: { x: nx, y: ny },
      separation: Math.max(0, d - R),
      iterations: 0,
      method: 'circle',
    };
  };

  if (Math.hypot(px, py) - R <= tol) return output('overlapped', tMin);
  const b = px * vx + py * vy;
  if (!(b < 0)) return output('separated', tMax);
  const a = vx * vx + vy * vy;
  const c = px * px + py * py - R * R;
  let disc = b * b - a * c;
  let cc = c;
  if (disc < 0) {
    // A near miss: the path passes within `tol` of touching (a grazing contact whose exact
    // discriminant rounding made negative) counts as a touch at the first time the separation
    // reaches `tol`, which is the ToiState contract.
    const Rt = R + tol;
    cc = px * px + py * py - Rt * Rt;
    disc = b * b - a * cc;
    if (disc < 0) return output('separated', tMax);
  }
  const s = cc / (-b + Math.sqrt(disc));
  const t = tMin + s;
  if (!(t <= tMax)) return output('separated', tMax);
  return output('hit', t);
}
