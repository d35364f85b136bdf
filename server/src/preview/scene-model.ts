import { makeTransform, shapeBounds, sweptBounds } from '../../../core';
import type { AABB, TileGrid, Transform } from '../../../core';
import { TILE_CHARACTERS, type BodyKind, type PreviewBody, type PreviewChain, type PreviewFinding, type PreviewPart, type PreviewScene, type PreviewTiles } from '../../../protocol/preview-model';
import { impactDiagnostic } from '../analysis/continuous';
import type { Finding } from '../analysis/findings';
import { overlapDiagnostic } from '../analysis/overlap';
import { ghostBumpDiagnostic } from '../analysis/ghost-bump';
import type { Diagnostic } from '../common/diagnostic';
import type { Scene, SceneBody } from '../semantics/scene';
import type { SceneChains } from '../semantics/scene-chains';
import { finish } from '../common/steps';

/** What the preview needs from one analyzed document version (a subset of DocumentAnalysis). */
export interface PreviewSource {
  readonly scene: Scene;
  readonly findings: readonly Finding[];
  readonly diagnostics: readonly Diagnostic[];
  /**
   * The scene's frame has y down (a level file's, lowered with its coordinates): the model says
   * `yDown` and the preview and `collide render` draw it mirrored. Absent or false: y up.
   */
  readonly yDown?: boolean;
}

/**
 * The preview's model of an analyzed scene (protocol/preview-model.ts): each body's parts in
 * body-local coordinates with its pose and motion, world bounds, source ranges for the two-way
 * link, and the findings worded as their diagnostics are. Plain data in scene terms; the LSP
 * layer sends it as it is.
 */
export function buildPreviewScene(uri: string, version: number, source: PreviewSource): PreviewScene {
  return finish(previewSceneSteps(uri, version, source)).scene;
}

/** A model and each body's bounds over the interval (4 numbers a body: minX, minY, maxX, maxY). */
export interface BuiltScene {
  readonly scene: PreviewScene;
  readonly swept: Float64Array;
}

/** Bodies or findings made between two pauses. */
const STEP = 64;

/**
 * `buildPreviewScene` as steps (common/steps.ts): it pauses after every STEP bodies or findings,
 * so that a caller can give the event loop a turn there or drop the build (lsp/preview.ts runs it
 * with inSlices); run to the end it returns the model and the bodies' bounds over the interval.
 */
export function* previewSceneSteps(uri: string, version: number, source: PreviewSource): Generator<void, BuiltScene, void> {
  const { scene } = source;
  const n = scene.bodies.length;
  const bodies = new Array<PreviewBody>(n);
  const swept = new Float64Array(4 * n);
  const horizon = sweepHorizon(scene);
  for (let i = 0; i < n; i++) {
    const b = scene.bodies[i]!;
    bodies[i] = previewBody(b);
    bodySweptBounds(b, horizon, swept, i);
    if (i % STEP === STEP - 1) yield;
  }
  const findings = new Array<PreviewFinding>(source.findings.length);
  for (let k = 0; k < findings.length; k++) {
    findings[k] = previewFinding(scene, source.findings[k]!);
    if (k % STEP === STEP - 1) yield;
  }
  return {
    scene: {
      uri,
      version,
      dt: scene.dt,
      frames: scene.frames,
      slop: scene.slop,
      bodies,
      findings,
      bounds: unionBounds(swept),
      errorCount: errorCount(source),
      ...frameOf(source),
    },
    swept,
  };
}

/** The model's `yDown`, only on a y-down scene: a y-up model is as it was before the flag. */
export function frameOf(source: PreviewSource): { yDown?: true } {
  return source.yDown ? { yDown: true } : {};
}

/** The end of the interval the bounds cover, [0, frames dt] (0 when that is not a finite length). */
export function sweepHorizon(scene: Scene): number {
  const T = scene.frames * scene.dt;
  return T > 0 && Number.isFinite(T) ? T : 0;
}

/**
 * Body b's bounds over [0, horizon] into out[4i .. 4i + 3]: each part's swept bounds from core/ccd
 * (translation plus a bound on the rotation), the boxes the broad phase uses; a body with no
 * part contributes its origin's path.
 */
export function bodySweptBounds(b: SceneBody, horizon: number, out: Float64Array, i: number): void {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const xf = makeTransform(b.x, b.y, b.angle);
  const n = b.partCount;
  const velocity = b.velocity;
  const chains = n === 0 ? b.chainGeometry : undefined;
  for (let k = 0; k < Math.max(n, 1); k++) {
    const box = n > 0 ? sweptBounds(b.partShape(k), xf, velocity, b.spin, 0, horizon) : chains ? chainsBounds(b, chains) : pathBounds(b, horizon);
    minX = Math.min(minX, box.minX);
    minY = Math.min(minY, box.minY);
    maxX = Math.max(maxX, box.maxX);
    maxY = Math.max(maxY, box.maxY);
  }
  out[4 * i] = minX;
  out[4 * i + 1] = minY;
  out[4 * i + 2] = maxX;
  out[4 * i + 3] = maxY;
}

/** The union of the bodies' bounds; null when there is none or it is not finite. */
export function unionBounds(swept: Float64Array): PreviewScene['bounds'] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  // Math.min and Math.max are exact and order-free (-0 below 0 either way), so any order of
  // the bodies gives the same union.
  for (let k = 0; k < swept.length; k += 4) {
    minX = Math.min(minX, swept[k]!);
    minY = Math.min(minY, swept[k + 1]!);
    maxX = Math.max(maxX, swept[k + 2]!);
    maxY = Math.max(maxY, swept[k + 3]!);
  }
  return Number.isFinite(minX) && Number.isFinite(maxX) ? [minX, minY, maxX, maxY] : null;
}

