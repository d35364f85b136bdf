import { aabbUnion, makeTransform, shapeArea, shapeBounds, shapeVertices, TILE_EMPTY, TILE_SOLID, vertexX, vertexY } from '../../../core';
import type { AABB, ConvexShape } from '../../../core';
import type { Finding } from '../analysis/findings';
import { impactSeverity, impactTime } from '../analysis/continuous';
import type { Severity } from '../common/diagnostic';
import { SEVERITY_ICONS } from '../../../protocol/severity-icons';
import { formatNumber as fmt, formatVector as fmtVec } from '../../../protocol/format';
import type { Scene, SceneBody, ScenePart } from '../semantics/scene';

/**
 * Words and numbers about bodies and findings, shared by hover, inlay hints and code lenses so
 * that they describe a scene the same way. Plain strings (Markdown where noted), no LSP types.
 */

/** Numbers and points as everything else writes them (protocol/format.ts), under the features' short names. */
export { fmt, fmtVec };

export function fmtAngle(rad: number): string {
  if (rad === 0) return '0';
  return `${fmt(rad)} rad (${fmt((rad * 180) / Math.PI)}°)`;
}

/** World bounds of a body at t = 0, radii included. */
export function bodyWorldBounds(body: SceneBody): AABB {
  const xf = makeTransform(body.x, body.y, body.angle);
  let box: AABB | undefined;
  for (let i = 0; i < body.partCount; i++) {
    const b = shapeBounds(body.partShape(i), xf);
    box = box ? aabbUnion(box, b) : b;
  }
  const chains = body.partCount === 0 ? body.chainGeometry : undefined;
  if (chains && chains.chains.length > 0) box = chains.boxInPose(body.x, body.y, body.angle, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
  return box ?? { minX: body.x, minY: body.y, maxX: body.x, maxY: body.y };
}

/**
 * The area of a body's parts; a tile grid's, its solid ground's (a whole cell for `#`, half a
 * cell for each triangle: cells do not overlap, so the union's area is their sum); a chain's, 0
 * (its edges bound no ground of their own).
 */
export function bodyArea(body: SceneBody): number {
  let a = 0;
  for (let i = 0; i < body.partCount; i++) a += shapeArea(body.partShape(i));
  const grid = body.partCount === 0 ? body.chainGeometry?.grid : undefined;
  if (grid) {
    let halves = 0;
    for (let i = 0; i < grid.cells.length; i++) {
      const k = grid.cells[i]!;
      if (k !== TILE_EMPTY) halves += k === TILE_SOLID ? 2 : 1;
    }
    a += (halves / 2) * grid.cellWidth * grid.cellHeight;
  }
  return a;
}

function localExtent(shape: ConvexShape): { w: number; h: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < shape.count; i++) {
    minX = Math.min(minX, vertexX(shape, i));
    minY = Math.min(minY, vertexY(shape, i));
    maxX = Math.max(maxX, vertexX(shape, i));
    maxY = Math.max(maxY, vertexY(shape, i));
  }
  return { w: maxX - minX, h: maxY - minY };
}

/** "box 1 × 2", "circle of radius 0.5", ... for one part (sizes as the author wrote them). */
function partSummary(part: ScenePart): string {
  const s = part.shape;
  switch (part.sourceKind) {
    case 'circle':
      return `circle of radius ${fmt(s.radius)}`;
    case 'box': {
      const { w, h } = localExtent(s);
      return `box ${fmt(w)} × ${fmt(h)}`;
    }
    case 'capsule': {
      const [a, b] = shapeVertices(s);
      const length = a && b ? Math.hypot(b.x - a.x, b.y - a.y) : 0;
      return `capsule of length ${fmt(length)} and radius ${fmt(s.radius)}`;
    }
    case 'segment': {
      const [a, b] = shapeVertices(s);
      return a && b ? `segment from ${fmtVec(a.x, a.y)} to ${fmtVec(b.x, b.y)} (length ${fmt(Math.hypot(b.x - a.x, b.y - a.y))})` : 'segment';
    }
    case 'polygon':
      return `polygon of ${s.count} vertices`;
    case 'chain':
    case 'tiles':
      return part.sourceKind;
  }
}

/** The shape of a body: its constructor and sizes, or a compound's parts. */
export function shapeSummary(parts: readonly ScenePart[], sourceKind: SceneBody['sourceKind']): string {
  if (sourceKind === 'chain') return 'chain (one-sided edges)';
  if (sourceKind === 'tiles') return 'tile grid (its outline as one-sided loops)';
  if (sourceKind !== 'compound' && parts.length === 1) return partSummary(parts[0]!);
  const kinds = new Map<string, number>();
  for (const p of parts) kinds.set(p.sourceKind, (kinds.get(p.sourceKind) ?? 0) + 1);
  const list = [...kinds].map(([k, n]) => `${n} ${k}${n === 1 ? '' : k === 'box' ? 'es' : 's'}`).join(', ');
  return `compound of ${parts.length} part${parts.length === 1 ? '' : 's'} (${list})`;
}

