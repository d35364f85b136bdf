import { IDENTITY, type Transform } from '../math/vec2';
import { advanceThroughContact, contactExit, type ContactExitOutput } from '../ccd/contact-exit';
import { effectiveSpin, maxRadius, poseAt, TOI_CONTACT_TOLERANCE } from '../ccd/motion';
import { shapeBounds, shapeSize } from '../shapes/bounds';
import { makeSegment } from '../shapes/factory';
import { chainSegment, chainTree } from './chain';
import { edgesOverlapping } from './edge-tree';
import { chainContact, chainTimeOfImpact, type ChainPair, type ChainToiInput } from './chain-query';
import { centroidAt, edgeContactLocal, relativeTransform, relativeVelocity } from './one-sided';

/**
 * The continuous queries of the analysis beside the time of impact, against a chain: the signed
 * depth at one pose, and the end of a contact. Both read the chain one-sidedly (a contact starts
 * and goes on only from an edge's solid side), and a body sliding along a chain's flush edges is
 * one contact, not one per edge.
 */

/**
 * Signed depth of B against the chain at one pose (penetration > 0, separation < 0), as
 * core/ccd/step-depth.ts signedDepth for two shapes: the deepest one-sided contact's separation
 * with the sign turned; -Infinity when no edge is within `reach` from its solid side.
 */
export function chainSignedDepth(pair: ChainPair, reach: number): number {
  const c = chainContact({ ...pair, maxSeparation: reach });
  if (c === null) return -Infinity;
  // Geometry the narrow phase cannot measure reads as touching, as signedDepth has it.
  return Number.isFinite(c.separation) ? -c.separation : 0;
}

/** Default cap on depth evaluations, as contact-exit.ts's. */
const MAX_ITERATIONS = 400;

/**
 * The end of B's contact with the chain, from tMin (or from its first touch after tMin), read as
 * ContactExitOutput's: `start` the first time found touching, `t` the last time touching was
 * established, `exit`, `stays` through tMax, or `failed` at the cap.
 *
 * Without spin, the contact is followed from edge to edge: each edge touching B (one-sidedly) at
 * the current end is asked when B leaves it (contact-exit.ts: exact for translation, the contact
 * with one segment being one interval), and the latest of those becomes the new end, until no
 * touching edge carries it further. A body sliding along flush edges thus passes from each to the
 * next at the seams, where it touches both. (Once touching an edge, B is followed until it
 * leaves that segment, whichever side it then goes on to.) With spin, chainExitAdvancement.
 */
export function chainContactExit(input: ChainToiInput): ContactExitOutput {
  if (effectiveSpin(input.shapeB, input.spinB) !== 0) return chainExitAdvancement(input);
  const { tMin, tMax, shapeB } = input;
  if (!(tMax > tMin)) return { state: 'stays', start: tMin, t: tMax, iterations: 0 };
  const tol = input.tolerance ?? 2 * TOI_CONTACT_TOLERANCE * shapeSize(shapeB);
  const first = chainTimeOfImpact({ ...input, spinB: 0 });
  let iterations = first.iterations;
  if (first.state === 'separated') return { state: 'exit', start: tMax, t: tMax, apartAt: tMax, iterations };
  if (first.state === 'failed') return { state: 'failed', start: first.t, t: first.t, iterations };
  const start = first.t;
  const xf = relativeTransform(input.transformA, input.transformB);
  const v = relativeVelocity(input.transformA, input.velocityB);
  let end = start;
  for (let round = 0; round < (input.maxIterations ?? MAX_ITERATIONS); round++) {
    const pose = poseAt(xf, v, 0, end);
    // The edges touching B at `end`: within tolerance of it from their solid side.
    const touching: number[] = [];
    collectTouching(input, pose, tol, touching);
    let next = end;
    for (const e of touching) {
      const s = chainSegment(input.chain, e);
      const x = contactExit({
        shapeA: makeSegment({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }),
        transformA: IDENTITY,
        velocityA: { x: 0, y: 0 },
        spinA: 0,
        shapeB,
        transformB: xf,
        velocityB: v,
        spinB: 0,
        tMin: end,
        tMax,
        tolerance: tol,
      });
      iterations += x.iterations;
      if (x.state === 'stays') return { state: 'stays', start, t: tMax, iterations };
      if (x.state === 'failed') return { state: 'failed', start, t: Math.max(end, x.t), iterations };
      if (x.t > next) next = x.t;
    }
    if (!(next > end)) return { state: 'exit', start, t: end, apartAt: end, iterations };
    end = next;
  }
  return { state: 'failed', start, t: end, iterations };
}

/**
 * The end of B's contact with the chain when B spins: exit advancement (Mirtich 1996, §2.3, as
 * core/ccd/contact-exit.ts does it for two shapes) on chainSignedDepth. Touching at t with depth
 * δ, B keeps touching until at least t + (δ + tolerance) / L, L the fastest any point of B moves
 * (its speed plus its spin times its largest radius; the chain is static); apart by g, it touches
 * nothing before t + (g − tolerance) / L. A long shallow contact stops at the cap with `failed`.
 */
function chainExitAdvancement(input: ChainToiInput): ContactExitOutput {
  const { tMin, tMax, shapeB } = input;
  if (!(tMax > tMin)) return { state: 'stays', start: tMin, t: tMax, iterations: 0 };
  const L = Math.hypot(input.velocityB.x, input.velocityB.y) + Math.abs(input.spinB) * maxRadius(shapeB);
  const tol = input.tolerance ?? 2 * TOI_CONTACT_TOLERANCE * shapeSize(shapeB);
  if (!(L > 0)) {
    const d = chainSignedDepth({ ...input, transformB: poseAt(input.transformB, input.velocityB, input.spinB, tMin) }, tol);
    return d >= -tol ? { state: 'stays', start: tMin, t: tMax, iterations: 1 } : { state: 'exit', start: tMax, t: tMax, apartAt: tMax, iterations: 1 };
  }
  // Beyond the distance B can travel, a gap needs no measuring.
  const reach = L * (tMax - tMin);
  const cap = input.maxIterations ?? MAX_ITERATIONS;
  const depthAt = (t: number) => chainSignedDepth({ ...input, transformB: poseAt(input.transformB, input.velocityB, input.spinB, t) }, reach);
  return advanceThroughContact(depthAt, tMin, tMax, L, tol, cap);
}

/** The edges within `tol` of B (placed by `pose`, chain frame) from their solid side, into `out`. */
function collectTouching(input: ChainToiInput, pose: Transform, tol: number, out: number[]): void {
  const box = shapeBounds(input.shapeB, pose);
  const candidates: number[] = [];
  edgesOverlapping(chainTree(input.chain), box.minX - tol, box.minY - tol, box.maxX + tol, box.maxY + tol, candidates);
  const centroid = centroidAt(input.shapeB, pose);
  for (const e of candidates) {
    const r = edgeContactLocal(chainSegment(input.chain, e), input.shapeB, pose, tol, centroid);
    if (r !== null && r.output.separation <= tol) out.push(e);
  }
}
