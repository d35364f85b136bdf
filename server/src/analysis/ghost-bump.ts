import { createBroadPhase } from '../../../core';
import type { AABB, BroadPhase, ConvexShape } from '../../../core';
import { canCollide, type Scene, type SceneBody } from '../semantics/scene';
import { bodyBounds } from './body-bounds';
import type { Diagnostic } from '../common/diagnostic';
import { compareFindings } from './analyze';
import { FindingDiagnostic, GhostBumpDiagnostic } from './finding-diagnostic';
import { GhostBumpFinding, type Finding } from './findings';
import { flatText } from './flat-text';
import { formatNumber } from '../../../protocol/format';

/**
 * Ghost bumps (levels-and-tiles.md §4): a dynamic body sliding along a flat surface made of
 * separate static pieces reaches a seam, an internal vertex where two pieces meet flush. A
 * step-by-step engine may catch the body on that vertex (Catto, "Ghost Collisions", box2d.org
 * 2020); a chain or one box has no such vertex.
 *
 * Seams. The pieces are the parts of static, non-sensor bodies that have straight sides: polygons
 * and boxes (their edges, walked counter-clockwise, so each edge's outward normal is its right
 * perpendicular) and segments (both directions, one per side), all with no rounding radius.
 * Circles and capsules have no flat side meeting another flush. Edge e1 = a→b of one piece and
 * e2 = c→d of another (another body, or another part of the same compound) meet at a seam when,
 * with `tol` = slop + 1e-9 (1 + the largest coordinate) (rounding of decimal input):
 * - end to end: |b − c| ≤ tol;
 * - the same way: their directions have a positive dot product (so the same outward normal);
 * - collinear: d lies within tol of e1's line and a within tol of e2's line.
 * The seam is at (b + c) / 2, its tangent u the mean direction of e1 and e2 (from e1's piece
 * towards e2's), its normal n = (u.y, −u.x), out of the solid. A step higher than tol is no seam,
 * and neither is anything inside one chain or tile grid (those are not pieces).
 *
 * Bumps. For a dynamic, non-sensor, non-spinning body D with velocity v (translation is exact in
 * closed form; a spinning body is left out) that can collide with both pieces, and a seam:
 * - D moves along the surface: |v·u| > |v·n| (less than 45° off the tangent). It slides towards
 *   the seam in the direction u' = sign(v·u) u, on the piece before the seam in that direction.
 * - Its leading support along u', hi(t) = max over D at t of u'·(x − S), is ≤ 0 at t = 0 (it has
 *   not passed the seam; within tol) and reaches 0 at t* = −hi(0) / |v·u| ≤ frames·dt.
 * - At t* it is within slop of the surface: its lowest support along n, g(t*) = min over D of
 *   n·(x − S), lies in [−slop, slop] (within tol).
 * Both supports are linear in t for a translating body, so t* and g(t*) are exact. The finding
 * pairs D with the piece it slides on (per such pair the earliest seam, ties to the first
 * found); `pieces` are that piece, then the one beyond the seam.
 *
 * Seams are found with a hash of the edges' start points (cells of tol, 3×3 neighborhoods); bumps
 * through a broad phase over the seams, queried with each moving body's swept box grown by slop
 * and by its size (at t* its front is at the seam's tangent coordinate and its lowest point within
 * slop of the seam's line, so the seam is within that reach). No static piece with a straight
 * side, or no seam: nothing beyond one pass over the bodies.
 */

/** Seams of a scene: the static pieces they come from and, per seam, where and which way. */
export class SeamSet {
  constructor(
    /** The static, non-sensor bodies that have a piece with a straight side, in declaration order. */
    readonly bodies: readonly SceneBody[],
    /** Per seam: x, y, then the unit tangent's x and y (from the `before` piece to the `after`). */
    readonly geometry: Float64Array,
    /** Per seam: before's body (index into `bodies`), its part, after's body, its part. */
    readonly pieces: Int32Array,
    readonly count: number,
    /** The broad phase over the seams (points), made on first use and shared by `withBodies`. */
    private tree: BroadPhase | null = null,
  ) {}

  /** The same seams for equal bodies of a newer scene. */
  withBodies(bodies: readonly SceneBody[]): SeamSet {
    return new SeamSet(bodies, this.geometry, this.pieces, this.count, this.broadPhase());
  }

