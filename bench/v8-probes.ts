/**
 * `npx tsx bench/v8-probes.ts`: checks how V8 holds Collide's hot data, and prints one PASS or
 * FAIL line per check (exit status 1 when any fails). These are checks of the engine's
 * representation, not of behavior, so they live here rather than in the mocha suite: a Node
 * upgrade may change an elements kind or a field representation without any answer changing.
 *
 * - Every shape's coordinate and normal arrays, from the factory and from a scene, are
 *   PACKED_DOUBLE_ELEMENTS (v8.dev, "Elements kinds in V8") of exactly 2 × count numbers (then
 *   the body's numbers for a shape sharing its body's data), so that the support functions, GJK,
 *   SAT and clipping stay monomorphic (core/shapes/shape.ts).
 * - Scene bodies' pose, motion and clause offsets are packed doubles, integers included.
 * - Every shape has one hidden class whose radius field holds a 0 unboxed
 *   (core/shapes/shape.ts TAGGED_RADIUS_SHAPE).
 * - Every kind of finding keeps its numbers in one packed double array
 *   (server/src/analysis/findings.ts).
 * - A publication's chunks, and its snapshots', are PACKED_ELEMENTS, an empty publication
 *   included (server/src/lsp/encode/encoded-json-list.ts objectList).
 *
 * Each probe runs in a fresh `node --allow-natives-syntax` (bench/v8/*-probe.ts): in a process
 * that ran other code first, optimized code that has seen several elements kinds legitimately
 * generalizes the arrays it loads from (TurboFan transitions the kind at such a load), and shared
 * arrays such as a circle's center would report what that code did to them, not how the product
 * builds them.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

interface ArrayKind {
  readonly label: string;
  readonly length: number;
  readonly count: number;
  /** How many numbers after the vertices are the body's, for a scene body's shape that shares its data (else 0). */
  readonly bodyNumbers: number;
  /** V8 holds the array as PACKED_DOUBLE_ELEMENTS: doubles, no holes. */
  readonly packedDoubles: boolean;
}

/** A shape's radius as V8 holds it. */
interface RadiusField {
  readonly label: string;
  readonly radius: number;
  /** Read back as a small integer: the field is tagged and holds the 0 itself. */
  readonly smi: boolean;
  /** The shape has the first shape's hidden class. */
  readonly sameMap: boolean;
}

interface FindingKind {
  readonly kind: string;
  readonly a: string;
  readonly b: string;
  readonly length: number;
  readonly packedDoubles: boolean;
}

