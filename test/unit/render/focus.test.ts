/**
 * What the smart Fit and a pair's reveal frame (render/focus.ts): the bodies with findings and
 * the moving ones, a static body only near its partner, and the scene's bounds when nothing
 * else matters; checked on the examples, where long floors used to make the crates tiny.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { PreviewScene } from '../../../protocol/preview-model';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../server/src/preview/scene-model';
import { boundsAt, focusBounds, pairBounds, type Bounds } from '../../../render/focus';
import { poseAt, makePose } from '../../../render/geometry';

const root = join(__dirname, '..', '..', '..');

function sceneOf(text: string): PreviewScene {
  const a = analyzeDocument(text);
  return buildPreviewScene('file:///focus.collide', 0, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
}

const example = (name: string): PreviewScene => sceneOf(readFileSync(join(root, 'examples', name), 'utf8'));
const width = (b: readonly number[]) => b[2]! - b[0]!;
const contains = (outer: readonly number[], inner: readonly number[], eps = 1e-9) =>
  inner[0]! >= outer[0]! - eps && inner[1]! >= outer[1]! - eps && inner[2]! <= outer[2]! + eps && inner[3]! <= outer[3]! + eps;

describe('render/focus: what the view frames', () => {
  it('frames the crates and the barrel of crates-on-a-floor, not its 20-unit floor', () => {
    const scene = example('crates-on-a-floor.collide');
    const focus = focusBounds(scene)!;
    assert.deepEqual(scene.bounds, [-10, -1, 10, 1]);
    assert.ok(width(focus) < width(scene.bounds!) / 3, `focus ${focus}`);
    const bodies = scene.bodies.filter((b) => scene.findings.some((f) => f.ia === b.index || f.ib === b.index) && !b.isStatic);
    assert.ok(bodies.length >= 3);
    for (const b of bodies) assert.ok(contains(focus, b.bounds), `${b.name} ${b.bounds} in ${focus}`);
    // The floor shows under them: the focus reaches down to its bottom.
    assert.equal(focus[1], -1);
  });

  it('frames a tile level\'s bodies, not the 300 units its bullet flies', () => {
    const scene = example('tile-level.collide');
    const focus = focusBounds(scene)!;
    assert.ok(width(scene.bounds!) > 300);
    assert.ok(width(focus) < 20, `focus ${focus}`);
    const shot = scene.bodies.find((b) => b.name === 'shot')!;
    assert.ok(contains(focus, shot.bounds));
  });

  it('frames the car of compound-car, not the 40-unit road', () => {
    const scene = example('compound-car.collide');
    const focus = focusBounds(scene)!;
    assert.ok(width(focus) * 4 < width(scene.bounds!), `focus ${focus} of ${scene.bounds}`);
  });

  it('falls back to the scene\'s bounds when nothing moves and nothing is found', () => {
    const scene = sceneOf('body floor static box(40, 1) at (0, 0)\nbody crate static box(1, 1) at (5, 3)\n');
    assert.equal(scene.findings.length, 0);
    assert.deepEqual(focusBounds(scene), scene.bounds);
    assert.equal(focusBounds(sceneOf('')), null);
  });

  it('a pair frames a static body near its partner only, and a moving one at its time of impact too', () => {
    const scene = sceneOf('frames 10\nbody floor static box(40, 1) at (0, -0.5)\nbody crate box(1, 1) at (10, 0.45)\nbody wall static box(0.2, 4) at (-15, 2)\nbody shot bullet circle(0.1) at (-10, 2) velocity (-400, 0)\n');
    const [floor, crate, wall, shot] = scene.bodies;
    const box = pairBounds(scene, floor!.index, crate!.index)!;
    assert.ok(contains(box, crate!.bounds));
    assert.ok(width(box) <= 3 + 1e-9, `${box}`);
    const hit = scene.findings.find((f) => f.ia === wall!.index && f.ib === shot!.index && f.toi !== undefined);
    assert.ok(hit, 'the shot tunnels through the wall');
    const withToi = pairBounds(scene, wall!.index, shot!.index, hit.toi)!;
    assert.ok(contains(withToi, boundsAt(shot!, hit.toi!)) && contains(withToi, shot!.bounds));
    assert.ok(contains(withToi, wall!.bounds), 'the wall whole: it is smaller than the shot\'s reach');
    assert.equal(pairBounds(scene, 0, 99), null);
  });

  it('boundsAt holds the body at its pose at that time (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (vx, vy, spin, t) => {
          const scene = sceneOf(`body b box(2, 1) at (1, 2) angle 0.3 velocity (${vx}, ${vy}) spin ${spin}\n`);
          const body = scene.bodies[0]!;
          const pose = poseAt(body, t, makePose());
          const box: Bounds = boundsAt(body, t);
          const v = body.parts[0]!.vertices;
          for (let k = 0; k < v.length; k += 2) {
            const x = pose.c * v[k]! - pose.s * v[k + 1]! + pose.x;
            const y = pose.s * v[k]! + pose.c * v[k + 1]! + pose.y;
            assert.ok(contains(box, [x, y, x, y], 1e-9), `vertex (${x}, ${y}) in ${box}`);
          }
        },
      ),
    );
  });
});