/**
 * The body's motion class and modifiers as words for hovers: "dynamic", "static, sensor". Not
 * the preview's color class (preview/scene-model.ts `bodyKind`, one of them by precedence):
 * a hover lists every modifier.
 */
export function bodyModifiers(body: SceneBody): string {
  const mods = [body.isStatic ? 'static' : 'dynamic'];
  if (body.isSensor) mods.push('sensor');
  if (body.isBullet) mods.push('bullet');
  return mods.join(', ');
}

/** The other body of a finding, seen from `body`. */
export function otherOf(f: Finding, bodyIndex: number): string {
  return f.ia === bodyIndex ? f.b : f.a;
}

/**
 * The default severity of a finding's diagnostic (as the preview lists it and the lenses mark
 * it): overlaps and ghost bumps are warnings; impacts as analysis/continuous.ts decides.
 */
export function findingSeverity(scene: Scene, f: Finding): Severity {
  return f.kind === 'overlap' || f.kind === 'ghost-bump' ? 'warning' : impactSeverity(scene, f);
}

/** The glyph of a finding's severity (protocol/severity-icons.ts), for text that cannot draw codicons. */
export function findingGlyph(scene: Scene, f: Finding): string {
  return SEVERITY_ICONS[findingSeverity(scene, f)].glyph;
}

/** An impact's time as its diagnostic words it: "t = 0.25 s (15 steps of 0.0166667 s)". */
export function stepTime(scene: Scene, t: number): string {
  return impactTime(t, scene.dt);
}

/** A time in seconds, with milliseconds when short: "0.00483 s (4.83 ms)". */
export function fmtTime(t: number): string {
  return t > 0 && t < 0.1 ? `${fmt(t)} s (${fmt(t * 1000)} ms)` : `${fmt(t)} s`;
}

/**
 * One line (Markdown) about a finding, seen from `bodyIndex`: the numbers an author needs to act
 * on it. For an overlap, the push-out vector is the move of *this* body that separates the pair
 * by the least distance (normal points from a to b, so a moves by -depth·n and b by +depth·n).
 */
export function findingLine(scene: Scene, f: Finding, bodyIndex: number): string {
  const other = otherOf(f, bodyIndex);
  if (f.kind === 'overlap') {
    // A static body's push-out is the other's move: a static body never moves (overlapMover).
    const body = scene.bodies[bodyIndex];
    const mover = body?.isStatic && !scene.bodies[f.ia === bodyIndex ? f.ib : f.ia]?.isStatic ? (f.ia === bodyIndex ? f.ib : f.ia) : bodyIndex;
    const sign = f.ib === mover ? 1 : -1;
    const px = sign * f.depth * f.normalX;
    const py = sign * f.depth * f.normalY;
    const pts = f.points.map((p) => fmtVec(p.x, p.y)).join(', ');
    const pushOut = mover === bodyIndex ? `push-out ${fmtVec(px, py)}` : `push-out of \`${other}\` ${fmtVec(px, py)} (this body is static)`;
    return `${findingGlyph(scene, f)} **overlap** with \`${other}\`: depth ${fmt(f.depth)}, ${pushOut} (normal ${fmtVec(f.normalX, f.normalY)} from \`${f.a}\` to \`${f.b}\`)${pts ? `, contact ${pts}` : ''}`;
  }
  if (f.kind === 'ghost-bump') {
    return `${findingGlyph(scene, f)} **ghost-bump**: \`${scene.bodies[f.moving]?.name ?? other}\` reaches the seam of \`${f.pieces[0]}\` and \`${f.pieces[1]}\` at ${fmtVec(f.seamX, f.seamY)} at ${stepTime(scene, f.toi)}`;
  }
  const { point, normal } = f;
  const substeps = f.kind === 'tunnelling' && f.substeps !== undefined ? `; a discrete engine needs ${f.substeps} substeps per step to see it` : '';
  return `${findingGlyph(scene, f)} **${f.kind}** with \`${other}\`: first contact at ${stepTime(scene, f.toi)}, at ${fmtVec(point.x, point.y)} (normal ${fmtVec(normal.x, normal.y)})${substeps}`;
}

/** A body's hover lines of fact: area, bounds, pose and motion at t = 0. */
export function bodyStateLines(body: SceneBody): string[] {
  const bounds = bodyWorldBounds(body);
  const moving = body.vx !== 0 || body.vy !== 0 || body.spin !== 0;
  return [
    `- area: ${fmt(bodyArea(body))}`,
    `- bounds at t = 0: ${fmtVec(bounds.minX, bounds.minY)} to ${fmtVec(bounds.maxX, bounds.maxY)}`,
    `- pose: at ${fmtVec(body.x, body.y)}, angle ${fmtAngle(body.angle)}`,
    moving
      ? `- motion: velocity ${fmtVec(body.vx, body.vy)} (speed ${fmt(Math.hypot(body.vx, body.vy))}), spin ${body.spin === 0 ? '0' : `${fmt(body.spin)} rad/s`}`
      : '- motion: at rest',
  ];
}
