import {
  convexDecomposition,
  convexHull,
  DECOMPOSITION_VERTEX_LIMIT,
  extentOf,
  isCertainlyConvex,
  isConvex,
  isSimple,
  RELATIVE_TOLERANCE,
  removeDegenerate,
  signedArea,
  WELD_TOLERANCE,
  weldToHull,
} from '../../../core';
import type { Vec2 } from '../../../core';
import type { Diagnostic, TextRange } from '../common/diagnostic';

/**
 * The spec's rules for an authored `polygon(...)` (scene-language.md, "Shapes"): convex, three or
 * more vertices, either winding. What is reported, in this order:
 *
 *  0. convex up to rounding noise (weld.ts weldToHull: within WELD_TOLERANCE of its size) but
 *     not convex by the exact tests below: accepted as its convex hull, with a `polygon-welded`
 *     hint;
 *  1. edges that cross (a bow-tie, which also has zero signed area): `polygon-self-intersecting`;
 *     when the sweep that looks for crossings needs more than SIMPLICITY_BUDGET pair tests
 *     (long edges across the outline's whole width), it is reported as not convex instead;
 *  2. fewer than three vertices, or no area once repeated and collinear vertices are dropped:
 *     `polygon-zero-area` (error);
 *  3. not convex: `polygon-not-convex` (error), with the convex hull and a convex decomposition
 *     in `data` for the quick fixes (see PolygonFixData; no decomposition beyond
 *     DECOMPOSITION_VERTEX_LIMIT vertices);
 *  4. repeated or collinear vertices: dropped, a hint on each tagged 'unnecessary' (only on an
 *     otherwise valid polygon: on a broken one they would be noise);
 *  5. clockwise: accepted, normalized to counter-clockwise, and a `polygon-winding` hint whose
 *     data gives the counter-clockwise order.
 *
 * The geometry (hull, convexity, simplicity, clean-up, decomposition) is core/shapes/polygon.ts,
 * with its size-relative tolerances; this file turns its answers into diagnostics.
 */

/**
 * Data of the polygon diagnostics, for quick fixes. Indices refer to the polygon's vertex
 * arguments as written (0-based), so that a fix can reuse the author's own expressions; the
 * coordinates are the evaluated body-local points.
 */
export interface PolygonFixData {
  /** polygon-not-convex, polygon-welded: the convex hull, counter-clockwise. */
  readonly hull?: { readonly indices: readonly number[]; readonly points: readonly (readonly [number, number])[] };
  /** polygon-not-convex: convex parts whose union is the polygon, each counter-clockwise. */
  readonly parts?: readonly { readonly indices: readonly number[]; readonly points: readonly (readonly [number, number])[] }[];
  /** polygon-winding: the kept vertices in counter-clockwise order. */
  readonly counterClockwise?: { readonly indices: readonly number[]; readonly points: readonly (readonly [number, number])[] };
  /** polygon-redundant-vertex: the vertex that is dropped. */
  readonly dropped?: number;
}

/** Pair tests the simplicity sweep may make (isSimple's budget): a few hundred milliseconds. */
export const SIMPLICITY_BUDGET = 20_000_000;

export interface PolygonCheck {
  /** Counter-clockwise, cleaned vertices ready for makePolygon; undefined when the polygon is an error. */
  readonly vertices: Vec2[] | undefined;
}

function pack(points: readonly Vec2[], indexOf: Map<Vec2, number>) {
  return {
    indices: points.map((p) => indexOf.get(p) ?? -1),
    points: points.map((p) => [p.x, p.y] as const),
  };
}

/**
 * `vertices` are the evaluated vertex arguments, distinct objects (the data's indices are found
 * by identity); `vertexNodes[i]` is the argument vertex i was written as (its range carries a
 * dropped-vertex hint).
 */
