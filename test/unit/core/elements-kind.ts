import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface ArrayKind {
  readonly label: string;
  readonly length: number;
  readonly count: number;
  /** How many numbers after the vertices are the body's, for a scene body's shape that shares its data (else 0). */
  readonly bodyNumbers: number;
  /** V8 holds the array as PACKED_DOUBLE_ELEMENTS: doubles, no holes. */
  readonly packedDoubles: boolean;
}

/**
 * The elements kinds (v8.dev, "Elements kinds in V8") of the coordinate arrays of freshly built
 * shapes: `factory` (core/shapes/factory.ts) or `scene` (semantics); or of the scene bodies'
 * packed data (`body data`: semantics/scene.ts SceneBody.data, whose `count` is 0). The shapes'
 * arrays must all be PACKED_DOUBLE_ELEMENTS for the support functions, GJK, SAT and clipping to
 * stay monomorphic (core/shapes/shape.ts): a box of integer sides would otherwise come out as
 * Smis and `new Array(n)` as holey; a body's data likewise for the pair loops' pose loads.
 *
 * Read in a fresh process through V8's test intrinsics (--allow-natives-syntax): not in the test
 * runner's, where setting the flag would change V8's flag hash (and so reject the CLI's code cache
 * in its test), and where code optimised by earlier tests, node:assert's deep equality among it,
 * legitimately generalises arrays it loads from (TurboFan transitions the elements kind at a load
 * that has seen several) — shared arrays such as the circles' centre would report what the tests
 * before did to them, not how the product builds them.
 */
export function elementsKinds(which: 'factory' | 'scene' | 'body data'): ArrayKind[] {
  return probe<ArrayKind[]>(which);
}

/** What elements-kind-probe.ts prints for `which`, run in a fresh process (see `elementsKinds` for why). */
function probe<T>(which: string): T {
  const script = path.join(__dirname, 'elements-kind-probe.ts');
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--require', 'tsx/cjs', script, which], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the elements-kind probe (${which}) failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/**
 * Asserts that `which`'s probe reports `expected` arrays, each PACKED_DOUBLE_ELEMENTS of exactly
 * 2 × count coordinates (and then its body's numbers, for a shape that shares its body's data),
 * and returns them for further checks.
 */
export function assertPackedDoubles(which: 'factory' | 'scene', expected: number): ArrayKind[] {
  const kinds = elementsKinds(which);
  assert.equal(kinds.length, expected);
  for (const k of kinds) {
    assert.equal(k.length - k.bodyNumbers, 2 * k.count, k.label);
    assert.ok(k.packedDoubles, k.label);
  }
  return kinds;
}

/** A shape's radius as V8 holds it (see core/shapes/shape.ts TAGGED_RADIUS_SHAPE), from the probe. */
export interface RadiusField {
  readonly label: string;
  readonly radius: number;
  /** Read back as a small integer: the field is tagged and holds the 0 itself. */
  readonly smi: boolean;
  /** The shape has the first shape's hidden class. */
  readonly sameMap: boolean;
}

/** How the scene's and the factory's shapes hold their radii, read in a fresh process (see `elementsKinds`). */
export function radiusFields(): RadiusField[] {
  return probe<RadiusField[]>('radius');
}
