/**
 * Run by bench/v8-probes.ts in a fresh `node --allow-natives-syntax`: builds shapes the way the
 * product does (`factory`: core/shapes/factory.ts; `scene`: semantics of a scene with every shape
 * kind) and prints, as JSON, each coordinate array's label, length, vertex count, how many of
 * its numbers are its body's after the vertices (a scene body's one shape shares its array with
 * the body's data: semantics/scene.ts) and whether V8 holds it as PACKED_DOUBLE_ELEMENTS.
 */
import { makeBox, makeCapsule, makeCircle, makePolygon, makeSegment, makeSharedBox, makeTransform, transformShape, type ConvexShape } from '../../core';
import { analyzeSemantics } from '../../server/src/semantics/check';
import { parse } from '../../server/src/syntax/parser';

const packedDoubles = new Function('a', 'return %HasDoubleElements(a) && !%HasHoleyElements(a)') as (a: readonly number[]) => boolean;

/** Shapes whose coordinate array is their body's data too, by how many of its numbers follow the vertices. */
const bodyNumbers = new Map<ConvexShape, number>();

function shapes(which: string): [string, ConvexShape][] {
  if (which === 'body data') return [];
  if (which === 'factory') {
    return [
      ['makeCircle off the origin', makeCircle({ x: 1, y: 2 }, 0.5)],
      ['makeCircle at the origin', makeCircle({ x: 0, y: 0 }, 1)],
      ['makeBox of integer sides', makeBox(2, 2)],
      ['makeSharedBox', makeSharedBox(4, 6)],
      ['makeCapsule', makeCapsule(2, 1)],
      ['makeSegment', makeSegment({ x: 0, y: 0 }, { x: 3, y: 4 })],
      ['makePolygon', makePolygon([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 0, y: 2 }])],
      ['transformShape of a box', transformShape(makeBox(2, 2), makeTransform(1, 1, 0))],
      ['transformShape of a circle', transformShape(makeCircle({ x: 0, y: 0 }, 1), makeTransform(1, 1, 0))],
    ];
  }
  const text = [
    'body c circle(2)',
    'body b box(4, 2)',
    'body p polygon((0, 0), (2, 0), (0, 1))',
    'body w polygon((0, 0), (0, 1), (2, 1), (2, 0))',
    'body k capsule(3, 0.5)',
    'body s segment((-1, 0), (1, 1))',
    'body car compound(box(2, 1) at (0, 1), circle(0.5) at (1, 0), compound(box(2, 2) angle 90deg) at (5, 0) angle 45deg)',
  ].join('\n');
  return analyzeSemantics(parse(text)).scene.bodies.flatMap((b) => b.parts.map((p, i): [string, ConvexShape] => {
    // A body's numbers after its one shape's vertices, in the one array (semantics/scene.ts).
    if (p.shape.xy === b.data) bodyNumbers.set(p.shape, b.data.length - 2 * p.shape.count);
    return [`${b.name} part ${i} (${p.sourceKind})`, p.shape];
  }));
}

if (process.argv[2] === 'radius') {
  // Every shape of the scene and of the factory (fractional radii among them), in one process:
  // whether each shares the first one's hidden class, and whether its radius is read back as a
  // small integer (a tagged field holding 0) or a number boxed afresh (a double field).
  const isSmi = new Function('v', 'return %IsSmi(v)') as (v: unknown) => boolean;
  const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
  const all = [...shapes('scene'), ...shapes('factory')];
  const out = all.map(([label, shape]) => ({ label, radius: shape.radius, smi: isSmi(shape.radius), sameMap: sameMap(shape, all[0]![1]) }));
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
}

const report: { label: string; length: number; count: number; bodyNumbers: number; packedDoubles: boolean }[] = [];
if (process.argv[2] === 'body data') {
  // Integer values first: the arrays must not start out as Smis (x, y and angle are read in the
  // pair loops, and a mix of kinds would make those loads polymorphic).
  const text = [
    'body b box(1, 1)',
    'body a circle(1) at (1, 2)',
    'body c static box(2, 2) at (3, 0) angle 1 spin 2',
    'body d circle(0.5) at (0.5, 0.25) velocity (1, 0) spin 1',
    'body e circle(1) at (1, 1) velocity (0, 0) angle 90deg layer l',
  ].join('\n');
  for (const b of analyzeSemantics(parse(text)).scene.bodies) report.push({ label: `${b.name} data`, length: b.data.length, count: 0, bodyNumbers: 0, packedDoubles: packedDoubles(b.data) });
}
for (const [label, shape] of shapes(process.argv[2] ?? '')) {
  report.push({ label: `${label} core`, length: shape.xy.length, count: shape.count, bodyNumbers: bodyNumbers.get(shape) ?? 0, packedDoubles: packedDoubles(shape.xy) });
  if (shape.nxy.length > 0) report.push({ label: `${label} normals`, length: shape.nxy.length, count: shape.count, bodyNumbers: 0, packedDoubles: packedDoubles(shape.nxy) });
}
if (process.argv[2] === 'factory') {
  // makeSharedBox's normals are the one BOX_NORMALS array (core/shapes/factory.ts).
  const shared = makeSharedBox(1, 1).nxy;
  report.push({ label: 'BOX_NORMALS', length: shared.length, count: 4, bodyNumbers: 0, packedDoubles: packedDoubles(shared) });
}
process.stdout.write(JSON.stringify(report));
