/**
 * The pair inspector's numbers computed in the webview from the preview model (render/pair-live.ts)
 * against the server's (server/src/preview/pair-detail.ts): the same to the printed precision on
 * every example and on random pairs; and the instant at a time and a dragged pose.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../server/src/preview/scene-model';
import { buildPairDetail } from '../../../server/src/preview/pair-detail';
import { formatNumber as fmt } from '../../../protocol/format';
import type { PairDetail } from '../../../protocol/preview-model';
import { area, intersection, pairDetailOf, pairInstant, withPose } from '../../../render/pair-live';

const EXAMPLES = join(__dirname, '../../../examples');

function analyzed(text: string) {
  const analysis = analyzeDocument(text, { editorData: false });
  const source = { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics };
  return { source, scene: buildPreviewScene('file:///t.collide', 1, source) };
}

/** Every number of a detail as the inspector prints it (6 significant digits), by name. */
function printed(d: PairDetail): unknown {
  const p = (v: readonly number[]) => v.map(fmt);
  return {
    parts: [d.partA, d.partB],
    distance: fmt(d.distance),
    closest: p(d.closest),
    normal: d.normal && p(d.normal),
    pushOut: d.pushOut && p(d.pushOut),
    minkowski: d.minkowski && { vertices: p(d.minkowski.vertices), radius: fmt(d.minkowski.radius), edgeFrom: d.minkowski.edgeFrom },
    toi: d.toi && { ...d.toi, t: fmt(d.toi.t), point: p(d.toi.point), normal: p(d.toi.normal) },
    gjk: d.gjk.length,
    epa: d.epa.map((s) => [s.polytope.length, fmt(s.distance)]),
    advancement: d.advancement.map((s) => [fmt(s.t), fmt(s.distance), p(s.normal)]),
    relative: [p(d.relativeVelocity), fmt(d.relativeSpin)],
  };
}

function compareAll(text: string, where: string): number {
  const { source, scene } = analyzed(text);
  let compared = 0;
  const convex = scene.bodies.filter((b) => b.parts.length > 0);
  for (let i = 0; i < convex.length; i++) {
    for (let j = i + 1; j < convex.length; j++) {
      const server = buildPairDetail(scene.uri, 1, source, convex[i]!.name, convex[j]!.name)!;
      const live = pairDetailOf(scene, { ia: server.ia, ib: server.ib, parts: [server.partA, server.partB], finding: server.finding });
      assert.ok(live, `${where}: ${server.a} × ${server.b}`);
      assert.deepEqual(printed(live), printed(server), `${where}: ${server.a} × ${server.b}`);
      // Parts chosen the server's way when none are given.
      if (!server.finding) assert.deepEqual([pairDetailOf(scene, { ia: server.ia, ib: server.ib })!.partA, pairDetailOf(scene, { ia: server.ia, ib: server.ib })!.partB], [server.partA, server.partB]);
      // The instant at t = 0 is the detail's own numbers.
      const now = pairInstant(scene, server, 0, null)!;
      assert.deepEqual([fmt(now.distance), now.closest.map(fmt), now.normal.map(fmt)], [fmt(server.distance), server.closest.map(fmt), server.normal!.map(fmt)], `${where}: ${server.a} × ${server.b} at t = 0`);
      assert.deepEqual([now.gjk.length, now.epa.length], [server.gjk.length, server.epa.length], `${where}: ${server.a} × ${server.b}: traces at t = 0`);
      compared++;
    }
  }
  return compared;
}

