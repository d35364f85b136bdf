/**
 * A whole scene as bytes for the webview (protocol/preview-scene-bytes.ts): it reads back exactly
 * the scene it was made of (every double, -0 included), leaves out what is the common case or
 * what the reader makes again, and bytes that are not a valid scene give null, as strictly as
 * `isPreviewScene` refuses an object.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { isHostToWebview } from '../../../protocol/preview-messages';
import { isPreviewScene, type PreviewBody, type PreviewScene } from '../../../protocol/preview-model';
import { decodeSceneBytes, encodeSceneBytes, SceneBytesWriter } from '../../../protocol/preview-scene-bytes';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../server/src/preview/scene-model';
import { sampleScene } from '../../browser/fixtures';
import { sceneArb } from './preview-scene-arbitraries';
import { generateScene, sceneText } from '../../../bench/scenes';
import { partsBounds } from '../../../protocol/preview-body-bounds';
import { cosSin } from '../../../protocol/cos-sin';
import { BODY_FLAGS, BOUNDS, COS_SIN, TURNED } from '../../../protocol/preview-scene-bytes-layout';

// ---- the sections of a scene's bytes, taken apart and put together again ----

interface Sections {
  header: Record<string, unknown> & { floats: number; ints: number; wide: boolean; cells: number; strings: unknown[] };
  floats: number[];
  /** The integers' values (as written: differences zigzag, unless wide). */
  ints: number[];
  cells: number[];
}

/** Unsigned LEB128 of one value, as the layout writes it. */
function leb128(x: number): number[] {
  const out: number[] = [];
  while (x >= 128) {
    out.push((x % 128) | 128);
    x = Math.floor(x / 128);
  }
  out.push(x);
  return out;
}

function sectionsOf(bytes: Uint8Array): Sections {
  const n = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n))) as Sections['header'];
  const start = 4 + n + ((8 - ((4 + n) % 8)) % 8);
  const copy = bytes.slice(start);
  const floats = Array.from(new Float64Array(copy.buffer, 0, header.floats));
  const intBytes = copy.subarray(8 * header.floats, copy.length - header.cells);
  const ints: number[] = [];
  if (header.wide) ints.push(...new Float64Array(copy.slice(8 * header.floats, 8 * (header.floats + header.ints)).buffer));
  else {
    for (let k = 0, x = 0, scale = 1; k < intBytes.length; k++) {
      x += (intBytes[k]! & 127) * scale;
      scale *= 128;
      if (intBytes[k]! < 128) {
        ints.push(x);
        x = 0;
        scale = 1;
      }
    }
  }
  return { header, floats, ints, cells: Array.from(copy.subarray(copy.length - header.cells)) };
}

/** The bytes of sections (the header's counts as they are); `intBytes` replaces the integers' bytes. */
function bytesOf(s: Sections, intBytes?: number[]): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(s.header));
  const start = 4 + text.length + ((8 - ((4 + text.length) % 8)) % 8);
  const ints = intBytes ?? (s.header.wide ? Array.from(new Uint8Array(new Float64Array(s.ints).buffer)) : s.ints.flatMap(leb128));
  const bytes = new Uint8Array(start + 8 * s.floats.length + ints.length + s.cells.length);
  new DataView(bytes.buffer).setUint32(0, text.length, true);
  bytes.set(text, 4);
  bytes.set(new Uint8Array(new Float64Array(s.floats).buffer), start);
  bytes.set(ints, start + 8 * s.floats.length);
  bytes.set(s.cells, start + 8 * s.floats.length + ints.length);
  return bytes;
}

/** The bytes of `bytes` with its sections edited (`edit` adjusts the header's counts if it must). */
function edited(bytes: Uint8Array, edit: (s: Sections) => void): Uint8Array {
  const s = sectionsOf(bytes);
  edit(s);
  return bytesOf(s);
}

const withBody = (scene: PreviewScene, i: number, change: Partial<PreviewBody>): PreviewScene => ({ ...scene, bodies: scene.bodies.map((b, k) => (k === i ? { ...b, ...change } : b)) });

