import type { BodyKind, PreviewBody, PreviewFinding, PreviewScene } from '../../../protocol/preview-model';
import { BodyIndex } from './body-index';
import { LabelPlacer } from './label-placement';
import { boundingRadius, convexHull, makePose, partToWorld, poseAt, Scratch, traceConvex, type Pose } from './geometry';
import type { Painter } from './painter';
import { PoseTable } from './pose-table';
import { estimateTextWidth, textBottom, textTop } from './text-metrics';
import type { Theme } from './theme';
import { toScreenX, toScreenY, toWorldX, toWorldY, type Viewport } from './viewport';

/** What is being shown besides the scene itself (selection, time, a drag in progress). */
export interface SceneDrawOptions {
  /** Scrubber time in seconds, in [0, frames dt]. */
  readonly time: number;
  /** Bodies under the editor's cursor. */
  readonly highlighted: ReadonlySet<number>;
  readonly selected: number;
  readonly hovered: number;
  /** The pair open in the inspector (body indices), drawn with its sweeps and ghosts. */
  readonly pair: readonly [number, number] | null;
  /** Draw the swept area of every tunnelling pair (not just the selected one). */
  readonly showSweeps: boolean;
  /** A body being dragged: drawn at this pose instead of its own. */
  readonly drag?: { readonly index: number; readonly x: number; readonly y: number; readonly angle: number } | null;
  /** A line of text drawn in the top-left corner (exports say what they show). */
  readonly caption?: string;
}

/** A rectangle of the screen in CSS pixels (y down): the part of the view being drawn. */
export interface ScreenRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

const KINDS: readonly BodyKind[] = ['static', 'dynamic', 'bullet', 'sensor'];
/** Culling margin in pixels: a stroke's half width and its antialiasing stay inside it. */
const CULL_MARGIN_PX = 2;
/**
 * Half the side of the square that stands for a body under TINY_PX on screen, at least: a body
 * smaller than that is drawn this large, so that it shows, and culled by this size too.
 */
const MIN_SQUARE_HALF_PX = 0.75;
/** Above this many findings, only the pair in the inspector gets its sweeps and arrows. */
const MAX_DECORATED_FINDINGS = 500;
const MAX_LABELS = 250;
/** Bodies whose bounding radius is below this many pixels get no label. */
const LABEL_MIN_PX = 18;
const LABEL_SIZE = 11;
/** A label shifted off its body's middle stays this far inside the body's top and bottom. */
const LABEL_INSET_PX = 2;
const CAPTION_SIZE = 12;
const CAPTION_AT = 8;
/** The grid's numbers' font size (the pair view keeps its text off them too). */
export const TICK_SIZE = 10;
/** Sizes of the findings' marks in pixels: contact dots' radius, crosses' half size, arrow heads. */
const DOT_PX = 3.5;
const CROSS_PX = 5;
const ARROW_HEAD_PX = 8;
/** A push-out arrow is drawn at least this long, so that a shallow overlap's stays visible. */
const MIN_ARROW_PX = 14;
/** Bodies whose bounding radius is below this many pixels are drawn as small squares. */
const TINY_PX = 3;
/** Bodies whose bounding radius is below this many pixels are filled but not outlined. */
const SMALL_PX = 8;
/** Distance of the rotation handle beyond the body's bounding radius, in pixels. */
const HANDLE_OFFSET_PX = 22;
export const HANDLE_RADIUS_PX = 6;

/**
 * Draws an analysed scene on any Painter: grid and axes in scene units, bodies filled and
 * outlined by kind, overlaps with their push-out arrows and contact points, tunnelling pairs
 * with their swept areas and ghosts (start, time of impact, end). The per-scene work (kind
 * lists, bounding radii) is done once in the constructor; a frame asks a spatial index which
 * bodies can be on screen, takes their poses from a table kept per scrubber time, and batches
 * paths per colour, allocating nothing per body.
 *
 * A frame has three layers, drawn in this order by `draw`: the backdrop (background and grid,
 * anchored to the screen), the world (swept areas, bodies, overlap outlines: anchored to the
 * scene, and the same for every view at one zoom, so the preview can cache it as a bitmap and
 * shift it while panning) and the overlay (emphasis, finding marks, labels, the rotation handle,
 * the caption: cheap, and changed by hovering or selecting). The world layer can be drawn for a
 * part of the screen only, and then draws exactly the pixels a whole-screen draw would have
 * there: batches are formed from each body's place in declaration order, not from what happens
 * to be visible.
 */