  /** The seams in a broad phase, each a point box with its number as id. */
  broadPhase(): BroadPhase {
    if (this.tree) return this.tree;
    const tree = createBroadPhase('dynamic-tree');
    tree.reserve(this.count);
    const g = this.geometry;
    for (let k = 0; k < this.count; k++) {
      query.minX = query.maxX = g[4 * k]!;
      query.minY = query.maxY = g[4 * k + 1]!;
      tree.insert(k, query);
    }
    this.tree = tree;
    return tree;
  }
}

const NO_SEAMS = new SeamSet([], new Float64Array(0), new Int32Array(0), 0);

/** Whether part `shape` has straight sides a seam can join (see the file comment). */
function hasSides(shape: ConvexShape): boolean {
  return shape.radius === 0 && ((shape.kind === 'polygon' && shape.count >= 3) || (shape.kind === 'segment' && shape.count === 2));
}

/** The static pieces' bodies of `scene` (see SeamSet.bodies). */
function staticPieces(scene: Scene): SceneBody[] {
  const out: SceneBody[] = [];
  for (const body of scene.bodies) {
    if (!body.isStatic || body.isSensor) continue;
    for (let i = 0; i < body.partCount; i++) {
      if (hasSides(body.partShape(i))) {
        out.push(body);
        break;
      }
    }
  }
  return out;
}

/** Same name, pose, layer and geometry: the seams they make are the same. */
function sameStatic(x: SceneBody, y: SceneBody): boolean {
  if (x === y) return true;
  if (x.name !== y.name || x.x !== y.x || x.y !== y.y || x.angle !== y.angle || x.layer !== y.layer || x.partCount !== y.partCount) return false;
  for (let i = 0; i < x.partCount; i++) {
    const p = x.partShape(i);
    const q = y.partShape(i);
    if (p === q) continue;
    if (p.kind !== q.kind || p.count !== q.count || p.radius !== q.radius) return false;
    for (let k = 0; k < 2 * p.count; k++) if (p.xy[k] !== q.xy[k]) return false;
  }
  return true;
}

/**
 * The seams of `scene`. With `previous` (the seams of an earlier version of the document), they are
 * reused when the static pieces are equal one for one, which an edit elsewhere leaves them.
 */
