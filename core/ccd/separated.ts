import { defaultGjkIterations, distanceLocal, emptyGjkResult, emptyLocalDistance } from '../narrow/gjk';
import { isFiniteTransform, emptyRelativePair, relativePairInto, type MutableRelativePair } from '../narrow/relative';
import { makeCircle } from '../shapes/factory';
import type { ToiInput, ToiMethod, ToiOutput } from './types';
import { poseAtInto, type MutableTransform } from './motion';

/**
 * The `separated` answer of a time-of-impact method, measured where types.ts says it is: at
 * t = tMax. A method that settles "no contact" early (a ray that leaves the support plane, a
 * ray entry past tMax, a linear cast that misses) knows nothing about the pair at tMax, so the
 * pair is posed there under the motion model and measured by one GJK distance query with radii
 * (gjk.ts `distanceLocal`, van den Bergen's core + margin), the same measure conservative
 * advancement uses for each of its iterates.
 *
 * The callers are the translation-only methods, so the shapes are posed without their spins (the
 * dispatcher sends them only pairs whose surfaces do not turn: a centered circle's spin moves
 * nothing).
 */

const xa: MutableTransform = { x: 0, y: 0, c: 1, s: 0 };
const xb: MutableTransform = { x: 0, y: 0, c: 1, s: 0 };
const placeholder = makeCircle({ x: 0, y: 0 }, 0);
const pair: MutableRelativePair = emptyRelativePair();
const dist = emptyLocalDistance();
const gjk = emptyGjkResult();

export function separatedAtEnd(input: ToiInput, method: ToiMethod, iterations: number): ToiOutput {
  const t = input.tMax;
  poseAtInto(xa, input.transformA, input.velocityA.x, input.velocityA.y, 0, t);
  poseAtInto(xb, input.transformB, input.velocityB.x, input.velocityB.y, 0, t);
  if (!isFiniteTransform(xa) || !isFiniteTransform(xb)) {
    // Poses beyond floating point (t × v overflows): nothing to measure.
    return { state: 'separated', t, point: { x: 0, y: 0 }, normal: { x: 0, y: 0 }, separation: 0, iterations, method };
  }
  const p = relativePairInto(pair, input.shapeA, xa, input.shapeB, xb);
  const d = distanceLocal(p, true, defaultGjkIterations(input.shapeA.count, input.shapeB.count), null, gjk, dist);
  // Midway between the closest points, A frame → world.
  const mx = (d.ax + d.bx) / 2;
  const my = (d.ay + d.by) / 2;
  const out: ToiOutput = {
    state: 'separated',
    t,
    point: { x: xa.c * mx - xa.s * my + xa.x, y: xa.s * mx + xa.c * my + xa.y },
    normal: { x: xa.c * d.nx - xa.s * d.ny, y: xa.s * d.nx + xa.c * d.ny },
    separation: d.overlapping ? 0 : d.distance,
    iterations,
    method,
  };
  // The shapes are the caller's: drop them so that the scratch does not keep them alive.
  pair.shapeA = pair.shapeB = placeholder;
  return out;
}
