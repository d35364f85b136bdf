import { strict as assert } from 'node:assert';
import { overlapDiagnostic, overlapPair } from '../../../server/src/analysis/overlap';
import type { OverlapFinding } from '../../../server/src/analysis/findings';
import { analyzeSemantics } from '../../../server/src/semantics/check';
import type { Scene } from '../../../server/src/semantics/scene';
import { parse } from '../../../server/src/syntax/parser';

function sceneOf(text: string): Scene {
  return analyzeSemantics(parse(text)).scene;
}

function pair(text: string, a: string, b: string): OverlapFinding | null {
  const scene = sceneOf(text);
  const A = scene.bodies.find((x) => x.name === a)!;
  const B = scene.bodies.find((x) => x.name === b)!;
  return overlapPair(scene, A, B);
}

const near = (a: number, b: number, tol = 1e-12) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);

describe('analysis/overlap', () => {
  it('exactly aligned boxes, two support vertices: depth 0.1, normal (0, 1), two points', () => {
    const f = pair('body plank static box(4, 1) at (0, 0)\nbody crate box(2, 1) at (0, 0.9)', 'plank', 'crate')!;
    assert.equal(f.kind, 'overlap');
    assert.deepEqual([f.a, f.b, f.ia, f.ib], ['plank', 'crate', 0, 1]);
    near(f.depth, 0.1);
    near(f.normal.x, 0);
    near(f.normal.y, 1);
    assert.equal(f.points.length, 2);
    for (const p of f.points) near(p.y, 0.45);
    assert.deepEqual(f.points.map((p) => p.x).sort((x, y) => x - y), [-1, 1]);
  });

  it('a turned box is the same box: 5 cm deep, still two points', () => {
    const f = pair('body left static box(1, 1) at (5, 0)\nbody turned box(1, 1) at (5, 0.95) angle 90deg', 'left', 'turned')!;
    near(f.depth, 0.05, 1e-12);
    near(f.normal.y, 1, 1e-12);
    assert.equal(f.points.length, 2);
  });

  it('touching and within slop is resting contact: no finding', () => {
    assert.equal(pair('body a box(1, 1)\nbody b box(1, 1) at (1, 0.5)', 'a', 'b'), null);
    assert.equal(pair('slop 0.01\nbody a box(1, 1)\nbody b box(1, 1) at (0.99, 0)', 'a', 'b'), null);
    assert.ok(pair('slop 0.01\nbody a box(1, 1)\nbody b box(1, 1) at (0.98, 0)', 'a', 'b'));
  });

  it('a is the body declared first whichever order the caller passes', () => {
    const text = 'body floor static box(20, 1) at (0, -0.5)\nbody barrel circle(0.4) at (-3, 0.39)';
    const f = pair(text, 'barrel', 'floor')!;
    assert.deepEqual([f.a, f.b], ['floor', 'barrel']);
    near(f.depth, 0.01, 1e-12);
    near(f.normal.y, 1);
  });

  it('compound bodies report their deepest part pair', () => {
    const text = [
      'body ground static box(10, 1) at (0, -0.5)',
      'body car compound(box(3, 1) at (0, 0.6), circle(0.4) at (-1, 0.3), circle(0.4) at (1, 0.25)) at (0, 0)',
    ].join('\n');
    const f = pair(text, 'ground', 'car')!;
    near(f.depth, 0.15, 1e-12);
    assert.equal(f.partB, 2);
    assert.equal(f.partA, 0);
  });

  it('diagnostic: warning on the later body naming the other, the depth and the push-out vector', () => {
    const text = 'body crate1 box(1, 1)\nbody crate2 box(1, 1) at (0, 0.75)';
    const scene = sceneOf(text);
    const f = overlapPair(scene, scene.bodies[0]!, scene.bodies[1]!)!;
    const d = overlapDiagnostic(scene, f);
    assert.equal(d.code, 'overlap');
    assert.equal(d.severity, 'warning');
    assert.deepEqual(d.range, scene.bodies[1]!.nameRange);
    assert.equal(d.message, 'crate2 overlaps crate1 by 0.25: move it by (0, 0.25) to separate');
    assert.deepEqual(d.related?.[0]?.range, scene.bodies[0]!.nameRange);
  });

  it('diagnostic: a compound on either side is named by the part that overlaps', () => {
    const text = [
      'body floor static box(10, 1) at (0, -0.5)',
      'body car compound(box(3, 1) at (0, 0.6), circle(0.4) at (-1, 0.3), circle(0.4) at (1, 0.15)) at (0, 0)',
      'body rock circle(0.5) at (0.5, 1.3)',
    ].join('\n');
    const scene = sceneOf(text);
    const [floor, car, rock] = scene.bodies;
    const onFloor = overlapDiagnostic(scene, overlapPair(scene, floor!, car!)!);
    assert.equal(onFloor.message, 'car overlaps floor by 0.25 (part 3 of car against floor): move it by (0, 0.25) to separate');
    assert.deepEqual(onFloor.related, [{ range: floor!.nameRange, message: 'floor' }]);
    const onCar = overlapDiagnostic(scene, overlapPair(scene, car!, rock!)!);
    assert.equal(onCar.message, 'rock overlaps car by 0.3 (rock against part 1 of car): move it by (0, 0.3) to separate');
    assert.deepEqual(onCar.range, rock!.nameRange);
  });
});
