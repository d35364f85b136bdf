import { distance, makeTransform, minkowskiDifference, packedCoordinates } from '../core';
import type { ConvexShape, Transform } from '../core';
import type { PairDetail, Point, PreviewBody, PreviewEpaStep, PreviewFinding, PreviewGjkStep, PreviewMinkowski, PreviewPart, PreviewScene } from '../protocol/preview-model';
import { makePose, poseAt } from './geometry';
import { closestPartPair, epaSteps, gjkSteps, pairQueries, previewMinkowski, pt } from './pair-queries';

/**
 * The pair inspector's numbers computed from the preview model itself, so that the webview can
 * show them for a pose the server has not seen (a body being dragged, the scrubbed time) at
 * every frame, as the interactive GJK and Minkowski demos do. The queries are the server's own
 * (pair-queries.ts, which server/src/preview/pair-detail.ts runs too), on the shapes the server
 * used (PreviewPart carries a part's core vertices and radius), so the answers agree with the
 * server's to the printed precision; a test holds the two together.
 */

/** Segments of a full turn when a rounded outline is made a polygon (the overlap region). */
const ARC_SEGMENTS = 48;

/** A body shown at a pose of its own at the scene's time (a drag in progress, preview-state.ts DragPose). */
export interface PoseOverride {
  readonly index: number;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
}

/**
 * Each part's core shape, made once: a part is never changed in place (a delta or an edit makes
 * a new one), so the shape stays valid while the part lives, and the inspector's per-frame
 * queries (a drag, the scrubbed time) allocate none.
 */
const shapes = new WeakMap<PreviewPart, ConvexShape>();

/** A part of the preview model as the core's shape (body-local, as PreviewPart says). */
export function partShape(part: PreviewPart): ConvexShape {
  let shape = shapes.get(part);
  if (shape) return shape;
  const n = part.vertices.length >> 1;
  const xy = packedCoordinates(2 * n);
  for (let i = 0; i < 2 * n; i++) xy[i] = part.vertices[i]!;
  shape = { kind: part.kind, count: n, xy, radius: part.radius, nxy: [] };
  shapes.set(part, shape);
  return shape;
}

/** A body's pose at time t: its motion's (geometry.ts poseAt), or the override's. */
function transformAt(body: PreviewBody, t: number, override: PoseOverride | null): Transform {
  if (override && override.index === body.index) return makeTransform(override.x, override.y, override.angle);
  return poseAt(body, t, makePose());
}

/**
 * The scene as it would be if the override were written to the text: the overridden body's pose
 * at t = 0 is the override taken back along its motion (what pointer-input.ts posts on release).
 */
export function withPose(scene: PreviewScene, override: PoseOverride, time: number): PreviewScene {
  const b = scene.bodies[override.index];
  if (!b) return scene;
  const moved: PreviewBody = {
    ...b,
    position: [override.x - b.velocity[0] * time, override.y - b.velocity[1] * time],
    angle: override.angle - b.spin * time,
  };
  const bodies = scene.bodies.slice();
  bodies[override.index] = moved;
  return { ...scene, bodies };
}

export interface PairChoice {
  /** Body indices in the scene, a declared before b. */
  readonly ia: number;
  readonly ib: number;
  /** The parts to show; absent: the pair of least signed separation (deepest overlap first). */
  readonly parts?: readonly [number, number];
  /** The pair's finding, whose depth and normal give an overlap's push-out (as the server does). */
  readonly finding?: PreviewFinding | null;
}

/**
 * buildPairDetail's answer (server/src/preview/pair-detail.ts) from the preview model: B ⊖ A at
 * t = 0, the signed distance, closest point, normal and push-out, the relative motion's time of
 * impact, and the GJK, EPA and advancement traces. Null when a body is missing or has no convex part
 * (a chain, a tile grid: the server's answer says why).
 */
