/**
 * Chains and tile grids in the preview's model and painters (render/chains.ts): a chain is drawn
 * as its polyline with ticks on the right-hand side of each edge walking its vertices (the side
 * it is solid from), in a y-up and a y-down view; a tile grid's outline loops are filled as a
 * static body's outline is; a click on an edge, or inside a grid's solid ground, picks the body.
 */
import { strict as assert } from 'node:assert';
import { distanceToChains } from '../../../../render/chains';
import { makePose } from '../../../../render/geometry';
import { ScenePainter, type SceneDrawOptions } from '../../../../render/scene/scene-painter';
import { LIGHT_THEME } from '../../../../render/theme';
import { fitBounds, toWorldX, toWorldY, type Viewport } from '../../../../render/viewport';
import type { PreviewBody, PreviewScene } from '../../../../protocol/preview-model';
import { analyzeDocument } from '../../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../../server/src/preview/scene-model';
import { hitBody } from '../../../../webview/src/ui/hit-test';
import { PaintRecorder, type PaintedPath } from '../paint-recorder';

const TEXT = `frames 1
tiles ground cell 1 at (0, 3)
  "#..#"
  "#./#"
  "####"
body ledge static chain((9, 2), (6, 2))
body cup static chain((10, 0), (14, 0), (14, 3)) loop
`;

