/**
 * Culling in the scene painter: the body index (a dynamic tree over swept bounds) against brute
 * force, and the painter's drawing with the index against the same painter testing every body.
 * Culling must be invisible: the same SVG, the same canvas batches, for any view and time.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { BodyIndex } from '../../../../render/scene/body-index';
import { boundingRadius, makePose, poseAt } from '../../../../render/geometry';
import type { Painter, TextStyle } from '../../../../render/painter';
import { ScenePainter, type SceneDrawOptions, type ScreenRect } from '../../../../render/scene/scene-painter';
import { SvgPainter } from '../../../../render/svg-painter';
import { DARK_THEME } from '../../../../render/theme';
import { fitBounds, type Viewport } from '../../../../render/viewport';
import { isPreviewScene, type PreviewScene } from '../../../../protocol/preview-model';
import { largeScene } from './large-scene';

/** Records every call as text; paths are collected, with their bounds, as they are filled or stroked. */
class RecordingPainter implements Painter {
  readonly calls: string[] = [];
  readonly paths: string[] = [];
  /** Screen bounds [x0, y0, x1, y1] of each sub-path of each recorded path (arcs by their whole circle). */
  readonly bounds: number[][][] = [];
  private path: string[] = [];
  private boxes: number[][] = [];
  subpaths = 0;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly batchSize?: number,
  ) {}
  clear(color: string): void {
    this.calls.push(`clear ${color}`);
  }
  beginPath(): void {
    this.path = [];
    this.boxes = [];
  }
  moveTo(x: number, y: number): void {
    this.subpaths++;
    this.boxes.push([Infinity, Infinity, -Infinity, -Infinity]);
    this.path.push(`M${x},${y}`);
    this.grow(x, y, 0);
  }
  lineTo(x: number, y: number): void {
    this.path.push(`L${x},${y}`);
    this.grow(x, y, 0);
  }
  arc(cx: number, cy: number, r: number, a0: number, a1: number, ccw: boolean): void {
    this.path.push(`A${cx},${cy},${r},${a0},${a1},${ccw}`);
    this.grow(cx, cy, r);
  }
  private grow(x: number, y: number, r: number): void {
    const b = this.boxes[this.boxes.length - 1]!;
    b[0] = Math.min(b[0]!, x - r);
    b[1] = Math.min(b[1]!, y - r);
    b[2] = Math.max(b[2]!, x + r);
    b[3] = Math.max(b[3]!, y + r);
  }
  closePath(): void {
    this.path.push('Z');
  }
  fill(color: string, alpha = 1): void {
    this.emit(`fill ${color} ${alpha}`);
  }
  stroke(color: string, width: number, alpha = 1, dash?: readonly number[]): void {
    this.emit(`stroke ${color} ${width} ${alpha} ${dash?.join(',') ?? ''}`);
  }
  text(s: string, x: number, y: number, style: TextStyle): void {
    this.calls.push(`text ${s} ${x} ${y} ${style.size}`);
  }
  private emit(op: string): void {
    const p = `${op} ${this.path.join(' ')}`;
    this.calls.push(p);
    this.paths.push(p);
    this.bounds.push(this.boxes);
  }
}

const NONE: SceneDrawOptions = { time: 0, highlighted: new Set(), selected: -1, hovered: -1, pair: null, showSweeps: true };

/** A painter for `scene` whose index returns every body: the reference without culling. */
function unculled(scene: PreviewScene): ScenePainter {
  const p = new ScenePainter(scene);
  const all = Int32Array.from(scene.bodies, (_, i) => i);
  (p as unknown as { bodies: { index: { candidates: () => Int32Array } } }).bodies.index = { candidates: () => all };
  return p;
}

function viewOf(scene: PreviewScene, zoomFactor: number, fx: number, fy: number): Viewport {
  const v: Viewport = { cx: 0, cy: 0, zoom: 1, width: 640, height: 400 };
  fitBounds(v, scene.bounds);
  v.zoom *= zoomFactor;
  const [x0, y0, x1, y1] = scene.bounds!;
  v.cx = x0 + fx * (x1 - x0);
  v.cy = y0 + fy * (y1 - y0);
  return v;
}