export class ScenePainter {
  readonly radii: Float64Array;
  /** The largest finite bounding radius (0 for an empty scene). */
  readonly maxRadius: number;
  private readonly byKind: Record<BodyKind, Int32Array>;
  /** KINDS index of each body, its place in its kind's list, and each kind's start in `bucket`. */
  private readonly kindOf: Uint8Array;
  private readonly kindPos: Int32Array;
  private readonly kindStart = new Int32Array(KINDS.length);
  private readonly kindCount = new Int32Array(KINDS.length);
  /** Candidates of one frame grouped by kind, declaration order kept within each kind. */
  private readonly bucket: Int32Array;
  private readonly overlapping: Uint8Array;
  /** Indices of the bodies in `overlapping`, ascending. */
  private readonly overlapList: Int32Array;
  private readonly poses: PoseTable;
  private index: BodyIndex | null = null;
  private readonly pose = makePose();
  private readonly pose2 = makePose();
  private readonly w = new Scratch();
  private readonly w2 = new Scratch();
  private readonly hull = new Scratch();
  private readonly order = new Scratch();
  private readonly both = new Scratch();
  private readonly labels = new LabelPlacer();
  /** A push-out arrow's ends on screen (x0, y0, x1, y1). */
  private readonly arrow = new Float64Array(4);
  /** Each body's name's estimated width at a font size of 1 px (NaN until first needed). */
  private readonly labelEm: Float64Array;

  constructor(readonly scene: PreviewScene) {
    const n = scene.bodies.length;
    this.radii = new Float64Array(n);
    this.labelEm = new Float64Array(n).fill(NaN);
    const lists: Record<BodyKind, number[]> = { static: [], dynamic: [], bullet: [], sensor: [] };
    for (let i = 0; i < n; i++) {
      const b = scene.bodies[i]!;
      this.radii[i] = boundingRadius(b);
      lists[b.kind].push(i);
    }
    this.byKind = {
      static: Int32Array.from(lists.static),
      dynamic: Int32Array.from(lists.dynamic),
      bullet: Int32Array.from(lists.bullet),
      sensor: Int32Array.from(lists.sensor),
    };
    this.kindOf = new Uint8Array(n);
    this.kindPos = new Int32Array(n);
    this.bucket = new Int32Array(n);
    let start = 0;
    for (let kk = 0; kk < KINDS.length; kk++) {
      const list = this.byKind[KINDS[kk]!];
      this.kindStart[kk] = start;
      start += list.length;
      for (let k = 0; k < list.length; k++) {
        this.kindOf[list[k]!] = kk;
        this.kindPos[list[k]!] = k;
      }
    }
    this.poses = new PoseTable(scene.bodies);
    let maxRadius = 0;
    for (let i = 0; i < n; i++) if (this.radii[i]! > maxRadius && Number.isFinite(this.radii[i]!)) maxRadius = this.radii[i]!;
    this.maxRadius = maxRadius;
    this.overlapping = new Uint8Array(n);
    for (const f of scene.findings) {
      if (f.kind === 'overlap') {
        this.overlapping[f.ia] = 1;
        this.overlapping[f.ib] = 1;
      }
    }
    const overlapList: number[] = [];
    for (let i = 0; i < n; i++) if (this.overlapping[i]) overlapList.push(i);
    this.overlapList = Int32Array.from(overlapList);
  }

  /** The interval the scrubber covers: [0, frames dt]. */
  get duration(): number {
    return this.scene.frames * this.scene.dt;
  }

  /** A body's pose at time t, or the dragged pose while it is dragged. */
  poseOf(i: number, t: number, drag: SceneDrawOptions['drag'], out: Pose): Pose {
    if (drag && drag.index === i) {
      out.x = drag.x;
      out.y = drag.y;
      out.angle = drag.angle;
      out.c = Math.cos(drag.angle);
      out.s = Math.sin(drag.angle);
      return out;
    }
    return this.poses.get(i, t, out);
  }

  /**
   * Whether body i at `pose` can be in the region (bounding-circle test, margin in pixels); the
   * region is the whole screen unless given.
   */
  private visible(i: number, pose: Pose, v: Viewport, marginPx: number, region?: ScreenRect): boolean {
    const r = Math.max(this.radii[i]! * v.zoom, MIN_SQUARE_HALF_PX) + marginPx;
    const sx = toScreenX(v, pose.x);
    const sy = toScreenY(v, pose.y);
    if (region) return sx + r >= region.x0 && sx - r <= region.x1 && sy + r >= region.y0 && sy - r <= region.y1;
    return sx + r >= 0 && sx - r <= v.width && sy + r >= 0 && sy - r <= v.height;
  }