function sceneOf(text: string): PreviewScene {
  const a = analyzeDocument(text, { editorData: false });
  return buildPreviewScene('file:///c.collide', 1, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
}

const options: SceneDrawOptions = { time: 0, highlighted: new Set(), selected: -1, hovered: -1, pair: null, showSweeps: false, drag: null };

function draw(scene: PreviewScene, yDown: boolean): { painted: PaintedPath[]; v: Viewport } {
  const v: Viewport = { cx: 0, cy: 0, zoom: 1, width: 800, height: 500, yDown };
  fitBounds(v, scene.bounds);
  const p = new PaintRecorder(v.width, v.height);
  new ScenePainter(scene).draw(p, v, LIGHT_THEME, options);
  return { painted: p.paths, v };
}

/** A world point as text, to a millionth (a screen round trip is not exact). */
const key = (x: number, y: number): string => `${Math.round(x * 1e6) / 1e6 + 0},${Math.round(y * 1e6) / 1e6 + 0}`;

const byName = (scene: PreviewScene, name: string): PreviewBody => scene.bodies.find((b) => b.name === name)!;

describe('render/chains', () => {
  const scene = sceneOf(TEXT);

  it('models a chain body and a tile grid by their chains, body-local', () => {
    const ledge = byName(scene, 'ledge');
    assert.deepStrictEqual(ledge.parts, []);
    assert.deepStrictEqual(ledge.chains, [{ points: [9, 2, 6, 2], loop: false }]);
    assert.deepStrictEqual(ledge.bounds, [6, 2, 9, 2]);
    const ground = byName(scene, 'ground');
    assert.equal(ground.sourceKind, 'tiles');
    assert.ok(ground.chains && ground.chains.length > 0 && ground.chains.every((c) => c.loop));
    // The grid's top-left corner is the body's origin; its three rows reach 3 below it.
    assert.deepStrictEqual(ground.bounds, [0, 0, 4, 3]);
    assert.deepStrictEqual(scene.bounds, [0, 0, 14, 3]);
    assert.deepStrictEqual(ground.tiles, { columns: 4, rows: 3, cellWidth: 1, cellHeight: 1, cells: '#..##./#####' });
    assert.equal(ledge.tiles, undefined);
  });

  it('draws a grid\'s non-empty cells, each its square or triangle, when they are large enough to see', () => {
    const { painted, v } = draw(scene, false);
    const ground = byName(scene, 'ground');
    const cells = painted.filter((q) => q.op === 'stroke' && q.width === 0.75).flatMap((q) => q.subpaths);
    assert.equal(cells.length, 9, 'the nine non-empty cells');
    const shapes = cells.map((c) => c.map(([x, y]) => key(toWorldX(v, x) - ground.position[0], toWorldY(v, y) - ground.position[1])).join(' '));
    assert.ok(shapes.includes('0,-1 1,-1 1,0 0,0'), 'cell [0, 0], solid');
    assert.ok(shapes.includes('2,-2 3,-2 3,-1'), 'cell [2, 1], the ramp\'s lower-right triangle');
    const far = { cx: v.cx, cy: v.cy, zoom: 5, width: 800, height: 500 };
    const p = new PaintRecorder(far.width, far.height);
    new ScenePainter(scene).draw(p, far, LIGHT_THEME, options);
    assert.ok(!p.paths.some((q) => q.op === 'stroke' && q.width === 0.75), 'no cell under 6 pixels');
  });

  for (const yDown of [false, true]) {
    it(`marks each edge of a chain on its right-hand side (${yDown ? 'y down' : 'y up'})`, () => {
      const { painted, v } = draw(scene, yDown);
      const static_ = LIGHT_THEME.bodies.static;
      let ticks = 0;
      for (const name of ['ledge', 'cup']) {
        const body = byName(scene, name);
        const c = body.chains![0]!;
        const n = c.points.length / 2;
        const marks = painted.filter((q) => q.op === 'stroke' && q.color === static_ && q.width === 1.25 && q.subpaths.length > 0 && q.subpaths.every((s) => s.length === 2));
        // The ticks of this body: those whose foot lies on one of its edges.
        for (let e = 0; e < (c.loop ? n : n - 1); e++) {
          const j = (e + 1) % n;
          const [ax, ay, bx, by] = [c.points[2 * e]!, c.points[2 * e + 1]!, c.points[2 * j]!, c.points[2 * j + 1]!];
          let onEdge = 0;
          for (const m of marks) {
            for (const [[x0, y0], [x1, y1]] of m.subpaths as [[number, number], [number, number]][]) {
              const fx = toWorldX(v, x0);
              const fy = toWorldY(v, y0);
              const along = ((fx - ax) * (bx - ax) + (fy - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2);
              const off = (bx - ax) * (fy - ay) - (by - ay) * (fx - ax);
              if (!(along > 0 && along < 1 && Math.abs(off) < 1e-6)) continue;
              onEdge++;
              // The tick's direction, in the world, is to the right of the edge: cross < 0.
              const tx = toWorldX(v, x1) - fx;
              const ty = toWorldY(v, y1) - fy;
              assert.ok((bx - ax) * ty - (by - ay) * tx < 0, `${name} edge ${e}: a tick on its left-hand side`);
            }
          }
          assert.ok(onEdge > 0, `${name} edge ${e} has ticks`);
          ticks += onEdge;
        }
      }
      assert.ok(ticks > 0);
    });
  }

  it('fills a tile grid\'s outline as a static body, and strokes a chain without filling it', () => {
    const { painted, v } = draw(scene, false);
    const ground = byName(scene, 'ground');
    const fills = painted.filter((q) => q.op === 'fill' && q.color === LIGHT_THEME.bodies.static);
    assert.ok(fills.length > 0);
    const filled = fills.flatMap((q) => q.subpaths.flat()).map(([x, y]) => key(toWorldX(v, x), toWorldY(v, y)));
    const corners = ground.chains!.flatMap((c) => Array.from({ length: c.points.length / 2 }, (_, k) => key(c.points[2 * k]! + ground.position[0], c.points[2 * k + 1]! + ground.position[1])));
    assert.ok(corners.length > 0);
    for (const corner of corners) assert.ok(filled.includes(corner), `outline corner ${corner} filled`);
    // No filled path reaches the chains (x beyond the grid's 4).
    assert.ok(filled.every((s) => Number(s.split(',')[0]) <= 4 + 1e-9), 'a chain is not filled');
  });

  it('picks a chain body on an edge, and a tile grid on an edge or inside its ground', () => {
    const at = makePose();
    const ledge = byName(scene, 'ledge');
    const cup = byName(scene, 'cup');
    const ground = byName(scene, 'ground');
    const local = (b: PreviewBody) => {
      const pose = { ...at, x: b.position[0], y: b.position[1] };
      return (x: number, y: number) => hitBody(b, pose, x, y, 0.05);
    };
    assert.ok(local(ledge)(7.5, 2.02), 'on the ledge');
    assert.ok(!local(ledge)(7.5, 2.5), 'off the ledge');
    assert.ok(local(cup)(14, 1.5), 'on the cup\'s right edge');
    assert.ok(!local(cup)(13, 0.5), 'inside the cup, which is a chain: no ground there');
    assert.ok(local(ground)(0.5, 1.5), 'inside a solid cell');
    assert.ok(local(ground)(2.9, 1.2), 'inside the ramp\'s lower-right triangle');
    assert.ok(!local(ground)(2.1, 1.8), 'above the ramp');
    assert.ok(!local(ground)(1.5, 2.5), 'in an empty cell');
    assert.equal(distanceToChains({ ...ground, chains: undefined }, 0, 0), Infinity);
  });
});