describe('render/pair-live: the pair inspector computed from the preview model', () => {
  it('agrees with the server on every pair of every example', () => {
    const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.collide'));
    assert.ok(files.length > 5);
    let compared = 0;
    for (const f of files) compared += compareAll(readFileSync(join(EXAMPLES, f), 'utf8'), f);
    assert.ok(compared > 20, `only ${compared} pairs compared`);
  });

  it('agrees with the server on random pairs (shapes, poses, motions)', () => {
    const num = (lo: number, hi: number) => fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).map((x) => Math.round(x * 1000) / 1000);
    const shape = fc.oneof(
      fc.tuple(num(0.1, 2), num(0.1, 2)).map(([w, h]) => `box(${w}, ${h})`),
      num(0.05, 1).map((r) => `circle(${r})`),
      fc.tuple(num(0.2, 2), num(0.05, 0.6)).map(([l, r]) => `capsule(${l}, ${r})`),
      fc.tuple(num(0.3, 2), num(0.3, 2), num(-1, 1)).map(([w, h, s]) => `polygon((0, 0), (${w}, ${s}), (${w}, ${Math.round((s + h) * 1000) / 1000}), (0, ${h}))`),
    );
    const body = fc.record({ shape, x: num(-3, 3), y: num(-3, 3), angle: num(-3, 3), vx: num(-40, 40), vy: num(-40, 40), spin: fc.oneof(fc.constant(0), num(-60, 60)) });
    fc.assert(
      fc.property(body, body, (a, b) => {
        const line = (n: string, q: typeof a) => `body ${n} ${q.shape} at (${q.x}, ${q.y}) angle ${q.angle} velocity (${q.vx}, ${q.vy}) spin ${q.spin}`;
        assert.equal(compareAll(['dt 1/60', 'frames 2', line('a', a), line('b', b)].join('\n'), 'random'), 1);
      }),
      { numRuns: 150 },
    );
  });

  it('spinning-bar at t = 0: the normal is the closest point direction (0, 1), not the contact normal at impact', () => {
    const { scene } = analyzed(readFileSync(join(EXAMPLES, 'spinning-bar.collide'), 'utf8'));
    const d = pairDetailOf(scene, { ia: 0, ib: 1 })!;
    assert.deepEqual(d.closest.map(fmt), ['0', '0.91066']);
    assert.deepEqual(d.normal!.map(fmt), ['0', '1']);
    assert.deepEqual(d.toi!.normal.map(fmt), ['-0.632851', '0.774274']);
    // The first advancement step is the t = 0 pose: its normal is the same.
    assert.deepEqual(d.advancement[0]!.normal.map(fmt), ['0', '1']);
  });

  it('follows a dragged pose: pulled clear, the depth and push-out become a gap', () => {
    const text = ['dt 1/60', 'frames 1', 'body sunk static box(4, 1)', 'body pushed box(1, 1) at (0, 0.8)'].join('\n');
    const { scene } = analyzed(text);
    const detail = pairDetailOf(scene, { ia: 0, ib: 1 })!;
    const before = pairInstant(scene, detail, 0, null)!;
    assert.equal(fmt(before.distance), '-0.2');
    assert.deepEqual(before.pushOut!.map(fmt), ['0', '0.2']);
    assert.equal(fmt(before.overlapArea), '0.2');
    // Halfway out: depth 0.1, overlap 1 × 0.1.
    const half = pairInstant(scene, detail, 0, { index: 1, x: 0.3, y: 0.9, angle: 0 })!;
    assert.equal(fmt(half.distance), '-0.1');
    assert.deepEqual(half.pushOut!.map(fmt), ['0', '0.1']);
    assert.equal(fmt(half.overlapArea), '0.1');
    // Clear: a gap, no push-out, no overlap.
    const clear = pairInstant(scene, detail, 0, { index: 1, x: 0, y: 1.5, angle: 0 })!;
    assert.equal(fmt(clear.distance), '0.5');
    assert.equal(clear.pushOut, null);
    assert.equal(clear.overlap, null);
    // The whole detail of the dragged scene is the server's answer for the edited text.
    const edited = analyzed(text.replace('at (0, 0.8)', 'at (0, 1.5)'));
    const server = buildPairDetail(edited.scene.uri, 1, edited.source, 'sunk', 'pushed')!;
    const live = pairDetailOf(withPose(scene, { index: 1, x: 0, y: 1.5, angle: 0 }, 0), { ia: 0, ib: 1 })!;
    assert.deepEqual(printed(live), printed(server));
  });

  it('moves with the time: positions at t give the distance, closest point and normal then', () => {
    const text = ['dt 1/60', 'frames 60', 'body wall static box(0.2, 4) at (3, 0)', 'body ball circle(0.5) velocity (2, 0)'].join('\n');
    const { scene } = analyzed(text);
    const detail = pairDetailOf(scene, { ia: 0, ib: 1 })!;
    const at = (t: number) => pairInstant(scene, detail, t, null)!;
    assert.equal(fmt(at(0).distance), '2.4');
    assert.equal(fmt(at(0.5).distance), '1.4');
    assert.deepEqual(at(0.5).normal.map(fmt), ['-1', '0']);
    assert.equal(fmt(at(1.3).distance), '-0.2');
    // A body dragged at time t is at the drag, its t = 0 pose the drag taken back along its motion.
    const moved = withPose(scene, { index: 1, x: 1, y: 0, angle: 0 }, 0.5);
    assert.deepEqual(moved.bodies[1]!.position, [0, 0]);
  });

  it('clips convex polygons to their intersection', () => {
    const square = (x: number, y: number, s: number) => [x, y, x + s, y, x + s, y + s, x, y + s];
    assert.equal(area(intersection(square(0, 0, 2), square(1, 1, 2))), 1);
    assert.deepEqual(intersection(square(0, 0, 1), square(2, 2, 1)), []);
    assert.equal(area(intersection(square(0, 0, 4), square(1, 1, 1))), 1);
  });
});
