/**
 * The reader of a scene's bytes checks what it reads rather than running `isPreviewScene` over
 * the objects it made (protocol/preview-scene-bytes-reader.ts): here its verdict is compared with
 * `isPreviewScene`'s on valid scenes with one field changed, for every refusal a scene's bytes can
 * carry (the fields the layout writes as codes or bits, such as kinds, booleans and a body's
 * index, hold nothing else). A scene the check accepts reads back equal; one it refuses gives null.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { isPreviewScene, type PreviewBody, type PreviewChain, type PreviewFinding, type PreviewPart, type PreviewScene, type PreviewTiles } from '../../../protocol/preview-model';
import { decodeSceneBytes, encodeSceneBytes } from '../../../protocol/preview-scene-bytes';
import { sceneArb } from './preview-scene-arbitraries';

/** Values for a field that must be a finite number: some not, some that are (-0 among them). */
const FINITE = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1.5, -0];
/** Values for an offset or a count that must be a non-negative integer. */
const NATURAL = [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 53, 7, -(2 ** 60)];
/** Values for a string field of at most `max` characters (JSON keeps each as it is). */
const text = (max: number): unknown[] => [7, null, true, {}, [], 'x'.repeat(max + 1), 'x'.repeat(max), ''];

type Edit = (scene: PreviewScene, pick: number, value: unknown) => PreviewScene;

const at = <T>(list: readonly T[], pick: number): number => pick % list.length;

function onBody(change: (b: PreviewBody, value: unknown) => Partial<PreviewBody>): Edit {
  return (scene, pick, value) => {
    if (scene.bodies.length === 0) return scene;
    const i = at(scene.bodies, pick);
    return { ...scene, bodies: scene.bodies.map((b, k) => (k === i ? { ...b, ...change(b, value) } : b)) };
  };
}

function onFinding(change: (f: PreviewFinding, value: unknown, n: number) => Partial<PreviewFinding>): Edit {
  return (scene, pick, value) => {
    if (scene.findings.length === 0) return scene;
    const i = at(scene.findings, pick);
    return { ...scene, findings: scene.findings.map((f, k) => (k === i ? { ...f, ...change(f, value, scene.bodies.length) } : f)) };
  };
}

const PART: PreviewPart = { kind: 'polygon', vertices: [0, 0, 1, 0, 0, 1], radius: 0, range: { start: 1, end: 2 } };
const onPart = (change: (p: PreviewPart, value: unknown) => Partial<PreviewPart>): Edit =>
  onBody((b, value) => {
    const p = b.parts[0] ?? PART;
    return { parts: [{ ...p, ...change(p, value) }, ...b.parts.slice(1)] };
  });
const onChain = (change: (value: unknown) => Partial<PreviewChain>): Edit =>
  onBody((b, value) => ({ chains: [{ points: [0, 0, 1, 1], loop: true, ...change(value) }] }));
const GRID: PreviewTiles = { columns: 3, rows: 2, cellWidth: 1, cellHeight: 2, cells: '#./\\F7' };
const onTiles = (change: (value: unknown) => Partial<PreviewTiles>): Edit => onBody((b, value) => ({ tiles: { ...GRID, ...change(value) } }));

const number = (v: unknown) => v as number;
const offsetRange = (v: unknown, end: boolean) => (end ? { start: 3, end: number(v) } : { start: number(v), end: 3 });