describe('preview culling', () => {
  it('the generated large scene passes the protocol validator', () => {
    assert.ok(isPreviewScene(largeScene(400)));
  });

  describe('BodyIndex', () => {
    it('returns, in ascending order, every body whose bounding circle at t meets the box (against brute force)', () => {
      const scene = largeScene(600, 3);
      const radii = Float64Array.from(scene.bodies, boundingRadius);
      const T = scene.frames * scene.dt;
      const index = new BodyIndex(scene.bodies, radii, T);
      const pose = makePose();
      let met = 0;
      fc.assert(
        fc.property(
          fc.double({ min: -5, max: 80, noNaN: true }),
          fc.double({ min: -5, max: 80, noNaN: true }),
          fc.double({ min: 0, max: 40, noNaN: true }),
          fc.double({ min: 0, max: 40, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          (x, y, w, h, u) => {
            const t = u * T;
            const found = Array.from(index.candidates(t, x, y, x + w, y + h));
            for (let k = 1; k < found.length; k++) assert.ok(found[k - 1]! < found[k]!, 'ascending, no repeats');
            const set = new Set(found);
            for (let i = 0; i < scene.bodies.length; i++) {
              poseAt(scene.bodies[i]!, t, pose);
              const r = radii[i]!;
              const meets = pose.x + r >= x && pose.x - r <= x + w && pose.y + r >= y && pose.y - r <= y + h;
              if (meets) assert.ok(set.has(i), `body ${i} at t = ${t} meets the box but was culled`);
              if (meets) met++;
            }
            return true;
          },
        ),
        { numRuns: 300 },
      );
      assert.ok(met > 300, `only ${met} bodies met a box in 300 runs`);
    });

    it('culls: a small box far from most bodies returns few of them', () => {
      const scene = largeScene(2500);
      const index = new BodyIndex(scene.bodies, Float64Array.from(scene.bodies, boundingRadius), scene.frames * scene.dt);
      const found = index.candidates(0, 10, 10, 16, 16);
      assert.ok(found.length > 0 && found.length < 40, `${found.length} candidates`);
    });

    it('returns every body outside [0, T] (swept bounds do not hold there) and for a box holding the scene', () => {
      const scene = largeScene(300);
      const index = new BodyIndex(scene.bodies, Float64Array.from(scene.bodies, boundingRadius), scene.frames * scene.dt);
      assert.equal(index.candidates(-0.1, 0, 0, 1, 1).length, 300);
      assert.equal(index.candidates(1, 0, 0, 1, 1).length, 300);
      assert.equal(index.candidates(NaN, 0, 0, 1, 1).length, 300);
      assert.equal(index.candidates(0, -1e9, -1e9, 1e9, 1e9).length, 300);
    });

    it('never culls a body whose swept bound is not finite', () => {
      const scene = largeScene(50);
      scene.bodies[7] = { ...scene.bodies[7]!, velocity: [Number.MAX_VALUE, 0] };
      scene.bodies[9] = { ...scene.bodies[9]!, velocity: [Infinity, 0] };
      const index = new BodyIndex(scene.bodies, Float64Array.from(scene.bodies, boundingRadius), scene.frames * scene.dt);
      const found = Array.from(index.candidates(0, 1000, 1000, 1001, 1001));
      assert.deepEqual(found, [9]);
      assert.ok(Array.from(index.candidates(0, -2, -2, 2, 2)).includes(9));
    });
  });

  describe('ScenePainter with culling', () => {
    const scene = largeScene(900, 11);
    const options = (t: number, drag: boolean): SceneDrawOptions => ({
      ...NONE,
      time: t,
      selected: 40,
      hovered: 41,
      highlighted: new Set([3, 500]),
      pair: [0, 5],
      // A body dragged far from its own path must still be drawn.
      drag: drag ? { index: 700, x: 10, y: 12, angle: 0.5 } : null,
    });

    it('draws the same SVG as testing every body, for any view and time', () => {
      const culled = new ScenePainter(scene);
      const reference = unculled(scene);
      fc.assert(
        fc.property(
          fc.double({ min: 0.5, max: 30, noNaN: true }),
          fc.double({ min: -0.2, max: 1.2, noNaN: true }),
          fc.double({ min: -0.2, max: 1.2, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.boolean(),
          (zoom, fx, fy, u, drag) => {
            const v = viewOf(scene, zoom, fx, fy);
            const o = options(u * scene.frames * scene.dt, drag);
            const a = new SvgPainter(v.width, v.height);
            const b = new SvgPainter(v.width, v.height);
            culled.draw(a, v, DARK_THEME, o);
            reference.draw(b, v, DARK_THEME, o);
            assert.equal(a.toString(), b.toString());
          },
        ),
        { numRuns: 60 },
      );
    });

    it('forms the same canvas batches as testing every body, and traces far fewer bodies when zoomed in', () => {
      const culled = new ScenePainter(scene);
      const reference = unculled(scene);
      fc.assert(
        fc.property(
          fc.double({ min: 0.5, max: 30, noNaN: true }),
          fc.double({ min: -0.2, max: 1.2, noNaN: true }),
          fc.double({ min: -0.2, max: 1.2, noNaN: true }),
          fc.boolean(),
          (zoom, fx, fy, drag) => {
            const v = viewOf(scene, zoom, fx, fy);
            const a = new RecordingPainter(v.width, v.height, 16);
            const b = new RecordingPainter(v.width, v.height, 16);
            culled.draw(a, v, DARK_THEME, options(0.01, drag));
            reference.draw(b, v, DARK_THEME, options(0.01, drag));
            assert.deepEqual(a.calls, b.calls);
          },
        ),
        { numRuns: 40 },
      );
      const v = viewOf(scene, 12, 0.5, 0.5);
      const p = new RecordingPainter(v.width, v.height, 16);
      culled.drawWorld(p, v, DARK_THEME, { ...NONE, pair: null, showSweeps: false });
      assert.ok(p.subpaths > 0 && p.subpaths < scene.bodies.length / 5, `${p.subpaths} subpaths for ${scene.bodies.length} bodies`);
    });

    it('a partial draw builds each batch exactly as the whole draw does, and every batch reaching the part', () => {
      const painter = new ScenePainter(scene);
      let partPaths = 0;
      let reaching = 0;
      fc.assert(
        fc.property(
          fc.double({ min: 0.5, max: 20, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.integer({ min: 0, max: 600 }),
          fc.integer({ min: 0, max: 360 }),
          fc.integer({ min: 1, max: 80 }),
          fc.integer({ min: 1, max: 80 }),
          (zoom, fx, fy, x0, y0, w, h) => {
            const v = viewOf(scene, zoom, fx, fy);
            const region: ScreenRect = { x0, y0, x1: Math.min(v.width, x0 + w), y1: Math.min(v.height, y0 + h) };
            const whole = new RecordingPainter(v.width, v.height, 16);
            const part = new RecordingPainter(v.width, v.height, 16);
            const o = { ...NONE, pair: [0, 5] as const };
            painter.drawWorld(whole, v, DARK_THEME, o);
            painter.drawWorld(part, v, DARK_THEME, o, region);
            const all = new Set(whole.paths);
            for (const path of part.paths) assert.ok(all.has(path), 'a batch of the partial draw is not one of the whole draw');
            partPaths += part.paths.length;
            // Every path of the whole draw that can color a pixel of the region (its bounds,
            // widened by the widest stroke and antialiasing, meet it) is in the partial draw.
            const drawn = new Set(part.paths);
            const m = 2;
            whole.paths.forEach((path, k) => {
              const reaches = whole.bounds[k]!.some(([bx0, by0, bx1, by1]) => !(bx1! + m < region.x0 || bx0! - m > region.x1 || by1! + m < region.y0 || by0! - m > region.y1));
              if (!reaches) return;
              reaching++;
              assert.ok(drawn.has(path), `a batch reaching the region is missing from the partial draw: ${path.slice(0, 80)}`);
            });
          },
        ),
        { numRuns: 40 },
      );
      assert.ok(partPaths > 0 && reaching > 0, `${partPaths} partial paths, ${reaching} whole paths reaching a region in 40 runs`);
    });
  });
});
