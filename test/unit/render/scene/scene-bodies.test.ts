/**
 * A painter made from the previous scene's by ScenePainter.following (the webview does so for a
 * delta that replaces bodies in place) draws exactly what a new painter of the scene draws:
 * the same SVG for any view and time, its previous painter too, and the same tables.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ScenePainter, type SceneDrawOptions } from '../../../../render/scene/scene-painter';
import { SvgPainter } from '../../../../render/svg-painter';
import { DARK_THEME } from '../../../../render/theme';
import { fitBounds, type Viewport } from '../../../../render/viewport';
import type { PreviewBody, PreviewScene } from '../../../../protocol/preview-model';
import { largeScene } from './large-scene';

function viewOf(scene: PreviewScene, zoom: number, fx: number, fy: number): Viewport {
  const v: Viewport = { cx: 0, cy: 0, zoom: 1, width: 640, height: 400 };
  fitBounds(v, scene.bounds);
  const b = scene.bounds!;
  v.zoom *= zoom;
  v.cx = b[0] + fx * (b[2] - b[0]);
  v.cy = b[1] + fy * (b[3] - b[1]);
  return v;
}

const options = (time: number): SceneDrawOptions => ({ time, highlighted: new Set(), selected: -1, hovered: -1, pair: null, showSweeps: true, drag: null });

function svg(p: ScenePainter, v: Viewport, o: SceneDrawOptions): string {
  const out = new SvgPainter(v.width, v.height);
  p.draw(out, v, DARK_THEME, o);
  return out.toString();
}

/** Body i moved by (dx, dy), its first part scaled by s (its bounding radius changes). */
function moved(b: PreviewBody, dx: number, dy: number, s: number): PreviewBody {
  const [first, ...rest] = b.parts;
  return {
    ...b,
    position: [b.position[0] + dx, b.position[1] + dy],
    parts: first ? [{ ...first, vertices: first.vertices.map((x) => x * s), radius: first.radius * s }, ...rest] : b.parts,
  };
}

describe('render/scene: a painter following the previous one draws as a new one', () => {
  const scene = largeScene(900);
  const T = scene.frames * scene.dt;

  it('for random in-place replacements, views and times, with the old painter drawn before and after', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ i: fc.nat({ max: scene.bodies.length - 1 }), dx: fc.double({ min: -5, max: 5, noNaN: true }), dy: fc.double({ min: -5, max: 5, noNaN: true }), s: fc.double({ min: 0.2, max: 3, noNaN: true }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.5, max: 12, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (edits, u, zoom, fx, fy, dropFindings) => {
          const prev = new ScenePainter(scene);
          const v = viewOf(scene, zoom, fx, fy);
          const o = options(u * T);
          // Drawn once, so that its pose table and spatial index exist to be taken over.
          const before = svg(prev, v, o);
          const bodies = scene.bodies.slice();
          const changed = [...new Set(edits.map((e) => e.i))].sort((a, b) => a - b);
          for (const e of edits) bodies[e.i] = moved(bodies[e.i]!, e.dx, e.dy, e.s);
          const findings = dropFindings ? scene.findings.filter((f) => !changed.includes(f.ia) && !changed.includes(f.ib)) : scene.findings;
          const next: PreviewScene = { ...scene, version: scene.version + 1, bodies, findings };
          const following = ScenePainter.following(prev, next, changed);
          const fresh = new ScenePainter(next);
          assert.deepStrictEqual([...following.radii], [...fresh.radii]);
          assert.equal(following.maxRadius, fresh.maxRadius);
          // Views of the whole scene, and one close on a replaced body where it now is.
          const b = bodies[changed[0]!]!;
          const close: Viewport = { cx: b.position[0], cy: b.position[1], zoom: 60, width: 200, height: 160 };
          for (const o2 of [o, options(((u + 0.37) % 1) * T)]) {
            for (const v2 of [v, viewOf(next, zoom * 0.5, 1 - fx, fy), close]) assert.equal(svg(following, v2, o2), svg(fresh, v2, o2));
          }
          assert.equal(svg(prev, v, o), before, 'the previous painter draws as it did');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is a new painter when a body changes kind or the count changes', () => {
    const prev = new ScenePainter(scene);
    const k = scene.bodies.findIndex((b) => b.kind === 'dynamic');
    const bodies = scene.bodies.slice();
    bodies[k] = { ...bodies[k]!, kind: 'static', isStatic: true };
    const next: PreviewScene = { ...scene, bodies };
    const v = viewOf(scene, 2, 0.5, 0.5);
    assert.equal(svg(ScenePainter.following(prev, next, [k]), v, options(0)), svg(new ScenePainter(next), v, options(0)));
  });
});
