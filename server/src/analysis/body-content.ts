import type { ConvexShape } from '../../../core';
import type { Scene, SceneBody } from '../semantics/scene';

/**
 * What a pair result depends on, split in two (incremental.ts relies on it):
 *
 * - a body's *content*: its geometry (parts), pose and motion, modifiers and layer name — every
 *   input of `analyzePair` except the body's name, index and source ranges, which only label the
 *   result and are re-applied from the current text;
 * - the scene-wide *settings*: dt, frames, slop and the layer table, which every pair reads.
 *
 * Numbers compare with Object.is, so that -0 and 0 (which can give different signs in a result)
 * count as different and NaN equals NaN: equal content then gives bit-identical results.
 */
export function sameBodyContent(a: SceneBody, b: SceneBody): boolean {
  if (a === b) return true;
  if (a.isStatic !== b.isStatic || a.isSensor !== b.isSensor || a.isBullet !== b.isBullet || a.layer !== b.layer) return false;
  if (!Object.is(a.x, b.x) || !Object.is(a.y, b.y) || !Object.is(a.angle, b.angle)) return false;
  if (!Object.is(a.vx, b.vx) || !Object.is(a.vy, b.vy) || !Object.is(a.spin, b.spin)) return false;
  const n = a.partCount;
  if (n !== b.partCount) return false;
  if (n === 0) {
    const ca = a.chainGeometry;
    const cb = b.chainGeometry;
    if (ca || cb) return !!ca && !!cb && ca.sameContent(cb);
  }
  for (let i = 0; i < n; i++) {
    if (a.partKind(i) !== b.partKind(i) || !sameShape(a.partShape(i), b.partShape(i))) return false;
  }
  return true;
}

function sameShape(a: ConvexShape, b: ConvexShape): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind || !Object.is(a.radius, b.radius)) return false;
  return a.count === b.count && sameVertices(a.xy, b.xy, 2 * a.count) && samePacked(a.nxy, b.nxy);
}

/**
 * The first `n` coordinates (2 × count) equal number by number: a scene body's shape may keep the
 * body's own numbers after its vertices (semantics/scene.ts SceneBody data), clause offsets among
 * them, which an edit elsewhere in the statement changes without changing the shape.
 */
function sameVertices(a: readonly number[], b: readonly number[], n: number): boolean {
  if (a === b) return true;
  for (let i = 0; i < n; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * Packed coordinates (shape.ts) equal number by number. Normals are derived from the vertices,
 * but they are compared too: they are an input of SAT.
 */
function samePacked(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Whether two scenes agree on every scene-wide input of the pair results. */
export function sameSceneSettings(a: Scene, b: Scene): boolean {
  if (!Object.is(a.dt, b.dt) || !Object.is(a.frames, b.frames) || !Object.is(a.slop, b.slop)) return false;
  if (a.layers.size !== b.layers.size) return false;
  for (const [name, la] of a.layers) {
    const lb = b.layers.get(name);
    if (!lb || la.collides.length !== lb.collides.length) return false;
    for (let i = 0; i < la.collides.length; i++) if (la.collides[i] !== lb.collides[i]) return false;
  }
  return true;
}
