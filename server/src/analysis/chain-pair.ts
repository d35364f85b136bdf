import {
  aabbOverlaps,
  chainContact,
  chainContactExit,
  chainSegment,
  chainSignedDepth,
  chainTimeOfImpact,
  effectiveSpin,
  makeTransform,
  maxRadius,
  poseAt,
  shapeBoundsInto,
  shapeSize,
  sweptBounds,
} from '../../../core';
import type { AABB, Chain, ChainContactOutput, ContactExitOutput, ConvexShape, ToiOutput, Transform, Vec2 } from '../../../core';
import type { Scene, SceneBody } from '../semantics/scene';
import type { SceneChains } from '../semantics/scene-chains';
import { contactSearch, type PartResult } from './continuous';
import { FEATURE_CELL, FEATURE_EDGE, ImpactFinding, OverlapFinding, type Finding } from './findings';

/**
 * A pair of a chain body or tile grid (static, semantics/scene-chains.ts) and a body of convex
 * parts, asked through core's one-sided chain queries (levels-and-tiles.md §2, §3) with the
 * findings' rules of overlap.ts and continuous.ts:
 * - overlap: the deepest one-sided contact at t = 0 over the chains and the body's parts
 *   (chainContact), deeper than slop;
 * - tunnelling and collision: the search of continuous.ts (`contactSearch`) with the chain's time
 *   of impact, signed depth and contact exit in place of the two-shape ones.
 * A finding names what it touched: the edge against a chain, the cell against a tile grid (the
 * solid cell behind the contact point, core tileCellTouched).
 */

/** "Deeper than slop" up to rounding, as overlap.ts and continuous.ts have it. */
const DEPTH_TOLERANCE = 1e-9;
/** As continuous.ts: time accuracy relative to dt, cap of one query, budget of a part pair. */
const TIME_ACCURACY = 1e-5;
const QUERY_ITERATIONS = 4000;
const SEARCH_BUDGET = 64_000;

