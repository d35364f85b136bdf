import { gridLayout, OVERSIZED_CELL, sweptBoundsInto, type AABB, type ConvexShape, type GridLayout } from '../../core';
import type { PreviewBody, PreviewFinding } from '../../protocol/preview-model';
import { makePose, partToWorld, Scratch, type Pose } from '../geometry';
import type { Painter } from '../painter';
import type { Theme } from '../theme';
import { screenYSign, toScreenX, toScreenY, type Viewport } from '../viewport';
import type { SceneBodies } from './scene-bodies';
import type { SceneDrawOptions } from './scene-options';

/** Sizes in pixels: arrow heads, the shortest velocity arrow, contact dots and normals, vertex labels. */
const HEAD_PX = 7;
const MIN_VELOCITY_PX = 12;
const DOT_PX = 3;
const NORMAL_PX = 26;
const VERTEX_TEXT_PX = 10;
const VERTEX_OFFSET_PX = 8;
/** Vertex numbers only on bodies at least this large on screen, and at most this many a frame. */
const VERTEX_MIN_RADIUS_PX = 14;
const MAX_VERTEX_LABELS = 2000;
/** Broad-phase cells smaller than this on screen are not drawn (they would fill the view). */
const MIN_CELL_PX = 4;
/**
 * Boxes smaller than this on screen on both axes are not drawn: at that size a body's box is the
 * body's own dot (bodies-layer.ts), and a fitted 10k-body scene would stroke 20,000 of them.
 */
const MIN_BOX_PX = 4;
/**
 * The most bodies in view the per-body overlays are drawn for: beyond it (a fitted view of a
 * large scene) a software canvas spends hundreds of milliseconds a frame on marks that merge
 * into a haze, so a note asks to zoom in instead, as crowded labels are left out.
 */
export const MAX_OVERLAY_BODIES = 1500;
const NOTE_PX = 11;

/**
 * Sub-paths a path of overlay marks holds before it is stroked: the painter's batch size is set
 * for filling bodies (one a path in Chromium's software canvas), but thousands of strokes of one
 * or two segments cost far more as separate calls than a few hundred sub-paths a path do.
 */
const BATCH = 256;
/** A spin's arc turns through the angle of one step, drawn at least and at most these angles. */
const MIN_SPIN_ARC = Math.PI / 6;
const MAX_SPIN_ARC = (5 * Math.PI) / 3;

/**
 * The debug-draw overlays (scene-options.ts DEBUG_LAYERS), drawn over the world layer:
 * - `aabb`: each body's box at the drawn time, and a moving body's swept box over [0, frames dt]
 *   (dashed): the box the analysis files the body under in its broad phase;
 * - `broadphase`: the loose grid the analysis's default broad phase lays those boxes out in
 *   (core/broad/grid-pairs.ts `gridLayout`, the same code): each cell holding a box's center,
 *   and the oversized boxes it tests apart;
 * - `velocity`: an arrow from each moving body's origin over the path of one step (dt), at least
 *   MIN_VELOCITY_PX long, and an arc around it turning as far as the body spins in a step;
 * - `contacts`: each finding's contact points and its normal (A → B): at t = 0 for an overlap
 *   (the push-out direction), at the time of impact for the others;
 * - `vertices`: each polygon's vertices numbered as the core numbers them (the inspector's
 *   a0, b1 support indices), part-prefixed on compound bodies.
 * Only bodies the spatial index offers for the view are visited, one path a style is stroked,
 * and nothing is computed before an overlay is asked for: with every overlay off the layer
 * costs one test a frame.
 */
export class DebugLayer {
  private readonly pose: Pose = makePose();
  private readonly w = new Scratch();
  /** Per body its broad-phase box (minX, minY, maxX, maxY), computed on first use. */
  private boxes: Float64Array | null = null;
  private layout: GridLayout | null | undefined;
  private readonly box: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private readonly seen = new Set<number>();

  constructor(private readonly bodies: SceneBodies) {}

