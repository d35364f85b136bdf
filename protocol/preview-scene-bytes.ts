/**
 * A whole preview scene as one compact byte array for the webview.
 *
 * VS Code hands an ArrayBuffer (or a view of one) in a webview message over as bytes, in the
 * extension host's process and in a remote one alike (code-server, Codespaces), where a tree of
 * objects goes through JSON, the remote connection and then two structured clones (into the
 * webview's outer frame and into its inner one): for ten thousand bodies, hundreds of thousands
 * of objects. The bytes are also under half of the scene's JSON: numbers as float64 or uint32
 * rather than decimal text, and no field names.
 *
 * Layout: a little-endian uint32 `n`, then `n` bytes of UTF-8 JSON (the header: the scene's
 * scalar fields, `yDown` only when the scene has it, every string, and the section lengths),
 * zero bytes up to a multiple of 8, then
 * `floats` float64s and `ints` uint32s (little-endian, as on every platform VS Code runs on),
 * each section read in order: per body its numbers, its parts, and its chains and its tile cells
 * (4 bits a cell) when it has them; per finding its numbers (`writeBody`, `writeFinding`).
 * Integers (offsets, counts, codes) go to the uint32 section, or, when one does not fit in 32
 * bits (`wide`), to a float64 one. Every double is kept exactly
 * (-0 included). The decoder rebuilds the plain objects and checks them with `isPreviewScene`,
 * so it refuses exactly what a scene sent as objects would be refused for, and bytes that do
 * not parse as this layout.
 */
import {
  isPreviewScene,
  type BodyKind,
  type FindingKind,
  type FindingSeverity,
  type OffsetRange,
  type PartKind,
  type PreviewBody,
  type PreviewChain,
  type PreviewFinding,
  type PreviewPart,
  type PreviewScene,
  type PreviewSceneHeader,
  type PreviewTiles,
  TILE_CHARACTERS,
} from './preview-model';

/** Upper bound on the bytes of one scene: far above a million-body scene, and bounds a hostile one. */
export const MAX_SCENE_BYTES = 1024 * 1024 * 1024;

const BODY_KINDS: readonly BodyKind[] = ['sensor', 'static', 'bullet', 'dynamic'];
const PART_KINDS: readonly PartKind[] = ['circle', 'capsule', 'segment', 'polygon'];
const FINDING_KINDS: readonly FindingKind[] = ['overlap', 'tunnelling', 'collision', 'ghost-bump'];
const SEVERITIES: readonly FindingSeverity[] = ['error', 'warning', 'information', 'hint'];

/** The header: the scene without its bodies and findings, and their strings in order. */
interface Header extends PreviewSceneHeader {
  bodyCount: number;
  findingCount: number;
  floats: number;
  ints: number;
  /** The integers are float64s (one does not fit in a uint32). */
  wide: boolean;
  /** Per body: name, sourceKind, layer. */
  bodies: (string | null)[];
  /** Per finding: a, b, message. */
  findings: string[];
  /** The pieces' names of the findings that have them, two each in finding order; absent when none has. */
  pieces?: string[];
}

// Flag bits: a body's second integer (which fields it has, its modifiers), a finding's third.
const STATIC = 1;
const SENSOR = 2;
const BULLET = 4;
const AT_RANGE = 8;
const ANGLE_RANGE = 16;
const CHAINS = 32;
const TILES = 64;
/** Cells a uint32 holds: 4 bits each (a kind is below 8). */
const CELLS_PER_INT = 8;
const DEPTH = 1;
const POINTS = 2;
const TOI = 4;
const POINT = 8;
const SUBSTEPS = 16;
const MOVING_A = 32;
const MOVING_B = 64;
const PIECES = 128;