export function errorCount(source: PreviewSource): number {
  return source.diagnostics.reduce((n, d) => n + (d.severity === 'error' ? 1 : 0), 0);
}

/** How the preview classes a body (protocol/preview-model.ts `BodyKind`): its one color, by precedence. */
export function bodyKind(b: SceneBody): BodyKind {
  return b.isSensor ? 'sensor' : b.isStatic ? 'static' : b.isBullet ? 'bullet' : 'dynamic';
}

export function previewBody(b: SceneBody): PreviewBody {
  const xf: Transform = makeTransform(b.x, b.y, b.angle);
  let bounds: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const parts: PreviewPart[] = [];
  for (let k = 0; k < b.partCount; k++) {
    const shape = b.partShape(k);
    const box = shapeBounds(shape, xf);
    bounds = [Math.min(bounds[0], box.minX), Math.min(bounds[1], box.minY), Math.max(bounds[2], box.maxX), Math.max(bounds[3], box.maxY)];
    // The protocol's flat vertex list is the shape's packed core (shape.ts), copied: the model is
    // posted to the webview and must not share the scene's arrays.
    const vertices = shape.xy.slice(0, 2 * shape.count);
    parts.push({ kind: shape.kind, vertices, radius: shape.radius, range: b.partRange(k) });
  }
  const geometry = b.partCount === 0 ? b.chainGeometry : undefined;
  let chains: PreviewChain[] | undefined;
  if (geometry) {
    const box = chainsBounds(b, geometry);
    bounds = [box.minX, box.minY, box.maxX, box.maxY];
    chains = geometry.chains.map((c) => ({ points: Array.from(c.xy.subarray(0, 2 * c.count)), loop: c.loop }));
  }
  const grid = geometry?.grid;
  if (!Number.isFinite(bounds[0])) bounds = [b.x, b.y, b.x, b.y];
  // Made on each read (semantics/scene.ts): read once.
  const props = b.props;
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
    ...(chains ? { chains } : {}),
    ...(grid ? { tiles: previewTiles(grid) } : {}),
    position: [b.x, b.y],
    angle: b.angle,
    velocity: [b.vx, b.vy],
    spin: b.spin,
    bounds,
    nameRange: { start: b.nameRange.start, end: b.nameRange.end },
    range: b.range,
    ...(props.at ? { atRange: props.at.valueRange } : {}),
    ...(props.angle ? { angleRange: props.angle.valueRange } : {}),
    insertOffset: b.shapeEnd,
  };
}

/**
 * A chain body's world bounds (it is static): the corners of its chains' box, body frame, in its
 * pose (exact unless the body is turned, then a box around the turned box); its origin's when it
 * has no chain.
 */
function chainsBounds(b: SceneBody, chains: SceneChains): AABB {
  const box = chains.boxInPose(b.x, b.y, b.angle, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
  return box.minX <= box.maxX ? box : pathBounds(b, 0);
}

/** A grid's cells as the model holds them: one tile character a cell, row by row. */
function previewTiles(grid: TileGrid): PreviewTiles {
  const cells = new Array<string>(grid.cells.length);
  for (let i = 0; i < cells.length; i++) cells[i] = TILE_CHARACTERS[grid.cells[i]!]!;
  return { columns: grid.width, rows: grid.height, cellWidth: grid.cellWidth, cellHeight: grid.cellHeight, cells: cells.join('') };
}

/** The path of a body's origin over [0, t1]. */
function pathBounds(b: SceneBody, t1: number): AABB {
  const x1 = b.x + b.vx * t1;
  const y1 = b.y + b.vy * t1;
  return { minX: Math.min(b.x, x1), minY: Math.min(b.y, y1), maxX: Math.max(b.x, x1), maxY: Math.max(b.y, y1) };
}

/** A finding as the preview shows it, worded as its diagnostic is (the pair inspector words its one finding with it too). */
export function previewFinding(scene: Scene, f: Finding): PreviewFinding {
  // A finding's vectors are made on each read (analysis/findings.ts), and the model has every
  // finding of the scene: their numbers are read as they are held, or each vector once.
  if (f.kind === 'overlap') {
    const d = overlapDiagnostic(scene, f);
    const points = new Array<[number, number]>(f.pointCount);
    for (let i = 0; i < points.length; i++) points[i] = [f.pointX(i), f.pointY(i)];
    return {
      kind: 'overlap',
      severity: d.severity,
      a: f.a,
      b: f.b,
      ia: f.ia,
      ib: f.ib,
      normal: [f.normalX, f.normalY],
      depth: f.depth,
      points,
      message: d.message,
    };
  }
  if (f.kind === 'ghost-bump') {
    const d = ghostBumpDiagnostic(scene, f);
    // The seam is the point; a seam has no normal between the pair, so none is drawn.
    return {
      kind: 'ghost-bump',
      severity: d.severity,
      a: f.a,
      b: f.b,
      ia: f.ia,
      ib: f.ib,
      normal: [0, 0],
      toi: f.toi,
      point: [f.seamX, f.seamY],
      moving: f.moving === f.ia ? 'a' : 'b',
      pieces: [f.pieces[0], f.pieces[1]],
      message: d.message,
    };
  }
  const d = impactDiagnostic(scene, f);
  const normal = f.normal;
  const point = f.point;
  return {
    kind: f.kind,
    severity: d.severity,
    a: f.a,
    b: f.b,
    ia: f.ia,
    ib: f.ib,
    normal: [normal.x, normal.y],
    toi: f.toi,
    point: [point.x, point.y],
    // Infinity when no number of substeps is sure to see the contact: JSON has no such number.
    ...(f.substeps !== undefined && Number.isFinite(f.substeps) ? { substeps: f.substeps } : {}),
    message: d.message,
  };
}