  draw(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    const show = o.show;
    if (!show || show.size === 0) return;
    const sb = this.bodies;
    const candidates = sb.candidates(v, undefined, o);
    const crowded = candidates.length > MAX_OVERLAY_BODIES;
    if (!crowded) {
      if (show.has('broadphase')) this.drawBroadPhase(p, v, theme, candidates);
      if (show.has('aabb')) this.drawBoxes(p, v, theme, o, candidates);
      if (show.has('velocity')) this.drawVelocities(p, v, theme, o, candidates);
      if (show.has('vertices')) this.drawVertices(p, v, theme, o, candidates);
    }
    const drewContacts = show.has('contacts') && drawContacts(p, v, theme, sb.scene.findings);
    if (crowded && (show.size > 1 || !show.has('contacts'))) {
      const n = candidates.length.toLocaleString('en-US');
      const what = drewContacts ? 'Contacts shown; zoom in for the other overlays' : 'Zoom in for the debug overlays';
      p.text(`${what} (${n} bodies in view)`, v.width - 8, 8, { color: theme.foreground, size: NOTE_PX, align: 'right', baseline: 'top' });
    }
  }

  /** The broad-phase box of each body: its parts' swept bounds (core sweptBoundsInto), or its chains' box. */
  broadPhaseBoxes(): Float64Array {
    if (this.boxes) return this.boxes;
    const bodies = this.bodies.scene.bodies;
    const T = this.bodies.duration;
    const t1 = T > 0 && Number.isFinite(T) ? T : 0;
    const out = new Float64Array(4 * bodies.length);
    const xf = { x: 0, y: 0, c: 1, s: 0 };
    const velocity = { x: 0, y: 0 };
    const b = this.box;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i]!;
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      xf.x = body.position[0];
      xf.y = body.position[1];
      xf.c = Math.cos(body.angle);
      xf.s = Math.sin(body.angle);
      velocity.x = body.velocity[0];
      velocity.y = body.velocity[1];
      for (const part of body.parts) {
        const shape: ConvexShape = { kind: part.kind, count: part.vertices.length >> 1, xy: part.vertices, radius: part.radius, nxy: [] };
        sweptBoundsInto(shape, xf, velocity, body.spin, 0, t1, b);
        minX = Math.min(minX, b.minX);
        minY = Math.min(minY, b.minY);
        maxX = Math.max(maxX, b.maxX);
        maxY = Math.max(maxY, b.maxY);
      }
      if (body.parts.length === 0 && body.chains) [minX, minY, maxX, maxY] = body.bounds;
      out[4 * i] = minX <= maxX ? minX : NaN;
      out[4 * i + 1] = minY;
      out[4 * i + 2] = maxX;
      out[4 * i + 3] = maxY;
    }
    this.boxes = out;
    return out;
  }

  /** The loose grid of the broad-phase boxes (null when the dense grid declines). */
  grid(): GridLayout | null {
    if (this.layout === undefined) {
      const boxes = this.broadPhaseBoxes();
      this.layout = gridLayout(boxes, boxes.length >> 2);
    }
    return this.layout;
  }

  private drawBroadPhase(p: Painter, v: Viewport, theme: Theme, candidates: Int32Array): void {
    const g = this.grid();
    if (!g) return;
    const boxes = this.broadPhaseBoxes();
    const seen = this.seen;
    seen.clear();
    const cells = new StrokeBatch(p, batchOf(p), theme.info, 1, 0.45);
    const cellPx = g.cell * v.zoom;
    if (cellPx >= MIN_CELL_PX) {
      for (let k = 0; k < candidates.length; k++) {
        const c = g.cellOf[candidates[k]!]!;
        if (c < 0 || seen.has(c)) continue;
        seen.add(c);
        const col = c % g.columns;
        const row = (c - col) / g.columns;
        const x0 = g.originX + col * g.cell;
        const y0 = g.originY + row * g.cell;
        traceRect(p, v, x0, y0, x0 + g.cell, y0 + g.cell);
        cells.added();
      }
    }
    cells.end();
    // The oversized boxes, tested against the grid by range.
    const oversized = new StrokeBatch(p, batchOf(p), theme.info, 1.5, 0.8, [2, 3]);
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      if (g.cellOf[i] !== OVERSIZED_CELL) continue;
      traceRect(p, v, boxes[4 * i]!, boxes[4 * i + 1]!, boxes[4 * i + 2]!, boxes[4 * i + 3]!);
      oversized.added();
    }
    oversized.end();
  }

  private drawBoxes(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, candidates: Int32Array): void {
    const sb = this.bodies;
    const bodies = sb.scene.bodies;
    const now = new StrokeBatch(p, batchOf(p), theme.foreground, 1, 0.55);
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      if (!this.boxAt(bodies[i]!, sb.poseOf(i, o.time, o.drag, this.pose))) continue;
      const b = this.box;
      if ((b.maxX - b.minX) * v.zoom < MIN_BOX_PX && (b.maxY - b.minY) * v.zoom < MIN_BOX_PX) continue;
      traceRect(p, v, b.minX, b.minY, b.maxX, b.maxY);
      now.added();
    }
    now.end();
    // Swept boxes of the moving bodies (a dragged one is drawn at its pose only).
    const boxes = this.broadPhaseBoxes();
    const swept = new StrokeBatch(p, batchOf(p), theme.foreground, 1, 0.55, [4, 3]);
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      const body = bodies[i]!;
      if (!isMoving(body) || o.drag?.index === i || !(boxes[4 * i]! <= boxes[4 * i + 2]!)) continue;
      if ((boxes[4 * i + 2]! - boxes[4 * i]!) * v.zoom < MIN_BOX_PX && (boxes[4 * i + 3]! - boxes[4 * i + 1]!) * v.zoom < MIN_BOX_PX) continue;
      traceRect(p, v, boxes[4 * i]!, boxes[4 * i + 1]!, boxes[4 * i + 2]!, boxes[4 * i + 3]!);
      swept.added();
    }
    swept.end();
  }

  /** The body's box at `pose` into this.box; false for a body with nothing to box. */
  private boxAt(body: PreviewBody, pose: Pose): boolean {
    const b = this.box;
    b.minX = Infinity;
    b.minY = Infinity;
    b.maxX = -Infinity;
    b.maxY = -Infinity;
    for (const part of body.parts) {
      const n = partToWorld(part, pose, this.w);
      const buf = this.w.buf;
      for (let j = 0; j < n; j++) {
        b.minX = Math.min(b.minX, buf[2 * j]! - part.radius);
        b.maxX = Math.max(b.maxX, buf[2 * j]! + part.radius);
        b.minY = Math.min(b.minY, buf[2 * j + 1]! - part.radius);
        b.maxY = Math.max(b.maxY, buf[2 * j + 1]! + part.radius);
      }
    }
    if (body.parts.length === 0 && body.chains) {
      // A chain body's box at t = 0, moved with a drag (its rotation bounded by its radius).
      const [x0, y0, x1, y1] = body.bounds;
      if (pose.angle === body.angle) {
        const dx = pose.x - body.position[0];
        const dy = pose.y - body.position[1];
        b.minX = x0 + dx;
        b.minY = y0 + dy;
        b.maxX = x1 + dx;
        b.maxY = y1 + dy;
      } else {
        const r = this.bodies.radii[body.index]!;
        b.minX = pose.x - r;
        b.minY = pose.y - r;
        b.maxX = pose.x + r;
        b.maxY = pose.y + r;
      }
    }
    return b.minX <= b.maxX && b.minY <= b.maxY;
  }

  private drawVelocities(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, candidates: Int32Array): void {
    const sb = this.bodies;
    const bodies = sb.scene.bodies;
    const dt = sb.scene.dt > 0 && Number.isFinite(sb.scene.dt) ? sb.scene.dt : 1;
    const sign = screenYSign(v);
    const arrows = new StrokeBatch(p, batchOf(p), theme.info, 1.5, 0.95);
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      const body = bodies[i]!;
      // A body that is a dot on screen gets no arrow either (MIN_BOX_PX).
      if (!isMoving(body) || 2 * sb.radii[i]! * v.zoom < MIN_BOX_PX) continue;
      const pose = sb.poseOf(i, o.time, o.drag, this.pose);
      const ox = toScreenX(v, pose.x);
      const oy = toScreenY(v, pose.y);
      const [vx, vy] = body.velocity;
      const speed = Math.hypot(vx, vy);
      if (speed > 0) {
        const len = Math.max(speed * dt * v.zoom, MIN_VELOCITY_PX);
        traceArrow(p, ox, oy, ox + (vx / speed) * len, oy + (sign * vy / speed) * len);
      }
      if (body.spin !== 0) {
        // Screen angles: a world angle a is the canvas angle sign · a.
        const r = Math.max(sb.radii[i]! * v.zoom * 0.6, 10);
        const turn = Math.min(Math.max(Math.abs(body.spin) * dt, MIN_SPIN_ARC), MAX_SPIN_ARC);
        const a0 = sign * pose.angle;
        const ccw = (body.spin > 0) === (sign < 0);
        const a1 = ccw ? a0 - turn : a0 + turn;
        traceArc(p, ox, oy, r, a0, a1);
        // The head: tangent to the arc at its end, along the turn.
        const ex = ox + r * Math.cos(a1);
        const ey = oy + r * Math.sin(a1);
        const tx = ccw ? Math.sin(a1) : -Math.sin(a1);
        const ty = ccw ? -Math.cos(a1) : Math.cos(a1);
        traceHead(p, ex, ey, tx, ty);
      }
      arrows.added();
    }
    arrows.end();
  }

  private drawVertices(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, candidates: Int32Array): void {
    const sb = this.bodies;
    const bodies = sb.scene.bodies;
    let labels = 0;
    for (let k = 0; k < candidates.length && labels < MAX_VERTEX_LABELS; k++) {
      const i = candidates[k]!;
      if (sb.radii[i]! * v.zoom < VERTEX_MIN_RADIUS_PX) continue;
      const body = bodies[i]!;
      const pose = sb.poseOf(i, o.time, o.drag, this.pose);
      if (!sb.visible(i, pose, v, 0)) continue;
      const parts = body.parts;
      for (let j = 0; j < parts.length; j++) {
        const part = parts[j]!;
        if (part.kind === 'circle') continue;
        // The corners on screen, in place of their world coordinates.
        const n = partToWorld(part, pose, this.w);
        const s = this.w.buf;
        for (let q = 0; q < n; q++) {
          s[2 * q] = toScreenX(v, s[2 * q]!);
          s[2 * q + 1] = toScreenY(v, s[2 * q + 1]!);
        }
        p.beginPath();
        for (let q = 0; q < n; q++) {
          p.moveTo(s[2 * q]! + 2, s[2 * q + 1]!);
          p.arc(s[2 * q]!, s[2 * q + 1]!, 2, 0, 2 * Math.PI, false);
        }
        p.fill(theme.foreground, 0.9);
        const off = VERTEX_OFFSET_PX + part.radius * v.zoom;
        for (let q = 0; q < n; q++) {
          const x = s[2 * q]!;
          const y = s[2 * q + 1]!;
          const before = 2 * ((q + n - 1) % n);
          const after = 2 * ((q + 1) % n);
          // Outwards along the corner's bisector (u1 - u2 of its two edges' directions, either
          // winding), so that the numbers of a thin polygon's near corners stay apart.
          const l1 = Math.hypot(x - s[before]!, y - s[before + 1]!) || 1;
          const l2 = Math.hypot(s[after]! - x, s[after + 1]! - y) || 1;
          let dx = (x - s[before]!) / l1 - (s[after]! - x) / l2;
          let dy = (y - s[before + 1]!) / l1 - (s[after + 1]! - y) / l2;
          const d = Math.hypot(dx, dy);
          if (d > 1e-9) {
            dx /= d;
            dy /= d;
          } else {
            dx = 0;
            dy = -1;
          }
          p.text(parts.length > 1 ? `${j}:${q}` : String(q), x + dx * off, y + dy * off, { color: theme.foreground, size: VERTEX_TEXT_PX, align: 'center', baseline: 'middle' });
          labels++;
        }
      }
    }
  }
}

