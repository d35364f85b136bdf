/**
 * A whole scene as bytes for the webview (protocol/preview-scene-bytes.ts): it reads back exactly
 * the scene it was made of, and bytes that are not a valid scene give null, as strictly as
 * `isPreviewScene` refuses an object.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { isHostToWebview } from '../../../protocol/preview-messages';
import { isPreviewScene, type PreviewBody, type PreviewFinding, type PreviewPart, type PreviewScene } from '../../../protocol/preview-model';
import { decodeSceneBytes, encodeSceneBytes } from '../../../protocol/preview-scene-bytes';
import { sampleScene } from '../../browser/fixtures';

/** Finite doubles of every magnitude (no -0: the header's scalars are JSON, as is the LSP wire the scene comes over). */
const num = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
/** Offsets and counts, now and then beyond 32 bits (the layout then writes its integers wide). */
const nat = fc.oneof({ arbitrary: fc.nat(), weight: 19 }, { arbitrary: fc.integer({ min: 2 ** 32, max: Number.MAX_SAFE_INTEGER }), weight: 1 });
const point = fc.tuple(num, num);
const range = fc.record({ start: nat, end: nat }, { noNullPrototype: true });
const name = fc.string({ unit: 'grapheme', maxLength: 12 });
const part: fc.Arbitrary<PreviewPart> = fc.record({
  kind: fc.constantFrom('circle', 'capsule', 'segment', 'polygon'),
  vertices: fc.array(point, { maxLength: 6 }).map((ps) => ps.flat()),
  radius: num,
  range,
}, { noNullPrototype: true });

const chain = fc.record({
  points: fc.array(point, { maxLength: 5 }).map((ps) => ps.flat()),
  loop: fc.boolean(),
}, { noNullPrototype: true });

/** A grid of 0 to 4 × 0 to 4 cells: as many cells as its columns and rows say, each a tile character. */
const tiles = fc.record({ columns: fc.nat(4), rows: fc.nat(4) }).chain(({ columns, rows }) =>
  fc.record({
    columns: fc.constant(columns),
    rows: fc.constant(rows),
    cellWidth: num,
    cellHeight: num,
    cells: fc.array(fc.constantFrom(...'.#/\\F7'), { minLength: columns * rows, maxLength: columns * rows }).map((cs) => cs.join('')),
  }, { noNullPrototype: true }),
);

function bodyArb(index: number): fc.Arbitrary<PreviewBody> {
  return fc.record(
    {
      index: fc.constant(index),
      name,
      kind: fc.constantFrom('sensor', 'static', 'bullet', 'dynamic'),
      isStatic: fc.boolean(),
      isSensor: fc.boolean(),
      isBullet: fc.boolean(),
      sourceKind: fc.constantFrom('circle', 'box', 'polygon', 'capsule', 'segment', 'compound', 'chain', 'tiles'),
      layer: fc.option(name, { nil: null }),
      parts: fc.array(part, { maxLength: 3 }),
      chains: fc.array(chain, { maxLength: 3 }),
      tiles,
      position: point,
      angle: num,
      velocity: point,
      spin: num,
      bounds: fc.tuple(num, num, num, num),
      nameRange: range,
      range,
      atRange: range,
      angleRange: range,
      insertOffset: nat,
    },
    { requiredKeys: ['index', 'name', 'kind', 'isStatic', 'isSensor', 'isBullet', 'sourceKind', 'layer', 'parts', 'position', 'angle', 'velocity', 'spin', 'bounds', 'nameRange', 'range', 'insertOffset'], noNullPrototype: true },
  );
}

function findingArb(n: number): fc.Arbitrary<PreviewFinding> {
  return fc.record(
    {
      kind: fc.constantFrom('overlap', 'tunnelling', 'collision', 'ghost-bump'),
      severity: fc.constantFrom('error', 'warning', 'information', 'hint'),
      a: name,
      b: name,
      ia: fc.nat(n - 1),
      ib: fc.nat(n - 1),
      normal: point,
      depth: num,
      points: fc.array(point, { maxLength: 2 }),
      toi: num,
      point,
      substeps: num,
      moving: fc.constantFrom('a', 'b'),
      pieces: fc.tuple(name, name),
      message: fc.string({ unit: 'binary', maxLength: 40 }),
    },
    { requiredKeys: ['kind', 'severity', 'a', 'b', 'ia', 'ib', 'normal', 'message'], noNullPrototype: true },
  );
}