export function findSeams(scene: Scene, previous?: SeamSet | null): SeamSet {
  const bodies = staticPieces(scene);
  if (bodies.length === 0) return NO_SEAMS;
  if (previous && previous.bodies.length === bodies.length) {
    let same = true;
    for (let k = 0; k < bodies.length && same; k++) same = sameStatic(previous.bodies[k]!, bodies[k]!);
    if (same) return previous.withBodies(bodies);
  }
  // Edges: ax, ay, bx, by per edge, and the piece (index into bodies, part).
  const xy: number[] = [];
  const owner: number[] = [];
  let scale = 1;
  let pieceCount = 0;
  for (let k = 0; k < bodies.length; k++) {
    const body = bodies[k]!;
    const c = Math.cos(body.angle);
    const s = Math.sin(body.angle);
    for (let part = 0; part < body.partCount; part++) {
      const shape = body.partShape(part);
      if (!hasSides(shape)) continue;
      pieceCount++;
      const n = shape.count;
      const v = shape.xy;
      const edges = shape.kind === 'segment' ? 1 : n;
      for (let i = 0; i < edges; i++) {
        const j = (i + 1) % n;
        const ax = body.x + c * v[2 * i]! - s * v[2 * i + 1]!;
        const ay = body.y + s * v[2 * i]! + c * v[2 * i + 1]!;
        const bx = body.x + c * v[2 * j]! - s * v[2 * j + 1]!;
        const by = body.y + s * v[2 * j]! + c * v[2 * j + 1]!;
        if (!(Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(bx) && Number.isFinite(by))) continue;
        scale = Math.max(scale, Math.abs(ax) + 1, Math.abs(ay) + 1);
        xy.push(ax, ay, bx, by);
        owner.push(k, part);
        // A segment is solid on both sides: one edge per side.
        if (shape.kind === 'segment') {
          xy.push(bx, by, ax, ay);
          owner.push(k, part);
        }
      }
    }
  }
  if (pieceCount < 2) return new SeamSet(bodies, new Float64Array(0), new Int32Array(0), 0);
  const tol = Math.max(0, scene.slop) + 1e-9 * scale;
  const edgeCount = owner.length >> 1;
  // Edge starts hashed by cells of tol: a start within tol of an end is in one of 9 cells.
  const heads = new Map<number, number>();
  const next = new Int32Array(edgeCount);
  for (let e = 0; e < edgeCount; e++) {
    const key = cellKey(Math.floor(xy[4 * e]! / tol), Math.floor(xy[4 * e + 1]! / tol));
    next[e] = heads.get(key) ?? -1;
    heads.set(key, e);
  }
  const geometry: number[] = [];
  const pieces: number[] = [];
  const seen: number[] = [];
  for (let e1 = 0; e1 < edgeCount; e1++) {
    const ax = xy[4 * e1]!;
    const ay = xy[4 * e1 + 1]!;
    const bx = xy[4 * e1 + 2]!;
    const by = xy[4 * e1 + 3]!;
    const l1 = Math.hypot(bx - ax, by - ay);
    if (!(l1 > 0)) continue;
    const u1x = (bx - ax) / l1;
    const u1y = (by - ay) / l1;
    const kx = Math.floor(bx / tol);
    const ky = Math.floor(by / tol);
    seen.length = 0;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const key = cellKey(kx + dx, ky + dy);
        if (seen.includes(key)) continue;
        seen.push(key);
        for (let e2 = heads.get(key) ?? -1; e2 >= 0; e2 = next[e2]!) {
          if (owner[2 * e1] === owner[2 * e2] && owner[2 * e1 + 1] === owner[2 * e2 + 1]) continue;
          const cx = xy[4 * e2]!;
          const cy = xy[4 * e2 + 1]!;
          const ex = xy[4 * e2 + 2]!;
          const ey = xy[4 * e2 + 3]!;
          if (Math.hypot(cx - bx, cy - by) > tol) continue;
          const l2 = Math.hypot(ex - cx, ey - cy);
          if (!(l2 > 0)) continue;
          const u2x = (ex - cx) / l2;
          const u2y = (ey - cy) / l2;
          if (u1x * u2x + u1y * u2y <= 0) continue;
          // Collinear: each edge's far end within tol of the other's line.
          if (Math.abs(u1y * (ex - ax) - u1x * (ey - ay)) > tol) continue;
          if (Math.abs(u2y * (ax - cx) - u2x * (ay - cy)) > tol) continue;
          const mx = u1x + u2x;
          const my = u1y + u2y;
          const m = Math.hypot(mx, my);
          geometry.push((bx + cx) / 2, (by + cy) / 2, mx / m, my / m);
          pieces.push(owner[2 * e1]!, owner[2 * e1 + 1]!, owner[2 * e2]!, owner[2 * e2 + 1]!);
        }
      }
    }
  }
  return new SeamSet(bodies, Float64Array.from(geometry), Int32Array.from(pieces), pieces.length >> 2);
}

/** A hash of a cell: the key's collisions are resolved by the distance test. */
function cellKey(kx: number, ky: number): number {
  return (Math.imul(kx | 0, 73856093) ^ Math.imul(ky | 0, 19349663)) | 0;
}

/** How a compound's part is named in a finding: `<name> part <k>`, k from 1. */
export function pieceName(body: SceneBody, part: number): string {
  return body.partCount > 1 ? `${body.name} part ${part + 1}` : body.name;
}

const box: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
// Scratch of findGhostBumps: the moving body's world vertices and their parts' radii.
let wx: Float64Array = new Float64Array(16);
let wy: Float64Array = new Float64Array(16);
let wr: Float64Array = new Float64Array(16);