  /**
   * Indices, ascending, of the bodies that may show in the region at the options' time: the
   * index's candidates, plus the dragged body (drawn away from its own path). Reused by the
   * next call.
   */
  private candidates(v: Viewport, region: ScreenRect | undefined, o: SceneDrawOptions): Int32Array {
    this.index ??= new BodyIndex(this.scene.bodies, this.radii, this.duration);
    const m = CULL_MARGIN_PX + 1;
    const x0 = region ? region.x0 : 0;
    const y0 = region ? region.y0 : 0;
    const x1 = region ? region.x1 : v.width;
    const y1 = region ? region.y1 : v.height;
    const found = this.index.candidates(o.time, toWorldX(v, x0 - m), toWorldY(v, y1 + m), toWorldX(v, x1 + m), toWorldY(v, y0 - m));
    const d = o.drag?.index ?? -1;
    if (d < 0 || d >= this.scene.bodies.length || found.length === this.scene.bodies.length || binarySearch(found, d)) return found;
    const merged = new Int32Array(found.length + 1);
    merged.set(found);
    merged[found.length] = d;
    return merged.sort();
  }

  private traceBody(p: Painter, v: Viewport, body: PreviewBody, pose: Pose): void {
    for (const part of body.parts) {
      const n = partToWorld(part, pose, this.w);
      traceConvex(p, v, this.w.buf, n, part.radius);
      if (part.kind === 'circle' && part.radius * v.zoom >= 6) {
        // A spoke shows a circle's orientation, so spin and the angle handle are visible.
        const cx = this.w.buf[0]!;
        const cy = this.w.buf[1]!;
        p.moveTo(toScreenX(v, cx), toScreenY(v, cy));
        p.lineTo(toScreenX(v, cx + part.radius * pose.c), toScreenY(v, cy + part.radius * pose.s));
      }
    }
  }

  /** The whole frame: backdrop, world and overlay (what the SVG export and the CLI draw). */
  draw(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    // The grid leaves the caption's band free of its labels.
    this.drawBackdrop(p, v, theme, o.caption ? CAPTION_AT + textBottom(CAPTION_SIZE, 'top') : 0);
    this.drawWorld(p, v, theme, o);
    this.drawOverlay(p, v, theme, o);
  }

  /**
   * The background and the grid with its labels (anchored to the screen); no grid label reaches
   * above `topInset` pixels.
   */
  drawBackdrop(p: Painter, v: Viewport, theme: Theme, topInset = 0): void {
    p.clear(theme.background);
    drawGrid(p, v, theme, topInset);
  }

