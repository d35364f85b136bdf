import { aabbOverlaps, type AABB } from '../../../core/math/aabb';
import { makeTransform, type Transform, type Vec2 } from '../../../core/math/vec2';
import { contact } from '../../../core/narrow/contact';
import type { ContactOutput } from '../../../core/narrow/types';
import { shapeBounds, shapeSize } from '../../../core/shapes/bounds';
import type { Diagnostic } from '../common/diagnostic';
import type { Scene, SceneBody } from '../semantics/scene';
import { formatNumber } from '../../../protocol/format';
import type { OverlapFinding } from './findings';

/**
 * Overlap at t = 0 for one pair of bodies (scene-language.md, "Findings"): the deepest contact
 * over all part pairs (a compound overlaps as much as its deepest part does), reported when its
 * depth exceeds `slop`. `a` in the finding is the body declared first, whichever order the caller
 * passes them in; the normal points from a to b.
 *
 * Part pairs whose bounds (grown by slop) do not meet cannot be deeper than slop and are skipped
 * before the narrow phase. A part pair the narrow phase cannot measure (malformed geometry,
 * already an error diagnostic from semantics) is skipped rather than guessed.
 */
/** Relative accuracy of depths (issue 3: 1e-9 of the shapes' size). */
const DEPTH_TOLERANCE = 1e-9;

export function overlapPair(scene: Scene, a: SceneBody, b: SceneBody): OverlapFinding | null {
  if (a.index > b.index) return overlapPair(scene, b, a);
  const xa = poseAtStart(a);
  const xb = poseAtStart(b);
  const slop = scene.slop > 0 ? scene.slop : 0;
  const boundsB: AABB[] = b.parts.map((p) => grow(shapeBounds(p.shape, xb), slop));
  let best: ContactOutput | null = null;
  let partA = -1;
  let partB = -1;
  for (let i = 0; i < a.parts.length; i++) {
    const shapeA = a.parts[i]!.shape;
    const boundsA = shapeBounds(shapeA, xa);
    for (let j = 0; j < b.parts.length; j++) {
      if (!aabbOverlaps(boundsA, boundsB[j]!)) continue;
      const r = contact({ shapeA, transformA: xa, shapeB: b.parts[j]!.shape, transformB: xb });
      if (r.points.length === 0 || !Number.isFinite(r.separation)) continue;
      if (!best || r.separation < best.separation) {
        best = r;
        partA = i;
        partB = j;
      }
    }
  }
  if (!best) return null;
  // "Deeper than slop" up to the narrow phase's accuracy: decimal input such as 1 - 0.99 lands
  // 1e-17 above a slop of 0.01, and the author meant "exactly at slop".
  const size = shapeSize(a.parts[partA]!.shape) + shapeSize(b.parts[partB]!.shape);
  if (!(-best.separation > slop + DEPTH_TOLERANCE * size)) return null;
  return {
    kind: 'overlap',
    a: a.name,
    b: b.name,
    ia: a.index,
    ib: b.index,
    depth: -best.separation,
    normal: best.normal,
    points: best.points,
    partA,
    partB,
  };
}

function poseAtStart(body: SceneBody): Transform {
  const x = Number.isFinite(body.position.x) ? body.position.x : 0;
  const y = Number.isFinite(body.position.y) ? body.position.y : 0;
  return makeTransform(x, y, Number.isFinite(body.angle) ? body.angle : 0);
}

function grow(box: AABB, margin: number): AABB {
  return { minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin, maxY: box.maxY + margin };
}

/**
 * The push-out vector depth × normal, for messages and quick fixes: components that are only
 * rounding of an axis-aligned normal (below 1e-12 of the depth) are written as 0.
 */
export function overlapPushOut(f: OverlapFinding): Vec2 {
  const clean = (v: number) => (Math.abs(v) <= 1e-12 ? 0 : v);
  return { x: clean(f.normal.x) * f.depth, y: clean(f.normal.y) * f.depth };
}

/**
 * The diagnostic for an overlap finding (code `overlap`, warning) on the later-declared body's
 * name: whom it overlaps, by how much, and the least move that separates it. Related information
 * points at the other body. No `data`: the quick fixes find the finding again from the analysis
 * (features/document.ts, findingOf), and a copy of its numbers in each of thousands of published
 * diagnostics was a third of every publication's size.
 */
export function overlapDiagnostic(scene: Scene, f: OverlapFinding): Diagnostic {
  const later = scene.bodies[f.ib] ?? scene.bodies[f.ia]!;
  const other = scene.bodies[f.ia];
  const move = overlapPushOut(f);
  const parts =
    later.parts.length > 1 || (other && other.parts.length > 1)
      ? ` (${describePart(scene.bodies[f.ib], f.partB)} against ${describePart(other, f.partA)})`
      : '';
  return {
    range: later.nameRange,
    severity: 'warning',
    code: 'overlap',
    message:
      `${f.b} overlaps ${f.a} by ${formatNumber(f.depth)}${parts}: ` +
      `move it by (${formatNumber(move.x)}, ${formatNumber(move.y)}) to separate`,
    ...(other ? { related: [{ range: other.nameRange, message: `${f.a} is the body it overlaps` }] } : {}),
  };
}

function describePart(body: SceneBody | undefined, part: number): string {
  if (!body || body.parts.length <= 1) return body?.name ?? 'body';
  return `part ${part + 1} of ${body.name}`;
}
