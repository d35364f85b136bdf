/**
 * Collide's side of the benchmark: each broad phase of core/broad, followed by Collide's exact
 * narrow phase on its candidate pairs, built from scratch from world-space shapes.
 *
 * The narrow phase is core/narrow/contact.ts `contact(pair)` when that module exists (the full
 * contact query the analysis uses: depth, normal, points), else core/narrow/gjk.ts `distance`
 * with radii (GJK, van den Bergen), which decides overlap exactly and gives the distance.
 */
import {
  createBroadPhase,
  distance,
  emptyPairKeys,
  gridPairs,
  makeBox,
  makeCircle,
  makePolygon,
  makeTransform,
  shapeBounds,
} from '../core';
import type { AABB, BroadPhaseKind, ConvexShape, ShapePair, Transform } from '../core';
import type { MoveProbe } from './peers';
import type { Scene } from './scenes';

export interface CollideBody {
  readonly shape: ConvexShape;
  xf: Transform;
}

export type OverlapTest = (a: CollideBody, b: CollideBody) => boolean;

export interface NarrowPhase {
  readonly name: string;
  readonly test: OverlapTest;
}

/** Picks the narrow phase: contact() when core/narrow/contact.ts is there, else GJK distance. */
export async function loadNarrowPhase(): Promise<NarrowPhase> {
  const path = '../core/narrow/contact';
  try {
    const mod = (await import(path)) as { contact?: (pair: ShapePair) => { separation: number; state: string } };
    if (typeof mod.contact === 'function') {
      const contact = mod.contact;
      return {
        name: 'contact()',
        test: (a, b) => contact({ shapeA: a.shape, transformA: a.xf, shapeB: b.shape, transformB: b.xf }).separation <= 0,
      };
    }
  } catch {
    // not written yet: fall through to GJK
  }
  return {
    name: 'gjk distance()',
    test: (a, b) => distance({ shapeA: a.shape, transformA: a.xf, shapeB: b.shape, transformB: b.xf, useRadii: true }).overlapping,
  };
}

/** Collide's shapes for the scene (the analysis gets these from semantics; not timed). */
export function collideBodies(scene: Scene): CollideBody[] {
  return scene.bodies.map((b) => {
    let shape: ConvexShape;
    if (b.kind === 'circle') shape = makeCircle({ x: 0, y: 0 }, b.r);
    else if (b.kind === 'box') shape = makeBox(b.w, b.h);
    else {
      const pts = [];
      for (let i = 0; i < b.local.length; i += 2) pts.push({ x: b.local[i]!, y: b.local[i + 1]! });
      shape = makePolygon(pts);
    }
    return { shape, xf: makeTransform(b.x, b.y, b.angle) };
  });
}

/** All overlapping pairs, from scratch: bounds, broad phase, narrow phase. */
export function collideAllPairs(kind: BroadPhaseKind, bodies: readonly CollideBody[], narrow: OverlapTest | null): number[] {
  const n = bodies.length;
  const bp = createBroadPhase(kind);
  for (let i = 0; i < n; i++) bp.insert(i, shapeBounds(bodies[i]!.shape, bodies[i]!.xf));
  const keys: number[] = [];
  bp.pairs((a, b) => {
    if (narrow === null || narrow(bodies[a]!, bodies[b]!)) keys.push(a * n + b);
  });
  return keys.sort((x, y) => x - y);
}

/**
 * All overlapping pairs the way the analysis finds them from scratch (server/src/analysis/analyze.ts):
 * every box at once into the one-pass grid of core/broad/grid-pairs.ts (the incremental grid when
 * it declines a sparse layout), then the narrow phase over the candidates in key order.
 */
export function collideAllPairsOnePass(bodies: readonly CollideBody[], narrow: OverlapTest | null): number[] {
  const n = bodies.length;
  const boxes = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) {
    const b = shapeBounds(bodies[i]!.shape, bodies[i]!.xf);
    boxes[4 * i] = b.minX;
    boxes[4 * i + 1] = b.minY;
    boxes[4 * i + 2] = b.maxX;
    boxes[4 * i + 3] = b.maxY;
  }
  const candidates = emptyPairKeys(2 * n);
  let keys: number[];
  if (gridPairs(boxes, n, candidates)) {
    keys = Array.from(candidates.keys.subarray(0, candidates.count).sort());
  } else {
    keys = collideAllPairs('grid', bodies, null);
  }
  if (narrow === null) return keys;
  const found: number[] = [];
  for (const key of keys) {
    const i = Math.floor(key / n);
    if (narrow(bodies[i]!, bodies[key - i * n]!)) found.push(key);
  }
  return found;
}

/** Swept bounds over [0, horizon] for the moving variant: the union of the start and end boxes. */
export function collideSweptCandidates(kind: BroadPhaseKind, scene: Scene, horizon: number): number {
  const bp = createBroadPhase(kind);
  const box: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  for (const b of scene.bodies) {
    const dx = b.vx * horizon;
    const dy = b.vy * horizon;
    box.minX = b.box.minX + Math.min(0, dx);
    box.minY = b.box.minY + Math.min(0, dy);
    box.maxX = b.box.maxX + Math.max(0, dx);
    box.maxY = b.box.maxY + Math.max(0, dy);
    bp.insert(b.index, box);
  }
  let count = 0;
  bp.pairs(() => {
    count++;
  });
  return count;
}

export function collideMoveProbe(kind: BroadPhaseKind, scene: Scene, narrow: OverlapTest): MoveProbe {
  const bodies = collideBodies(scene);
  const bp = createBroadPhase(kind);
  bodies.forEach((b, i) => bp.insert(i, shapeBounds(b.shape, b.xf)));
  bp.pairs(() => {}); // settle the structure as an analysis would have after its first run
  return {
    probe(k, x, y, out) {
      const body = bodies[k]!;
      body.xf = { x, y, c: body.xf.c, s: body.xf.s };
      const box = shapeBounds(body.shape, body.xf);
      bp.move(k, box);
      bp.query(box, (j) => {
        if (j !== k && narrow(body, bodies[j]!)) out.push(j);
      });
    },
    restore(k) {
      const b = scene.bodies[k]!;
      const body = bodies[k]!;
      body.xf = makeTransform(b.x, b.y, b.angle);
      bp.move(k, shapeBounds(body.shape, body.xf));
    },
    dispose() {},
  };
}