/** The finding of a pair with one chain body (`a` declared before `b`), or null. */
export function chainPair(scene: Scene, a: SceneBody, b: SceneBody, continuous: boolean): Finding | null {
  const chainFirst = a.partCount === 0;
  const cb = chainFirst ? a : b;
  const ob = chainFirst ? b : a;
  const g = cb.chainGeometry;
  if (!g || ob.partCount === 0 || g.chains.length === 0) return null;
  const xfA = makeTransform(cb.x, cb.y, cb.angle);
  const xfB = makeTransform(ob.x, ob.y, ob.angle);
  // Normals from the chain towards the other body; a finding's go from a to b.
  const sign = chainFirst ? 1 : -1;
  const slop = scene.slop > 0 ? scene.slop : 0;

  let best: ChainContactOutput | null = null;
  let bestChain = -1;
  let bestPart = -1;
  for (let j = 0; j < ob.partCount; j++) {
    localBox(shapeBoundsInto(ob.partShape(j), xfB, 0, boxScratch), xfA);
    for (const k of g.chainsNear(local[0], local[1], local[2], local[3], near)) {
      const c = chainContact({ chain: g.chains[k]!, transformA: xfA, shapeB: ob.partShape(j), transformB: xfB });
      if (c === null || c.points.length === 0 || !Number.isFinite(c.separation)) continue;
      if (best === null || c.separation < best.separation) {
        best = c;
        bestChain = k;
        bestPart = j;
      }
    }
  }
  if (best !== null && -best.separation > slop + DEPTH_TOLERANCE * shapeSize(ob.partShape(bestPart))) {
    const normal = { x: sign * best.normal.x, y: sign * best.normal.y };
    const f = OverlapFinding.of(a.name, b.name, a.index, b.index, chainFirst ? bestChain : bestPart, chainFirst ? bestPart : bestChain, -best.separation, normal, best.points);
    return featured(f, g, xfA, g.chains[bestChain]!, best.edge, best.points[0]!, best.normal);
  }
  if (!continuous) return null;

  const dt = scene.dt;
  const T = scene.frames * dt;
  if (!(dt > 0) || !(T > 0) || (ob.spin === 0 && ob.vx === 0 && ob.vy === 0)) return null;
  const v = ob.velocity;
  const chainBox = g.boxInPose(cb.x, cb.y, cb.angle, chainScratch);
  let first: (PartResult & { chain: number; part: number }) | null = null;
  let deep = false;
  let deepStep: number | undefined;
  let undecided: string | undefined;
  for (let j = 0; j < ob.partCount; j++) {
    const shape = ob.partShape(j);
    const box = sweptBounds(shape, xfB, v, ob.spin, 0, T);
    if (!aabbOverlaps(box, chainBox)) continue;
    localBox(box, xfA);
    for (const k of g.chainsNear(local[0], local[1], local[2], local[3], near).slice()) {
      const r = chainSearch(g.chains[k]!, xfA, shape, xfB, v, ob.spin, dt, scene.frames, slop);
      if (!r) continue;
      deep ||= r.deep;
      if (r.deepStep !== undefined && !(deepStep !== undefined && deepStep <= r.deepStep)) deepStep = r.deepStep;
      undecided ??= r.undecided;
      if (!first || r.toi < first.toi) first = { ...r, chain: k, part: j };
    }
  }
  if (!first) return null;
  if (!deep && !undecided && !(first.toi < T)) return null;
  const normal = { x: sign * first.normal.x, y: sign * first.normal.y };
  const partA = chainFirst ? first.chain : first.part;
  const partB = chainFirst ? first.part : first.chain;
  const f = deep
    ? ImpactFinding.collision(a.name, b.name, a.index, b.index, partA, partB, undecided, first.toi, first.point, normal, deepStep)
    : ImpactFinding.tunnelling(a.name, b.name, a.index, b.index, partA, partB, undecided, first.toi, first.point, normal, substepsFor(first.duration, dt), first.duration);
  // The edge touched first: the one in contact at the time of impact.
  const shape = ob.partShape(first.part);
  const at = chainContact({
    chain: g.chains[first.chain]!,
    transformA: xfA,
    shapeB: shape,
    transformB: poseAt(xfB, v, effectiveSpin(shape, ob.spin), first.toi),
    maxSeparation: 1e-6 * (shapeSize(shape) + 1) + 1e-3 * Math.hypot(v.x, v.y) * dt,
  });
  return featured(f, g, xfA, g.chains[first.chain]!, at ? at.edge : -1, first.point, first.normal);
}

/** The finding naming the cell (a grid) or the edge (a chain) it touched. */
function featured<F extends OverlapFinding | ImpactFinding>(f: F, g: SceneChains, xf: Transform, chain: Chain, edge: number, point: Vec2, normal: Vec2): F {
  if (g.grid) {
    // Into the grid's frame (the body's): inverse rotation of the offset.
    const dx = point.x - xf.x;
    const dy = point.y - xf.y;
    let px = xf.c * dx + xf.s * dy;
    let py = -xf.s * dx + xf.c * dy;
    let nx = xf.c * normal.x + xf.s * normal.y;
    let ny = -xf.s * normal.x + xf.c * normal.y;
    if (edge >= 0) {
      // A contact at an edge's end (a corner of the outline) may lie on the side of an empty
      // cell: moved a hair towards the edge's middle, it lies on the touched edge itself, which
      // only solid cells are behind.
      const s = chainSegment(chain, edge);
      const mx = (s.x1 + s.x2) / 2 - px;
      const my = (s.y1 + s.y2) / 2 - py;
      const d = Math.hypot(mx, my);
      const eps = 1e-6 * Math.min(Math.abs(g.grid.cellWidth), Math.abs(g.grid.cellHeight));
      if (d > eps) {
        px += (eps * mx) / d;
        py += (eps * my) / d;
      }
      // Behind the edge itself (its normal, the right perpendicular), not behind a vertex's normal.
      const ex = s.x2 - s.x1;
      const ey = s.y2 - s.y1;
      const len = Math.hypot(ex, ey);
      if (len > 0) {
        nx = ey / len;
        ny = -ex / len;
      }
    }
    const cell = g.cellAt(px, py, nx, ny);
    return cell ? (f.featured(FEATURE_CELL, cell[0], cell[1]) as F) : f;
  }
  return edge >= 0 ? (f.featured(FEATURE_EDGE, edge, 0) as F) : f;
}