/** A growable typed array. */
class Grow<A extends Float64Array | Uint32Array> {
  length = 0;
  constructor(public data: A) {}
  push(x: number): void {
    if (this.length === this.data.length) {
      const next = new (this.data.constructor as new (n: number) => A)(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }
}

/** Where a scene's numbers go: doubles and integers, each section in order. */
class Out {
  readonly floats = new Grow(new Float64Array(1 << 12));
  readonly ints: Grow<Float64Array | Uint32Array>;
  constructor(readonly wide: boolean) {
    this.ints = new Grow(wide ? new Float64Array(1 << 12) : new Uint32Array(1 << 12));
  }
  /** Whether an integer did not fit (the scene is then written again, wide). */
  overflow = false;
  f(x: number): void {
    this.floats.push(x);
  }
  i(x: number): void {
    if (!this.wide && x >>> 0 !== x) this.overflow = true;
    this.ints.push(x);
  }
  range(r: OffsetRange | undefined): void {
    this.i(r ? r.start : 0);
    this.i(r ? r.end : 0);
  }
}

function writeBody(out: Out, b: PreviewBody): void {
  out.i(BODY_KINDS.indexOf(b.kind));
  out.i((b.isStatic ? STATIC : 0) | (b.isSensor ? SENSOR : 0) | (b.isBullet ? BULLET : 0) | (b.atRange ? AT_RANGE : 0) | (b.angleRange ? ANGLE_RANGE : 0) | (b.chains ? CHAINS : 0) | (b.tiles ? TILES : 0));
  out.f(b.position[0]);
  out.f(b.position[1]);
  out.f(b.angle);
  out.f(b.velocity[0]);
  out.f(b.velocity[1]);
  out.f(b.spin);
  for (let k = 0; k < 4; k++) out.f(b.bounds[k]!);
  out.range(b.nameRange);
  out.range(b.range);
  out.range(b.atRange);
  out.range(b.angleRange);
  out.i(b.insertOffset);
  out.i(b.parts.length);
  for (const p of b.parts) {
    out.i(PART_KINDS.indexOf(p.kind));
    out.f(p.radius);
    out.range(p.range);
    out.i(p.vertices.length);
    for (let k = 0; k < p.vertices.length; k++) out.f(p.vertices[k]!);
  }
  // Only a body with chains writes this (a chain body, a tile grid): every other body's numbers
  // are as they were before chains.
  if (b.chains) {
    out.i(b.chains.length);
    for (const c of b.chains) {
      out.i(c.loop ? 1 : 0);
      out.i(c.points.length);
      for (let k = 0; k < c.points.length; k++) out.f(c.points[k]!);
    }
  }
  if (b.tiles) {
    const t = b.tiles;
    out.i(t.columns);
    out.i(t.rows);
    out.f(t.cellWidth);
    out.f(t.cellHeight);
    out.i(t.cells.length);
    for (let k = 0; k < t.cells.length; k += CELLS_PER_INT) {
      let word = 0;
      for (let j = 0; j < CELLS_PER_INT && k + j < t.cells.length; j++) word |= TILE_CHARACTERS.indexOf(t.cells[k + j]!) << (4 * j);
      out.i(word >>> 0);
    }
  }
}

function writeFinding(out: Out, f: PreviewFinding): void {
  out.i(FINDING_KINDS.indexOf(f.kind));
  out.i(SEVERITIES.indexOf(f.severity));
  out.i((f.depth !== undefined ? DEPTH : 0) | (f.points !== undefined ? POINTS : 0) | (f.toi !== undefined ? TOI : 0) | (f.point !== undefined ? POINT : 0) | (f.substeps !== undefined ? SUBSTEPS : 0) | (f.moving === 'a' ? MOVING_A : f.moving === 'b' ? MOVING_B : 0) | (f.pieces !== undefined ? PIECES : 0));
  out.i(f.ia);
  out.i(f.ib);
  out.f(f.normal[0]);
  out.f(f.normal[1]);
  if (f.depth !== undefined) out.f(f.depth);
  if (f.points !== undefined) {
    out.i(f.points.length);
    for (const p of f.points) {
      out.f(p[0]);
      out.f(p[1]);
    }
  }
  if (f.toi !== undefined) out.f(f.toi);
  if (f.point !== undefined) {
    out.f(f.point[0]);
    out.f(f.point[1]);
  }
  if (f.substeps !== undefined) out.f(f.substeps);
}

/**
 * Writes a scene's bytes a run of bodies or findings at a time (`step`), so that a caller can
 * yield between runs; `bytes()` once `step` returned true.
 */
export class SceneBytesWriter {
  private out = new Out(false);
  private body = 0;
  private finding = 0;

  constructor(private readonly scene: PreviewScene) {}

  /** Writes up to `run` more bodies or findings; true when all are written. */
  step(run: number): boolean {
    const { bodies, findings } = this.scene;
    const end = this.body + run;
    for (; this.body < bodies.length && this.body < end; this.body++) writeBody(this.out, bodies[this.body]!);
    const endF = this.finding + Math.max(0, end - bodies.length);
    for (; this.body >= bodies.length && this.finding < findings.length && this.finding < endF; this.finding++) writeFinding(this.out, findings[this.finding]!);
    if (this.out.overflow) {
      // An integer beyond 32 bits (no document VS Code holds has such offsets): all again, wide.
      this.out = new Out(true);
      this.body = 0;
      this.finding = 0;
      return false;
    }
    return this.body >= bodies.length && this.finding >= findings.length;
  }

  bytes(): Uint8Array {
    while (!this.step(Infinity));
    const scene = this.scene;
    const out = this.out;
    const header: Header = {
      uri: scene.uri,
      version: scene.version,
      dt: scene.dt,
      frames: scene.frames,
      slop: scene.slop,
      bounds: scene.bounds,
      errorCount: scene.errorCount,
      // Left out of the JSON when undefined: a y-up scene's bytes are as they were before it.
      yDown: scene.yDown,
      bodyCount: scene.bodies.length,
      findingCount: scene.findings.length,
      floats: out.floats.length,
      ints: out.ints.length,
      wide: out.wide,
      bodies: [],
      findings: [],
    };
    for (const b of scene.bodies) header.bodies.push(b.name, b.sourceKind, b.layer);
    for (const f of scene.findings) {
      header.findings.push(f.a, f.b, f.message);
      if (f.pieces) (header.pieces ??= []).push(f.pieces[0], f.pieces[1]);
    }
    const text = new TextEncoder().encode(JSON.stringify(header));
    const start = 4 + text.length + ((8 - ((4 + text.length) % 8)) % 8);
    const floatBytes = out.floats.length * 8;
    const intBytes = out.ints.length * (out.wide ? 8 : 4);
    const bytes = new Uint8Array(start + floatBytes + intBytes);
    new DataView(bytes.buffer).setUint32(0, text.length, true);
    bytes.set(text, 4);
    bytes.set(new Uint8Array(out.floats.data.buffer, 0, floatBytes), start);
    bytes.set(new Uint8Array(out.ints.data.buffer, 0, intBytes), start + floatBytes);
    return bytes;
  }
}

/** The scene as bytes (see the layout above). */
export function encodeSceneBytes(scene: PreviewScene): Uint8Array {
  return new SceneBytesWriter(scene).bytes();
}

/** Sequential input of the two sections; `ok` turns false on reading past either's end. */
class Reader {
  private at = 0;
  private atInt = 0;
  ok = true;
  constructor(
    private readonly floats: Float64Array,
    private readonly ints: Float64Array | Uint32Array,
  ) {}
  f(): number {
    if (this.at >= this.floats.length) {
      this.ok = false;
      return NaN;
    }
    return this.floats[this.at++]!;
  }
  i(): number {
    if (this.atInt >= this.ints.length) {
      this.ok = false;
      return NaN;
    }
    return this.ints[this.atInt++]!;
  }
  /** A count: a non-negative integer no larger than `max` (else -1, and `ok` turns false). */
  count(max: number): number {
    const n = this.i();
    if (!(Number.isInteger(n) && n >= 0 && n <= max)) {
      this.ok = false;
      return -1;
    }
    return n;
  }
  /** One of `values` by its index (`ok` turns false for an index out of range). */
  pick<T>(values: readonly T[]): T {
    return values[this.count(values.length - 1)] as T;
  }
  range(): OffsetRange {
    const start = this.i();
    return { start, end: this.i() };
  }
  point(): [number, number] {
    const x = this.f();
    return [x, this.f()];
  }
  get done(): boolean {
    return this.at === this.floats.length && this.atInt === this.ints.length;
  }
}

function readBody(r: Reader, index: number, strings: unknown[]): PreviewBody | null {
  const kind = r.pick(BODY_KINDS);
  const flags = r.count(127);
  const position = r.point();
  const angle = r.f();
  const velocity = r.point();
  const spin = r.f();
  const bounds: [number, number, number, number] = [r.f(), r.f(), r.f(), r.f()];
  const nameRange = r.range();
  const range = r.range();
  const atRange = r.range();
  const angleRange = r.range();
  const insertOffset = r.i();
  const partCount = r.count(10_000);
  if (!r.ok) return null;
  const parts: PreviewPart[] = [];
  for (let k = 0; k < partCount; k++) {
    const partKind = r.pick(PART_KINDS);
    const radius = r.f();
    const partRange = r.range();
    const n = r.count(100_000);
    if (!r.ok) return null;
    const vertices: number[] = [];
    for (let j = 0; j < n; j++) vertices.push(r.f());
    parts.push({ kind: partKind, vertices, radius, range: partRange });
  }
  let chains: PreviewChain[] | undefined;
  if (flags & CHAINS) {
    const chainCount = r.count(4_000_000);
    if (!r.ok) return null;
    chains = [];
    for (let k = 0; k < chainCount; k++) {
      const loop = r.count(1) === 1;
      const n = r.count(4_000_000);
      if (!r.ok) return null;
      const points: number[] = [];
      for (let j = 0; j < n; j++) points.push(r.f());
      if (!r.ok) return null;
      chains.push({ points, loop });
    }
  }
  let tiles: PreviewTiles | undefined;
  if (flags & TILES) {
    const columns = r.i();
    const rows = r.i();
    const cellWidth = r.f();
    const cellHeight = r.f();
    const n = r.count(100_000_000);
    if (!r.ok) return null;
    const kinds: string[] = [];
    for (let k = 0; k < n; k += CELLS_PER_INT) {
      const word = r.i();
      for (let j = 0; j < CELLS_PER_INT && k + j < n; j++) kinds.push(TILE_CHARACTERS[(word >>> (4 * j)) & 15] ?? '?');
    }
    if (!r.ok) return null;
    tiles = { columns, rows, cellWidth, cellHeight, cells: kinds.join('') };
  }
  const b: PreviewBody = {
    index,
    name: strings[3 * index] as string,
    kind,
    isStatic: (flags & STATIC) !== 0,
    isSensor: (flags & SENSOR) !== 0,
    isBullet: (flags & BULLET) !== 0,
    sourceKind: strings[3 * index + 1] as string,
    layer: strings[3 * index + 2] as string | null,
    parts,
    position,
    angle,
    velocity,
    spin,
    bounds,
    nameRange,
    range,
    insertOffset,
  };
  if (flags & AT_RANGE) b.atRange = atRange;
  if (flags & ANGLE_RANGE) b.angleRange = angleRange;
  if (chains) b.chains = chains;
  if (tiles) b.tiles = tiles;
  return b;
}

/** `pieces` holds the header's pieces names and how many of them are read so far. */
function readFinding(r: Reader, index: number, strings: unknown[], pieces: { names: unknown[]; next: number }): PreviewFinding | null {
  const kind = r.pick(FINDING_KINDS);
  const severity = r.pick(SEVERITIES);
  const flags = r.count(255);
  const ia = r.i();
  const ib = r.i();
  const normal = r.point();
  if (!r.ok) return null;
  const f: PreviewFinding = { kind, severity, a: strings[3 * index] as string, b: strings[3 * index + 1] as string, ia, ib, normal, message: strings[3 * index + 2] as string };
  if (flags & DEPTH) f.depth = r.f();
  if (flags & POINTS) {
    const n = r.count(16);
    if (!r.ok) return null;
    f.points = [];
    for (let j = 0; j < n; j++) f.points.push(r.point());
  }
  if (flags & TOI) f.toi = r.f();
  if (flags & POINT) f.point = r.point();
  if (flags & SUBSTEPS) f.substeps = r.f();
  if ((flags & MOVING_A) && (flags & MOVING_B)) return null;
  if (flags & MOVING_A) f.moving = 'a';
  if (flags & MOVING_B) f.moving = 'b';
  if (flags & PIECES) {
    if (pieces.next + 2 > pieces.names.length) return null;
    f.pieces = [pieces.names[pieces.next] as string, pieces.names[pieces.next + 1] as string];
    pieces.next += 2;
  }
  return r.ok ? f : null;
}

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** A typed array over `bytes[from, from + count * size)`, copied when not aligned to `size`. */
function section<A>(bytes: Uint8Array, from: number, count: number, size: 4 | 8, make: new (b: ArrayBufferLike, o?: number, n?: number) => A): A {
  const offset = bytes.byteOffset + from;
  if (offset % size === 0) return new make(bytes.buffer, offset, count);
  return new make(bytes.slice(from, from + count * size).buffer);
}

/** The scene the bytes hold, or null when they do not hold a valid scene in this layout. */
export function decodeSceneBytes(bytes: Uint8Array): PreviewScene | null {
  if (bytes.byteLength > MAX_SCENE_BYTES || bytes.byteLength < 4) return null;
  const n = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  const start = 4 + n + ((8 - ((4 + n) % 8)) % 8);
  if (start > bytes.byteLength) return null;
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(4, 4 + n))) as Header;
  } catch {
    return null;
  }
  if (typeof header !== 'object' || header === null) return null;
  const { bodyCount, findingCount, floats, ints, wide } = header;
  if (![bodyCount, findingCount, floats, ints].every(isCount) || typeof wide !== 'boolean') return null;
  if (!Array.isArray(header.bodies) || header.bodies.length !== 3 * bodyCount) return null;
  if (!Array.isArray(header.findings) || header.findings.length !== 3 * findingCount) return null;
  if (bytes.byteLength !== start + floats * 8 + ints * (wide ? 8 : 4)) return null;
  const r = new Reader(
    section(bytes, start, floats, 8, Float64Array),
    wide ? section(bytes, start + floats * 8, ints, 8, Float64Array) : section(bytes, start + floats * 8, ints, 4, Uint32Array),
  );
  const bodies: PreviewBody[] = [];
  for (let i = 0; i < bodyCount; i++) {
    const b = readBody(r, i, header.bodies);
    if (!b) return null;
    bodies.push(b);
  }
  if (header.pieces !== undefined && !Array.isArray(header.pieces)) return null;
  const pieces = { names: header.pieces ?? [], next: 0 };
  const findings: PreviewFinding[] = [];
  for (let i = 0; i < findingCount; i++) {
    const f = readFinding(r, i, header.findings, pieces);
    if (!f) return null;
    findings.push(f);
  }
  if (!r.done || pieces.next !== pieces.names.length) return null;
  const scene: Record<string, unknown> = {
    uri: header.uri,
    version: header.version,
    dt: header.dt,
    frames: header.frames,
    slop: header.slop,
    bodies,
    findings,
    bounds: header.bounds,
    errorCount: header.errorCount,
  };
  if (header.yDown !== undefined) scene.yDown = header.yDown;
  return isPreviewScene(scene) ? scene : null;
}

/** A Uint8Array of at most `max` bytes (what VS Code delivers for one posted as a message field). */
export function isBytes(max = MAX_SCENE_BYTES): (v: unknown) => v is Uint8Array {
  return (v): v is Uint8Array => v instanceof Uint8Array && v.byteLength <= max;
}