function growTo(a: Float64Array, n: number): Float64Array {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

const query: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

/**
 * The ghost bumps of `scene` (see the file comment), in no particular order; with `movers`, only
 * those whose moving body is one of them (bodies of `scene`).
 */
export function findGhostBumps(scene: Scene, seams: SeamSet = findSeams(scene), movers: readonly SceneBody[] = scene.bodies): GhostBumpFinding[] {
  const out: GhostBumpFinding[] = [];
  if (seams.count === 0) return out;
  const g = seams.geometry;
  const p = seams.pieces;
  const broad = seams.broadPhase();
  const slop = Math.max(0, scene.slop);
  const horizon = scene.frames * scene.dt;
  const T = horizon > 0 && Number.isFinite(horizon) ? horizon : 0;
  const candidates: number[] = [];
  const collect = (k: number): void => {
    candidates.push(k);
  };
  // Per moving body: the earliest bump per piece body it slides on (body index → finding data).
  const best = new Map<number, { toi: number; seam: number; before: boolean; beyond: number }>();
  for (const body of movers) {
    if (body.isStatic || body.isSensor || body.partCount === 0 || body.spin !== 0) continue;
    const vx = body.vx;
    const vy = body.vy;
    if ((vx === 0 && vy === 0) || !Number.isFinite(vx) || !Number.isFinite(vy)) continue;
    bodyBounds(scene, body, box);
    if (!(box.minX <= box.maxX && box.minY <= box.maxY)) continue;
    // The body's vertices at t = 0 in world coordinates, with their parts' radii, once.
    const c = Math.cos(body.angle);
    const s = Math.sin(body.angle);
    let count = 0;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let part = 0; part < body.partCount; part++) {
      const shape = body.partShape(part);
      const v = shape.xy;
      for (let i = 0; i < shape.count; i++) {
        if (count === wx.length) {
          wx = growTo(wx, 2 * count);
          wy = growTo(wy, 2 * count);
          wr = growTo(wr, 2 * count);
        }
        const x = body.x + c * v[2 * i]! - s * v[2 * i + 1]!;
        const y = body.y + s * v[2 * i]! + c * v[2 * i + 1]!;
        wx[count] = x;
        wy[count] = y;
        wr[count] = shape.radius;
        minX = Math.min(minX, x - shape.radius);
        minY = Math.min(minY, y - shape.radius);
        maxX = Math.max(maxX, x + shape.radius);
        maxY = Math.max(maxY, y + shape.radius);
        count++;
      }
    }
    // At t* the seam is within slop of the body's lowest point across the surface and level with
    // its leading point along it, so within its size (and slop) of its box then, which the
    // swept box holds.
    const reach = slop + (maxX - minX) + (maxY - minY);
    query.minX = box.minX - reach;
    query.minY = box.minY - reach;
    query.maxX = box.maxX + reach;
    query.maxY = box.maxY + reach;
    candidates.length = 0;
    broad.query(query, collect);
    if (candidates.length === 0) continue;
    candidates.sort((x, y) => x - y);
    best.clear();
    for (const k of candidates) {
      const sx = g[4 * k]!;
      const sy = g[4 * k + 1]!;
      const ux = g[4 * k + 2]!;
      const uy = g[4 * k + 3]!;
      const nx = uy;
      const ny = -ux;
      const vu = vx * ux + vy * uy;
      const vn = vx * nx + vy * ny;
      if (!(Math.abs(vu) > Math.abs(vn))) continue;
      const sign = vu > 0 ? 1 : -1;
      // Leading support along sign·u and lowest support along n at t = 0, relative to the seam.
      let hi = -Infinity;
      let low = Infinity;
      for (let i = 0; i < count; i++) {
        const dx = wx[i]! - sx;
        const dy = wy[i]! - sy;
        hi = Math.max(hi, sign * (dx * ux + dy * uy) + wr[i]!);
        low = Math.min(low, dx * nx + dy * ny - wr[i]!);
      }
      const tol = 1e-9 * (1 + Math.abs(sx) + Math.abs(sy) + (box.maxX - box.minX) + (box.maxY - box.minY));
      if (!(hi <= tol)) continue;
      const toi = Math.max(0, -hi) / Math.abs(vu);
      if (!(toi <= T)) continue;
      const gap = low + vn * toi;
      if (!(gap >= -slop - tol && gap <= slop + tol)) continue;
      const before = seams.bodies[p[4 * k]!]!;
      const after = seams.bodies[p[4 * k + 2]!]!;
      if (!canCollide(scene, body, before) || !canCollide(scene, body, after)) continue;
      const on = sign > 0 ? before : after;
      const beyond = (sign > 0 ? after : before).index;
      // Seams reached at the same instant (pieces laid twice in one place) are told apart by the
      // piece beyond, not by the seams' order, which reused seams (findSeams) keep from an
      // earlier version of the document.
      const kept = best.get(on.index);
      if (kept === undefined || toi < kept.toi || (toi === kept.toi && beyond < kept.beyond)) best.set(on.index, { toi, seam: k, before: sign > 0, beyond });
    }
    for (const [onIndex, b] of best) {
      const k = b.seam;
      const onSlot = b.before ? 0 : 2;
      const other = b.before ? 2 : 0;
      const on = seams.bodies[p[4 * k + onSlot]!]!;
      const beyond = seams.bodies[p[4 * k + other]!]!;
      const pieces: [string, string] = [pieceName(on, p[4 * k + onSlot + 1]!), pieceName(beyond, p[4 * k + other + 1]!)];
      const first = body.index < onIndex ? body : on;
      const second = first === body ? on : body;
      out.push(GhostBumpFinding.of(first.name, second.name, first.index, second.index, body.index, pieces, [on.index, beyond.index], b.toi, g[4 * k]!, g[4 * k + 1]!));
    }
  }
  return out;
}

