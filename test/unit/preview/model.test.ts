/**
 * The server's preview model on real documents (through analyzeDocument): bodies, ranges for
 * the two-way link, bounds over the interval, and the pair inspector's numbers against values
 * worked out by hand.
 */
import { strict as assert } from 'node:assert';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { bodyKind, buildPreviewScene } from '../../../server/src/preview/scene-model';
import { buildPairDetail } from '../../../server/src/preview/pair-detail';
import { isPairDetail, isPreviewScene, type PreviewMinkowski } from '../../../protocol/preview-model';

function model(text: string) {
  const analysis = analyzeDocument(text);
  const source = { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics };
  return { text, source, scene: buildPreviewScene('file:///t.collide', 3, source) };
}

const close = (a: number, b: number, tol = 1e-9) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);

function detailOf(text: string, a: string, b: string) {
  const d = buildPairDetail('u', 1, model(text).source, a, b)!;
  assert.ok(isPairDetail(d), 'the detail passes the protocol check the webview applies');
  return d;
}

/**
 * Distance from (px, py) to the core polygon of a preview B ⊖ A (brute force over its edges,
 * independent of the core): negative inside. The rounded difference's boundary is where this
 * equals md.radius.
 */
function coreDistance(md: PreviewMinkowski, px: number, py: number): number {
  const v = md.vertices;
  const n = v.length >> 1;
  let best = Infinity;
  let inside = n >= 3;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ax = v[2 * i]!;
    const ay = v[2 * i + 1]!;
    const ex = v[2 * j]! - ax;
    const ey = v[2 * j + 1]! - ay;
    const l2 = ex * ex + ey * ey;
    const u = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * ex + (py - ay) * ey) / l2)) : 0;
    best = Math.min(best, Math.hypot(ax + u * ex - px, ay + u * ey - py));
    if (ex * (py - ay) - ey * (px - ax) < 0) inside = false;
  }
  return inside ? -best : best;
}

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

  it('bounds over the interval are the parts\' swept bounds: a slowly turning bar spans its fan, not a disc', () => {
    // A 4 × 0.05 bar turning 0.1 rad over the step: its corners reach y = ±(2 sin 0.1 + 0.025 cos 0.1).
    const { scene } = model('dt 1/60\nbody bar box(4, 0.05) spin 6\n');
    const [x0, y0, x1, y1] = scene.bounds!;
    const reach = 2 * Math.sin(0.1) + 0.025 * Math.cos(0.1);
    assert.ok(y1 >= reach && -y0 >= reach, `contains every pose: ${y0}..${y1}`);
    assert.ok(y1 < 0.25 && -y0 < 0.25, `no whole disc of radius 2: ${y0}..${y1}`);
    close(x1, Math.hypot(2, 0.025), 1e-3);
    close(x0, -x1, 1e-12);
  });

  it('pair detail with a chain or a tile grid: no configuration space, and a note that says why', () => {
    const text = 'tiles ground cell 1 at (0, 1)\n  "####"\nbody ledge static chain((9, 2), (6, 2))\nbody crate box(1, 1) at (1.5, 1.3)\nbody hopper circle(0.4) at (7.5, 2.3)\n';
    const grid = detailOf(text, 'ground', 'crate');
    assert.ok(grid.finding, 'the crate overlaps the grid');
    assert.equal(grid.minkowski, null);
    assert.deepStrictEqual(grid.notes, ['`ground` is a tile grid: one-sided edges, not a convex part, so the pair has no configuration space to draw. Its findings are drawn in the scene.']);
    assert.match(detailOf(text, 'hopper', 'ledge').notes[0]!, /^`ledge` is a chain: /);
  });

  it('carries a ghost bump with its seam, time, moving side and pieces', () => {
    const { scene } = model('frames 60\nbody tile1 static box(2, 1) at (0, -0.5)\nbody tile2 static box(2, 1) at (2, -0.5)\nbody crate box(0.5, 0.5) at (0, 0.252) velocity (3, 0)\n');
    assert.ok(isPreviewScene(scene));
    const bumps = scene.findings.filter((f) => f.kind === 'ghost-bump');
    assert.equal(bumps.length, 1);
    const f = bumps[0]!;
    assert.deepStrictEqual([f.a, f.b, f.moving, f.pieces], ['tile1', 'crate', 'b', ['tile1', 'tile2']]);
    close(f.point![0], 1, 1e-9);
    close(f.point![1], 0, 1e-9);
    close(f.toi!, 0.25, 1e-6);
  });

  it('counts error diagnostics and still previews what could be built', () => {
    const { scene } = model('body a box(1, 1)\nbody b polygon((0,0), (1,0))\nbody c circle(1) at (3, 0)\n');
    assert.ok(scene.errorCount >= 1);
    assert.ok(scene.bodies.some((b) => b.name === 'c'));
  });

  it('pair detail of two overlapping boxes: B ⊖ A, its edge origins, depth and push-out', () => {
    const { source, scene } = model('body floor static box(10, 1) at (0, -0.5)\nbody crate box(1, 1) at (0, 0.4)\n');
    const d = buildPairDetail('file:///t.collide', 3, source, 'crate', 'floor')!;
    assert.ok(isPairDetail(d));
    assert.equal(d.a, 'floor', 'named in declaration order whatever the request order');
    assert.deepEqual(d.finding, scene.findings[0], 'the finding as the scene model words it');
    // B ⊖ A = [-5.5, 5.5] × [-0.1, 1.9].
    const xs = d.minkowski!.vertices.filter((_, i) => i % 2 === 0);
    const ys = d.minkowski!.vertices.filter((_, i) => i % 2 === 1);
    assert.deepEqual([Math.min(...xs), Math.max(...xs)], [-5.5, 5.5]);
    close(Math.min(...ys), -0.1, 1e-12);
    close(Math.max(...ys), 1.9, 1e-12);
    // Every edge of one box is parallel to an edge of the other (the exactly aligned case): each
    // side of B ⊖ A is a floor edge followed by a crate edge (core/narrow/minkowski.ts merges a
    // parallel pair A first), colored by where it came from, from the lowest vertex on.
    assert.deepEqual(d.minkowski!.edgeFrom, ['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B']);
    const m = d.minkowski!;
    assert.equal(m.vertices[0], -5.5);
    close(m.vertices[1]!, -0.1, 1e-12);
    for (let k = 0; k < 8; k++) {
      const l = (k + 1) % 8;
      const len = Math.hypot(m.vertices[2 * l]! - m.vertices[2 * k]!, m.vertices[2 * l + 1]! - m.vertices[2 * k + 1]!);
      close(len, m.edgeFrom[k] === 'B' ? 1 : k % 4 === 0 ? 10 : 1, 1e-9);
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

  it('overlapping pair: the EPA polytopes of core/narrow/epa.ts, the last one as deep as the finding', () => {
    // Aligned boxes: the cores overlap by 0.1, and EPA's last closest edge is 0.1 from the origin.
    const boxes = detailOf('body floor static box(10, 1) at (0, -0.5)\nbody crate box(1, 1) at (0, 0.4)\n', 'floor', 'crate');
    assert.equal(boxes.finding?.kind, 'overlap');
    assert.ok(boxes.epa.length >= 1, 'EPA steps are recorded');
    close(boxes.epa.at(-1)!.distance, boxes.finding!.depth!, 1e-12);
    // A rotated box against a capsule: the polytope is of the cores, so its last distance plus the
    // capsule's radius is the depth; every polytope vertex is a point of B ⊖ A made of the vertices
    // it names, and the closest edge is one of its edges.
    const d = detailOf('body a box(2, 1) angle 30deg\nbody b capsule(1, 0.25) at (1, 0.6) angle -10deg\n', 'a', 'b');
    assert.equal(d.finding?.kind, 'overlap');
    assert.ok(d.epa.length >= 1);
    close(d.epa.at(-1)!.distance + 0.25, d.finding!.depth!, 1e-12);
    close(-d.distance, d.finding!.depth!, 1e-12);
    const md = d.minkowski!;
    for (const step of d.epa) {
      assert.ok(step.closestEdge >= 0 && step.closestEdge < step.polytope.length);
      for (const p of step.polytope) {
        const k = md.vertexA.findIndex((ia, i) => ia === p.indexA && md.vertexB[i] === p.indexB);
        if (k >= 0) {
          close(p.w[0], md.vertices[2 * k]!, 1e-12);
          close(p.w[1], md.vertices[2 * k + 1]!, 1e-12);
        }
        assert.ok(coreDistance(md, p.w[0], p.w[1]) <= 1e-12, 'inside or on the core difference');
      }
    }
    assert.deepEqual(d.notes, []);
  });

  it('separated moving pair: no EPA, the GJK trace ends at the distance, the ray meets B ⊖ A at the time of impact', () => {
    const d = detailOf('dt 1/60\nbody wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0.5) velocity (600, 60)\n', 'wall', 'shot');
    assert.equal(d.epa.length, 0);
    close(d.distance, 2.9, 1e-12);
    const last = d.gjk.at(-1)!;
    // The simplex's closest point is on the cores' difference: the distance plus the radius.
    close(Math.hypot(...last.closest), d.distance + 0.05, 1e-12);
    assert.equal(d.toi!.state, 'hit');
    close(d.toi!.t, 2.9 / 600, 1e-4 / 60);
    // B ⊖ A moves by v t: the point -v·toi of the t = 0 difference is on its rounded boundary.
    const [vx, vy] = d.relativeVelocity;
    close(coreDistance(d.minkowski!, -vx * d.toi!.t, -vy * d.toi!.t), d.minkowski!.radius, 1e-9);
    // ... and not before: half-way there the ray is still outside.
    assert.ok(coreDistance(d.minkowski!, (-vx * d.toi!.t) / 2, (-vy * d.toi!.t) / 2) > d.minkowski!.radius + 1);
    close(d.toi!.point[0], 1.95, 1e-9);
    close(d.toi!.point[1], 0.5 + 60 * d.toi!.t, 1e-9);
    assert.deepEqual(d.advancement, [], 'translation is exact: no advancement iterations');
  });

  it('rotating pair: the conservative-advancement iterations close in on the time of impact', () => {
    // A 4 × 0.05 bar spinning at 60 rad/s about its center; the target 1.5 above it.
    const d = detailOf('dt 1/60\nframes 4\nbody bar box(4, 0.05) spin 60\nbody target static circle(0.1) at (0, 1.5)\n', 'bar', 'target');
    assert.equal(d.toi!.method, 'conservative-advancement');
    assert.equal(d.toi!.state, 'hit');
    // The bar's face (0.025 from its axis) meets the target's 0.1 radius at 1.5: sin θ = 0.125 / 1.5
    // past the bar's angle that points at it... θ = π/2 − asin(0.125 / 1.5) after the start.
    close(d.toi!.t, (Math.PI / 2 - Math.asin(0.125 / 1.5)) / 60, 1e-4 / 60);
    const steps = d.advancement;
    // The steps are the search's committed times (core/ccd/types.ts AdvanceStep), forward in time;
    // the end game's look-ahead evaluations count as iterations but are not steps.
    assert.ok(steps.length >= 2 && steps.length <= d.toi!.iterations, `${steps.length} steps, ${d.toi!.iterations} iterations`);
    for (let k = 1; k < steps.length; k++) assert.ok(steps[k]!.t > steps[k - 1]!.t, 'steps go forward in time');
    assert.equal(steps[0]!.t, 0);
    close(steps[0]!.distance, 1.5 - 0.025 - 0.1, 1e-12);
    for (const s of steps) {
      assert.ok(s.t <= d.toi!.t + 1e-4 / 60 && s.distance >= 0, 'never past the contact');
      // Each step's B ⊖ A is the pair at that time: the origin is the step's distance away (an
      // iterate that overlaps, probing past the contact, reports 0).
      close(Math.max(0, coreDistance(s.minkowski!, 0, 0) - s.minkowski!.radius), s.distance, 1e-9);
    }
    const last = steps.at(-1)!;
    assert.equal(last.t, d.toi!.t);
    assert.ok(last.distance < 1e-5, `${last.distance}`);
  });

  it('a pair with no finding shows its deepest part pair (two static bodies are never a finding)', () => {
    // The compound's left circle is 0.1 deep in the box, its right one 0.3.
    const d = detailOf('body a static box(4, 1)\nbody b static compound(circle(0.5) at (-1, 0), circle(0.5) at (1, -0.2)) at (0, 0.9)\n', 'a', 'b');
    assert.equal(d.finding, null);
    assert.deepEqual([d.partA, d.partB], [0, 1]);
    close(d.distance, -0.3, 1e-12);
    // The circle's center is outside the box: they overlap through its radius alone, so no EPA.
    assert.deepEqual(d.epa, []);
  });

  it('unknown names give null', () => {
    const { source } = model('body a circle(1)\n');
    assert.equal(buildPairDetail('u', 1, source, 'a', 'nope'), null);
    assert.equal(buildPairDetail('u', 1, source, 'a', 'a'), null);
  });

  it("bodyKind is the preview's color class", () => {
    const scene = analyzeDocument('body a static sensor circle(1)\nbody b bullet circle(1) at (5, 0)\nbody c circle(1) at (10, 0)\n').semantics.scene;
    const [a, b, c] = scene.bodies;
    assert.deepEqual([bodyKind(a!), bodyKind(b!), bodyKind(c!)], ['sensor', 'bullet', 'dynamic']);
  });
});
