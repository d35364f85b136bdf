/**
 * Generated benchmark scenes and their ground truth.
 *
 * A scene is n bodies (circles, boxes and convex polygons in turn, random sizes and angles)
 * dropped uniformly in a square sized for about one overlapping pair per body. Every library
 * is then asked for the same thing: which pairs overlap.
 *
 * Touching and tolerance convention. Libraries disagree on the boundary on purpose: Box2D
 * (planck) gives polygons a skin of 0.01 per shape and calls shapes touching within it, rapier
 * reports contacts within a prediction distance (0.002 units by default), SAT libraries test
 * strictly or not, and Collide counts touching as overlapping (resting contact is then judged by
 * `slop`). So that the comparison measures speed and not conventions, the generator keeps every
 * pair of bodies either separated by more than MARGIN or interpenetrating by more than MARGIN
 * (re-drawing a body's pose when a pair falls inside the band). MARGIN is five times planck's
 * polygon-polygon skin and ten times Collide's default slop, so every library must report
 * exactly the ground-truth pairs, and any difference is a real disagreement.
 *
 * The ground truth is computed here independently of every library: exact circle-circle and
 * circle-polygon signed distances, and for two polygons the separating-axis value (Gottschalk's
 * SAT: the largest separation over all edge normals), which is minus the penetration depth when
 * they overlap and a lower bound on the distance when they do not, so the band test is sound.
 */
import { DynamicTree } from '../core';
import type { AABB } from '../core';

export const MARGIN = 0.05;

export type BodyKind = 'circle' | 'box' | 'polygon';

export interface BenchBody {
  readonly index: number;
  readonly kind: BodyKind;
  x: number;
  y: number;
  angle: number;
  /** Circle radius (0 otherwise). */
  readonly r: number;
  /** Box width and height (0 otherwise). */
  readonly w: number;
  readonly h: number;
  /** Local vertices, counter-clockwise, flat (x0, y0, x1, y1, ...): box and polygon. */
  readonly local: Float64Array;
  /** World vertices for the current pose, flat. */
  world: Float64Array;
  /** World AABB for the current pose. */
  box: AABB;
  /** Velocity, for the moving variant (units per second). */
  readonly vx: number;
  readonly vy: number;
}

export interface ProbeMove {
  readonly body: number;
  readonly x: number;
  readonly y: number;
  /** Indices of the bodies the moved body overlaps at its new place, ascending. */
  readonly truth: readonly number[];
}

export interface Scene {
  readonly n: number;
  readonly side: number;
  readonly bodies: readonly BenchBody[];
  /** Ground-truth overlapping pairs as `i * n + j` keys with i < j, ascending. */
  readonly truth: readonly number[];
  readonly moves: readonly ProbeMove[];
}

/** Mulberry32: a small, fast, seedable PRNG, so every run sees the same scenes. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Area per body that gives about one overlapping pair per body (measured for these sizes). */
const AREA_PER_BODY = 4.6;

export function generateScene(n: number, moveCount: number, seed = 1): Scene {
  const rand = prng(seed + n);
  const side = Math.sqrt(n * AREA_PER_BODY);
  const bodies: BenchBody[] = [];
  const tree = new DynamicTree();
  const truth: number[] = [];
  for (let i = 0; i < n; i++) {
    const body = makeBody(i, rand);
    const found: number[] = [];
    placeClear(body, tree, bodies, rand, side, found, -1);
    for (const j of found) truth.push(j * n + i);
    bodies.push(body);
    tree.insert(i, body.box);
  }
  truth.sort((a, b) => a - b);
  const moves: ProbeMove[] = [];
  for (let m = 0; m < moveCount; m++) {
    const k = Math.floor(rand() * n);
    const body = bodies[k]!;
    const saved = { x: body.x, y: body.y, world: body.world, box: body.box };
    const found: number[] = [];
    placeClear(body, tree, bodies, rand, side, found, k);
    moves.push({ body: k, x: body.x, y: body.y, truth: found.sort((a, b) => a - b) });
    body.x = saved.x;
    body.y = saved.y;
    body.world = saved.world;
    body.box = saved.box;
  }
  return { n, side, bodies, truth, moves };
}

function makeBody(index: number, rand: () => number): BenchBody {
  const kind: BodyKind = index % 3 === 0 ? 'circle' : index % 3 === 1 ? 'box' : 'polygon';
  let r = 0;
  let w = 0;
  let h = 0;
  let local = new Float64Array(0);
  if (kind === 'circle') {
    r = 0.4 + 0.5 * rand();
  } else if (kind === 'box') {
    w = 0.8 + rand();
    h = 0.8 + rand();
    local = Float64Array.from([-w / 2, -h / 2, w / 2, -h / 2, w / 2, h / 2, -w / 2, h / 2]);
  } else {
    // 3 to 8 vertices on a circle at jittered, increasing angles: convex and counter-clockwise,
    // with no edge shorter than a fifth of an even share.
    const k = 3 + Math.floor(rand() * 6);
    const radius = 0.5 + 0.5 * rand();
    local = new Float64Array(2 * k);
    const step = (2 * Math.PI) / k;
    for (let v = 0; v < k; v++) {
      const a = v * step + (rand() - 0.5) * 0.6 * step;
      local[2 * v] = radius * Math.cos(a);
      local[2 * v + 1] = radius * Math.sin(a);
    }
  }
  const speed = 2 + 8 * rand();
  const heading = 2 * Math.PI * rand();
  return {
    index,
    kind,
    x: 0,
    y: 0,
    angle: kind === 'circle' ? 0 : 2 * Math.PI * rand(),
    r,
    w,
    h,
    local,
    world: new Float64Array(local.length),
    box: { minX: 0, minY: 0, maxX: 0, maxY: 0 },
    vx: speed * Math.cos(heading),
    vy: speed * Math.sin(heading),
  };
}

