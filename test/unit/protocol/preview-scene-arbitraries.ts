/**
 * Arbitrary preview scenes for the tests of a scene's bytes (protocol/preview-scene-bytes.ts):
 * every field of every kind, with the values the layout treats apart (+0 and -0, boxes about
 * their centers, offsets beyond 32 bits and beyond the varints, names and messages the reader
 * makes again).
 */
import fc from 'fast-check';
import { overlapMessage } from '../../../protocol/overlap-message';
import type { PreviewBody, PreviewFinding, PreviewPart, PreviewScene } from '../../../protocol/preview-model';

/** Finite doubles of every magnitude, -0 included. */
const num = fc.double({ noNaN: true, noDefaultInfinity: true });
/** Either zero, or any finite double: the layout leaves out +0 where it is common, never -0. */
const zeroOr = (x: fc.Arbitrary<number>) => fc.oneof(fc.constantFrom(0, -0), x);
/**
 * Offsets and counts: mostly small, now and then beyond 32 bits (still varints), from 2^52 up
 * (the layout then writes its integers wide) or -0 (valid, and not a varint's).
 */
const nat = fc.oneof(
  { arbitrary: fc.nat(), weight: 36 },
  { arbitrary: fc.integer({ min: 2 ** 32, max: 2 ** 52 - 1 }), weight: 2 },
  { arbitrary: fc.integer({ min: 2 ** 52, max: Number.MAX_SAFE_INTEGER }), weight: 1 },
  { arbitrary: fc.constant(-0), weight: 1 },
);
const point = fc.tuple(num, num);
const range = fc.record({ start: nat, end: nat }, { noNullPrototype: true });
const name = fc.string({ unit: 'grapheme', maxLength: 12 });
/** Vertices of any count, a circle's center ([0, 0], or with a -0), a box about its center, or one corner off a box. */
const vertices = fc.oneof(
  fc.array(point, { maxLength: 6 }).map((ps) => ps.flat()),
  fc.constantFrom([0, 0], [-0, 0], [0, -0]).map((v) => [...v]),
  fc.tuple(zeroOr(num), zeroOr(num)).map(([x, y]) => [-x, -y, x, -y, x, y, -x, y]),
  fc.tuple(num, num, num).map(([x, y, z]) => [-x, -y, x, -y, x, y, z, y]),
);
const part: fc.Arbitrary<PreviewPart> = fc.record({
  kind: fc.constantFrom('circle', 'capsule', 'segment', 'polygon'),
  vertices,
  radius: zeroOr(num),
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

export function bodyArb(index: number): fc.Arbitrary<PreviewBody> {
  return fc.record(
    {
      index: fc.constant(index),
      name,
      kind: fc.constantFrom('sensor', 'static', 'bullet', 'dynamic'),
      isStatic: fc.boolean(),
      isSensor: fc.boolean(),
      isBullet: fc.boolean(),
      sourceKind: fc.constantFrom('circle', 'box', 'polygon', 'capsule', 'segment', 'compound', 'chain', 'tiles'),
      layer: fc.option(fc.constantFrom('ground', 'props', ''), { nil: null }),
      parts: fc.array(part, { maxLength: 3 }),
      chains: fc.array(chain, { maxLength: 3 }),
      tiles,
      position: point,
      angle: zeroOr(num),
      velocity: fc.oneof(fc.constant<[number, number]>([0, 0]), fc.tuple(zeroOr(num), zeroOr(num))),
      spin: zeroOr(num),
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

/**
 * A finding among `bodies`: its a and b now and then its bodies' names, its message now and then
 * what overlapMessage makes of it (b's move or a's), or a character more.
 */
export function findingArb(bodies: readonly PreviewBody[]): fc.Arbitrary<PreviewFinding> {
  const n = bodies.length;
  const finding = fc.record(
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
  return fc.tuple(finding, fc.boolean(), fc.nat(3)).map(([f, named, worded]): PreviewFinding => {
    const g = { ...f };
    if (named) {
      g.a = bodies[g.ia]!.name;
      g.b = bodies[g.ib]!.name;
    }
    if (worded > 0 && g.depth !== undefined) {
      g.message = overlapMessage(g.a, g.b, '', '', g.depth, g.normal[0], g.normal[1], worded === 2) + (worded === 3 ? '.' : '');
    }
    return g;
  });
}

export const sceneArb: fc.Arbitrary<PreviewScene> = fc
  .integer({ min: 0, max: 8 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => bodyArb(i))))
  .chain((bodies) =>
    fc.record({
      uri: fc.webUrl(),
      version: fc.integer(),
      dt: fc.double({ min: 1e-6, max: 1, noNaN: true }),
      frames: nat,
      slop: num,
      bodies: fc.constant(bodies),
      findings: bodies.length === 0 ? fc.constant([]) : fc.array(findingArb(bodies), { maxLength: 4 }),
      bounds: fc.option(fc.tuple(num, num, num, num), { nil: null }),
      errorCount: nat,
      yDown: fc.boolean(),
    }, { requiredKeys: ['uri', 'version', 'dt', 'frames', 'slop', 'bodies', 'findings', 'bounds', 'errorCount'], noNullPrototype: true }),
  );