/** The preview model of a scene the server analyzes. */
function analyzed(text: string): PreviewScene {
  const a = analyzeDocument(text);
  return buildPreviewScene('file:///s.collide', 1, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
}

describe('protocol/preview-scene-bytes', () => {
  it('reads back exactly the scene it was made of', () => {
    fc.assert(
      fc.property(sceneArb, (scene) => {
        assert.ok(isPreviewScene(scene), 'the arbitrary makes valid scenes');
        assert.deepStrictEqual(decodeSceneBytes(encodeSceneBytes(scene)), scene);
      }),
      { numRuns: 300 },
    );
  });

  it('writes the same bytes a run at a time as in one go, and all again wide when an integer is not a varint\'s', () => {
    const scene = sampleScene();
    const inRuns = (s: PreviewScene) => {
      const writer = new SceneBytesWriter(s);
      let steps = 0;
      while (!writer.step(1)) steps++;
      return { bytes: writer.bytes(), steps };
    };
    const once = encodeSceneBytes(scene);
    const { bytes, steps } = inRuns(scene);
    assert.deepStrictEqual(bytes, once);
    assert.equal(steps, scene.bodies.length + scene.findings.length - 1);
    assert.equal(sectionsOf(once).header.wide, false);
    // The last finding's ia beyond 32 bits is a varint still; beyond the varints, it is known
    // only at the last step, which starts again.
    const last = scene.findings.length - 1;
    const at = (ia: number) => ({ ...scene, findings: scene.findings.map((f, k) => (k === last ? { ...f, ia } : f)) });
    const beyond32 = inRuns(at(2 ** 40));
    assert.equal(beyond32.steps, steps, 'not written again');
    assert.equal(sectionsOf(beyond32.bytes).header.wide, false);
    const far = at(2 ** 52);
    const wide = inRuns(far);
    assert.ok(wide.steps > steps, 'written again');
    assert.equal(sectionsOf(wide.bytes).header.wide, true);
    assert.deepStrictEqual(wide.bytes, encodeSceneBytes(far));
    assert.equal(decodeSceneBytes(wide.bytes), null, 'an ia outside the bodies, refused as the object is');
  });

  it('keeps offsets beyond 32 bits as varints, and -0 or 2^52 and beyond as they are, wide', () => {
    const scene = sampleScene();
    for (const [offset, wide] of [[2 ** 40, false], [2 ** 52 - 1, false], [2 ** 52, true], [2 ** 60, true], [-0, true]] as const) {
      const far = withBody(scene, 1, { insertOffset: offset, nameRange: { start: offset, end: 0 } });
      const bytes = encodeSceneBytes(far);
      assert.equal(sectionsOf(bytes).header.wide, wide, `${offset}`);
      const back = decodeSceneBytes(bytes);
      assert.deepStrictEqual(back, far);
      assert.ok(Object.is(back!.bodies[1]!.insertOffset, offset));
    }
    // Every offset of the sample is within 63 of the one before it: one byte each, as is every
    // integer but the flags of the sensor and of the tunnelling (bits beyond the first 7).
    const s = sectionsOf(encodeSceneBytes(scene));
    const intBytes = encodeSceneBytes(scene).length - bytesOf(s, []).length;
    assert.ok(s.ints.length > 5 * scene.bodies.length);
    assert.deepStrictEqual(s.ints.filter((x) => x >= 128), [128 | 4, 1 | 4 | 64 | 512 | 1024 | 2048]);
    assert.equal(intBytes, s.ints.length + 2, 'one byte an integer, two for those flags');
  });

  it('leaves out +0 angles, rest, +0 radii, circle centers at the origin and box corners, and writes -0', () => {
    const scene = sampleScene();
    const floats = (s: PreviewScene) => {
      const bytes = encodeSceneBytes(s);
      assert.deepStrictEqual(decodeSceneBytes(bytes), s);
      return sectionsOf(bytes).header.floats;
    };
    const base = floats(scene);
    const shot = scene.bodies[3]!;
    assert.deepStrictEqual([shot.parts[0]!.vertices, shot.velocity], [[0, 0], [600, 0]], 'the sample\'s bullet is a moving circle');
    assert.equal(floats(withBody(scene, 3, { velocity: [0, 0] })), base - 3, 'velocity and spin left out at rest');
    assert.equal(floats(withBody(scene, 0, { velocity: [0, -0] })), base + 3, '-0 is not rest');
    assert.equal(floats(withBody(scene, 0, { spin: 0.5 })), base + 3);
    assert.equal(floats(withBody(scene, 0, { angle: -0 })), base + 1, 'an angle of -0 is written, one of +0 is not');
    assert.equal(floats(withBody(scene, 0, { angle: 1 })), base + 1 + 4, 'the angle, and the bounds, which it no longer makes');
    assert.equal(floats(withBody(scene, 3, { angle: 1 })), base + 1, "a circle's bounds turned are the same: the angle alone");
    const floor = scene.bodies[0]!.parts[0]!;
    assert.equal(floats(withBody(scene, 0, { parts: [{ ...floor, radius: -0 }] })), base + 1, 'a radius of -0 is written');
    assert.equal(floats(withBody(scene, 3, { parts: [{ ...shot.parts[0]!, vertices: [0, -0] }] })), base + 2, 'a center with -0 is written');
    const corners = [...floor.vertices];
    corners[6] = -4;
    assert.equal(floats(withBody(scene, 0, { parts: [{ ...floor, vertices: corners }] })), base + 6, 'corners not a box\'s: all 8 numbers');
  });

  it("leaves out the bounds a body's parts and pose make, writes the others, and refuses bounds made infinite", () => {
    const analysis = analyzeDocument(sceneText(generateScene(500, 0)));
    const scene = buildPreviewScene('file:///b.collide', 2, { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics });
    assert.ok(scene.bodies.some((b) => b.angle !== 0 && b.parts.some((p) => p.vertices.length > 2)), 'turned polygons among them');
    const bytes = encodeSceneBytes(scene);
    assert.deepStrictEqual(decodeSceneBytes(bytes), scene);
    const moved = { ...scene, bodies: scene.bodies.map((b) => ({ ...b, bounds: [b.bounds[0] - 1, b.bounds[1], b.bounds[2], b.bounds[3]] as PreviewBody['bounds'] })) };
    const written = encodeSceneBytes(moved);
    assert.deepStrictEqual(decodeSceneBytes(written), moved);
    const turned = scene.bodies.filter((b) => b.angle !== 0);
    assert.ok(turned.length > 0 && turned.length < scene.bodies.length);
    // A turned body whose bounds the angle's cosSin does not make writes Math's cosine and sine.
    const cs: [number, number] = [0, 0];
    const box: PreviewBody['bounds'] = [0, 0, 0, 0];
    const mathOnly = turned.filter((b) => {
      cosSin(b.angle, cs);
      partsBounds(b.parts, b.position[0], b.position[1], cs[0], cs[1], box);
      return !box.every((x, k) => Object.is(x, b.bounds[k]));
    }).length;
    assert.ok(mathOnly > 0 && mathOnly < turned.length / 10, `${mathOnly} of ${turned.length} turned bodies write a cosine and sine`);
    assert.equal(sectionsOf(written).header.floats - sectionsOf(bytes).header.floats, 4 * scene.bodies.length - 2 * mathOnly, "every server body's bounds left out");
  });

  it('writes the cosine and sine of a turned body whose bounds only they make, and its bounds when neither makes them', () => {
    const scene = sampleScene();
    const base = sectionsOf(encodeSceneBytes(scene)).header.floats;
    const crate = scene.bodies[1]!;
    // An angle whose cosSin turns the crate's corners to other bounds than Math's do.
    const cs: [number, number] = [0, 0];
    const byMath: PreviewBody['bounds'] = [0, 0, 0, 0];
    const byCosSin: PreviewBody['bounds'] = [0, 0, 0, 0];
    let angle = 0;
    for (let k = 1; k < 100_000 && angle === 0; k++) {
      const a = k * 0.001;
      cosSin(a, cs);
      partsBounds(crate.parts, crate.position[0], crate.position[1], Math.cos(a), Math.sin(a), byMath);
      partsBounds(crate.parts, crate.position[0], crate.position[1], cs[0], cs[1], byCosSin);
      if (!byMath.every((x, j) => Object.is(x, byCosSin[j]))) angle = a;
    }
    assert.ok(angle > 0, 'an angle where the two differ');
    partsBounds(crate.parts, crate.position[0], crate.position[1], Math.cos(angle), Math.sin(angle), byMath);
    for (const [what, bounds, more] of [
      ["Math's", [...byMath], 1 + 2],
      ["cosSin's", [...byCosSin], 1],
      ['neither', [byMath[0] - 1, byMath[1], byMath[2], byMath[3]], 1 + 4],
    ] as const) {
      const turned = withBody(scene, 1, { angle, bounds: [...bounds] as PreviewBody['bounds'] });
      const bytes = encodeSceneBytes(turned);
      assert.deepStrictEqual(decodeSceneBytes(bytes), turned, what);
      assert.equal(sectionsOf(bytes).header.floats, base + more, what);
    }
    // Bounds that overflow, as the parts make them (so left out), are refused as the object is.
    const huge = withBody(sampleScene(), 0, { parts: [{ kind: 'polygon', vertices: [0, 0, 1, 1e308], radius: 1e308, range: { start: 0, end: 1 } }], angle: 0 });
    const b = huge.bodies[0]!;
    partsBounds(b.parts, b.position[0], b.position[1], 1, 0, b.bounds);
    assert.equal(b.bounds[3], Infinity);
    assert.ok(!isPreviewScene(huge));
    assert.equal(decodeSceneBytes(encodeSceneBytes(huge)), null);
  });

  it('carries yDown in the header only when the scene has it', () => {
    const scene = sampleScene();
    assert.equal(scene.yDown, undefined, 'a .collide scene is y up');
    const up = encodeSceneBytes(scene);
    assert.ok(!('yDown' in sectionsOf(up).header), 'a y-up scene\'s bytes are as before the flag');
    for (const yDown of [true, false]) {
      const bytes = encodeSceneBytes({ ...scene, yDown });
      assert.equal(sectionsOf(bytes).header.yDown, yDown);
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

  it('leaves out the names and the overlap messages the reader makes again, and carries the others', () => {
    const scene = analyzed(
      [
        'body a circle(1) at (0, 0)',
        'body b circle(1) at (1.5, 0.2)',
        'body crate box(1, 1) at (5, 0.45)',
        'body floor static box(20, 1) at (5, -0.5)',
        'body car compound(box(3, 1) at (0, 0.6), circle(0.4) at (-1, 0.3)) at (-8, 0)',
        'body rock circle(0.5) at (-7.5, 1.3)',
      ].join('\n'),
    );
    const messages = scene.findings.map((f) => f.message);
    assert.ok(messages.some((m) => m.startsWith('b overlaps a by ')), messages.join('\n'));
    assert.ok(messages.some((m) => m.endsWith('(floor is static)')), messages.join('\n'));
    const compound = messages.filter((m) => m.includes('part 1 of car'));
    assert.equal(compound.length, 1, messages.join('\n'));
    const bytes = encodeSceneBytes(scene);
    assert.deepStrictEqual(decodeSceneBytes(bytes), scene);
    assert.deepStrictEqual(sectionsOf(bytes).header.strings, compound, 'only the message that names parts is written');
    // A message the wording does not make, and names that are not the bodies', are carried as they are.
    const other = { ...scene, findings: scene.findings.map((f, k) => (k === 0 ? { ...f, message: `${f.message}!`, a: 'someone' } : f)) };
    const otherBytes = encodeSceneBytes(other);
    assert.deepStrictEqual(decodeSceneBytes(otherBytes), other);
    assert.deepStrictEqual(sectionsOf(otherBytes).header.strings, ['someone', scene.findings[0]!.b, `${scene.findings[0]!.message}!`, ...compound]);
  });

  it('gives null for a scene the object check refuses', () => {
    const scene = sampleScene();
    const refused = (s: PreviewScene, why: string) => {
      assert.ok(!isPreviewScene(s), why);
      assert.equal(decodeSceneBytes(encodeSceneBytes(s)), null, why);
    };
    refused(withBody(scene, 0, { insertOffset: -1 }), 'a negative offset');
    refused(withBody(scene, 0, { nameRange: { start: 0.5, end: 2 } }), 'an offset not an integer');
    refused({ ...scene, dt: 0 }, 'dt must be positive');
    refused({ ...scene, findings: [{ ...scene.findings[0]!, ib: scene.bodies.length }] }, 'a finding points outside the bodies');
    refused(withBody(scene, 0, { name: 'x'.repeat(257) }), 'a name longer than a scene allows');
    refused(withBody(scene, 0, { parts: [{ ...scene.bodies[0]!.parts[0]!, vertices: [0, 1, 2] }] }), 'an odd vertex list');
    refused(withBody(scene, 0, { chains: [{ points: [0, 1, 2], loop: false }] }), 'an odd chain vertex list');
    refused(withBody(scene, 0, { position: [Number.NaN, 0] }), 'a position not finite');
    refused(withBody(scene, 0, { angle: Number.POSITIVE_INFINITY }), 'an angle not finite');
    refused(withBody(scene, 0, { layer: 7 as unknown as string }), 'a layer not a string');
    const grid = { columns: 3, rows: 2, cellWidth: 1, cellHeight: 2, cells: '#./\\F7' };
    assert.deepStrictEqual(decodeSceneBytes(encodeSceneBytes(withBody(scene, 0, { tiles: grid }))), withBody(scene, 0, { tiles: grid }), 'a grid\'s cells read back');
    refused(withBody(scene, 0, { tiles: { ...grid, rows: 3 } }), 'fewer cells than the grid has');
    refused(withBody(scene, 0, { tiles: { ...grid, cells: '#./\\Fx' } }), 'a cell not a tile character');
  });

  it('gives null for bytes that do not parse', () => {
    const scene = withBody(sampleScene(), 2, { tiles: { columns: 3, rows: 1, cellWidth: 1, cellHeight: 1, cells: '#./' } });
    const bytes = encodeSceneBytes(scene);
    const s = sectionsOf(bytes);
    assert.deepStrictEqual(decodeSceneBytes(bytesOf(s)), scene, 'the sections are where the test thinks');
    assert.deepStrictEqual(s.ints.slice(0, 5), [1, 1 | 4 | 64, 0, 0, 1], 'scene flags (bounds); floor: flags (static, at), sourceKind 0, layer 0, 1 part');
    const refused = (edit: (s: Sections) => void, why: string) => assert.equal(decodeSceneBytes(edited(bytes, edit)), null, why);
    assert.equal(decodeSceneBytes(new Uint8Array([1, 0])), null, 'too short');
    assert.equal(decodeSceneBytes(bytes.subarray(0, bytes.length - 1)), null, 'a byte missing');
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    assert.equal(decodeSceneBytes(longer), null, 'a byte too many');
    const header = bytes.slice();
    header[4] = 0x5b; // '[' for '{': not the header's JSON
    assert.equal(decodeSceneBytes(header), null, 'a header that is not an object');
    const utf8 = bytes.slice();
    utf8[5] = 0xff;
    assert.equal(decodeSceneBytes(utf8), null, 'a header that is not UTF-8');
    // The header.
    refused((t) => (t.header.wide = 0 as unknown as boolean), 'wide not a boolean');
    refused((t) => (t.header.bodies = 4), 'a body count the names do not have');
    refused((t) => (t.header.findings = 1.5), 'a finding count not an integer');
    refused((t) => (t.header.strings = {} as unknown as unknown[]), 'strings not a list');
    refused((t) => t.header.strings.push('x'), 'a string more than the findings read');
    refused((t) => (t.header.sourceKinds = []), 'a sourceKind index outside its table');
    refused((t) => (t.header.ints = t.ints.length + 1), 'fewer integers than the header says');
    // The float section.
    refused((t) => t.floats.pop(), 'a float missing (the header\'s count too)');
    refused((t) => {
      t.floats.pop();
      t.header.floats--;
    }, 'a float missing');
    refused((t) => {
      t.floats.push(0);
      t.header.floats++;
    }, 'a float too many');
    // The integers: what they say.
    refused((t) => (t.ints[1] = BODY_FLAGS + 1), 'body flags out of range');
    // The floor's floats start at 9 (after the scene's 5 and its bounds): its position, then
    // what its flags say (angle, bounds, cosine and sine), then its part's.
    const floor = scene.bodies[0]!;
    const withFloats = (flags: number, floats: number[]) => (t: Sections) => {
      t.ints[1]! |= flags;
      t.floats.splice(11, 0, ...floats);
      t.header.floats += floats.length;
    };
    const read = (e: (t: Sections) => void) => decodeSceneBytes(edited(bytes, e));
    assert.deepStrictEqual(read(withFloats(TURNED | COS_SIN, [2 * Math.PI, 1, 0])), withBody(scene, 0, { angle: 2 * Math.PI }), 'an angle with its cosine and sine');
    assert.deepStrictEqual(read(withFloats(BOUNDS, [...floor.bounds])), scene, 'bounds written');
    refused(withFloats(COS_SIN, [1, 0]), 'a cosine and sine of a body not turned');
    refused(withFloats(TURNED | BOUNDS | COS_SIN, [0, ...floor.bounds, 1, 0]), 'a cosine and sine besides the bounds');
    refused((t) => (t.ints[3] = 1), 'a layer index outside its table');
    refused((t) => (t.ints[4] = 10_001), 'a part count beyond the bound');
    refused((t) => (t.ints[4] = 2), 'a part more than there are numbers for');
    assert.equal(s.ints[8], 3 | 16, 'the floor\'s part: a polygon, a box (after its range\'s start and its name\'s)');
    refused((t) => (t.ints[8] |= 8), 'a box whose vertices are the origin too');
    refused((t) => (t.ints[8] = 32), 'part flags out of range');
    refused((t) => {
      t.ints.push(0);
      t.header.ints++;
    }, 'an integer too many');
    const finding = s.ints.length - 3; // the tunnelling's flags, ia, ib (the last finding)
    assert.equal(s.ints[finding]! & 3, 1, 'the tunnelling finding\'s kind');
    refused((t) => (t.ints[finding] |= (1 << 12) | (1 << 13)), 'a finding moving both ways');
    refused((t) => (t.ints[finding] |= (1 << 7) | (1 << 8)), 'a message worded both ways');
    refused((t) => (t.ints[finding] |= 1 << 7), 'a message worded without a depth');
    refused((t) => (t.ints[finding] = 2 ** 15), 'finding flags out of range');
    refused((t) => (t.ints[finding + 2] = 2 * 9), 'an ib outside the bodies');
    // The integers: how they are written.
    const intBytes = s.ints.flatMap(leb128);
    const withInts = (f: (b: number[]) => number[]) => decodeSceneBytes(bytesOf(s, f([...intBytes])));
    assert.deepStrictEqual(withInts((b) => b), scene);
    assert.equal(withInts((b) => [0x81, 0x00, ...b.slice(1)]), null, 'a varint not in its shortest form');
    assert.equal(withInts((b) => [...b.slice(0, -1), b.at(-1)! | 0x80]), null, 'a varint not ended');
    assert.equal(withInts((b) => [0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00, ...b.slice(1)]), null, 'a varint of 9 bytes');
    assert.equal(withInts((b) => [0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10, ...b.slice(1)]), null, 'a varint of 2^53 and more');
    assert.ok(withInts((b) => [0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x0f, ...b.slice(1)]) === null, 'a varint below 2^53 parses (and is then out of range as scene flags)');
    // The cells.
    assert.deepStrictEqual(s.cells, [0x01, 0x02], '# . / (kinds 1, 0, 2): two a byte, the first low, the odd last one alone');
    refused((t) => (t.cells[1] = 0x12), 'a last byte of an odd grid with its high bits set');
    refused((t) => t.cells.pop(), 'a cell byte missing');
    refused((t) => t.cells.push(0), 'a cell byte too many');
    refused((t) => (t.header.cells = 1), 'cells the section does not end with');
    // Wide: the integers are float64s, as many as the header says.
    const wide = encodeSceneBytes(withBody(scene, 0, { insertOffset: 2 ** 53 }));
    assert.equal(sectionsOf(wide).header.wide, true);
    assert.deepStrictEqual(decodeSceneBytes(wide), withBody(scene, 0, { insertOffset: 2 ** 53 }));
    assert.equal(decodeSceneBytes(edited(wide, (t) => t.ints.pop())), null, 'a wide integer missing');
    assert.equal(decodeSceneBytes(edited(wide, (t) => (t.ints[1] = 0.5))), null, 'wide flags not an integer');
  });

  it('writes a body\'s chains only when it has them', () => {
    const scene = sampleScene();
    assert.ok(scene.bodies.length > 0 && scene.bodies.every((b) => b.chains === undefined));
    const partless = withBody(scene, 0, { sourceKind: 'tiles', parts: [] });
    const chains = [{ points: [0, 0, 4, 0, 4, 1], loop: true }, { points: [-1, 2, -3, 2], loop: false }];
    const withChains = withBody(partless, 0, { chains });
    const bytes = encodeSceneBytes(withChains);
    assert.deepStrictEqual(decodeSceneBytes(bytes), withChains);
    const plain = sectionsOf(encodeSceneBytes(partless));
    const chained = sectionsOf(bytes);
    assert.equal(chained.header.floats - plain.header.floats, 10, 'the chains\' vertices, and no number for a body without them');
    assert.equal(chained.ints.length - plain.ints.length, 3, 'the count of chains, and each chain\'s count and loop');
  });

  it('refuses a message whose bytes are not a Uint8Array', () => {
    const bytes = encodeSceneBytes(sampleScene());
    assert.ok(isHostToWebview({ type: 'sceneBytes', bytes }));
    assert.ok(!isHostToWebview({ type: 'sceneBytes', bytes: Array.from(bytes) }));
    assert.ok(!isHostToWebview({ type: 'sceneBytes', bytes: new TextDecoder().decode(bytes) }));
    assert.ok(!isHostToWebview({ type: 'sceneBytes' }));
  });
});
