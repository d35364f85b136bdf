import fc from 'fast-check';

/**
 * Random scenes as lists of statements (one per line), dense enough that overlaps, collisions and
 * tunnelling all occur: bodies within a 12 × 12 area, some fast enough to cross a body between
 * two step ends, a few spinning, some static, sensor, bullet or on a layer.
 */
export interface BodySpec {
  readonly name: string;
  readonly modifiers: readonly ('static' | 'sensor' | 'bullet')[];
  readonly shape: string;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly vx: number;
  readonly vy: number;
  readonly spin: number;
  readonly layer: string | null;
}

export const LAYER_LINES = ['layer red collides blue', 'layer blue collides blue', 'layer green'];
export const LAYER_NAMES = ['red', 'blue', 'green', 'nowhere'];

const coord = fc.integer({ min: -60, max: 60 }).map((v) => v / 10);
const size = fc.integer({ min: 1, max: 30 }).map((v) => v / 10);

export const shapeArb: fc.Arbitrary<string> = fc.oneof(
  size.map((r) => `circle(${r / 2})`),
  fc.tuple(size, size).map(([w, h]) => `box(${w}, ${h})`),
  fc.tuple(size, size).map(([w, h]) => `box(${w}, ${h / 10})`), // thin walls to tunnel through
  fc.tuple(size, size).map(([a, b]) => `polygon((0, 0), (${a}, 0), (0, ${b}))`),
  fc.tuple(size, size).map(([l, r]) => `capsule(${l}, ${r / 4})`),
  fc.tuple(coord, coord).map(([x, y]) => `segment((0, 0), (${x / 2}, ${y / 2}))`),
  fc.tuple(size, size).map(([w, r]) => `compound(box(${w}, ${w / 2}) at (0, 0.5), circle(${r / 3}) at (-0.5, 0) angle 0.3)`),
);

const speed = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.integer({ min: -40, max: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: -900, max: 900 }) },
);

export function bodyArb(name: string): fc.Arbitrary<BodySpec> {
  return fc.record({
    name: fc.constant(name),
    modifiers: fc.subarray(['static', 'sensor', 'bullet'] as ('static' | 'sensor' | 'bullet')[], { maxLength: 1 }),
    shape: shapeArb,
    x: coord,
    y: coord,
    angle: fc.oneof(fc.constant(0), fc.integer({ min: -31, max: 31 }).map((a) => a / 10)),
    vx: speed,
    vy: speed,
    spin: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -20, max: 20 }) }),
    layer: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...LAYER_NAMES) }),
  });
}

export function bodyLine(b: BodySpec): string {
  const parts = ['body', b.name, ...b.modifiers, b.shape, `at (${b.x}, ${b.y})`];
  if (b.angle !== 0) parts.push(`angle ${b.angle}`);
  if (b.vx !== 0 || b.vy !== 0) parts.push(`velocity (${b.vx}, ${b.vy})`);
  if (b.spin !== 0) parts.push(`spin ${b.spin}`);
  if (b.layer) parts.push(`layer ${b.layer}`);
  return parts.join(' ');
}

export interface Settings {
  readonly dt: string;
  readonly frames: number;
  readonly slop: string;
  readonly layers: boolean;
}

export const settingsArb: fc.Arbitrary<Settings> = fc.record({
  dt: fc.constantFrom('1/60', '1/30', '0.01'),
  frames: fc.constantFrom(1, 2, 5),
  slop: fc.constantFrom('0.005', '0', '0.2'),
  layers: fc.boolean(),
});

export function settingsLines(s: Settings): string[] {
  return [`dt ${s.dt}`, `frames ${s.frames}`, `slop ${s.slop}`, ...(s.layers ? LAYER_LINES : [])];
}

export function sceneArb(maxBodies: number): fc.Arbitrary<{ settings: Settings; bodies: BodySpec[] }> {
  return fc.record({
    settings: settingsArb,
    bodies: fc.integer({ min: 0, max: maxBodies }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => bodyArb(`b${i}`)))),
  });
}