export function pairDetailOf(scene: PreviewScene, pick: PairChoice): PairDetail | null {
  const A = scene.bodies[pick.ia];
  const B = scene.bodies[pick.ib];
  if (!A || !B || A === B || A.parts.length === 0 || B.parts.length === 0) return null;
  const xfA = makeTransform(A.position[0], A.position[1], A.angle);
  const xfB = makeTransform(B.position[0], B.position[1], B.angle);
  const [partA, partB] =
    pick.parts && pick.parts[0] < A.parts.length && pick.parts[1] < B.parts.length
      ? pick.parts
      : closestPartPair(A.parts.length, (i) => partShape(A.parts[i]!), xfA, B.parts.length, (j) => partShape(B.parts[j]!), xfB);
  const finding = pick.finding ?? null;
  const queries = pairQueries({
    shapeA: partShape(A.parts[partA]!),
    transformA: xfA,
    velocityA: { x: A.velocity[0], y: A.velocity[1] },
    spinA: A.spin,
    shapeB: partShape(B.parts[partB]!),
    transformB: xfB,
    velocityB: { x: B.velocity[0], y: B.velocity[1] },
    spinB: B.spin,
    tMax: scene.frames * scene.dt,
    findingPushOut: finding && finding.kind === 'overlap' && finding.depth !== undefined ? [finding.normal[0] * finding.depth, finding.normal[1] * finding.depth] : null,
  });
  return {
    uri: scene.uri,
    version: scene.version,
    a: A.name,
    b: B.name,
    ia: A.index,
    ib: B.index,
    partA,
    partB,
    finding,
    relativeVelocity: [B.velocity[0] - A.velocity[0], B.velocity[1] - A.velocity[1]],
    relativeSpin: B.spin - A.spin,
    ...queries,
  };
}

/** Where a pair stands at one instant: what the inspector's table and picture show for it. */
export interface PairInstant {
  /** The instant (s): the scene's time. */
  readonly t: number;
  /** B ⊖ A at t (cores, world); null for malformed geometry. */
  readonly minkowski: PreviewMinkowski | null;
  /** Signed distance at t: > 0 apart, < 0 minus the penetration depth. */
  readonly distance: number;
  /** The point of B ⊖ A nearest the origin. */
  readonly closest: Point;
  /** Unit normal from A towards B of the least translation (closest = distance × normal). */
  readonly normal: Point;
  /** The least translation of B that separates the pair, when it overlaps. */
  readonly pushOut: Point | null;
  /** The two parts' intersection (world, counter-clockwise, flat [x0, y0, ...]; arcs as chords), or null. */
  readonly overlap: number[] | null;
  /** Its area. */
  readonly overlapArea: number;
  /** GJK's simplices and, when the pair overlaps, EPA's polytopes, on the poses at t. */
  readonly gjk: PreviewGjkStep[];
  readonly epa: PreviewEpaStep[];
}

/**
 * The pair's parts placed at time t (each body at its motion's pose, the overridden one at the
 * override) and measured: B ⊖ A, signed distance, closest point, normal, push-out and the overlap
 * region. Parts as in `detail`. Null when a body or part is missing.
 */
export function pairInstant(scene: PreviewScene, detail: Pick<PairDetail, 'ia' | 'ib' | 'partA' | 'partB'>, t: number, override: PoseOverride | null): PairInstant | null {
  const A = scene.bodies[detail.ia];
  const B = scene.bodies[detail.ib];
  const pa = A?.parts[detail.partA];
  const pb = B?.parts[detail.partB];
  if (!A || !B || !pa || !pb) return null;
  const shapeA = partShape(pa);
  const shapeB = partShape(pb);
  const transformA = transformAt(A, t, override);
  const transformB = transformAt(B, t, override);
  const md = minkowskiDifference({ shapeA, transformA, shapeB, transformB });
  const minkowski = previewMinkowski(md);
  const d = md.signedDistance;
  const overlap = d < 0 ? intersection(outline(shapeA, transformA), outline(shapeB, transformB)) : null;
  const gjk = distance({ shapeA, transformA, shapeB, transformB, useRadii: true, trace: true }).trace;
  return {
    t,
    minkowski,
    distance: d,
    closest: pt(md.closest),
    normal: pt(md.normal),
    pushOut: d < 0 ? [-md.closest.x, -md.closest.y] : null,
    overlap: overlap && overlap.length >= 6 ? overlap : null,
    overlapArea: overlap && overlap.length >= 6 ? area(overlap) : 0,
    gjk: gjkSteps(gjk),
    epa: d < 0 ? epaSteps({ shapeA, transformA, shapeB, transformB }, []) : [],
  };
}

