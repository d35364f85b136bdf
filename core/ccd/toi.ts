import type { Transform } from '../math/vec2';
import type { ConvexShape } from '../shapes/shape';
import { distance } from '../narrow/gjk';
import { isAxisAlignedBox } from '../narrow/aabb';
import { isFiniteTransform, isWellFormedShape } from '../narrow/relative';
import type { AdvanceStep, ToiInput, ToiOutput, ToiMethod } from './types';
import { effectiveSpin, poseAt } from './motion';
import { circleTimeOfImpact } from './circle-toi';
import { sweptAabb } from './swept-aabb';
import { linearCast } from './linear-cast';
import { gjkRaycast } from './gjk-raycast';
import { conservativeAdvancement } from './conservative-advancement';

/**
 * Time of impact of two moving convex shapes: the dispatcher. It picks the cheapest exact method
 * for the shapes and their motion (a spin only counts when it moves the surface — a circle
 * spinning about its own center does not turn):
 *
 * | motion            | shapes                                   | method                      |
 * |-------------------|------------------------------------------|-----------------------------|
 * | no turning        | two circles                              | closed form (circle-toi)    |
 * | no turning        | two boxes axis-aligned in the world      | swept AABB (slab entry)     |
 * | no turning        | polygons / segments, radius 0            | linear cast on B ⊖ A        |
 * | no turning        | anything else (capsules, rounded, mixed) | GJK ray cast                |
 * | turning           | any                                      | conservative advancement    |
 *
 * Two exact shortcuts spare conservative advancement work that does not depend on the answer.
 * With no relative translation, equal spins and the same rotation origin, the relative pose never
 * changes: one distance query decides. With no relative translation and either one turning shape
 * or equal spins about different origins, the relative pose repeats every 2π/|ω| (A⁻¹B turns
 * B's offset by −ω t, and B's own turn by ω t − ωA t), so only the first turn can hold the first
 * contact and the search stops there. (Equal spins about different origins do not freeze the
 * pair: two spinning bodies carried side by side sweep into each other.)
 *
 * Never throws: non-finite input or an empty shape gives `failed`.
 */
export function timeOfImpact(input: ToiInput): ToiOutput {
  if (!isWellFormed(input)) {
    return {
      state: 'failed',
      t: Number.isFinite(input.tMin) ? input.tMin : 0,
      point: { x: 0, y: 0 },
      normal: { x: 0, y: 0 },
      separation: 0,
      iterations: 0,
      method: 'conservative-advancement',
    };
  }
  const { shapeA, shapeB } = input;
  const wA = effectiveSpin(shapeA, input.spinA);
  const wB = effectiveSpin(shapeB, input.spinB);
  if (wA === 0 && wB === 0) {
    if (shapeA.kind === 'circle' && shapeB.kind === 'circle') return circleTimeOfImpact(input);
    if (isWorldAlignedBox(shapeA, input.transformA) && isWorldAlignedBox(shapeB, input.transformB)) {
      return alignedBoxes(input);
    }
    if (shapeA.radius === 0 && shapeB.radius === 0 && shapeA.count >= 2 && shapeB.count >= 2) {
      return linearCast(input);
    }
    return gjkRaycast(input);
  }
  const still = input.velocityA.x === input.velocityB.x && input.velocityA.y === input.velocityB.y;
  const sameOrigin = input.transformA.x === input.transformB.x && input.transformA.y === input.transformB.y;
  if (still && wA === wB && sameOrigin) return frozen(input);
  if (still && (wA === 0 || wB === 0 || wA === wB)) {
    const period = (2 * Math.PI) / Math.max(Math.abs(wA), Math.abs(wB));
    return conservativeAdvancement(input, input.tMin + period);
  }
  return conservativeAdvancement(input);
}

/** Finite shapes, poses, motion and interval (relative.ts's checks for the narrow phase's input). */
function isWellFormed(i: ToiInput): boolean {
  return (
    isWellFormedShape(i.shapeA) &&
    isWellFormedShape(i.shapeB) &&
    isFiniteTransform(i.transformA) &&
    isFiniteTransform(i.transformB) &&
    Number.isFinite(i.velocityA.x) &&
    Number.isFinite(i.velocityA.y) &&
    Number.isFinite(i.velocityB.x) &&
    Number.isFinite(i.velocityB.y) &&
    Number.isFinite(i.spinA) &&
    Number.isFinite(i.spinB) &&
    Number.isFinite(i.tMin) &&
    Number.isFinite(i.tMax) &&
    i.tMin <= i.tMax
  );
}