/**
 * An arc of a circle as chords, 12 a full turn: the overlays' circles are marks a few pixels
 * across, and a path of chords strokes without the canvas backend flattening arcs (canvas-painter.ts).
 */
function traceArc(p: Painter, x: number, y: number, r: number, a0: number, a1: number): void {
  const n = Math.max(2, Math.ceil((Math.abs(a1 - a0) / (2 * Math.PI)) * 12));
  p.moveTo(x + r * Math.cos(a0), y + r * Math.sin(a0));
  for (let k = 1; k <= n; k++) {
    const a = a0 + ((a1 - a0) * k) / n;
    p.lineTo(x + r * Math.cos(a), y + r * Math.sin(a));
  }
}

function isMoving(body: PreviewBody): boolean {
  return body.velocity[0] !== 0 || body.velocity[1] !== 0 || body.spin !== 0;
}

/** Sub-paths a batch holds on this painter: BATCH where it batches its paths, else all of them in one. */
function batchOf(p: Painter): number {
  return p.batchSize === undefined ? Infinity : BATCH;
}

/**
 * One style's marks traced into the painter's current path (begun here), stroked every `limit`
 * sub-paths (BATCH says why) and once at the end.
 */
class StrokeBatch {
  private count = 0;

  constructor(
    private readonly p: Painter,
    private readonly limit: number,
    private readonly color: string,
    private readonly width: number,
    private readonly alpha: number,
    private readonly dash?: readonly number[],
  ) {
    p.beginPath();
  }

