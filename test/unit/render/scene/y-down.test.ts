/**
 * A y-down scene (PreviewScene.yDown, a level's frame) is drawn as the y-up drawing of its mirror:
 * for random views, times, selections and drags, the world layer (sweeps, bodies, overlap
 * outlines) and the overlay's marks (emphasis, push-out arrows, contact dots, the rotation handle)
 * of the scene in a y-down view are the very same painter calls as those of the scene mirrored
 * top to bottom (y, angles, velocities and spins negated) in the y-up view centered at the
 * mirrored point. The grid draws the same lines and numbers, negated. The pair view likewise.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { drawGrid, forEachTickLabel } from '../../../../render/grid';
import type { Painter, TextStyle } from '../../../../render/painter';
import { drawPair } from '../../../../render/pair-painter';
import { ScenePainter, type SceneDrawOptions } from '../../../../render/scene/scene-painter';
import { DARK_THEME } from '../../../../render/theme';
import { fitBounds, toScreenY, type Viewport } from '../../../../render/viewport';
import type { PairDetail, Point, PreviewBody, PreviewFinding, PreviewMinkowski, PreviewScene, PreviewSimplexVertex } from '../../../../protocol/preview-model';
import { buildPairDetail } from '../../../../server/src/preview/pair-detail';
import { analyzeDocument } from '../../../../server/src/analysis/pipeline';
import { largeScene } from './large-scene';

/** Every call a painter receives, numbers kept exactly; text apart (its numbers are the scene's). */
class Recorder implements Painter {
  readonly calls: string[] = [];
  readonly texts: string[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
  private rec(name: string, ...args: unknown[]): void {
    this.calls.push(`${name}(${args.map((a) => (typeof a === 'number' ? (Object.is(a, -0) ? '-0' : String(a)) : JSON.stringify(a))).join(',')})`);
  }
  clear(color: string): void {
    this.rec('clear', color);
  }
  beginPath(): void {
    this.rec('beginPath');
  }
  moveTo(x: number, y: number): void {
    this.rec('moveTo', x, y);
  }
  lineTo(x: number, y: number): void {
    this.rec('lineTo', x, y);
  }
  arc(cx: number, cy: number, r: number, a0: number, a1: number, anticlockwise: boolean): void {
    this.rec('arc', cx, cy, r, a0, a1, anticlockwise);
  }
  closePath(): void {
    this.rec('closePath');
  }
  fill(color: string, alpha?: number): void {
    this.rec('fill', color, alpha);
  }
  stroke(color: string, width: number, alpha?: number, dash?: readonly number[]): void {
    this.rec('stroke', color, width, alpha, dash);
  }
  text(s: string, x: number, y: number, style: TextStyle): void {
    this.texts.push(`${s}@${x},${y}:${JSON.stringify(style)}`);
  }
}

/**
 * Each stroked path of straight segments as the set of its segments, and its stroke: the grid's
 * lines (and the axes') in any order, since a y-down view visits its y lines from the other end.
 */
function strokedPaths(calls: readonly string[]): string[][] {
  const out: string[][] = [];
  let segments: string[] = [];
  for (let k = 0; k < calls.length; k++) {
    const c = calls[k]!;
    if (c.startsWith('moveTo')) segments.push(`${c} ${calls[++k]}`);
    else if (c.startsWith('stroke')) {
      out.push([...segments.sort(), c]);
      segments = [];
    }
  }
  return out;
}

/** A pair view's calls: the grid's paths as sets (strokedPaths), the rest as they come. */
function pairCalls(r: Recorder, v: Viewport): { grid: string[][]; rest: string[] } {
  const grid = new Recorder(r.width, r.height);
  drawGrid(grid, v, DARK_THEME);
  // clear(), then the grid, then the plot.
  return { grid: strokedPaths(r.calls.slice(1, 1 + grid.calls.length)), rest: [r.calls[0]!, ...r.calls.slice(1 + grid.calls.length)] };
}

const flip = (p: Point): Point => [p[0], -p[1]];
const flipFlat = (xs: readonly number[]): number[] => xs.map((x, i) => (i % 2 === 1 ? -x : x));

function mirrorBody(b: PreviewBody): PreviewBody {
  return {
    ...b,
    parts: b.parts.map((p) => ({ ...p, vertices: flipFlat(p.vertices) })),
    position: flip(b.position),
    angle: -b.angle,
    velocity: flip(b.velocity),
    spin: -b.spin,
    bounds: [b.bounds[0], -b.bounds[3], b.bounds[2], -b.bounds[1]],
  };
}

function mirrorFinding(f: PreviewFinding): PreviewFinding {
  return {
    ...f,
    normal: flip(f.normal),
    ...(f.points ? { points: f.points.map(flip) } : {}),
    ...(f.point ? { point: flip(f.point) } : {}),
  };
}

/** The scene mirrored top to bottom, y up: what a y-down view of `scene` must look like. */
function mirrorScene(scene: PreviewScene): PreviewScene {
  const b = scene.bounds;
  const { yDown: _, ...rest } = scene;
  return {
    ...rest,
    bodies: scene.bodies.map(mirrorBody),
    findings: scene.findings.map(mirrorFinding),
    bounds: b ? [b[0], -b[3], b[2], -b[1]] : null,
  };
}

/**
 * The debug overlays but the broad phase's cells, which are laid out from the lowest box center
 * in the scene's own frame, as the analysis lays them out, so they differ from the mirror's.
 */
const SHOW = new Set(['aabb', 'velocity', 'contacts', 'vertices'] as const);

function options(time: number, selected: number, pair: [number, number] | null, drag: SceneDrawOptions['drag']): SceneDrawOptions {
  return { time, highlighted: new Set([1, 5]), selected, hovered: 3, pair, showSweeps: true, drag, show: SHOW };
}

const mirrorDrag = (d: SceneDrawOptions['drag']): SceneDrawOptions['drag'] => (d ? { ...d, y: -d.y, angle: -d.angle } : d);

describe('render/scene: a y-down scene is drawn as the y-up drawing of its mirror', () => {
  const base = largeScene(240, 11);
  const scene: PreviewScene = { ...base, yDown: true };
  const mirrored = mirrorScene(scene);
  const T = scene.frames * scene.dt;
  const tunnelling = scene.findings.find((f) => f.kind === 'tunnelling');
  const overlap = scene.findings.find((f) => f.kind === 'overlap');

  it('the world layer and the overlay\'s marks, call for call, for random views, times, selections and drags', () => {
    assert.ok(tunnelling && overlap, 'the scene has a swept pair and an overlap');
    const down = new ScenePainter(scene);
    const up = new ScenePainter(mirrored);
    let drawn = 0;
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat({ max: scene.bodies.length - 1 }),
        fc.constantFrom<'none' | 'tunnelling' | 'overlap'>('none', 'tunnelling', 'overlap'),
        fc.option(fc.record({ x: fc.double({ min: -10, max: 60, noNaN: true }), y: fc.double({ min: -10, max: 60, noNaN: true }), angle: fc.double({ min: -7, max: 7, noNaN: true }) }), { nil: null }),
        (zoom, fx, fy, u, selected, which, dragAt) => {
          const b = scene.bounds!;
          const v: Viewport = { cx: 0, cy: 0, zoom: 1, width: 480, height: 320, yDown: true };
          fitBounds(v, b);
          v.zoom *= zoom;
          v.cx = b[0] + fx * (b[2] - b[0]);
          v.cy = b[1] + fy * (b[3] - b[1]);
          const m: Viewport = { ...v, cy: -v.cy, yDown: false };
          const f = which === 'tunnelling' ? tunnelling! : which === 'overlap' ? overlap! : null;
          const pair: [number, number] | null = f ? [f.ia, f.ib] : null;
          const drag = dragAt ? { index: selected, ...dragAt } : null;
          const o = options(u * T, selected, pair, drag);
          const om = options(u * T, selected, pair, mirrorDrag(drag));
          const a = new Recorder(v.width, v.height);
          const c = new Recorder(v.width, v.height);
          down.drawWorld(a, v, DARK_THEME, o);
          up.drawWorld(c, m, DARK_THEME, om);
          assert.deepStrictEqual(a.calls, c.calls, 'the world layer');
          drawn += a.calls.length;
          const a2 = new Recorder(v.width, v.height);
          const c2 = new Recorder(v.width, v.height);
          down.drawOverlay(a2, v, DARK_THEME, o);
          up.drawOverlay(c2, m, DARK_THEME, om);
          assert.deepStrictEqual(a2.calls, c2.calls, 'the overlay\'s marks');
          assert.deepStrictEqual(down.rotationHandle(selected, o.time, drag, v), up.rotationHandle(selected, om.time, mirrorDrag(drag), m));
        },
      ),
      { numRuns: 60 },
    );
    assert.ok(drawn > 1000, 'bodies were drawn');
  });