const sceneArb: fc.Arbitrary<PreviewScene> = fc.integer({ min: 0, max: 8 }).chain((n) =>
  fc.record({
    uri: fc.webUrl(),
    version: fc.integer(),
    dt: fc.double({ min: 1e-6, max: 1, noNaN: true }),
    frames: nat,
    slop: num,
    bodies: fc.tuple(...Array.from({ length: n }, (_, i) => bodyArb(i))),
    findings: n === 0 ? fc.constant([]) : fc.array(findingArb(n), { maxLength: 4 }),
    bounds: fc.option(fc.tuple(num, num, num, num), { nil: null }),
    errorCount: nat,
    yDown: fc.boolean(),
  }, { requiredKeys: ['uri', 'version', 'dt', 'frames', 'slop', 'bodies', 'findings', 'bounds', 'errorCount'], noNullPrototype: true }),
);

/** The JSON header of a scene's bytes. */
function headerOf(bytes: Uint8Array): Record<string, unknown> {
  const n = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n))) as Record<string, unknown>;
}

describe('protocol/preview-scene-bytes', () => {
  it('reads back exactly the scene it was made of', () => {
    fc.assert(
      fc.property(sceneArb, (scene) => {
        assert.ok(isPreviewScene(scene), 'the arbitrary makes valid scenes');
        assert.deepStrictEqual(decodeSceneBytes(encodeSceneBytes(scene)), scene);
      }),
    );
  });

  it('carries yDown in the header only when the scene has it', () => {
    const scene = sampleScene();
    assert.equal(scene.yDown, undefined, 'a .collide scene is y up');
    const up = encodeSceneBytes(scene);
    assert.ok(!('yDown' in headerOf(up)), 'a y-up scene\'s bytes are as before the flag');
    for (const yDown of [true, false]) {
      const bytes = encodeSceneBytes({ ...scene, yDown });
      assert.equal(headerOf(bytes).yDown, yDown);
      assert.deepStrictEqual(decodeSceneBytes(bytes), { ...scene, yDown });
    }
    // The same header with a yDown that is not a boolean is refused, as the scene object would be.
    const bad = encodeSceneBytes({ ...scene, yDown: 'yes' as unknown as boolean });
    assert.equal(decodeSceneBytes(bad), null);
    assert.ok(!isPreviewScene({ ...scene, yDown: 1 }));
  });

  it('reads back the sample scene, whose message passes the webview check', () => {
    const scene = sampleScene();
    assert.ok(scene.bodies.length > 0);
    const bytes = encodeSceneBytes(scene);
    assert.deepStrictEqual(decodeSceneBytes(bytes), scene);
    assert.ok(isHostToWebview({ type: 'sceneBytes', bytes }));
  });

  it('gives null for bytes that are not a valid scene', () => {
    const scene = sampleScene();
    assert.ok(scene.bodies.length > 0 && scene.findings.length > 0);
    const bytes = encodeSceneBytes(scene);
    const n = new DataView(bytes.buffer).getUint32(0, true);
    const { floats: nf, ints: ni, wide } = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n))) as { floats: number; ints: number; wide: boolean };
    assert.equal(wide, false);
    const start = bytes.length - 8 * nf - 4 * ni;
    const edited = (edit: (f: Float64Array, i: Uint32Array) => void) => {
      const b = bytes.slice();
      edit(new Float64Array(b.buffer, start, nf), new Uint32Array(b.buffer, start + 8 * nf, ni));
      return b;
    };
    assert.deepStrictEqual(decodeSceneBytes(edited(() => {})), scene, 'the sections are where the test thinks');
    assert.equal(decodeSceneBytes(new Uint8Array([1, 0])), null, 'too short');
    assert.equal(decodeSceneBytes(bytes.subarray(0, bytes.length - 4)), null, 'a number missing');
    const longer = new Uint8Array(bytes.length + 8);
    longer.set(bytes);
    assert.equal(decodeSceneBytes(longer), null, 'numbers too many');
    assert.equal(decodeSceneBytes(edited((_, i) => (i[0] = 4))), null, 'a body kind out of range');
    assert.equal(decodeSceneBytes(edited((_, i) => (i[1] = 128))), null, 'body flags out of range');
    assert.equal(decodeSceneBytes(edited((_, i) => (i[11] = 1e6))), null, 'a part count beyond the bound');
    assert.equal(decodeSceneBytes(edited((_, i) => (i[15] = 1e5))), null, 'a vertex count that runs past the end');
    assert.equal(decodeSceneBytes(edited((f) => (f[0] = Number.NaN))), null, 'a position not finite');
    assert.equal(decodeSceneBytes(edited((f) => (f[1] = Number.POSITIVE_INFINITY))), null, 'a position not finite');
    const moved = { ...scene, bodies: scene.bodies.map((b, i) => (i === 0 ? { ...b, insertOffset: 2 ** 40 } : b)) };
    assert.deepStrictEqual(decodeSceneBytes(encodeSceneBytes(moved)), moved, 'an offset beyond 32 bits: written wide, read back exactly');
    const negative = { ...scene, bodies: scene.bodies.map((b, i) => (i === 0 ? { ...b, insertOffset: -1 } : b)) };
    assert.equal(decodeSceneBytes(encodeSceneBytes(negative)), null, 'a negative offset');
    const fraction = { ...scene, bodies: scene.bodies.map((b, i) => (i === 0 ? { ...b, nameRange: { start: 0.5, end: 2 } } : b)) };
    assert.equal(decodeSceneBytes(encodeSceneBytes(fraction)), null, 'an offset not an integer');
    const header = bytes.slice();
    header[4] = 0x5b; // '[' for '{': not the header's JSON
    assert.equal(decodeSceneBytes(header), null, 'a header that is not an object');
    const utf8 = bytes.slice();
    utf8[5] = 0xff;
    assert.equal(decodeSceneBytes(utf8), null, 'a header that is not UTF-8');
    assert.equal(decodeSceneBytes(encodeSceneBytes({ ...scene, dt: 0 })), null, 'dt must be positive');
    const badIndex = { ...scene, findings: [{ ...scene.findings[0]!, ib: scene.bodies.length }] };
    assert.equal(decodeSceneBytes(encodeSceneBytes(badIndex)), null, 'a finding points outside the bodies');
    const longName = { ...scene, bodies: scene.bodies.map((b, i) => (i === 0 ? { ...b, name: 'x'.repeat(257) } : b)) };
    assert.equal(decodeSceneBytes(encodeSceneBytes(longName)), null, 'a name longer than a scene allows');
    const oddVertices = { ...scene, bodies: scene.bodies.map((b, i) => (i === 0 ? { ...b, parts: [{ ...b.parts[0]!, vertices: [0, 1, 2] }] } : b)) };
    assert.equal(decodeSceneBytes(encodeSceneBytes(oddVertices)), null, 'an odd vertex list');
    const oddChain = { ...scene, bodies: scene.bodies.map((b, i) => (i === 0 ? { ...b, chains: [{ points: [0, 1, 2], loop: false }] } : b)) };
    assert.equal(decodeSceneBytes(encodeSceneBytes(oddChain)), null, 'an odd chain vertex list');
    const grid = { columns: 3, rows: 2, cellWidth: 1, cellHeight: 2, cells: '#./\\F7' };
    const withGrid = { ...scene, bodies: scene.bodies.map((b, i) => (i === 0 ? { ...b, tiles: grid } : b)) };
    assert.deepStrictEqual(decodeSceneBytes(encodeSceneBytes(withGrid)), withGrid, 'a grid\'s cells read back');
    const short = { ...scene, bodies: scene.bodies.map((b, i) => (i === 0 ? { ...b, tiles: { ...grid, rows: 3 } } : b)) };
    assert.equal(decodeSceneBytes(encodeSceneBytes(short)), null, 'fewer cells than the grid has');
  });

  it('writes a body\'s chains only when it has them', () => {
    const scene = sampleScene();
    assert.ok(scene.bodies.length > 0 && scene.bodies.every((b) => b.chains === undefined));
    const plain = encodeSceneBytes(scene);
    const chains = [{ points: [0, 0, 4, 0, 4, 1], loop: true }, { points: [-1, 2, -3, 2], loop: false }];
    const withChains = { ...scene, bodies: scene.bodies.map((b, i) => (i === 0 ? { ...b, sourceKind: 'tiles', parts: [], chains } : b)) };
    const bytes = encodeSceneBytes(withChains);
    assert.deepStrictEqual(decodeSceneBytes(bytes), withChains);
    const headerPlain = headerOf(plain) as { floats: number };
    const headerChains = headerOf(bytes) as { floats: number };
    const partFloats = scene.bodies[0]!.parts.reduce((n, p) => n + 1 + p.vertices.length, 0);
    assert.equal(headerChains.floats - headerPlain.floats, 10 - partFloats, 'the chains\' vertices, and no number for a body without them');
  });

  it('refuses a message whose bytes are not a Uint8Array', () => {
    const bytes = encodeSceneBytes(sampleScene());
    assert.ok(isHostToWebview({ type: 'sceneBytes', bytes }));
    assert.ok(!isHostToWebview({ type: 'sceneBytes', bytes: Array.from(bytes) }));
    assert.ok(!isHostToWebview({ type: 'sceneBytes', bytes: new TextDecoder().decode(bytes) }));
    assert.ok(!isHostToWebview({ type: 'sceneBytes' }));
  });
});