/** What `probe` prints for `args`, run in a fresh process. */
function probe<T>(file: string, ...args: string[]): T {
  const script = path.join(__dirname, 'v8', file);
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--require', 'tsx/cjs', script, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${file} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/**
 * Asserts that `which`'s shapes come to `expected` arrays, each PACKED_DOUBLE_ELEMENTS of exactly
 * 2 × count coordinates (then its body's numbers, for a shape that shares its body's data).
 */
function assertPackedDoubles(which: 'factory' | 'scene', expected: number): ArrayKind[] {
  const kinds = probe<ArrayKind[]>('elements-kind-probe.ts', which);
  assert.equal(kinds.length, expected);
  for (const k of kinds) {
    assert.equal(k.length - k.bodyNumbers, 2 * k.count, k.label);
    assert.ok(k.packedDoubles, k.label);
  }
  return kinds;
}

const checks: [string, () => void][] = [
  [
    'factory shapes: every coordinate array packed doubles, no holes, exact length',
    () => {
      // 9 shapes, normals for the 3 boxes among them (none stored for makePolygon's), and the shared box normals.
      assertPackedDoubles('factory', 13);
    },
  ],
  [
    'scene shapes: every kind packed doubles of exactly 2 × count coordinates',
    () => {
      // 9 parts (the compound has 3), and normals for the 3 boxes among them: a polygon's are
      // computed where read (core/shapes/factory.ts makePolygon).
      const kinds = assertPackedDoubles('scene', 12);
      assert.deepEqual(
        kinds.filter((k) => k.label.endsWith('normals')).map((k) => k.label),
        ['b part 0 (box) normals', 'car part 0 (box) normals', 'car part 2 (box) normals'],
      );
      // A body's numbers follow its one shape's vertices in the same array (semantics/scene.ts
      // SceneBody data), but a circle's, whose center is shared, and a compound's parts'.
      assert.deepEqual(
        kinds.filter((k) => k.bodyNumbers > 0).map((k) => k.label),
        ['b part 0 (box) core', 'p part 0 (polygon) core', 'w part 0 (polygon) core', 'k part 0 (capsule) core', 's part 0 (segment) core'],
      );
    },
  ],
  [
    "scene bodies: pose, motion and clause offsets packed doubles, integers included",
    () => {
      const kinds = probe<ArrayKind[]>('elements-kind-probe.ts', 'body data');
      assert.deepEqual(
        kinds.map((k) => [k.label, k.length, k.packedDoubles]),
        [
          // The boxes' data is their shape's array: the 8 coordinates first.
          ['b data', 8 + 3, true],
          ['a data', 3 + 1, true],
          ['c data', 8 + 3 + 3, true],
          ['d data', 3 + 1 + 2 + 3, true],
          ['e data', 3 + 2 + 4, true],
        ],
      );
    },
  ],
  [
    'shapes: one hidden class, a radius of 0 held unboxed',
    () => {
      // Fails if the radius field becomes a double field (each 0 then a 16-byte box of its own).
      const fields = probe<RadiusField[]>('elements-kind-probe.ts', 'radius');
      assert.ok(fields.some((f) => f.radius !== Math.trunc(f.radius)), 'a fractional radius among the shapes');
      assert.ok(fields.filter((f) => f.radius === 0).length >= 5);
      for (const f of fields) {
        assert.ok(f.sameMap, `${f.label}: one hidden class`);
        if (f.radius === 0) assert.ok(f.smi, `${f.label}: a radius of 0 held unboxed`);
      }
    },
  ],
  [
    "findings: every kind's numbers in one packed double array",
    () => {
      const kinds = probe<FindingKind[]>('finding-storage-probe.ts');
      // depth, normal and two points or one; toi, point, normal, substeps and contact duration;
      // toi, point, normal and the first deep step.
      assert.deepEqual(
        kinds.map((k) => [k.kind, k.a, k.b, k.length]),
        [
          ['overlap', 'a', 'b', 7],
          ['overlap', 'c', 'd', 5],
          ['tunnelling', 'wall', 'shot', 7],
          ['collision', 'floor', 'crate', 6],
        ],
      );
      for (const k of kinds) assert.ok(k.packedDoubles, `${k.kind} ${k.a}–${k.b}`);
    },
  ],
  [
    'publications: chunks handed to the writer and kept in snapshots packed objects, empty ones too',
    () => {
      // An empty `[]` is PACKED_SMI until its first object: an empty publication's chunks would
      // have another map than a filled one's, and the edit path's optimized code be thrown away
      // each time they alternate (encoded-json-list.ts, objectList). The same of the snapshots'
      // chunks, which the next publication reads (before any publication: the shared empty one).
      assert.deepEqual(probe<unknown>('publication-kinds-probe.ts'), {
        objectList: true,
        empty: [0, true],
        first: [1, true],
        edited: [1, true],
        writer: [0, true],
        snapshots: [
          [0, true],
          [0, true],
          [1, true],
          [1, true],
        ],
      });
    },
  ],
];

let failed = 0;
for (const [name, check] of checks) {
  try {
    check();
    process.stdout.write(`PASS ${name}\n`);
  } catch (e) {
    failed++;
    process.stdout.write(`FAIL ${name}\n  ${(e instanceof Error ? e.message : String(e)).split('\n').join('\n  ')}\n`);
  }
}
process.stdout.write(`${checks.length - failed} of ${checks.length} passed (node ${process.version})\n`);
process.exitCode = failed > 0 ? 1 : 0;