  /**
   * Swept areas, bodies and overlap outlines, without clearing: everything that moves with the
   * scene when the view pans. With `region`, only bodies that can reach that part of the screen
   * are traced (the caller clips to it); the pixels inside are those of a whole-screen draw.
   */
  drawWorld(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, region?: ScreenRect): void {
    const scene = this.scene;
    const bodies = scene.bodies;
    const pose = this.pose;
    const decorateAll = scene.findings.length <= MAX_DECORATED_FINDINGS;

    // Swept areas first, under the bodies: every tunnelling pair's, and the inspected pair's
    // whether or not it has a finding.
    let pairDrawn = false;
    for (const f of scene.findings) {
      const isPair = o.pair !== null && f.ia === o.pair[0] && f.ib === o.pair[1];
      if (isPair || (o.showSweeps && decorateAll && f.kind === 'tunnelling')) this.drawSweeps(p, v, theme, f.ia, f.ib, f.kind, f.toi);
      pairDrawn ||= isPair;
    }
    if (o.pair && !pairDrawn && o.pair[0] < bodies.length && o.pair[1] < bodies.length) {
      this.drawSweeps(p, v, theme, o.pair[0], o.pair[1], null, undefined);
    }

    const candidates = this.candidates(v, region, o);
    const counts = this.kindCount;
    counts.fill(0);
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      const kk = this.kindOf[i]!;
      this.bucket[this.kindStart[kk]! + counts[kk]!++] = i;
    }
    const batch = p.batchSize ?? Infinity;
    for (let kk = 0; kk < KINDS.length; kk++) {
      const kind = KINDS[kk]!;
      const list = this.byKind[kind];
      if (list.length === 0) continue;
      const start = this.kindStart[kk]!;
      const count = counts[kk]!;
      const color = theme.bodies[kind];
      const fillAlpha = kind === 'sensor' ? 0.12 : 0.25;
      const dash = kind === 'sensor' ? [4, 3] : undefined;
      // Level of detail, measured with bench/preview-frame.ts: a body under TINY_PX on screen
      // is a filled square of its bounding radius; under SMALL_PX its true outline filled more
      // strongly but not stroked (stroking thousands of small curves is what costs most in a
      // software canvas); larger bodies are filled and outlined. The eye cannot tell the
      // difference at those sizes, and a 10k-body scene fitted to the view is mostly such bodies.
      for (let lod = 0; lod < 3; lod++) {
        if (batch === Infinity) {
          // One path of every visible body (SVG: no limit on a path's size).
          let inPath = 0;
          p.beginPath();
          for (let m = 0; m < count; m++) {
            const i = this.bucket[start + m]!;
            if (lodOf(this.radii[i]! * v.zoom) !== lod) continue;
            this.poseOf(i, o.time, o.drag, pose);
            if (!this.visible(i, pose, v, CULL_MARGIN_PX, region)) continue;
            this.traceBodyAt(p, v, i, pose, lod);
            inPath++;
          }
          if (inPath > 0) this.flushBodies(p, lod, color, fillAlpha, dash);
          continue;
        }
        if (lod === 2 && p.fillRect) {
          // Squares one by one: a rectangle is the canvas's cheapest fill, cheaper than a path
          // of 16 (measured), and each is its own operation, so no batch spans the view.
          const alpha = 0.7;
          for (let m = 0; m < count; m++) {
            const i = this.bucket[start + m]!;
            const r = this.radii[i]! * v.zoom;
            if (lodOf(r) !== 2) continue;
            this.poseOf(i, o.time, o.drag, pose);
            if (!this.visible(i, pose, v, CULL_MARGIN_PX, region)) continue;
            const h = Math.max(r, MIN_SQUARE_HALF_PX);
            p.fillRect(toScreenX(v, pose.x) - h, toScreenY(v, pose.y) - h, 2 * h, 2 * h, color, alpha);
          }
          continue;
        }
        // Batches: the bodies of this level whose places in the kind's list fall in one block
        // of `batch`, one path each. A batch with a body in view is drawn whole, off-screen
        // members too, so that its path never depends on the view: Chromium rasterises a
        // contour differently depending on the path around it (one convex contour alone takes
        // another route than the same contour among others), and a cached layer shifted by
        // whole pixels and patched in strips must equal a whole-screen draw of the new view.
        let last = -1;
        for (let m = 0; m < count; m++) {
          const i = this.bucket[start + m]!;
          if (lodOf(this.radii[i]! * v.zoom) !== lod) continue;
          const block = Math.floor(this.kindPos[i]! / batch);
          if (block === last) continue;
          this.poseOf(i, o.time, o.drag, pose);
          if (!this.visible(i, pose, v, CULL_MARGIN_PX, region)) continue;
          last = block;
          p.beginPath();
          const end = Math.min(list.length, (block + 1) * batch);
          for (let k = block * batch; k < end; k++) {
            const j = list[k]!;
            if (lodOf(this.radii[j]! * v.zoom) !== lod) continue;
            this.traceBodyAt(p, v, j, this.poseOf(j, o.time, o.drag, pose), lod);
          }
          this.flushBodies(p, lod, color, fillAlpha, dash);
        }
      }
    }

