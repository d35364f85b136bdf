/**
 * The server's preview model on real documents (through analyzeDocument): bodies, ranges for
 * the two-way link, bounds over the interval, and the pair inspector's numbers against values
 * worked out by hand.
 */
import { strict as assert } from 'node:assert';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../server/src/preview/scene-model';
import { buildPairDetail } from '../../../server/src/preview/pair-detail';
import { isPairDetail, isPreviewScene } from '../../../protocol/preview-model';

function model(text: string) {
  const analysis = analyzeDocument(text);
  const source = { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics };
  return { text, source, scene: buildPreviewScene('file:///t.collide', 3, source) };
}

const close = (a: number, b: number, tol = 1e-9) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);

describe('preview model (server)', () => {
  it('carries each body with its kind, local parts, pose, motion, world bounds and source ranges', () => {
    const { text, scene } = model(
      'body floor static box(10, 1) at (0, -0.5)\nbody crate box(1, 1) at (0, 0.4) angle 0\nbody shot bullet circle(0.1) velocity (600, 0)\nbody zone sensor box(2, 2) at (5, 5)\n',
    );
    assert.ok(isPreviewScene(scene), 'the model passes the protocol check the webview applies');
    assert.equal(scene.version, 3);
    assert.deepEqual(scene.bodies.map((b) => [b.name, b.kind]), [['floor', 'static'], ['crate', 'dynamic'], ['shot', 'bullet'], ['zone', 'sensor']]);
    const [floor, crate, shot] = scene.bodies;
    assert.deepEqual(floor!.parts[0]!.vertices.length, 8);
    assert.deepEqual(floor!.bounds, [-5, -1, 5, 0]);
    assert.equal(text.slice(floor!.nameRange.start, floor!.nameRange.end), 'floor');
    assert.equal(text.slice(floor!.atRange!.start, floor!.atRange!.end), '(0, -0.5)');
    assert.equal(floor!.angleRange, undefined);
    assert.equal(text.slice(crate!.angleRange!.start, crate!.angleRange!.end), '0');
    // A missing clause is inserted right after the shape.
    assert.equal(text.slice(shot!.insertOffset - 'circle(0.1)'.length, shot!.insertOffset), 'circle(0.1)');
    assert.equal(shot!.atRange, undefined);
    assert.deepEqual(shot!.velocity, [600, 0]);
    // Bounds over [0, frames dt] include where the shot ends (x = 10, radius 0.1).
    close(scene.bounds![2], 10.1, 1e-9);
    assert.equal(scene.errorCount, 0);
  });

  it('counts error diagnostics and still previews what could be built', () => {
    const { scene } = model('body a box(1, 1)\nbody b polygon((0,0), (1,0))\nbody c circle(1) at (3, 0)\n');
    assert.ok(scene.errorCount >= 1);
    assert.ok(scene.bodies.some((b) => b.name === 'c'));
  });

  it('pair detail of two overlapping boxes: B ⊖ A, its edge origins, depth and push-out', () => {
    const { source } = model('body floor static box(10, 1) at (0, -0.5)\nbody crate box(1, 1) at (0, 0.4)\n');
    const d = buildPairDetail('file:///t.collide', 3, source, 'crate', 'floor')!;
    assert.ok(isPairDetail(d));
    assert.equal(d.a, 'floor', 'named in declaration order whatever the request order');
    // B ⊖ A = [-5.5, 5.5] × [-0.1, 1.9].
    const xs = d.minkowski!.vertices.filter((_, i) => i % 2 === 0);
    const ys = d.minkowski!.vertices.filter((_, i) => i % 2 === 1);
    assert.deepEqual([Math.min(...xs), Math.max(...xs)], [-5.5, 5.5]);
    close(Math.min(...ys), -0.1, 1e-12);
    close(Math.max(...ys), 1.9, 1e-12);
    // Every edge of one box is parallel to an edge of the other (the exactly aligned case): each
    // side of B ⊖ A is a crate edge followed by a floor edge, coloured by where it came from.
    assert.deepEqual(d.minkowski!.edgeFrom, ['B', 'A', 'B', 'A', 'B', 'A', 'B', 'A']);
    const m = d.minkowski!;
    for (let k = 0; k < 8; k++) {
      const l = (k + 1) % 8;
      const len = Math.hypot(m.vertices[2 * l]! - m.vertices[2 * k]!, m.vertices[2 * l + 1]! - m.vertices[2 * k + 1]!);
      close(len, m.edgeFrom[k] === 'B' ? 1 : k % 4 === 1 ? 10 : 1, 1e-9);
    }
    close(d.distance, -0.1, 1e-12);
    close(d.pushOut![0], 0, 1e-12);
    close(d.pushOut![1], 0.1, 1e-12);
    assert.ok(d.gjk.length >= 1, 'the GJK trace is recorded');
    assert.equal(d.toi, null, 'nothing moves');
  });

  it('edges come from the shape they belong to: a triangle against a box', () => {
    const { source } = model('body a static polygon((0,0), (2,0), (0,2)) at (0, 0)\nbody b box(1, 1) at (5, 0)\n');
    const d = buildPairDetail('u', 1, source, 'a', 'b')!;
    const from = d.minkowski!.edgeFrom;
    // A triangle has a hypotenuse with no parallel edge in the box: it appears once, from A.
    assert.equal(from.filter((f) => f === 'A').length >= 1, true, from.join());
    assert.equal(from.filter((f) => f === 'B').length >= 1, true, from.join());
    assert.ok(d.distance > 0);
    close(Math.hypot(...d.closest), d.distance, 1e-9);
  });

  it('moving pair: relative velocity, time of impact and the ray hit', () => {
    const { source } = model('dt 1/60\nbody wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)\n');
    const d = buildPairDetail('u', 1, source, 'wall', 'shot')!;
    assert.deepEqual(d.relativeVelocity, [600, 0]);
    assert.equal(d.toi!.state, 'hit');
    close(d.toi!.t, (1.95 - 0.05 + 1) / 600, 1e-4 / 60);
    // B ⊖ A moves by v t: the origin meets it along -v at the time of impact.
    close(d.closest[0], -2.9, 1e-9);
  });

  it('rotating pair: conservative advancement steps carry B ⊖ A at each iterate', () => {
    const { source } = model('dt 1/60\nframes 4\nbody bar box(4, 0.05) spin 60\nbody target static circle(0.1) at (0, 1.5)\n');
    const d = buildPairDetail('u', 1, source, 'bar', 'target')!;
    assert.ok(d.advancement.length >= 2, `${d.advancement.length} steps`);
    assert.ok(d.advancement.every((s) => s.minkowski !== undefined));
    assert.equal(d.toi!.method, 'conservative-advancement');
    assert.ok(isPairDetail(d));
  });

  it('unknown names give null', () => {
    const { source } = model('body a circle(1)\n');
    assert.equal(buildPairDetail('u', 1, source, 'a', 'nope'), null);
    assert.equal(buildPairDetail('u', 1, source, 'a', 'a'), null);
  });
});
