import type { Transform } from '../../../core/math/vec2';
import { makeTransform } from '../../../core/math/vec2';
import { shapeBounds } from '../../../core/shapes/bounds';
import type { BodyKind, PreviewBody, PreviewFinding, PreviewPart, PreviewScene } from '../../../protocol/preview-model';
import { impactDiagnostic } from '../analysis/continuous';
import type { Finding } from '../analysis/findings';
import { overlapDiagnostic } from '../analysis/overlap';
import type { Diagnostic } from '../common/diagnostic';
import type { Scene, SceneBody } from '../semantics/scene';

/** What the preview needs from one analysed document version (a subset of DocumentAnalysis). */
export interface PreviewSource {
  readonly scene: Scene;
  readonly findings: readonly Finding[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The preview's model of an analysed scene (protocol/preview-model.ts): each body's parts in
 * body-local coordinates with its pose and motion, world bounds, source ranges for the two-way
 * link, and the findings worded as their diagnostics are. Plain data in scene terms; the LSP
 * layer sends it as it is.
 */
export function buildPreviewScene(uri: string, version: number, source: PreviewSource): PreviewScene {
  const { scene } = source;
  const T = scene.frames * scene.dt;
  const bodies: PreviewBody[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const b of scene.bodies) {
    const body = previewBody(b);
    bodies.push(body);
    // Bounds over [0, T]: the t = 0 box, the same box moved to t = T, and for a spinning body the
    // circle its parts sweep about its origin (a conservative rotation bound, as Mirtich's).
    const [x0, y0, x1, y1] = body.bounds;
    const dx = b.velocity.x * T;
    const dy = b.velocity.y * T;
    minX = Math.min(minX, x0, x0 + dx);
    minY = Math.min(minY, y0, y0 + dy);
    maxX = Math.max(maxX, x1, x1 + dx);
    maxY = Math.max(maxY, y1, y1 + dy);
    if (b.spin !== 0) {
      const r = boundingRadius(b);
      for (const [px, py] of [
        [b.position.x, b.position.y],
        [b.position.x + dx, b.position.y + dy],
      ] as const) {
        minX = Math.min(minX, px - r);
        minY = Math.min(minY, py - r);
        maxX = Math.max(maxX, px + r);
        maxY = Math.max(maxY, py + r);
      }
    }
  }
  const bounds: PreviewScene['bounds'] = Number.isFinite(minX) && Number.isFinite(maxX) ? [minX, minY, maxX, maxY] : null;
  return {
    uri,
    version,
    dt: scene.dt,
    frames: scene.frames,
    slop: scene.slop,
    bodies,
    findings: source.findings.map((f) => previewFinding(scene, f)),
    bounds,
    errorCount: source.diagnostics.reduce((n, d) => n + (d.severity === 'error' ? 1 : 0), 0),
  };
}

export function bodyKind(b: SceneBody): BodyKind {
  return b.isSensor ? 'sensor' : b.isStatic ? 'static' : b.isBullet ? 'bullet' : 'dynamic';
}

function previewBody(b: SceneBody): PreviewBody {
  const xf: Transform = makeTransform(b.position.x, b.position.y, b.angle);
  let bounds: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const parts: PreviewPart[] = b.parts.map((part) => {
    const box = shapeBounds(part.shape, xf);
    bounds = [Math.min(bounds[0], box.minX), Math.min(bounds[1], box.minY), Math.max(bounds[2], box.maxX), Math.max(bounds[3], box.maxY)];
    const vertices: number[] = [];
    for (const v of part.shape.vertices) vertices.push(v.x, v.y);
    return { kind: part.shape.kind, vertices, radius: part.shape.radius, range: { start: part.range.start, end: part.range.end } };
  });
  if (!Number.isFinite(bounds[0])) bounds = [b.position.x, b.position.y, b.position.x, b.position.y];
  return {
    index: b.index,
    name: b.name,
    kind: bodyKind(b),
    isStatic: b.isStatic,
    isSensor: b.isSensor,
    isBullet: b.isBullet,
    sourceKind: b.sourceKind,
    layer: b.layer,
    parts,
    position: [b.position.x, b.position.y],
    angle: b.angle,
    velocity: [b.velocity.x, b.velocity.y],
    spin: b.spin,
    bounds,
    nameRange: { start: b.nameRange.start, end: b.nameRange.end },
    range: { start: b.range.start, end: b.range.end },
    ...(b.props.at ? { atRange: { start: b.props.at.valueRange.start, end: b.props.at.valueRange.end } } : {}),
    ...(b.props.angle ? { angleRange: { start: b.props.angle.valueRange.start, end: b.props.angle.valueRange.end } } : {}),
    insertOffset: b.shapeRange.end,
  };
}

/** Largest distance from a body's origin to any point of it (radii included). */
export function boundingRadius(b: SceneBody): number {
  let r = 0;
  for (const part of b.parts) for (const v of part.shape.vertices) r = Math.max(r, Math.hypot(v.x, v.y) + part.shape.radius);
  return r;
}

function previewFinding(scene: Scene, f: Finding): PreviewFinding {
  if (f.kind === 'overlap') {
    const d = overlapDiagnostic(scene, f);
    return {
      kind: 'overlap',
      severity: d.severity,
      a: f.a,
      b: f.b,
      ia: f.ia,
      ib: f.ib,
      normal: [f.normal.x, f.normal.y],
      depth: f.depth,
      points: f.points.map((p) => [p.x, p.y] as [number, number]),
      message: d.message,
    };
  }
  const d = impactDiagnostic(scene, f);
  return {
    kind: f.kind,
    severity: d.severity,
    a: f.a,
    b: f.b,
    ia: f.ia,
    ib: f.ib,
    normal: [f.normal.x, f.normal.y],
    toi: f.toi,
    point: [f.point.x, f.point.y],
    ...(f.substeps !== undefined ? { substeps: f.substeps } : {}),
    message: d.message,
  };
}