/**
 * A ghost bump's message: `name` slides along the first piece and reaches its seam with the
 * second; the fix replaces both pieces (or the parts of `onName`, when both are parts of it).
 */
export function ghostBumpMessage(f: GhostBumpFinding, name: string, onName: string): string {
  const [p, q] = f.pieces;
  const seam = `(${formatNumber(f.seamX)}, ${formatNumber(f.seamY)})`;
  const fix = f.pieceBodies[0] === f.pieceBodies[1] ? `replace the parts of ${onName}` : `replace ${p} and ${q}`;
  return flatText(
    name,
    ' slides along ',
    p,
    ' and reaches its seam with ',
    q,
    ' at ',
    seam,
    ' at t = ',
    formatNumber(f.toi),
    ' s: a step-by-step engine may catch it on the internal edge there (a ghost bump). To fix: ',
    fix,
    ' by one chain along the surface, or by one box when their union is a rectangle.',
  );
}

/**
 * The diagnostic of a ghost bump (code `ghost-bump`, warning) on the moving body's name: which
 * pieces, where the seam is, when the body reaches it, and the fix. Related: the two pieces.
 */
export function ghostBumpDiagnostic(scene: Scene, f: GhostBumpFinding): GhostBumpDiagnostic {
  const moving = scene.bodies[f.moving];
  const on = scene.bodies[f.pieceBodies[0]];
  const beyond = scene.bodies[f.pieceBodies[1]];
  const message = ghostBumpMessage(f, moving?.name ?? (f.moving === f.ia ? f.a : f.b), on?.name ?? f.pieces[0]);
  const ranges: [number, number, number, number] = [on ? on.nameStart : -1, on ? on.nameEnd : -1, beyond ? beyond.nameStart : -1, beyond ? beyond.nameEnd : -1];
  return new GhostBumpDiagnostic(f, moving ? moving.nameStart : 0, moving ? moving.nameEnd : 0, ranges, message);
}

/**
 * The findings (compareFindings order) and their diagnostics (position order) of a run with its
 * ghost bumps merged in, as new lists: what the from-scratch pipeline orders so (pipeline.ts,
 * assembleAnalysis: by the name each diagnostic sits on, then in findings order). No change record.
 */
export function withGhostBumps(
  scene: Scene,
  findings: readonly Finding[],
  diagnostics: readonly Diagnostic[],
  ghosts: GhostBumpFinding[],
): { findings: Finding[]; diagnostics: Diagnostic[]; notCarried: undefined } {
  ghosts.sort(compareFindings);
  const outFindings = mergeSorted(findings, ghosts, compareFindings);
  const ghostDiagnostics: Diagnostic[] = ghosts.map((g) => ghostBumpDiagnostic(scene, g)).sort(byNameThenFinding);
  const outDiagnostics = mergeSorted(diagnostics, ghostDiagnostics, byNameThenFinding);
  return { findings: outFindings, diagnostics: outDiagnostics, notCarried: undefined };
}

function byNameThenFinding(x: Diagnostic, y: Diagnostic): number {
  const d = x.range.start - y.range.start;
  if (d !== 0) return d;
  return x instanceof FindingDiagnostic && y instanceof FindingDiagnostic ? compareFindings(x.finding, y.finding) : 0;
}

/** Two sorted lists merged, ties to the first list's. */
function mergeSorted<T>(xs: readonly T[], ys: readonly T[], compare: (x: T, y: T) => number): T[] {
  const out = new Array<T>(xs.length + ys.length);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < xs.length && j < ys.length) out[o++] = compare(ys[j]!, xs[i]!) < 0 ? ys[j++]! : xs[i++]!;
  while (i < xs.length) out[o++] = xs[i++]!;
  while (j < ys.length) out[o++] = ys[j++]!;
  return out;
}