  it('the grid: the same lines, and each number at the same place, negated on the y axis', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: 0.5, max: 500, noNaN: true }), (cx, cy, zoom) => {
        const v: Viewport = { cx, cy, zoom, width: 400, height: 300, yDown: true };
        const m: Viewport = { ...v, cy: -cy, yDown: false };
        const lines = (view: Viewport): string[][] => {
          const r = new Recorder(view.width, view.height);
          drawGrid(r, view, DARK_THEME);
          return strokedPaths(r.calls);
        };
        assert.deepStrictEqual(lines(v), lines(m));
        const labels = (view: Viewport, negateY: boolean): string[] => {
          const out: string[] = [];
          forEachTickLabel(view, 0, (s, x, y) => {
            // Labels on the left edge (x = 3) are y values.
            out.push(`${negateY && x === 3 ? -Number(s) + 0 : Number(s)}@${x},${y}`);
          });
          return out.sort();
        };
        const ls = labels(v, false);
        assert.deepStrictEqual(ls, labels(m, true));
      }),
      { numRuns: 200 },
    );
  });

  it('a body at a larger y is drawn lower on the screen, and its label inside it', () => {
    const two: PreviewScene = { ...scene, bodies: [mirrorBody(scene.bodies[0]!), scene.bodies[1]!].map((b, i) => ({ ...b, index: i, position: [0, i * 10] as Point, velocity: [0, 0] as Point, spin: 0, angle: 0 })), findings: [] };
    const p = new ScenePainter(two);
    const v: Viewport = { cx: 0, cy: 5, zoom: 60, width: 300, height: 1000, yDown: true };
    const r = new Recorder(v.width, v.height);
    p.draw(r, v, DARK_THEME, options(0, -1, null, null));
    const label = (name: string): number => Number(r.texts.find((t) => t.startsWith(`${name}@`))!.split(',')[1]!.split(':')[0]);
    assert.ok(label('b1') > label('b0'), 'b1 (y = 10) is below b0 (y = 0)');
    assert.ok(Math.abs(label('b1') - toScreenY(v, 10)) < 20 && Math.abs(label('b0') - toScreenY(v, 0)) < 20, 'each label on its body');
  });
});

