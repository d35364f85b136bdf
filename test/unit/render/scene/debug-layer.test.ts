/**
 * The debug-draw overlays (debug-layer.ts) through a recording painter: nothing drawn while none
 * is asked for, each overlay's marks where the geometry puts them (a turned box's bounding and
 * swept boxes, the grid cell of its center, its velocity arrow over one step, the findings'
 * contacts and normals, its vertices numbered in the core's order), and in a large scene only
 * what the view can show.
 */
import { strict as assert } from 'node:assert';
import { ScenePainter, type DebugLayerName, type SceneDrawOptions } from '../../../../render/scene/scene-painter';
import { DebugLayer } from '../../../../render/scene/debug-layer';
import { SceneBodies } from '../../../../render/scene/scene-bodies';
import { DARK_THEME } from '../../../../render/theme';
import { fitBounds, toScreenX, toScreenY, type Viewport } from '../../../../render/viewport';
import type { PreviewBody, PreviewScene } from '../../../../protocol/preview-model';
import { largeScene } from './large-scene';
import { box } from '../../../browser/fixtures';
import { PaintRecorder, type PaintedPath } from '../paint-recorder';

const R = Math.SQRT1_2;

/** A unit box turned 45° at (1, 2), moving (30, 0) units/s and spinning, and a floor it overlaps. */
function scene(): PreviewScene {
  const body = (index: number, name: string, extra: Partial<PreviewBody>): PreviewBody => ({
    index,
    name,
    kind: 'dynamic',
    isStatic: false,
    isSensor: false,
    isBullet: false,
    sourceKind: 'box',
    layer: null,
    parts: [{ kind: 'polygon', vertices: box(1, 1), radius: 0, range: { start: 0, end: 1 } }],
    position: [0, 0],
    angle: 0,
    velocity: [0, 0],
    spin: 0,
    bounds: [0, 0, 0, 0],
    nameRange: { start: 0, end: 1 },
    range: { start: 0, end: 1 },
    insertOffset: 0,
    ...extra,
  });
  return {
    uri: 'file:///d.collide',
    version: 1,
    dt: 1 / 60,
    frames: 1,
    slop: 0.005,
    bodies: [
      body(0, 'floor', { kind: 'static', isStatic: true, parts: [{ kind: 'polygon', vertices: box(6, 1), radius: 0, range: { start: 0, end: 1 } }], position: [0, -0.5], bounds: [-3, -1, 3, 0] }),
      body(1, 'diamond', { position: [1, 2], angle: Math.PI / 4, velocity: [30, 0], spin: 1, bounds: [1 - R, 2 - R, 1 + R, 2 + R] }),
    ],
    findings: [
      {
        kind: 'overlap',
        severity: 'warning',
        a: 'floor',
        b: 'diamond',
        ia: 0,
        ib: 1,
        normal: [0, 1],
        depth: 0.1,
        points: [
          [-0.5, -0.05],
          [0.5, -0.05],
        ],
        message: 'm',
      },
    ],
    bounds: [-3, -1, 3, 3],
    errorCount: 0,
  };
}

const VIEW: Viewport = { cx: 0, cy: 1, zoom: 50, width: 400, height: 300 };
const BASE: SceneDrawOptions = { time: 0, highlighted: new Set(), selected: -1, hovered: -1, pair: null, showSweeps: true };

function overlay(s: PreviewScene, show?: DebugLayerName[], v: Viewport = VIEW): PaintRecorder {
  const p = new PaintRecorder(v.width, v.height);
  new ScenePainter(s).drawOverlay(p, v, DARK_THEME, show ? { ...BASE, show: new Set(show) } : BASE);
  return p;
}

/** Whether some sub-path of at least 3 points lies on the circle of radius r about (x, y). */
function ring(paths: PaintedPath[], x: number, y: number, r: number): boolean {
  return paths.some((p) => p.subpaths.some((sp) => sp.length >= 3 && sp.every((q) => Math.abs(Math.hypot(q[0] - x, q[1] - y) - r) < 1e-6)));
}

/** Whether some sub-path has a point within `tol` px of (x, y). */
function touches(paths: PaintedPath[], x: number, y: number, tol = 0.01): boolean {
  return paths.some((p) => p.subpaths.some((sp) => sp.some((q) => Math.hypot(q[0] - x, q[1] - y) <= tol)));
}

const sx = (x: number): number => toScreenX(VIEW, x);
const sy = (y: number): number => toScreenY(VIEW, y);

