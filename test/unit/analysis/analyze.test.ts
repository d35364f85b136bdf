import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { BROAD_PHASE_KINDS } from '../../../core';
import { analyzePair, analyzeScene, compareFindings } from '../../../server/src/analysis/analyze';
import { bodyBounds } from '../../../server/src/analysis/body-bounds';
import type { Finding } from '../../../server/src/analysis/findings';
import { analyzeSemantics } from '../../../server/src/semantics/check';
import type { Scene } from '../../../server/src/semantics/scene';
import { parse } from '../../../server/src/syntax/parser';
import { bodyLine, sceneArb, settingsLines } from './scenes';

function sceneOf(text: string): Scene {
  return analyzeSemantics(parse(text)).scene;
}

/** The reference: every pair, in declaration order. */
function allPairs(scene: Scene, continuous = true): Finding[] {
  const out: Finding[] = [];
  const bodies = scene.bodies;
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const f = analyzePair(scene, bodies[i]!, bodies[j]!, continuous);
      if (f) out.push(f);
    }
  }
  return out.sort(compareFindings);
}

const pairsOf = (fs: readonly Finding[]) => fs.map((f) => `${f.kind} ${f.a} ${f.b}`);

describe('analysis/analyze: candidate pairs from the broad phase', () => {
  it('equals the all-pairs analysis on random scenes, for every broad-phase kind', () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(sceneArb(14), fc.boolean(), ({ settings, bodies }, continuous) => {
        const scene = sceneOf([...settingsLines(settings), ...bodies.map(bodyLine)].join('\n'));
        const expected = allPairs(scene, continuous);
        if (expected.length > 0) nonEmpty++;
        for (const kind of BROAD_PHASE_KINDS) {
          assert.deepStrictEqual(analyzeScene(scene, { broadPhase: kind, continuous }), expected, kind);
        }
      }),
      { numRuns: 300 },
    );
    // The property only means something if the scenes produce findings.
    assert.ok(nonEmpty > 30, `only ${nonEmpty} scenes had findings`);
  });

  it('finds a fast body whose path crosses a far body, though neither end pose is near it', () => {
    // 600 units/s over one step of 1/60 s: from x = -5 to x = 5, through the wall at x = 0.
    const scene = sceneOf('body wall static box(0.1, 4) at (0, 0)\nbody shot circle(0.05) at (-5, 0) velocity (600, 0)');
    for (const kind of BROAD_PHASE_KINDS) assert.deepEqual(pairsOf(analyzeScene(scene, { broadPhase: kind })), ['tunnelling wall shot'], kind);
  });

  it('finds a contact made by rotation alone (swept bounds of a spinning bar)', () => {
    const text = 'dt 1/60\nbody bar box(6, 0.05) at (0, 0) spin 150\nbody target static circle(0.1) at (0, 2.5)';
    for (const kind of BROAD_PHASE_KINDS) assert.deepEqual(pairsOf(analyzeScene(sceneOf(text), { broadPhase: kind })), ['tunnelling bar target'], kind);
  });

  it('tests no pair the spec excludes: static/static, sensors, layers that do not collide', () => {
    const text = [
      'layer a',
      'layer b collides b',
      'body s1 static box(2, 2)',
      'body s2 static box(2, 2) at (0.5, 0)',
      'body trigger sensor box(2, 2) at (0.2, 0)',
      'body p box(1, 1) at (0.3, 0) layer a',
      'body q box(1, 1) at (0.4, 0) layer a',
      'body r box(1, 1) at (0.4, 0.2) layer b',
      'body u box(1, 1) at (0.4, 0.3) layer b',
    ].join('\n');
    const scene = sceneOf(text);
    for (const kind of BROAD_PHASE_KINDS) {
      const names = analyzeScene(scene, { broadPhase: kind }).map((f) => `${f.a} ${f.b}`);
      assert.deepEqual(names, allPairs(scene).map((f) => `${f.a} ${f.b}`), kind);
      assert.ok(names.length > 0);
      for (const n of names) assert.ok(!/s1 s2|trigger|p q/.test(n), n);
    }
  });

  it('gives findings in declaration order, whatever order the broad phase reports pairs in', () => {
    const text = Array.from({ length: 12 }, (_, i) => `body b${i} circle(1) at (${(i * 7) % 5}, 0) velocity (${i % 3}, 0)`).join('\n');
    for (const kind of BROAD_PHASE_KINDS) {
      const fs = analyzeScene(sceneOf(text), { broadPhase: kind });
      for (let i = 1; i < fs.length; i++) assert.ok(compareFindings(fs[i - 1]!, fs[i]!) < 0, kind);
    }
  });

  it('a level too sparse for the dense grid (two far clusters) takes the hashed grid: same findings', () => {
    // Boxes of side 2, 5000 cells apart on both axes: gridPairs declines (grid-pairs.test.ts).
    const cluster = (x0: number, tag: string) =>
      Array.from({ length: 20 }, (_, i) => `body ${tag}${i} box(2, 2) at (${x0 + i * 1.5}, ${x0})${i % 2 ? ' velocity (0, -30)' : ''}`);
    const scene = sceneOf([...cluster(0, 'p'), ...cluster(1e4, 'q')].join('\n'));
    const expected = allPairs(scene);
    assert.ok(expected.length >= 30, `only ${expected.length} findings`);
    for (const kind of BROAD_PHASE_KINDS) assert.deepEqual(analyzeScene(scene, { broadPhase: kind }), expected, kind);
  });

  it('a finding does not depend on which pairs were tested before (overlap.ts keeps the last first body)', () => {
    fc.assert(
      fc.property(sceneArb(10), fc.infiniteStream(fc.nat()), ({ settings, bodies }, picks) => {
        const scene = sceneOf([...settingsLines(settings), ...bodies.map(bodyLine)].join('\n'));
        const all = scene.bodies;
        const pairs: [number, number][] = [];
        for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) pairs.push([i, j]);
        const inOrder = pairs.map(([i, j]) => analyzePair(scene, all[i]!, all[j]!, true));
        // The same pairs in a random order, each asked with either body first.
        const order = pairs.map((_, k) => k);
        const it = picks[Symbol.iterator]();
        for (let k = order.length - 1; k > 0; k--) {
          const r = it.next().value! % (k + 1);
          [order[k], order[r]] = [order[r]!, order[k]!];
        }
        for (const k of order) {
          const [i, j] = pairs[k]!;
          const swap = it.next().value! % 2 === 1;
          const f = swap ? analyzePair(scene, all[j]!, all[i]!, true) : analyzePair(scene, all[i]!, all[j]!, true);
          if (f?.kind === 'overlap' || inOrder[k]?.kind === 'overlap') assert.deepStrictEqual(f, inOrder[k]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('handles an empty scene and a scene of one body', () => {
    for (const kind of BROAD_PHASE_KINDS) {
      assert.deepEqual(analyzeScene(sceneOf(''), { broadPhase: kind }), []);
      assert.deepEqual(analyzeScene(sceneOf('body a circle(1)'), { broadPhase: kind }), []);
    }
  });
});

describe('analysis/body-bounds', () => {
  const box = () => ({ minX: 0, minY: 0, maxX: 0, maxY: 0 });

  it('is the t = 0 box (with its thin guard band) for a body at rest', () => {
    const scene = sceneOf('body a box(2, 1) at (10, 5)');
    const b = bodyBounds(scene, scene.bodies[0]!, box());
    assert.ok(Math.abs(b.minX - 9) < 1e-5 && Math.abs(b.maxX - 11) < 1e-5 && Math.abs(b.minY - 4.5) < 1e-5 && Math.abs(b.maxY - 5.5) < 1e-5);
    assert.ok(b.minX < 9 && b.maxX > 11, 'the guard band grows the box');
  });

  it('covers the whole path over frames × dt, not just the end poses', () => {
    const scene = sceneOf('dt 0.1\nframes 3\nbody a circle(1) velocity (10, -20)');
    const b = bodyBounds(scene, scene.bodies[0]!, box());
    // From (0, 0) to (3, -6) over 0.3 s, grown by the radius.
    assert.ok(b.minX <= -1 && b.maxX >= 4 && b.minY <= -7 && b.maxY >= 1);
    assert.ok(b.maxX < 4.001 && b.minY > -7.001);
  });

  it('contains the bounds of every part of a compound', () => {
    const scene = sceneOf('body a compound(box(1, 1) at (5, 0), circle(0.5) at (-5, 2))');
    const b = bodyBounds(scene, scene.bodies[0]!, box());
    assert.ok(b.minX <= -5.5 && b.maxX >= 5.5 && b.maxY >= 2.5 && b.minY <= -0.5);
  });

  it('ignores the motion of a static body, as the semantics does', () => {
    const scene = sceneOf('body a static circle(1) velocity (100, 0)');
    const b = bodyBounds(scene, scene.bodies[0]!, box());
    assert.ok(b.maxX < 1.001);
  });
});