/**
 * Draws positions for `body` until no other body is within MARGIN of touching it; collects the
 * bodies it overlaps. `skip` is a body to ignore (the moved body's own old place).
 */
function placeClear(
  body: BenchBody,
  tree: DynamicTree,
  bodies: readonly BenchBody[],
  rand: () => number,
  side: number,
  found: number[],
  skip: number,
): void {
  for (let attempt = 0; ; attempt++) {
    body.x = rand() * side;
    body.y = rand() * side;
    pose(body);
    found.length = 0;
    let clear = true;
    const b = body.box;
    tree.query({ minX: b.minX - MARGIN, minY: b.minY - MARGIN, maxX: b.maxX + MARGIN, maxY: b.maxY + MARGIN }, (j) => {
      if (j === skip) return;
      const s = separation(body, bodies[j]!);
      if (Math.abs(s) < MARGIN) {
        clear = false;
        return false;
      }
      if (s < 0) found.push(j);
    });
    if (clear || attempt > 1000) return;
  }
}

/** Recomputes world vertices and AABB from the pose. */
export function pose(body: BenchBody): void {
  if (body.kind === 'circle') {
    body.box = { minX: body.x - body.r, minY: body.y - body.r, maxX: body.x + body.r, maxY: body.y + body.r };
    return;
  }
  const c = Math.cos(body.angle);
  const s = Math.sin(body.angle);
  const l = body.local;
  const out = new Float64Array(l.length);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < l.length; i += 2) {
    const x = c * l[i]! - s * l[i + 1]! + body.x;
    const y = s * l[i]! + c * l[i + 1]! + body.y;
    out[i] = x;
    out[i + 1] = y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  body.world = out;
  body.box = { minX, minY, maxX, maxY };
}

/** Signed separation (negative: penetration) between two posed bodies; see the header. */
export function separation(a: BenchBody, b: BenchBody): number {
  if (a.kind === 'circle' && b.kind === 'circle') return Math.hypot(b.x - a.x, b.y - a.y) - a.r - b.r;
  if (a.kind === 'circle') return pointPolygon(a.x, a.y, b.world) - a.r;
  if (b.kind === 'circle') return pointPolygon(b.x, b.y, a.world) - b.r;
  return Math.max(satSeparation(a.world, b.world), satSeparation(b.world, a.world));
}

/** Signed distance from a point to a convex CCW polygon (negative inside). */
function pointPolygon(px: number, py: number, v: Float64Array): number {
  const k = v.length / 2;
  let inside = true;
  let best = Infinity;
  let deepest = -Infinity;
  for (let i = 0; i < k; i++) {
    const ax = v[2 * i]!;
    const ay = v[2 * i + 1]!;
    const j = (i + 1) % k;
    const ex = v[2 * j]! - ax;
    const ey = v[2 * j + 1]! - ay;
    const len = Math.hypot(ex, ey);
    // Outward normal of a CCW edge is (ey, -ex) / len.
    const side = ((px - ax) * ey - (py - ay) * ex) / len;
    if (side > 0) inside = false;
    if (side > deepest) deepest = side;
    let t = ((px - ax) * ex + (py - ay) * ey) / (len * len);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const d = Math.hypot(px - ax - t * ex, py - ay - t * ey);
    if (d < best) best = d;
  }
  return inside ? deepest : best;
}

/** Largest separation of `b` from `a` along `a`'s edge normals. */
function satSeparation(a: Float64Array, b: Float64Array): number {
  const ka = a.length / 2;
  const kb = b.length / 2;
  let worst = -Infinity;
  for (let i = 0; i < ka; i++) {
    const ax = a[2 * i]!;
    const ay = a[2 * i + 1]!;
    const j = (i + 1) % ka;
    const ex = a[2 * j]! - ax;
    const ey = a[2 * j + 1]! - ay;
    const len = Math.hypot(ex, ey);
    const nx = ey / len;
    const ny = -ex / len;
    let min = Infinity;
    for (let v = 0; v < kb; v++) {
      const d = (b[2 * v]! - ax) * nx + (b[2 * v + 1]! - ay) * ny;
      if (d < min) min = d;
    }
    if (min > worst) worst = min;
  }
  return worst;
}

/** The scene as `.collide` text, one body per line named b<index>, at rest or with velocities. */
export function sceneText(scene: Scene, moving = false): string {
  const lines: string[] = [`// generated benchmark scene: ${scene.n} bodies`];
  for (const b of scene.bodies) {
    let shape: string;
    if (b.kind === 'circle') shape = `circle(${b.r})`;
    else if (b.kind === 'box') shape = `box(${b.w}, ${b.h})`;
    else {
      const pts: string[] = [];
      for (let i = 0; i < b.local.length; i += 2) pts.push(`(${b.local[i]}, ${b.local[i + 1]})`);
      shape = `polygon(${pts.join(', ')})`;
    }
    const angle = b.kind === 'circle' ? '' : ` angle ${b.angle}`;
    const vel = moving ? ` velocity (${b.vx}, ${b.vy})` : '';
    lines.push(`body b${b.index} ${shape} at (${b.x}, ${b.y})${angle}${vel}`);
  }
  return lines.join('\n') + '\n';
}