/**
 * A sharp rectangle whose edges are exactly axis-aligned in the world at its pose: the narrow
 * phase's own test (narrow/aabb.ts isAxisAlignedBox, which goes by the vertices, so a box and a
 * rectangle written as a polygon, which stores no normals, are the same here) at a pose that
 * turns by a multiple of 90 degrees.
 */
function isWorldAlignedBox(s: ConvexShape, xf: Transform): boolean {
  return s.kind === 'polygon' && s.radius === 0 && (xf.s === 0 || xf.c === 0) && isAxisAlignedBox(s.xy, s.count);
}

function worldBox(s: ConvexShape, xf: Transform) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < s.count; i++) {
    const vx = s.xy[2 * i]!;
    const vy = s.xy[2 * i + 1]!;
    const x = xf.c * vx - xf.s * vy + xf.x;
    const y = xf.s * vx + xf.c * vy + xf.y;
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/** Two world-axis-aligned boxes: the slab entry time is exact (swept-aabb.ts). */
function alignedBoxes(input: ToiInput): ToiOutput {
  const { tMin, tMax, velocityA: va, velocityB: vb } = input;
  const a = worldBox(input.shapeA, input.transformA);
  const b = worldBox(input.shapeB, input.transformB);
  const tol = input.tolerance ?? 0;
  const h = sweptAabb(a, va, b, vb, tMin, tMax, tol);
  const method: ToiMethod = 'swept-aabb';
  const t = !h.hit ? tMax : h.tEntry <= tMin ? tMin : h.tEntry;
  // Contact: the middle of the shared part of the meeting faces at t.
  const ax0 = a.minX + va.x * t;
  const ax1 = a.maxX + va.x * t;
  const ay0 = a.minY + va.y * t;
  const ay1 = a.maxY + va.y * t;
  const bx0 = b.minX + vb.x * t;
  const bx1 = b.maxX + vb.x * t;
  const by0 = b.minY + vb.y * t;
  const by1 = b.maxY + vb.y * t;
  const gapX = Math.max(bx0 - ax1, ax0 - bx1);
  const gapY = Math.max(by0 - ay1, ay0 - by1);
  const sep = Math.max(0, gapX > 0 && gapY > 0 ? Math.hypot(gapX, gapY) : Math.max(gapX, gapY));
  const midX = (Math.max(ax0, bx0) + Math.min(ax1, bx1)) / 2;
  const midY = (Math.max(ay0, by0) + Math.min(ay1, by1)) / 2;
  const point = { x: midX, y: midY };
  if (!h.hit) {
    // From A towards B across the gap at tMax: along each axis B is beyond (sign), weighted by
    // that axis's gap (a corner-to-corner gap is diagonal).
    const nx = gapX > 0 ? (bx0 - ax1 > 0 ? gapX : -gapX) : 0;
    const ny = gapY > 0 ? (by0 - ay1 > 0 ? gapY : -gapY) : 0;
    const l = Math.hypot(nx, ny);
    const normal = l > 0 ? { x: nx / l, y: ny / l } : { x: 0, y: 0 };
    return { state: 'separated', t, point, normal, separation: sep, iterations: 0, method };
  }
  return {
    state: h.tEntry <= tMin ? 'overlapped' : 'hit',
    t,
    point,
    normal: { x: h.normal.x, y: h.normal.y },
    separation: sep,
    iterations: 0,
    method,
  };
}

/**
 * No relative motion at all: one distance query at tMin decides; a `separated` answer is measured
 * at tMax like every other (the same distance up to rounding, in the world poses of tMax).
 */
function frozen(input: ToiInput): ToiOutput {
  const measure = (t: number): AdvanceStep => {
    const transformA = poseAt(input.transformA, input.velocityA, input.spinA, t);
    const transformB = poseAt(input.transformB, input.velocityB, input.spinB, t);
    const d = distance({ shapeA: input.shapeA, transformA, shapeB: input.shapeB, transformB, useRadii: true });
    return { t, transformA, transformB, distance: d.overlapping ? 0 : d.distance, normal: d.normal, pointA: d.pointA, pointB: d.pointB };
  };
  const first = measure(input.tMin);
  const touching = first.distance <= (input.tolerance ?? 0);
  const last = touching || !(input.tMax > input.tMin) ? first : measure(input.tMax);
  return {
    state: touching ? 'overlapped' : 'separated',
    t: touching ? input.tMin : input.tMax,
    point: { x: (last.pointA.x + last.pointB.x) / 2, y: (last.pointA.y + last.pointB.y) / 2 },
    normal: last.normal,
    separation: last.distance,
    iterations: last === first ? 1 : 2,
    method: 'conservative-advancement',
    ...(input.trace ? { trace: last === first ? [first] : [first, last] } : {}),
  };
}