/** Each refusal kind: the values it tries and how it changes a scene. */
const MUTATIONS: [string, unknown[], Edit][] = [
  ['uri', text(8192), (s, _, v) => ({ ...s, uri: v as string })],
  ['version', [0.5, Number.NaN, Number.POSITIVE_INFINITY, -(2 ** 60), -0], (s, _, v) => ({ ...s, version: number(v) })],
  ['dt', [0, -0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e-300], (s, _, v) => ({ ...s, dt: number(v) })],
  ['frames', NATURAL, (s, _, v) => ({ ...s, frames: number(v) })],
  ['errorCount', NATURAL, (s, _, v) => ({ ...s, errorCount: number(v) })],
  ['slop', FINITE, (s, _, v) => ({ ...s, slop: number(v) })],
  ['scene bounds', FINITE, (s, pick, v) => ({ ...s, bounds: [0, 1, 2, 3].map((k) => (k === pick % 4 ? number(v) : k)) as PreviewScene['bounds'] })],
  ['yDown', [1, null, 'yes', true, false, 0], (s, _, v) => ({ ...s, yDown: v as boolean })],
  ['body name', text(256), onBody((_, v) => ({ name: v as string }))],
  ['sourceKind', text(32), onBody((_, v) => ({ sourceKind: v as string }))],
  ['layer', text(256), onBody((_, v) => ({ layer: v as string }))],
  ['position', FINITE, onBody((b, v) => ({ position: [b.position[0], number(v)] }))],
  ['angle', FINITE, onBody((_, v) => ({ angle: number(v) }))],
  ['velocity', FINITE, onBody((b, v) => ({ velocity: [number(v), b.velocity[1]] }))],
  ['spin', FINITE, onBody((_, v) => ({ spin: number(v) }))],
  ['body bounds', FINITE, onBody((b, v) => ({ bounds: [b.bounds[0], b.bounds[1], number(v), b.bounds[3]] }))],
  ['insertOffset', NATURAL, onBody((_, v) => ({ insertOffset: number(v) }))],
  ['range start', NATURAL, onBody((_, v) => ({ range: offsetRange(v, false) }))],
  ['range end', NATURAL, onBody((_, v) => ({ range: offsetRange(v, true) }))],
  ['nameRange', NATURAL, onBody((_, v) => ({ nameRange: offsetRange(v, true) }))],
  ['atRange', NATURAL, onBody((_, v) => ({ atRange: offsetRange(v, false) }))],
  ['angleRange', NATURAL, onBody((_, v) => ({ angleRange: offsetRange(v, true) }))],
  ['part range', NATURAL, onPart((_, v) => ({ range: offsetRange(v, false) }))],
  ['part radius', FINITE, onPart((_, v) => ({ radius: number(v) }))],
  ['part vertex', FINITE, onPart((p, v) => ({ vertices: [number(v), ...p.vertices.slice(1)] }))],
  ['part vertices count', [1, 3, 7, 9, 100_000, 100_001, 100_002], onPart((_, v) => ({ vertices: new Array<number>(number(v)).fill(0.5) }))],
  ['box vertices', FINITE, onPart((_, v) => ({ vertices: [-number(v), -1, number(v), -1, number(v), 1, -number(v), 1] }))],
  ['chain points', FINITE, onChain((v) => ({ points: [0, number(v), 1, 1] }))],
  ['chain points count', [1, 3, 5, 6], onChain((v) => ({ points: new Array<number>(number(v)).fill(2) }))],
  ['tile columns', NATURAL, onTiles((v) => ({ columns: number(v) }))],
  ['tile rows', NATURAL, onTiles((v) => ({ rows: number(v) }))],
  ['tile columns and rows', [[-3, -2], [1.5, 4], [-0, 6], [3, 2], [6, 1], [2 ** 53, 0]], onTiles((v) => ({ columns: (v as number[])[0], rows: (v as number[])[1] }))],
  ['tile cell size', FINITE, onTiles((v) => ({ cellWidth: number(v) }))],
  ['tile cells', ['#./\\F7', '#./\\Fx', '#./\\F', '#./\\F77', '?#./\\F', '......'], onTiles((v) => ({ cells: v as string }))],
  ['finding ia', [-1, 0.5, Number.NaN, 'n', 'n-1', 2 ** 53], onFinding((_, v, n) => ({ ia: v === 'n' ? n : v === 'n-1' ? n - 1 : number(v) }))],
  ['finding ib', [-1, 0.5, Number.POSITIVE_INFINITY, 'n', 'n-1', -0], onFinding((_, v, n) => ({ ib: v === 'n' ? n : v === 'n-1' ? n - 1 : number(v) }))],
  ['finding a', text(256), onFinding((_, v) => ({ a: v as string }))],
  ['finding b', text(256), onFinding((_, v) => ({ b: v as string }))],
  ['finding message', text(2048), onFinding((_, v) => ({ message: v as string }))],
  ['finding pieces', text(256), onFinding((_, v) => ({ pieces: ['p', v as string] }))],
  ['finding normal', FINITE, onFinding((f, v) => ({ normal: [number(v), f.normal[1]] }))],
  ['finding depth', FINITE, onFinding((_, v) => ({ depth: number(v) }))],
  ['finding points', FINITE, onFinding((_, v) => ({ points: [[1, 2], [3, number(v)]] }))],
  ['finding points count', [0, 1, 16, 17], onFinding((_, v) => ({ points: new Array(number(v)).fill([1, 2]) as [number, number][] }))],
  ['finding toi', FINITE, onFinding((_, v) => ({ toi: number(v) }))],
  ['finding point', FINITE, onFinding((_, v) => ({ point: [number(v), 0] }))],
  ['finding substeps', FINITE, onFinding((_, v) => ({ substeps: number(v) }))],
];

describe('protocol/preview-scene-bytes: the reader refuses what isPreviewScene refuses', () => {
  it('gives the same verdict as isPreviewScene on a scene with one field changed, and reads back what it accepts', () => {
    const seen = new Map(MUTATIONS.map(([label]) => [label, { accepted: 0, refused: 0 }]));
    const mutated = fc.tuple(sceneArb, fc.nat(MUTATIONS.length - 1), fc.nat(), fc.nat()).map(([scene, m, pick, k]) => {
      const [label, values, edit] = MUTATIONS[m]!;
      return { label, scene: edit(scene, pick, values[k % values.length]) };
    });
    fc.assert(
      fc.property(mutated, ({ label, scene }) => {
        const valid = isPreviewScene(scene);
        const back = decodeSceneBytes(encodeSceneBytes(scene));
        if (valid) assert.deepStrictEqual(back, scene);
        else assert.equal(back, null);
        seen.get(label)![valid ? 'accepted' : 'refused']++;
      }),
      { numRuns: 3000 },
    );
    assert.ok(seen.size > 0);
    for (const [label, { refused }] of seen) assert.ok(refused > 0, `${label}: never refused`);
  });
});