export function validatePolygon(
  vertices: readonly Vec2[],
  vertexNodes: readonly { readonly range: TextRange }[],
  range: TextRange,
  diagnostics: Diagnostic[],
): PolygonCheck {
  // Only a diagnostic's data needs the vertices' indices: made when the first one does.
  let indices: Map<Vec2, number> | undefined;
  const indexOf = (): Map<Vec2, number> => {
    if (indices === undefined) {
      indices = new Map<Vec2, number>();
      for (let i = 0; i < vertices.length; i++) indices.set(vertices[i]!, i);
    }
    return indices;
  };

  if (vertices.length < 3) {
    diagnostics.push({
      range,
      severity: 'error',
      code: 'polygon-zero-area',
      message: `A polygon needs at least 3 vertices; this one has ${vertices.length}.`,
    });
    return { vertices: undefined };
  }

  const clean = removeDegenerate(vertices);
  const kept = clean.points;
  const ext = extentOf(kept);
  const area = signedArea(kept);
  const hasArea = Math.abs(area) > RELATIVE_TOLERANCE * ext * ext;
  // Almost every authored polygon is convex beyond doubt, which answers both the crossing test
  // and, once it has area, the convexity test below (polygon.ts isCertainlyConvex).
  const certainlyConvex = isCertainlyConvex(kept);
  let simple: boolean | undefined = true;
  if (kept.length >= 3 && !certainlyConvex) {
    const convex = hasArea && isConvex(kept) && (simple = isSimple(kept, SIMPLICITY_BUDGET)) === true;
    if (!convex) {
      const welded = weldToHull(kept);
      if (welded) {
        diagnostics.push({
          range,
          severity: 'hint',
          code: 'polygon-welded',
          message:
            `This polygon is convex up to rounding: ${vertices.length - welded.hull.length} of its ${vertices.length} vertices lie within ` +
            `${formatDistance(welded.deviation)} of its convex hull's edges (tolerance ${WELD_TOLERANCE} of its size). ` +
            `Collide uses the hull (${welded.hull.length} vertices).`,
          data: { hull: pack(welded.hull, indexOf()) } satisfies PolygonFixData,
        });
        return { vertices: welded.hull };
      }
      if (!hasArea || !isConvex(kept)) simple = isSimple(kept, SIMPLICITY_BUDGET);
    }
  }
  // Unknown simplicity (the budget ran out): a polygon with no area, or not convex, is reported as
  // such below (too large to decompose); one that turns once, one way (isConvex), is simple.
  if (kept.length >= 3 && simple === false) {
    diagnostics.push({
      range,
      severity: 'error',
      code: 'polygon-self-intersecting',
      message: 'The edges of this polygon cross each other. List the vertices in order around the outline.',
    });
    return { vertices: undefined };
  }

  if (kept.length < 3 || !hasArea) {
    diagnostics.push({
      range,
      severity: 'error',
      code: 'polygon-zero-area',
      message: 'This polygon has no area: its vertices lie on one line.',
    });
    return { vertices: undefined };
  }

  if (!certainlyConvex && !isConvex(kept)) {
    const hull = convexHull(kept);
    const parts = convexDecomposition(kept);
    diagnostics.push({
      range,
      severity: 'error',
      code: 'polygon-not-convex',
      message: parts
        ? `This polygon is not convex. Use its convex hull (${hull.length} vertices), or a compound of ${parts.length} convex parts.`
        : `This polygon is not convex. Use its convex hull (${hull.length} vertices); with ${kept.length} vertices ` +
          `(more than ${DECOMPOSITION_VERTEX_LIMIT}) it is not decomposed into convex parts.`,
      data: {
        hull: pack(hull, indexOf()),
        ...(parts ? { parts: parts.map((p) => pack(p, indexOf())) } : {}),
      } satisfies PolygonFixData,
    });
    return { vertices: undefined };
  }

  // Dropped-vertex hints only for a polygon that is otherwise usable: on a broken one they are noise.
  for (const i of clean.dropped) {
    const v = vertices[i]!;
    const n = vertices.length;
    const prev = vertices[(i + n - 1) % n]!;
    const next = vertices[(i + 1) % n]!;
    const repeated = (prev.x === v.x && prev.y === v.y) || (next.x === v.x && next.y === v.y);
    diagnostics.push({
      range: vertexNodes[i]?.range ?? range,
      severity: 'hint',
      code: 'polygon-redundant-vertex',
      message: repeated
        ? `Vertex ${i + 1} repeats its neighbor; it is dropped.`
        : `Vertex ${i + 1} lies on the line through its neighbors (a straight angle); it is dropped.`,
      tags: ['unnecessary'],
      data: { dropped: i } satisfies PolygonFixData,
    });
  }
  if (area < 0) {
    const ccw = kept.slice().reverse();
    diagnostics.push({
      range,
      severity: 'hint',
      code: 'polygon-winding',
      message: 'The vertices run clockwise; Collide reverses them to counter-clockwise.',
      data: { counterClockwise: pack(ccw, indexOf()) } satisfies PolygonFixData,
    });
    return { vertices: ccw };
  }
  return { vertices: kept };
}

/** A distance with three significant digits, for messages. */
function formatDistance(d: number): string {
  return d === 0 ? '0' : String(Number(d.toPrecision(3)));
}