/**
 * A placed shape's outline as a convex polygon (world, counter-clockwise, flat): its core's
 * vertices, each rounded corner an arc of chords (a circle a full one). Empty for a segment,
 * which has no area.
 */
export function outline(shape: ConvexShape, xf: Transform): number[] {
  const n = shape.count;
  const wx: number[] = [];
  const wy: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = shape.xy[2 * i]!;
    const y = shape.xy[2 * i + 1]!;
    wx.push(xf.c * x - xf.s * y + xf.x);
    wy.push(xf.s * x + xf.c * y + xf.y);
  }
  const r = shape.radius;
  const out: number[] = [];
  if (r <= 0) {
    if (n < 3) return out;
    for (let i = 0; i < n; i++) out.push(wx[i]!, wy[i]!);
    return out;
  }
  if (n === 1) {
    for (let k = 0; k < ARC_SEGMENTS; k++) {
      const a = (2 * Math.PI * k) / ARC_SEGMENTS;
      out.push(wx[0]! + r * Math.cos(a), wy[0]! + r * Math.sin(a));
    }
    return out;
  }
  // Each corner's arc runs from the outward normal of the edge into it to that of the edge out of it.
  const normalAngle = (i: number, j: number): number => Math.atan2(-(wx[j]! - wx[i]!), wy[j]! - wy[i]!);
  for (let i = 0; i < n; i++) {
    const prev = (i + n - 1) % n;
    const next = (i + 1) % n;
    const a0 = normalAngle(prev, i);
    let sweep = normalAngle(i, next) - a0;
    while (sweep < 0) sweep += 2 * Math.PI;
    while (sweep > 2 * Math.PI) sweep -= 2 * Math.PI;
    const steps = Math.max(1, Math.ceil((sweep / (2 * Math.PI)) * ARC_SEGMENTS));
    for (let k = 0; k <= steps; k++) {
      const a = a0 + (sweep * k) / steps;
      out.push(wx[i]! + r * Math.cos(a), wy[i]! + r * Math.sin(a));
    }
  }
  return out;
}

/**
 * The intersection of two convex counter-clockwise polygons (flat), by clipping the first against
 * each edge of the second (Sutherland and Hodgman, "Reentrant Polygon Clipping", CACM 1974).
 */
export function intersection(subject: readonly number[], clip: readonly number[]): number[] {
  let out: number[] = subject.slice();
  const m = clip.length >> 1;
  if (m < 3) return [];
  for (let j = 0; j < m && out.length >= 6; j++) {
    const ax = clip[2 * j]!;
    const ay = clip[2 * j + 1]!;
    const bx = clip[(2 * j + 2) % clip.length]!;
    const by = clip[(2 * j + 3) % clip.length]!;
    // Inside: left of a → b (counter-clockwise), on it included.
    const side = (x: number, y: number): number => (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    const input = out;
    out = [];
    const n = input.length >> 1;
    for (let i = 0; i < n; i++) {
      const px = input[2 * i]!;
      const py = input[2 * i + 1]!;
      const qx = input[(2 * i + 2) % input.length]!;
      const qy = input[(2 * i + 3) % input.length]!;
      const sp = side(px, py);
      const sq = side(qx, qy);
      if (sp >= 0) out.push(px, py);
      if ((sp >= 0) !== (sq >= 0)) {
        const u = sp / (sp - sq);
        out.push(px + u * (qx - px), py + u * (qy - py));
      }
    }
  }
  return out.length >= 6 ? out : [];
}

/** A simple polygon's area (flat, counter-clockwise: positive), by the shoelace formula. */
export function area(poly: readonly number[]): number {
  const n = poly.length >> 1;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    s += poly[2 * i]! * poly[2 * j + 1]! - poly[2 * j]! * poly[2 * i + 1]!;
  }
  return s / 2;
}