  /** One more sub-path was traced: stroke the path when it holds `limit`. */
  added(): void {
    if (++this.count < this.limit) return;
    this.stroke();
    this.p.beginPath();
    this.count = 0;
  }

  /** Stroke what is left. */
  end(): void {
    if (this.count > 0) this.stroke();
  }

  private stroke(): void {
    if (this.dash) this.p.stroke(this.color, this.width, this.alpha, this.dash);
    else this.p.stroke(this.color, this.width, this.alpha);
  }
}

/**
 * A world rectangle as a closed sub-path of the current path, from its top-left corner on screen
 * clockwise, so that a y-down scene traces the same path as the y-up drawing of its mirror.
 */
function traceRect(p: Painter, v: Viewport, x0: number, y0: number, x1: number, y1: number): void {
  const sx0 = toScreenX(v, x0);
  const sx1 = toScreenX(v, x1);
  const a = toScreenY(v, y0);
  const b = toScreenY(v, y1);
  const top = Math.min(a, b);
  const bottom = Math.max(a, b);
  p.moveTo(sx0, top);
  p.lineTo(sx1, top);
  p.lineTo(sx1, bottom);
  p.lineTo(sx0, bottom);
  p.closePath();
}

/** An arrow's shaft and head as sub-paths of the current path (marks.ts drawArrow, unstroked). */
function traceArrow(p: Painter, x0: number, y0: number, x1: number, y1: number): void {
  p.moveTo(x0, y0);
  p.lineTo(x1, y1);
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len > 0) traceHead(p, x1, y1, (x1 - x0) / len, (y1 - y0) / len, Math.min(HEAD_PX, len * 0.6));
}