/** One chain against one part over [0, frames dt]: continuous.ts's search with the chain's queries. */
function chainSearch(chain: Chain, xfA: Transform, shape: ConvexShape, xfB: Transform, v: Vec2, spin: number, dt: number, frames: number, slop: number): PartResult | null {
  const T = frames * dt;
  const w = effectiveSpin(shape, spin);
  const L = Math.hypot(v.x, v.y) + Math.abs(w) * maxRadius(shape);
  const deepBeyond = slop + DEPTH_TOLERANCE * shapeSize(shape);
  const tau = TIME_ACCURACY * dt;
  const base = { chain, transformA: xfA, shapeB: shape, transformB: xfB, velocityB: v, spinB: w, tMax: T, timeTolerance: tau, maxIterations: QUERY_ITERATIONS };
  let budget = SEARCH_BUDGET;
  let calls = 0;
  const toiFrom = (from: number): ToiOutput => {
    const resumed = calls++ > 0;
    let r: ToiOutput = chainTimeOfImpact({ ...base, tMin: from });
    budget -= r.iterations;
    // Resumed just after a contact ended, B may still touch the edge it is leaving (a chain is no
    // convex shape: the search must go on to the next edge it meets). Moving away from that edge,
    // the search starts again a few time tolerances later, once it is clear of it.
    for (let i = 0; resumed && r.state === 'overlapped' && i < 16 && from < T; i++) {
      const away = v.x * r.normal.x + v.y * r.normal.y;
      if (!(away > 0) || w !== 0) break;
      from = Math.min(T, from + Math.max(8 * tau, (2 * (1e-6 * shapeSize(shape))) / away));
      r = chainTimeOfImpact({ ...base, tMin: from });
      budget -= r.iterations;
    }
    while (r.state === 'failed' && budget > 0 && r.t > from) {
      const at = r.t;
      r = chainTimeOfImpact({ ...base, tMin: at });
      budget -= r.iterations;
      if (r.state === 'overlapped') r = { ...r, state: 'hit' };
      from = at;
    }
    return r;
  };
  const exitFrom = (from: number): ContactExitOutput => {
    const e = chainContactExit({ ...base, tMin: from, maxIterations: undefined });
    budget -= e.iterations;
    return e;
  };
  // Beyond L T apart nothing can touch within the interval: the depth's reach.
  const reach = L * T + deepBeyond;
  const depthAt = (t: number): number => {
    const d = chainSignedDepth({ chain, transformA: xfA, shapeB: shape, transformB: poseAt(xfB, v, w, t) }, reach);
    return d === -Infinity ? -reach - 1 : d;
  };
  return contactSearch(toiFrom, exitFrom, depthAt, dt, frames, L, deepBeyond, tau, false);
}

// Scratch of chainPair, which never re-enters: a part's box, in world and in the chain's frame,
// and the chains near it.
const boxScratch: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
const chainScratch: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
const local: [number, number, number, number] = [0, 0, 0, 0];
const near: number[] = [];

/** A world box as a box in the frame `xf` (the box of its corners), into `local`. */
function localBox(box: AABB, xf: Transform): void {
  local[0] = Infinity;
  local[1] = Infinity;
  local[2] = -Infinity;
  local[3] = -Infinity;
  for (let k = 0; k < 4; k++) {
    const dx = (k & 1 ? box.maxX : box.minX) - xf.x;
    const dy = (k & 2 ? box.maxY : box.minY) - xf.y;
    const x = xf.c * dx + xf.s * dy;
    const y = -xf.s * dx + xf.c * dy;
    if (x < local[0]) local[0] = x;
    if (y < local[1]) local[1] = y;
    if (x > local[2]) local[2] = x;
    if (y > local[3]) local[3] = y;
  }
}

/** As continuous.ts: substeps per step so that samples cannot straddle a contact of `duration`. */
function substepsFor(duration: number, dt: number): number {
  if (!(duration > 0)) return Infinity;
  return Math.max(2, Math.ceil(dt / duration));
}