    // Bodies in an overlap: outlined in the warning colour (in batches as above on a canvas).
    const overlaps = this.overlapList;
    if (batch === Infinity) {
      p.beginPath();
      let any = false;
      for (let k = 0; k < candidates.length; k++) {
        const i = candidates[k]!;
        if (!this.overlapping[i]) continue;
        this.poseOf(i, o.time, o.drag, pose);
        if (!this.visible(i, pose, v, CULL_MARGIN_PX, region)) continue;
        this.traceBody(p, v, bodies[i]!, pose);
        any = true;
      }
      if (any) p.stroke(theme.warning, 2);
    } else {
      for (let b = 0; b < overlaps.length; b += batch) {
        const end = Math.min(overlaps.length, b + batch);
        let reaches = false;
        for (let k = b; k < end && !reaches; k++) {
          const i = overlaps[k]!;
          reaches = this.visible(i, this.poseOf(i, o.time, o.drag, pose), v, CULL_MARGIN_PX, region);
        }
        if (!reaches) continue;
        p.beginPath();
        for (let k = b; k < end; k++) this.traceBody(p, v, bodies[overlaps[k]!]!, this.poseOf(overlaps[k]!, o.time, o.drag, pose));
        p.stroke(theme.warning, 2);
      }
    }
  }

  /** Body i at `pose` into the current path, at level of detail `lod` (0, 1: outline; 2: square). */
  private traceBodyAt(p: Painter, v: Viewport, i: number, pose: Pose, lod: number): void {
    if (lod < 2) {
      this.traceBody(p, v, this.scene.bodies[i]!, pose);
      return;
    }
    const h = Math.max(this.radii[i]! * v.zoom, MIN_SQUARE_HALF_PX);
    const sx = toScreenX(v, pose.x);
    const sy = toScreenY(v, pose.y);
    p.moveTo(sx - h, sy - h);
    p.lineTo(sx + h, sy - h);
    p.lineTo(sx + h, sy + h);
    p.lineTo(sx - h, sy + h);
    p.closePath();
  }

  private flushBodies(p: Painter, lod: number, color: string, fillAlpha: number, dash: readonly number[] | undefined): void {
    if (lod === 0) {
      p.fill(color, fillAlpha);
      p.stroke(color, 1.25, 1, dash);
    } else p.fill(color, lod === 1 ? 0.55 : 0.7);
    p.beginPath();
  }

  /**
   * Highlight (editor cursor), hover and selection, the findings' marks, body labels, the
   * rotation handle and the caption: drawn over the world layer every frame.
   */
  drawOverlay(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    const scene = this.scene;
    const bodies = scene.bodies;
    const pose = this.pose;
    const decorateAll = scene.findings.length <= MAX_DECORATED_FINDINGS;
    const emphasise = (i: number, width: number, alpha: number): void => {
      if (i < 0 || i >= bodies.length) return;
      this.poseOf(i, o.time, o.drag, pose);
      p.beginPath();
      this.traceBody(p, v, bodies[i]!, pose);
      p.stroke(theme.highlight, width, alpha);
    };
    for (const i of o.highlighted) emphasise(i, 3, 0.9);
    if (o.hovered !== o.selected) emphasise(o.hovered, 2, 0.6);
    emphasise(o.selected, 3, 1);

    // Findings' marks at t = 0: push-out arrows and contact points.
    for (const f of scene.findings) {
      const mark = markOf(f, o, decorateAll);
      if (mark === 'overlap') drawOverlapMarks(p, v, theme, f, this.arrow);
      else if (mark === 'cross') {
        const color = f.kind === 'tunnelling' ? theme.warning : theme.info;
        drawCross(p, toScreenX(v, f.point![0]), toScreenY(v, f.point![1]), CROSS_PX, color);
      }
    }

    this.drawLabels(p, v, theme, o);
    if (o.selected >= 0 && o.selected < bodies.length && !bodies[o.selected]!.isStatic) {
      const h = this.rotationHandle(o.selected, o.time, o.drag, v);
      p.beginPath();
      p.moveTo(h.ox, h.oy);
      p.lineTo(h.hx, h.hy);
      p.stroke(theme.highlight, 1.5, 0.8, [3, 3]);
      p.beginPath();
      p.moveTo(h.hx + HANDLE_RADIUS_PX, h.hy);
      p.arc(h.hx, h.hy, HANDLE_RADIUS_PX, 0, 2 * Math.PI, false);
      p.fill(theme.background, 1);
      p.stroke(theme.highlight, 2);
    }
    if (o.caption) p.text(o.caption, CAPTION_AT, CAPTION_AT, { color: theme.foreground, size: CAPTION_SIZE, baseline: 'top' });
  }

  /**
   * Screen positions of a body's origin and of its rotation handle: on the ray at the body's
   * angle, just outside its bounding circle.
   */
  rotationHandle(i: number, t: number, drag: SceneDrawOptions['drag'], v: Viewport): { ox: number; oy: number; hx: number; hy: number } {
    const pose = this.poseOf(i, t, drag, this.pose2);
    const ox = toScreenX(v, pose.x);
    const oy = toScreenY(v, pose.y);
    const len = this.radii[i]! * v.zoom + HANDLE_OFFSET_PX;
    return { ox, oy, hx: ox + len * pose.c, hy: oy - len * pose.s };
  }

  /**
   * The area each body of an impact pair covers over [0, frames dt], and ghosts of both at the
   * start, at the time of impact and at the end. For a translating convex part the swept area is
   * exactly the hull of its start and end poses; a rotating one is covered by the hulls of
   * consecutive poses at most π/16 apart (finer than the eye can tell at preview sizes).
   */
  private drawSweeps(p: Painter, v: Viewport, theme: Theme, ia: number, ib: number, kind: PreviewFinding['kind'] | null, toi: number | undefined): void {
    const T = this.duration;
    const color = kind === 'collision' || kind === null ? theme.info : theme.warning;
    for (const i of [ia, ib]) {
      const body = this.scene.bodies[i]!;
      const moving = body.velocity[0] !== 0 || body.velocity[1] !== 0 || body.spin !== 0;
      if (moving) {
        const steps = body.spin === 0 ? 1 : Math.min(64, Math.max(1, Math.ceil(Math.abs(body.spin * T) / (Math.PI / 16))));
        p.beginPath();
        for (const part of body.parts) {
          for (let k = 0; k < steps; k++) {
            poseAt(body, (T * k) / steps, this.pose);
            poseAt(body, (T * (k + 1)) / steps, this.pose2);
            const n1 = partToWorld(part, this.pose, this.w);
            const n2 = partToWorld(part, this.pose2, this.w2);
            const both = this.both.ensure(2 * (n1 + n2));
            both.set(this.w.buf.subarray(0, 2 * n1), 0);
            both.set(this.w2.buf.subarray(0, 2 * n2), 2 * n1);
            const h = convexHull(both, n1 + n2, this.hull, this.order);
            traceConvex(p, v, this.hull.buf, h, part.radius);
          }
        }
        p.fill(theme.bodies[body.kind], 0.12);
      }
      // Ghosts: dashed at the start and the end, solid at the time of impact.
      const ghost = (t: number, c: string, width: number, dash?: readonly number[]): void => {
        poseAt(body, t, this.pose);
        p.beginPath();
        this.traceBody(p, v, body, this.pose);
        p.stroke(c, width, 0.9, dash);
      };
      if (moving) {
        ghost(0, theme.bodies[body.kind], 1, [5, 4]);
        ghost(T, theme.bodies[body.kind], 1, [2, 3]);
      }
      if (toi !== undefined) ghost(toi, color, 2);
    }
  }

  /**
   * Body names, placed greedily (label-placement.ts) so that no two meet: the hovered body's
   * label first, then the selected one's, the highlighted ones' and the rest in declaration
   * order; the caption and the grid's labels are reserved before any. The same code serves the
   * canvas and SVG, with widths estimated from font metrics rather than measured, so an export
   * shows the labels the panel showed.
   */
  private drawLabels(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    const placer = this.labels;
    placer.reset();
    if (o.caption) {
      const x1 = CAPTION_AT + estimateTextWidth(o.caption, CAPTION_SIZE);
      placer.reserve(CAPTION_AT, CAPTION_AT + textTop(CAPTION_SIZE, 'top'), x1, CAPTION_AT + textBottom(CAPTION_SIZE, 'top'));
    }
    forEachTickLabel(v, o.caption ? CAPTION_AT + textBottom(CAPTION_SIZE, 'top') : 0, (s, x, y) => {
      placer.reserve(x, y + textTop(TICK_SIZE, 'bottom'), x + estimateTextWidth(s, TICK_SIZE), y + textBottom(TICK_SIZE, 'bottom'));
    });
    // The findings' marks on screen, as drawOverlay drew them.
    const decorateAll = this.scene.findings.length <= MAX_DECORATED_FINDINGS;
    const a = this.arrow;
    for (const f of this.scene.findings) {
      const mark = markOf(f, o, decorateAll);
      if (mark === 'overlap') {
        for (const q of f.points ?? []) avoidOnScreen(placer, v, toScreenX(v, q[0]), toScreenY(v, q[1]), DOT_PX, DOT_PX);
        if (pushOutArrow(v, f, a)) {
          const h = ARROW_HEAD_PX / 2;
          placer.avoid(Math.min(a[0]!, a[2]!) - h, Math.min(a[1]!, a[3]!) - h, Math.max(a[0]!, a[2]!) + h, Math.max(a[1]!, a[3]!) + h);
        }
      } else if (mark === 'cross') avoidOnScreen(placer, v, toScreenX(v, f.point![0]), toScreenY(v, f.point![1]), CROSS_PX, CROSS_PX);
    }
    const n = this.scene.bodies.length;
    let count = 0;
    const first = o.hovered >= 0 && o.hovered < n ? o.hovered : -1;
    const second = o.selected >= 0 && o.selected < n && o.selected !== first ? o.selected : -1;
    if (first >= 0 && this.drawLabel(p, v, theme, o, first)) count++;
    if (second >= 0 && this.drawLabel(p, v, theme, o, second)) count++;
    for (const i of o.highlighted) {
      if (count >= MAX_LABELS) return;
      if (i !== first && i !== second && i >= 0 && i < n && this.drawLabel(p, v, theme, o, i)) count++;
    }
    for (let i = 0; i < n && count < MAX_LABELS; i++) {
      if (i === first || i === second || o.highlighted.has(i)) continue;
      if (this.drawLabel(p, v, theme, o, i)) count++;
    }
  }

  /**
   * Body i's name at its origin, or shifted up or down while it stays inside the body's screen
   * bounds, wherever it meets no label placed before; false when it is not drawn (too small,
   * off screen or crowded out).
   */
  private drawLabel(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, i: number): boolean {
    if (!(this.radii[i]! * v.zoom >= LABEL_MIN_PX)) return false;
    const pose = this.poseOf(i, o.time, o.drag, this.pose);
    if (!this.visible(i, pose, v, 0)) return false;
    const body = this.scene.bodies[i]!;
    let em = this.labelEm[i]!;
    if (Number.isNaN(em)) em = this.labelEm[i] = estimateTextWidth(body.name, 1);
    const sx = toScreenX(v, pose.x);
    const sy = toScreenY(v, pose.y);
    const half = (em * LABEL_SIZE) / 2;
    const top = textTop(LABEL_SIZE, 'middle');
    const bottom = textBottom(LABEL_SIZE, 'middle');
    // How far the label may move and still lie inside the body's vertical extent on screen.
    let minY = Infinity;
    let maxY = -Infinity;
    for (const part of body.parts) {
      const m = partToWorld(part, pose, this.w);
      const w = this.w.buf;
      for (let k = 0; k < m; k++) {
        const y = w[2 * k + 1]!;
        if (y - part.radius < minY) minY = y - part.radius;
        if (y + part.radius > maxY) maxY = y + part.radius;
      }
    }
    const up = sy - toScreenY(v, maxY) + top - LABEL_INSET_PX;
    const down = toScreenY(v, minY) - sy - bottom - LABEL_INSET_PX;
    const dy = this.labels.place(sx - half, sy + top, sx + half, sy + bottom, Math.max(0, Math.min(up, down)));
    if (Number.isNaN(dy)) return false;
    p.text(body.name, sx, sy + dy, { color: theme.foreground, size: LABEL_SIZE, align: 'center', baseline: 'middle' });
    return true;
  }
}

