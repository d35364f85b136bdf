// A level's polygon as convex parts the language accepts (lower.ts).
import {
  convexDecomposition,
  DECOMPOSITION_VERTEX_LIMIT,
  extentOf,
  isCertainlyConvex,
  isConvex,
  isSimple,
  RELATIVE_TOLERANCE,
  removeDegenerate,
  signedArea,
  weldToHull,
} from '../../../core';
import type { Vec2 } from '../../../core';
import { SIMPLICITY_BUDGET } from '../semantics/polygon-validation';

/** Convex, counter-clockwise parts without repeated or collinear vertices, or why there are none. */
export type LoweredPolygon =
  | { readonly parts: readonly (readonly Vec2[])[] }
  | { readonly code: 'polygon-zero-area' | 'polygon-self-intersecting' | 'polygon-not-convex'; readonly message: string };

/**
 * Level files hold polygons of any winding, with repeated or collinear vertices and concave
 * outlines (Tiled's polygon objects, Godot's CollisionPolygon2D), where the language wants convex
 * polygons (scene-language.md, "Shapes"). The same geometry as semantics/polygon-validation.ts,
 * without the hints an author of a level cannot act on: clean-up (core removeDegenerate), the
 * hull of one convex up to rounding (weldToHull), and a convex decomposition of a concave one
 * (convexDecomposition: ear clipping merged by Hertel–Mehlhorn). Each part is then one the
 * language takes without a diagnostic: counter-clockwise, clean and convex (a part that is convex
 * only up to rounding is welded to its hull). What cannot be used: fewer than three vertices or
 * no area, crossing edges, and a concave outline beyond DECOMPOSITION_VERTEX_LIMIT vertices.
 */
export function lowerPolygon(flat: readonly number[]): LoweredPolygon {
  const points: Vec2[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) points.push({ x: flat[i]!, y: flat[i + 1]! });
  const n = points.length;
  if (n < 3) return { code: 'polygon-zero-area', message: `This polygon has ${n} ${n === 1 ? 'vertex' : 'vertices'}; a polygon needs at least 3.` };
  const kept = removeDegenerate(points).points;
  const ext = extentOf(kept);
  const hasArea = kept.length >= 3 && Math.abs(signedArea(kept)) > RELATIVE_TOLERANCE * ext * ext;
  if (!hasArea) {
    // A bow-tie's two halves cancel: no signed area, yet crossing edges are what is wrong with it.
    if (kept.length >= 3 && isSimple(kept, SIMPLICITY_BUDGET) === false) return SELF_INTERSECTING;
    return { code: 'polygon-zero-area', message: 'This polygon has no area: its vertices lie on one line.' };
  }
  if (isCertainlyConvex(kept) || (isConvex(kept) && isSimple(kept, SIMPLICITY_BUDGET) === true)) return { parts: [counterClockwise(kept)] };
  const welded = weldToHull(kept);
  if (welded) return { parts: [welded.hull] };
  const simple = isSimple(kept, SIMPLICITY_BUDGET);
  if (simple === false) return SELF_INTERSECTING;
  const parts = simple === true ? convexDecomposition(kept) : undefined;
  if (parts === undefined) {
    return {
      code: 'polygon-not-convex',
      message: `This polygon is not convex, and with ${kept.length} vertices (more than ${DECOMPOSITION_VERTEX_LIMIT}) Collide does not decompose it into convex parts. Split it into smaller polygons.`,
    };
  }
  const out: Vec2[][] = [];
  for (const p of parts) {
    const part = cleanConvex(p);
    if (part) out.push(part);
  }
  if (out.length === 0) return { code: 'polygon-zero-area', message: 'This polygon has no area: its vertices lie on one line.' };
  return { parts: out };
}

const SELF_INTERSECTING: LoweredPolygon = {
  code: 'polygon-self-intersecting',
  message: 'The edges of this polygon cross each other, so it has no inside to check.',
};

function counterClockwise(points: Vec2[]): Vec2[] {
  return signedArea(points) < 0 ? points.slice().reverse() : points;
}

/** A decomposition's part as the language takes it without a hint; undefined when it has no area. */
function cleanConvex(points: readonly Vec2[]): Vec2[] | undefined {
  const kept = removeDegenerate(points).points;
  const ext = extentOf(kept);
  if (kept.length < 3 || !(Math.abs(signedArea(kept)) > RELATIVE_TOLERANCE * ext * ext)) return undefined;
  if (isCertainlyConvex(kept) || isConvex(kept)) return counterClockwise(kept);
  return weldToHull(kept)?.hull;
}