describe('render/scene/debug-layer', () => {
  it('draws nothing, and costs no call, while no overlay is asked for', () => {
    const off = overlay(scene()).dump();
    assert.equal(overlay(scene(), []).dump(), off);
    for (const name of ['aabb', 'broadphase', 'velocity', 'contacts', 'vertices'] as const) {
      assert.notEqual(overlay(scene(), [name]).dump(), off, `${name} draws something`);
    }
  });

  it('aabb: the turned box\'s bounding box at its pose, and its swept box over [0, dt] dashed', () => {
    const p = overlay(scene(), ['aabb']);
    const solid = p.paths.filter((q) => q.op === 'stroke' && q.dash === '');
    const dashed = p.paths.filter((q) => q.op === 'stroke' && q.dash !== '');
    for (const [x, y] of [
      [1 - R, 2 - R],
      [1 + R, 2 + R],
    ]) {
      assert.ok(touches(solid, sx(x!), sy(y!), 1e-6), `a box corner at (${x}, ${y})`);
    }
    // Swept over 1/60 s at 30 units/s: half a unit further right; the floor (at rest) has none.
    assert.ok(touches(dashed, sx(1 + R + 0.5), sy(2 + R), 1e-6), 'the swept box reaches half a unit further');
    assert.equal(dashed.reduce((n, q) => n + q.subpaths.length, 0), 1, 'one swept box: the moving body only');
  });

  it('aabb at a later time: the box moves with the body', () => {
    const p = new PaintRecorder(400, 300);
    new ScenePainter(scene()).drawOverlay(p, VIEW, DARK_THEME, { ...BASE, time: 1 / 120, show: new Set(['aabb']) });
    // At t = 1/120 the body is 0.25 right and has turned 1/120 rad: its box is wider than R.
    const solid = p.paths.filter((q) => q.op === 'stroke' && q.dash === '');
    const xs = solid.flatMap((q) => q.subpaths.flatMap((sp) => sp.map((v) => v[0])));
    assert.ok(Math.max(...xs) > sx(1.25 + R) - 1e-6, 'moved right');
  });

  it('broadphase: the cells of the bodies\' centers, from core\'s gridLayout of their swept boxes', () => {
    const s = scene();
    const grid = new DebugLayer(new SceneBodies(s)).grid()!;
    const p = overlay(s, ['broadphase']);
    const cells = p.paths.filter((q) => q.op === 'stroke' && q.dash === '' && q.color === DARK_THEME.info);
    let expected = 0;
    const seen = new Set<number>();
    for (const c of grid.cellOf) {
      if (c < 0 || seen.has(c)) continue;
      seen.add(c);
      expected++;
      const col = c % grid.columns;
      const row = (c - col) / grid.columns;
      assert.ok(touches(cells, sx(grid.originX + col * grid.cell), sy(grid.originY + row * grid.cell), 1e-6), `cell ${c}'s corner`);
    }
    assert.ok(expected > 0);
    assert.equal(cells.reduce((n, q) => n + q.subpaths.length, 0), expected, 'one outline a cell in use');
  });

  it('velocity: an arrow from the origin over one step, and an arc for the spin', () => {
    const p = overlay(scene(), ['velocity']);
    // 30 units/s × 1/60 s × 50 px = 25 px to the right.
    assert.ok(touches(p.paths, sx(1), sy(2), 1e-6), 'from the body\'s origin');
    assert.ok(touches(p.paths, sx(1) + 25, sy(2), 1e-6), 'to one step ahead');
    // The arc: at 0.6 of the bounding radius (√½ units, 50 px a unit) about the origin.
    assert.ok(ring(p.paths, sx(1), sy(2), 0.6 * R * 50), 'a spin arc around it');
  });

  it('contacts: each contact point ringed, and the normal (A → B) from their middle', () => {
    const p = overlay(scene(), ['contacts']);
    for (const x of [-0.5, 0.5]) {
      assert.ok(ring(p.paths, sx(x), sy(-0.05), 3), `a ring at (${x}, -0.05)`);
    }
    // Normal (0, 1) is up the screen: 26 px above the middle.
    assert.ok(touches(p.paths, sx(0), sy(-0.05) - 26, 1e-6), 'the normal\'s tip');
  });

  it('vertices: each corner numbered as the core numbers it, the number beside its vertex', () => {
    const s = scene();
    const p = overlay(s, ['vertices']);
    const d = s.bodies[1]!;
    const c = Math.cos(d.angle);
    const sn = Math.sin(d.angle);
    const verts = d.parts[0]!.vertices;
    for (let k = 0; k < 4; k++) {
      const wx = d.position[0] + c * verts[2 * k]! - sn * verts[2 * k + 1]!;
      const wy = d.position[1] + sn * verts[2 * k]! + c * verts[2 * k + 1]!;
      const labels = p.texts.filter((t) => Math.hypot(t.x - sx(wx), t.y - sy(wy)) < 12);
      assert.deepEqual(
        labels.map((t) => t.s),
        [String(k)],
        `vertex ${k} at (${wx.toFixed(2)}, ${wy.toFixed(2)})`,
      );
    }
  });

  it('in a 10k-body scene, boxes only for the bodies the view can show', () => {
    const s = largeScene(10_000);
    const v: Viewport = { cx: 30, cy: 30, zoom: 20, width: 400, height: 300 };
    const p = overlay(s, ['aabb', 'velocity'], v);
    const solid = p.paths.filter((q) => q.op === 'stroke' && q.dash === '' && q.color === DARK_THEME.foreground);
    const boxes = solid.flatMap((q) => q.subpaths);
    assert.ok(boxes.length > 0, 'some boxes drawn');
    assert.ok(boxes.length < 400, `${boxes.length} boxes for a view of about 130 bodies, not 10,000`);
    for (const b of boxes) {
      const xs = b.map((q) => q[0]);
      const ys = b.map((q) => q[1]);
      assert.ok(Math.max(...xs) >= -20 && Math.min(...xs) <= v.width + 20 && Math.max(...ys) >= -20 && Math.min(...ys) <= v.height + 20, 'a box near the view');
    }
  });

  it('in a fitted 10k-body view, a note to zoom in instead of 10,000 boxes and arrows', () => {
    const s = largeScene(10_000);
    const v: Viewport = { cx: 0, cy: 0, zoom: 1, width: 1280, height: 800 };
    fitBounds(v, s.bounds);
    const off = overlay(s, undefined, v);
    const on = overlay(s, ['aabb', 'velocity', 'broadphase', 'vertices'], v);
    assert.equal(on.paths.length, off.paths.length, 'no overlay marks');
    assert.ok(on.texts.some((t) => /^Zoom in for the debug overlays \(10,000 bodies in view\)$/.test(t.s)), on.texts.map((t) => t.s).slice(-3).join(' | '));
  });
});