/** Level of detail for a bounding radius of r pixels: 0 outlined, 1 filled, 2 a square. */
function lodOf(r: number): number {
  return r >= SMALL_PX ? 0 : r >= TINY_PX ? 1 : 2;
}

function binarySearch(sorted: Int32Array, x: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const y = sorted[mid]!;
    if (y === x) return true;
    if (y < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function drawCross(p: Painter, x: number, y: number, r: number, color: string): void {
  p.beginPath();
  p.moveTo(x - r, y - r);
  p.lineTo(x + r, y + r);
  p.moveTo(x - r, y + r);
  p.lineTo(x + r, y - r);
  p.stroke(color, 2);
}

/** An arrow from (x0, y0) to (x1, y1) in screen space, head `head` pixels long. */
export function drawArrow(p: Painter, x0: number, y0: number, x1: number, y1: number, color: string, width = 2, head = 8): void {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.hypot(dx, dy);
  p.beginPath();
  p.moveTo(x0, y0);
  p.lineTo(x1, y1);
  if (len > 0) {
    const ux = dx / len;
    const uy = dy / len;
    const h = Math.min(head, len * 0.6);
    p.moveTo(x1 - ux * h - uy * h * 0.5, y1 - uy * h + ux * h * 0.5);
    p.lineTo(x1, y1);
    p.lineTo(x1 - ux * h + uy * h * 0.5, y1 - uy * h - ux * h * 0.5);
  }
  p.stroke(color, width);
}

/**
 * Which mark a finding gets in the overlay: an overlap its contact points and push-out arrow (at
 * t = 0, where they hold, or always for the pair in the inspector), a tunnelling (or the
 * inspected collision) a cross at its contact point. Above MAX_DECORATED_FINDINGS only the
 * inspected pair is marked.
 */
function markOf(f: PreviewFinding, o: SceneDrawOptions, decorateAll: boolean): 'overlap' | 'cross' | null {
  const isPair = o.pair !== null && f.ia === o.pair[0] && f.ib === o.pair[1];
  if (!isPair && !decorateAll) return null;
  if (f.kind === 'overlap') return o.time === 0 || isPair ? 'overlap' : null;
  return f.point && (isPair || f.kind === 'tunnelling') ? 'cross' : null;
}

/** Keep labels off a mark of half size (rx, ry) at (x, y), when it is on screen. */
function avoidOnScreen(placer: LabelPlacer, v: Viewport, x: number, y: number, rx: number, ry: number): void {
  if (x + rx < 0 || x - rx > v.width || y + ry < 0 || y - ry > v.height) return;
  placer.avoid(x - rx, y - ry, x + rx, y + ry);
}

/**
 * An overlap's push-out arrow on screen into `out` (x0, y0, x1, y1): moving b by depth × normal
 * separates the pair by the least distance, so the arrow starts at the contacts' midpoint and
 * points along the normal. A depth shorter than MIN_ARROW_PX is drawn that long so it stays
 * visible; its true length is in the hover and the inspector. False without contact points.
 */
function pushOutArrow(v: Viewport, f: PreviewFinding, out: Float64Array): boolean {
  const pts = f.points ?? [];
  if (pts.length === 0) return false;
  let mx = 0;
  let my = 0;
  for (const q of pts) {
    mx += q[0];
    my += q[1];
  }
  mx /= pts.length;
  my /= pts.length;
  const len = Math.max((f.depth ?? 0) * v.zoom, MIN_ARROW_PX);
  out[0] = toScreenX(v, mx);
  out[1] = toScreenY(v, my);
  out[2] = out[0] + f.normal[0] * len;
  out[3] = out[1] - f.normal[1] * len;
  return true;
}

/** An overlap's contact points and its push-out arrow (pushOutArrow). */
function drawOverlapMarks(p: Painter, v: Viewport, theme: Theme, f: PreviewFinding, arrow: Float64Array): void {
  for (const q of f.points ?? []) {
    p.beginPath();
    const sx = toScreenX(v, q[0]);
    const sy = toScreenY(v, q[1]);
    p.moveTo(sx + DOT_PX, sy);
    p.arc(sx, sy, DOT_PX, 0, 2 * Math.PI, false);
    p.fill(theme.warning, 1);
  }
  if (pushOutArrow(v, f, arrow)) drawArrow(p, arrow[0]!, arrow[1]!, arrow[2]!, arrow[3]!, theme.warning, 2, ARROW_HEAD_PX);
}

/** Grid step in world units for about `targetPx` pixels: 1, 2 or 5 times a power of ten. */
function gridStep(zoom: number, targetPx = 60): number {
  const raw = targetPx / zoom;
  const pow = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 5, 10]) if (pow * m >= raw) return pow * m;
  return pow * 10;
}