// ---- the pair view ----

const flipVertex = (q: PreviewSimplexVertex): PreviewSimplexVertex => ({ ...q, w: flip(q.w) });
const flipMinkowski = (md: PreviewMinkowski): PreviewMinkowski => ({ ...md, vertices: flipFlat(md.vertices) });

function mirrorPair(d: PairDetail): PairDetail {
  return {
    ...d,
    finding: d.finding ? mirrorFinding(d.finding) : null,
    minkowski: d.minkowski ? flipMinkowski(d.minkowski) : null,
    closest: flip(d.closest),
    normal: d.normal ? flip(d.normal) : null,
    pushOut: d.pushOut ? flip(d.pushOut) : null,
    relativeVelocity: flip(d.relativeVelocity),
    relativeSpin: -d.relativeSpin,
    toi: d.toi ? { ...d.toi, point: flip(d.toi.point), normal: flip(d.toi.normal) } : null,
    gjk: d.gjk.map((s) => ({ simplex: s.simplex.map(flipVertex), closest: flip(s.closest), direction: flip(s.direction) })),
    epa: d.epa.map((s) => ({ ...s, polytope: s.polytope.map(flipVertex) })),
    advancement: d.advancement.map((s) => ({ ...s, normal: flip(s.normal), ...(s.minkowski ? { minkowski: flipMinkowski(s.minkowski) } : {}) })),
  };
}

describe('render/pair-painter: the pair view in a y-down frame', () => {
  const text = [
    'dt 1/60',
    'frames 30',
    'body wall static box(0.2, 3) at (2, 0.5) angle 0.3',
    'body shot circle(0.1) at (-1, 0.2) velocity (300, 40)',
    'body a polygon((0, 0), (2, 0), (1, 1.5)) at (5, 5)',
    'body b box(1, 0.5) at (5.8, 5.6) angle -0.4 velocity (0, 2) spin 1',
  ].join('\n');
  const analysis = analyzeDocument(text, { editorData: false });
  const source = { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics };

  for (const [a, b] of [['wall', 'shot'], ['a', 'b']] as const) {
    it(`is the y-up view of the mirrored pair, for every step: ${a}, ${b}`, () => {
      const d = buildPairDetail('file:///p.collide', 0, source, a, b)!;
      assert.ok(d);
      const m = mirrorPair(d);
      const steps = [null, ...d.gjk.map((_, index) => ({ kind: 'gjk' as const, index })), ...d.epa.map((_, index) => ({ kind: 'epa' as const, index })), ...d.advancement.map((_, index) => ({ kind: 'advancement' as const, index }))];
      assert.ok(steps.length > 2, 'the pair has steps to show');
      for (const step of steps) {
        const r1 = new Recorder(420, 360);
        const r2 = new Recorder(420, 360);
        const v1 = drawPair(r1, d, DARK_THEME, { step, yDown: true });
        const v2 = drawPair(r2, m, DARK_THEME, { step });
        assert.equal(v1.yDown, true);
        assert.equal(v1.cy, -v2.cy);
        // The grid's marks and the plot's are the same calls; of the text, the labels inside the
        // plot ('O', the time of impact) are at the same places.
        assert.deepStrictEqual(pairCalls(r1, v1), pairCalls(r2, v2), `step ${JSON.stringify(step)}`);
        const inPlot = (r: Recorder): string[] => r.texts.filter((t) => t.startsWith('O@') || t.startsWith('t = '));
        assert.deepStrictEqual(inPlot(r1), inPlot(r2));
      }
    });
  }
});
