/**
 * The bounds a body's parts and pose make (protocol/preview-body-bounds.ts): exactly the server
 * model's on every body with parts (so the scene's bytes leave them out), and, given the cosine
 * and sine Node made, the same doubles in Chromium (the webview makes them again from the bytes);
 * Chromium's Math.sin and Math.cos themselves differ from Node's in the last place for some angles.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewBody, PreviewScene } from '../../../protocol/preview-model';
import { partsBounds } from '../../../protocol/preview-body-bounds';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../server/src/preview/scene-model';
import { generateScene, sceneText } from '../../../bench/scenes';
import { base64, doublesInPage, inChromium } from '../../browser/page-doubles';

const root = join(__dirname, '..', '..', '..');

function sceneOf(text: string): PreviewScene {
  const a = analyzeDocument(text);
  return buildPreviewScene('file:///b.collide', 1, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
}

/** The bodies of the examples and of a generated scene that have parts (a chain body's bounds are its chains'). */
function bodies(): PreviewBody[] {
  const files = ['compound-car.collide', 'spinning-bar.collide', 'crates-on-a-floor.collide', 'tile-level.collide', 'concave-polygon.collide'];
  const capsules = 'body pill capsule(1, 0.25) at (1, 0.6) angle 0.7\nbody rod capsule(2.5, 0.1) at (-3.25, 1e3) angle -2.2\n';
  const scenes = [...files.map((f) => sceneOf(readFileSync(join(root, 'examples', f), 'utf8'))), sceneOf(capsules), sceneOf(sceneText(generateScene(2000, 0)))];
  return scenes.flatMap((s) => s.bodies).filter((b) => b.parts.length > 0);
}

/** Every body's parts and pose as doubles: [parts, x, y, cos, sin of its angle (Node's), then per part: numbers, radius, vertices...]. */
function flat(list: readonly PreviewBody[]): Float64Array {
  const out: number[] = [];
  for (const b of list) {
    out.push(b.parts.length, b.position[0], b.position[1], Math.cos(b.angle), Math.sin(b.angle));
    for (const p of b.parts) out.push(p.vertices.length, p.radius, ...p.vertices);
  }
  return Float64Array.from(out);
}

/** partsBounds of each body of `flat`'s doubles, 4 a body (the same code runs in the page). */
function boundsOfFlat(xs: Float64Array, bounds: typeof partsBounds): Float64Array {
  const out: number[] = [];
  const box: [number, number, number, number] = [0, 0, 0, 0];
  for (let k = 0; k < xs.length; ) {
    const parts = [];
    const n = xs[k]!;
    const x = xs[k + 1]!;
    const y = xs[k + 2]!;
    const c = xs[k + 3]!;
    const s = xs[k + 4]!;
    k += 5;
    for (let j = 0; j < n; j++) {
      const m = xs[k]!;
      parts.push({ kind: 'polygon' as const, radius: xs[k + 1]!, vertices: Array.from(xs.subarray(k + 2, k + 2 + m)), range: { start: 0, end: 0 } });
      k += 2 + m;
    }
    bounds(parts, x, y, c, s, box);
    out.push(...box);
  }
  return Float64Array.from(out);
}


describe('protocol/preview-body-bounds', () => {
  it("makes exactly the server model's bounds of every body with parts", () => {
    const list = bodies();
    assert.ok(list.length > 2000, 'bodies to check');
    assert.ok(list.some((b) => b.angle !== 0 && b.parts.some((p) => p.vertices.length > 2)), 'turned polygons among them');
    assert.ok(list.some((b) => b.parts.length > 1), 'compounds among them');
    assert.ok(list.some((b) => b.angle !== 0 && b.parts.some((p) => p.kind === 'capsule' && p.radius > 0)), 'turned capsules among them');
    const box: [number, number, number, number] = [0, 0, 0, 0];
    for (const b of list) {
      partsBounds(b.parts, b.position[0], b.position[1], Math.cos(b.angle), Math.sin(b.angle), box);
      assert.ok(box.every((x, k) => Object.is(x, b.bounds[k])), `${b.name}: ${box.join(', ')} vs ${b.bounds.join(', ')}`);
    }
  });

  inChromium(join(root, 'protocol/preview-body-bounds.ts'), '__bounds', (page) => {
    it('makes the same doubles as Node', async () => {
      const input = flat(bodies());
      const there = await doublesInPage(page(), input, boundsOfFlat.toString(), '__bounds', 'partsBounds');
      const here = boundsOfFlat(input, partsBounds);
      assert.ok(here.length > 8000);
      assert.equal(there, base64(here));
    });
  });
});