/** A number for a grid label with as many decimals as the step needs. */
function formatTick(value: number, step: number): string {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const s = value.toFixed(Math.min(decimals, 12));
  return s === '-0' || /^-0\.0*$/.test(s) ? s.slice(1) : s;
}

/**
 * Grid lines every `gridStep`, the axes through the origin, and labels in scene units (none
 * reaching above `topInset` pixels, where a caption goes).
 */
export function drawGrid(p: Painter, v: Viewport, theme: Theme, topInset = 0): void {
  const step = gridStep(v.zoom);
  const x0 = toWorldX(v, 0);
  const x1 = toWorldX(v, v.width);
  const y0 = toWorldY(v, v.height);
  const y1 = toWorldY(v, 0);
  const i0 = Math.ceil(x0 / step);
  const i1 = Math.floor(x1 / step);
  const j0 = Math.ceil(y0 / step);
  const j1 = Math.floor(y1 / step);
  if (i1 - i0 > 2000 || j1 - j0 > 2000) return;
  p.beginPath();
  for (let i = i0; i <= i1; i++) {
    const sx = Math.round(toScreenX(v, i * step)) + 0.5;
    p.moveTo(sx, 0);
    p.lineTo(sx, v.height);
  }
  for (let j = j0; j <= j1; j++) {
    const sy = Math.round(toScreenY(v, j * step)) + 0.5;
    p.moveTo(0, sy);
    p.lineTo(v.width, sy);
  }
  p.stroke(theme.grid, 1);
  p.beginPath();
  const ax = toScreenX(v, 0);
  const ay = toScreenY(v, 0);
  if (ax >= 0 && ax <= v.width) {
    p.moveTo(Math.round(ax) + 0.5, 0);
    p.lineTo(Math.round(ax) + 0.5, v.height);
  }
  if (ay >= 0 && ay <= v.height) {
    p.moveTo(0, Math.round(ay) + 0.5);
    p.lineTo(v.width, Math.round(ay) + 0.5);
  }
  p.stroke(theme.axis, 1);
  const label = { color: theme.axis, size: TICK_SIZE, align: 'left', baseline: 'bottom' } as const;
  forEachTickLabel(v, topInset, (s, x, y) => p.text(s, x, y, label));
}