/** An arrow head at (x, y) pointing along the unit (ux, uy). */
function traceHead(p: Painter, x: number, y: number, ux: number, uy: number, h = HEAD_PX): void {
  p.moveTo(x - ux * h - uy * h * 0.5, y - uy * h + ux * h * 0.5);
  p.lineTo(x, y);
  p.lineTo(x - ux * h + uy * h * 0.5, y - uy * h - ux * h * 0.5);
}

/**
 * Each finding's contact points (hollow dots) and its normal from a towards b, from the points'
 * middle: at t = 0 for an overlap (the direction b is pushed out), at the time of impact for a
 * tunnelling or a collision, at the seam for a ghost bump. Findings off screen are skipped, and
 * all are when more than MAX_OVERLAY_BODIES are on it; returns whether any was drawn.
 */
function drawContacts(p: Painter, v: Viewport, theme: Theme, findings: readonly PreviewFinding[]): boolean {
  const sign = screenYSign(v);
  const m = NORMAL_PX + DOT_PX;
  // Each finding on screen: the points' middle (x, y) and its index.
  const shown: number[] = [];
  for (let k = 0; k < findings.length; k++) {
    const f = findings[k]!;
    const pts = f.points && f.points.length > 0 ? f.points : f.point ? [f.point] : [];
    if (pts.length === 0) continue;
    let mx = 0;
    let my = 0;
    for (const q of pts) {
      mx += toScreenX(v, q[0]);
      my += toScreenY(v, q[1]);
    }
    mx /= pts.length;
    my /= pts.length;
    if (mx < -m || mx > v.width + m || my < -m || my > v.height + m) continue;
    shown.push(mx, my, k);
    if (shown.length > 3 * MAX_OVERLAY_BODIES) return false;
  }
  if (shown.length === 0) return false;
  for (let pass = 0; pass < 2; pass++) {
    const marks = new StrokeBatch(p, BATCH, theme.error, pass === 0 ? 1.5 : 2, 1);
    for (let s = 0; s < shown.length; s += 3) {
      const f = findings[shown[s + 2]!]!;
      if (pass === 0) {
        for (const q of f.points && f.points.length > 0 ? f.points : [f.point!]) traceArc(p, toScreenX(v, q[0]), toScreenY(v, q[1]), DOT_PX, 0, 2 * Math.PI);
      } else {
        const nl = Math.hypot(f.normal[0], f.normal[1]);
        if (!(nl > 0)) continue;
        const mx = shown[s]!;
        const my = shown[s + 1]!;
        traceArrow(p, mx, my, mx + (f.normal[0] / nl) * NORMAL_PX, my + ((sign * f.normal[1]) / nl) * NORMAL_PX);
      }
      marks.added();
    }
    marks.end();
  }
  return true;
}