/**
 * Every grid label with its anchor (left end of its bottom baseline): x values along the bottom
 * edge, y values along the left edge, none in the bottom-left corner where they would meet, and
 * none reaching above `topInset`. The grid draws them and the label placement keeps clear of
 * them.
 */
export function forEachTickLabel(v: Viewport, topInset: number, visit: (text: string, x: number, y: number) => void): void {
  const step = gridStep(v.zoom);
  const i0 = Math.ceil(toWorldX(v, 0) / step);
  const i1 = Math.floor(toWorldX(v, v.width) / step);
  const j0 = Math.ceil(toWorldY(v, v.height) / step);
  const j1 = Math.floor(toWorldY(v, 0) / step);
  if (i1 - i0 > 2000 || j1 - j0 > 2000) return;
  for (let i = i0; i <= i1; i++) {
    const sx = toScreenX(v, i * step);
    if (sx < 24) continue;
    visit(formatTick(i * step, step), sx + 2, v.height - 4);
  }
  const rise = textTop(TICK_SIZE, 'bottom');
  for (let j = j0; j <= j1; j++) {
    const sy = toScreenY(v, j * step);
    if (sy > v.height - 16 || sy - 2 + rise < topInset) continue;
    visit(formatTick(j * step, step), 3, sy - 2);
  }
}
