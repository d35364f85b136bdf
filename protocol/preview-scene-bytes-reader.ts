/**
 * Reads a scene's bytes (the layout is in preview-scene-bytes.ts) back into the plain objects of
 * preview-model.ts: null for bytes that do not parse as the layout, or that hold a scene
 * `isPreviewScene` refuses.
 *
 * The reader checks as it reads rather than running `isPreviewScene` over the objects it made:
 * most of what that check asks holds by construction (kinds and flags come from tables, indices
 * and booleans from bits, counts are bounded where they are read), and what can still be wrong is
 * tested where it is read: every float64 finite (each lands in a field that must be), every
 * offset a non-negative integer, a finding's bodies inside the scene, every string a string of
 * its field's bound, vertex lists even, a grid's cells as many as it says and each a tile's.
 * test/unit/protocol/preview-scene-bytes-check.test.ts compares the two verdicts on mutated scenes.
 */
import {
  MAX_MESSAGE,
  MAX_NAME,
  MAX_SOURCE_KIND,
  MAX_URI,
  type OffsetRange,
  type PreviewBody,
  type PreviewChain,
  type PreviewFinding,
  type PreviewPart,
  type PreviewScene,
  type PreviewTiles,
  TILE_CHARACTERS,
} from './preview-model';
import { overlapMessage } from './overlap-message';
import { partsBounds } from './preview-body-bounds';
import { cosSin } from './cos-sin';
import {
  ANGLE_RANGE,
  AT_RANGE,
  BODY_FLAGS,
  BODY_KIND_MASK,
  BODY_KINDS,
  BOUNDS,
  BOX,
  BULLET,
  CHAINS,
  COS_SIN,
  DEPTH,
  FINDING_FLAGS,
  FINDING_KIND_MASK,
  FINDING_KINDS,
  MAX_SCENE_BYTES,
  MOVING,
  MOVING_A,
  MOVING_B,
  NAMED,
  ORIGIN,
  PART_FLAGS,
  PART_KIND_MASK,
  PART_KINDS,
  PIECES,
  POINT,
  POINTS,
  ROUND,
  SCENE_BOUNDS,
  SCENE_FLAGS,
  SENSOR,
  SEVERITIES,
  SEVERITY_SHIFT,
  STATIC,
  SUBSTEPS,
  TILES,
  TOI,
  TURNED,
  VARINT_BYTES,
  WORDED_A,
  WORDED_B,
  type Header,
} from './preview-scene-bytes-layout';

/** Two tile cells of a byte (the first in its low 4 bits) as text; a kind that is no tile's reads '?'. */
const CELL_PAIRS = Array.from({ length: 256 }, (_, b) => (TILE_CHARACTERS[b & 15] ?? '?') + (TILE_CHARACTERS[b >> 4] ?? '?'));

/** Scratch for a body's cosine and sine. */
const cs: [number, number] = [1, 0];

/** A point: one array literal for every point read or left out, so that all have one elements kind (see readVertices). */
function pair(x: number, y: number): [number, number] {
  return [x, y];
}

/** Sequential input of the sections; `ok` turns false on reading past one's end or what does not parse. */
class Reader {
  private at = 0;
  private pos = 0;
  private atCell = 0;
  /** How many integers are read. */
  private read = 0;
  /** The offset read last (see `offset`). */
  private cursor = 0;
  ok = true;

  constructor(
    private readonly floats: Float64Array,
    /** The integers' varints (empty when wide). */
    private readonly varints: Uint8Array,
    /** The integers as float64s, when wide. */
    private readonly wideInts: Float64Array | null,
    private readonly ints: number,
    private readonly cells: Uint8Array,
  ) {}

  f(): number {
    if (this.at >= this.floats.length) {
      this.ok = false;
      return NaN;
    }
    return this.floats[this.at++]!;
  }

  /** Whether `n` more float64s are there (`ok` turns false if not). */
  hasFloats(n: number): boolean {
    if (this.at + n <= this.floats.length) return true;
    this.ok = false;
    return false;
  }

  /** A count, code or index (see Out.int). */
  int(): number {
    if (this.read === this.ints) return this.fail();
    const wide = this.wideInts;
    if (wide) return wide[this.read++]!;
    this.read++;
    const b = this.varints[this.pos]!;
    if (b < 128) {
      this.pos++;
      return b;
    }
    return this.varint();
  }

  /**
   * An unsigned LEB128 of more than one byte: at most VARINT_BYTES, below 2^53 and in its
   * shortest form (no last byte 0); anything else does not parse.
   */
  private varint(): number {
    const bytes = this.varints;
    let pos = this.pos;
    if (pos >= bytes.length) return this.fail();
    let b = bytes[pos++]!;
    let x = b & 127;
    let scale = 128;
    for (let k = 1; ; k++) {
      if (k === VARINT_BYTES || pos >= bytes.length) return this.fail();
      b = bytes[pos++]!;
      x += (b & 127) * scale;
      if (b < 128) break;
      scale *= 128;
    }
    if (b === 0 || x > Number.MAX_SAFE_INTEGER) return this.fail();
    this.pos = pos;
    return x;
  }

  private fail(): number {
    this.ok = false;
    return NaN;
  }

  /** Whether every float64 is finite: each one read lands in a field that must be. */
  allFinite(): boolean {
    const a = this.floats;
    for (let k = 0; k < a.length; k++) {
      const x = a[k]!;
      if (x - x !== 0) return false;
    }
    return true;
  }

  /** An integer from 0 to `max` written as it is (else `ok` turns false). */
  natural(max = Number.MAX_VALUE): number {
    const n = this.int();
    if (!(n >= 0 && n <= max && Number.isInteger(n))) this.ok = false;
    return n;
  }

  /** A body index below `n`, written as its difference from `base` (else `ok` turns false). */
  index(base: number, n: number): number {
    const i = this.delta(base);
    if (!(i >= 0 && i < n && Number.isInteger(i))) this.ok = false;
    return i;
  }

  /** A value written as its zigzag difference from `base` (itself, when wide). */
  delta(base: number): number {
    const z = this.int();
    return this.wideInts ? z : base + (z % 2 === 1 ? -(z + 1) / 2 : z / 2);
  }

  /** An offset, written as its difference from the one before it: a non-negative integer (else `ok` turns false). */
  offset(): number {
    const x = this.delta(this.cursor);
    this.cursor = x;
    if (!(x >= 0 && Number.isInteger(x))) this.ok = false;
    return x;
  }

  range(): OffsetRange {
    const start = this.offset();
    return { start, end: this.offset() };
  }

  /** A count: an integer from 0 to `max` (else -1, and `ok` turns false). */
  count(max: number): number {
    const n = this.int();
    if (Number.isInteger(n) && n >= 0 && n <= max) return n;
    this.ok = false;
    return -1;
  }

  point(): [number, number] {
    const x = this.f();
    return pair(x, this.f());
  }

  /** The next `n` bytes of tile cells (null, and `ok` false, when fewer are left). */
  cellBytes(n: number): Uint8Array | null {
    if (this.atCell + n > this.cells.length) {
      this.ok = false;
      return null;
    }
    this.atCell += n;
    return this.cells.subarray(this.atCell - n, this.atCell);
  }

  get done(): boolean {
    return this.ok && this.at === this.floats.length && this.read === this.ints && this.pos === this.varints.length && this.atCell === this.cells.length;
  }
}

/** The header's strings in order; `ok` turns false on reading past their end or a value not a string of at most `max` characters. */
class Strings {
  private at = 0;
  ok = true;
  constructor(readonly list: readonly unknown[]) {}
  next(max: number): string {
    if (this.at >= this.list.length) this.ok = false;
    const s = this.list[this.at++];
    if (!isText(s, max)) this.ok = false;
    return s as string;
  }
  get done(): boolean {
    return this.ok && this.at === this.list.length;
  }
}

/**
 * A part's vertices. One array literal for every case, so that all share its allocation site and
 * so one elements kind (doubles): arrays of two kinds make the check of the scene, and every
 * loop over vertices after it, polymorphic.
 */
function readVertices(r: Reader, flags: number): number[] | null {
  const vertices: number[] = [];
  if (flags & BOX) {
    const x = r.f();
    const y = r.f();
    vertices.push(-x, -y, x, -y, x, y, -x, y);
  } else if (flags & ORIGIN) vertices.push(0, 0);
  else {
    const n = r.count(100_000);
    if (!r.ok || n % 2 !== 0 || !r.hasFloats(n)) return null;
    for (let j = 0; j < n; j++) vertices.push(r.f());
  }
  return vertices;
}

function readChains(r: Reader): PreviewChain[] | null {
  const count = r.count(4_000_000);
  if (!r.ok) return null;
  const chains: PreviewChain[] = [];
  for (let k = 0; k < count; k++) {
    const v = r.count(8_000_001);
    const n = (v - (v % 2)) / 2;
    if (!r.ok || n % 2 !== 0 || !r.hasFloats(n)) return null;
    const points: number[] = [];
    for (let j = 0; j < n; j++) points.push(r.f());
    chains.push({ points, loop: v % 2 === 1 });
  }
  return chains;
}

function readTiles(r: Reader): PreviewTiles | null {
  const columns = r.natural();
  const rows = r.natural();
  const cellWidth = r.f();
  const cellHeight = r.f();
  const n = r.count(100_000_000);
  if (!r.ok || columns * rows !== n) return null;
  const packed = r.cellBytes(Math.ceil(n / 2));
  // An odd count's last byte has its high 4 bits clear: the bytes of a grid are one.
  if (!packed || (n % 2 === 1 && packed[packed.length - 1]! >> 4 !== 0)) return null;
  const pairs = new Array<string>(packed.length);
  for (let k = 0; k < packed.length; k++) {
    const b = packed[k]!;
    if ((b & 15) >= TILE_CHARACTERS.length || b >> 4 >= TILE_CHARACTERS.length) return null;
    pairs[k] = CELL_PAIRS[b]!;
  }
  if (n % 2 === 1) pairs[packed.length - 1] = pairs[packed.length - 1]![0]!;
  return { columns, rows, cellWidth, cellHeight, cells: pairs.join('') };
}

/** The header's tables, each value with whether a body may have it (see `tables`). */
interface Tables {
  names: readonly unknown[];
  sourceKinds: readonly unknown[];
  sourceKindOk: readonly boolean[];
  layers: readonly unknown[];
  layerOk: readonly boolean[];
}

function readBody(r: Reader, index: number, name: string, t: Tables): PreviewBody | null {
  const flags = r.count(BODY_FLAGS);
  const sourceKind = r.count(t.sourceKinds.length - 1);
  const layer = r.count(t.layers.length - 1);
  const partCount = r.count(10_000);
  if (!r.ok || !t.sourceKindOk[sourceKind] || !t.layerOk[layer]) return null;
  const position = r.point();
  const angle = flags & TURNED ? r.f() : 0;
  const velocity = flags & MOVING ? r.point() : pair(0, 0);
  const spin = flags & MOVING ? r.f() : 0;
  const bounds: [number, number, number, number] = flags & BOUNDS ? [r.f(), r.f(), r.f(), r.f()] : [0, 0, 0, 0];
  // Bounds not written are made from the parts, with a turned body's cosine and sine as written,
  // or else as cosSin makes them of its angle.
  let c = 1;
  let s = 0;
  if (flags & COS_SIN) {
    if (!(flags & TURNED) || flags & BOUNDS) return null;
    c = r.f();
    s = r.f();
  } else if (flags & TURNED && !(flags & BOUNDS)) {
    cosSin(angle, cs);
    c = cs[0];
    s = cs[1];
  }
  const start = r.offset();
  const nameRange = r.range();
  const parts: PreviewPart[] = [];
  for (let k = 0; k < partCount; k++) {
    const partFlags = r.count(PART_FLAGS);
    if (!r.ok || ((partFlags & BOX) && (partFlags & ORIGIN))) return null;
    const radius = partFlags & ROUND ? r.f() : 0;
    const range = r.range();
    const vertices = readVertices(r, partFlags);
    if (!vertices) return null;
    parts.push({ kind: PART_KINDS[partFlags & PART_KIND_MASK]!, vertices, radius, range });
  }
  const insertOffset = r.offset();
  const atRange = flags & AT_RANGE ? r.range() : undefined;
  const angleRange = flags & ANGLE_RANGE ? r.range() : undefined;
  const end = r.offset();
  const chains = flags & CHAINS ? readChains(r) : undefined;
  const tiles = flags & TILES ? readTiles(r) : undefined;
  if (chains === null || tiles === null || !r.ok) return null;
  if (!(flags & BOUNDS)) {
    // As the writer checked they are made; finite, as written ones are checked to be.
    partsBounds(parts, position[0], position[1], c, s, bounds);
    if (bounds[0] - bounds[0] !== 0 || bounds[1] - bounds[1] !== 0 || bounds[2] - bounds[2] !== 0 || bounds[3] - bounds[3] !== 0) return null;
  }
  const b: PreviewBody = {
    index,
    name,
    kind: BODY_KINDS[flags & BODY_KIND_MASK]!,
    isStatic: (flags & STATIC) !== 0,
    isSensor: (flags & SENSOR) !== 0,
    isBullet: (flags & BULLET) !== 0,
    sourceKind: t.sourceKinds[sourceKind] as string,
    layer: t.layers[layer] as string | null,
    parts,
    position,
    angle,
    velocity,
    spin,
    bounds,
    nameRange,
    range: { start, end },
    insertOffset,
  };
  if (atRange) b.atRange = atRange;
  if (angleRange) b.angleRange = angleRange;
  if (chains) b.chains = chains;
  if (tiles) b.tiles = tiles;
  return b;
}

/** `previous` is the ia of the finding before (0 for the first). */
function readFinding(r: Reader, strings: Strings, bodies: readonly PreviewBody[], previous: number): PreviewFinding | null {
  const flags = r.count(FINDING_FLAGS);
  const ia = r.index(previous, bodies.length);
  const ib = r.index(ia, bodies.length);
  const normal = r.point();
  if (!r.ok || ((flags & MOVING_A) && (flags & MOVING_B)) || ((flags & WORDED_A) && (flags & WORDED_B))) return null;
  const depth = flags & DEPTH ? r.f() : undefined;
  let points: [number, number][] | undefined;
  if (flags & POINTS) {
    const n = r.count(16);
    if (!r.ok) return null;
    points = [];
    for (let j = 0; j < n; j++) points.push(r.point());
  }
  const toi = flags & TOI ? r.f() : undefined;
  const point = flags & POINT ? r.point() : undefined;
  const substeps = flags & SUBSTEPS ? r.f() : undefined;
  let a: string;
  let b: string;
  if (flags & NAMED) {
    const ba = bodies[ia];
    const bb = bodies[ib];
    if (!ba || !bb) return null;
    a = ba.name;
    b = bb.name;
  } else {
    a = strings.next(MAX_NAME);
    b = strings.next(MAX_NAME);
  }
  let message: string;
  if (flags & (WORDED_A | WORDED_B)) {
    if (depth === undefined) return null;
    message = overlapMessage(a, b, '', '', depth, normal[0], normal[1], (flags & WORDED_A) !== 0);
    if (message.length > MAX_MESSAGE) return null;
  } else message = strings.next(MAX_MESSAGE);
  const f: PreviewFinding = { kind: FINDING_KINDS[flags & FINDING_KIND_MASK]!, severity: SEVERITIES[(flags >> SEVERITY_SHIFT) & 3]!, a, b, ia, ib, normal, message };
  if (depth !== undefined) f.depth = depth;
  if (points) f.points = points;
  if (toi !== undefined) f.toi = toi;
  if (point) f.point = point;
  if (substeps !== undefined) f.substeps = substeps;
  if (flags & MOVING_A) f.moving = 'a';
  if (flags & MOVING_B) f.moving = 'b';
  if (flags & PIECES) f.pieces = [strings.next(MAX_NAME), strings.next(MAX_NAME)];
  return r.ok && strings.ok ? f : null;
}

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

function isText(v: unknown, max: number): v is string {
  return typeof v === 'string' && v.length <= max;
}

/** The header's tables, or null when a body's name is not a name. */
function tables(header: Header): Tables | null {
  const names = header.names;
  for (let i = 0; i < names.length; i++) if (!isText(names[i], MAX_NAME)) return null;
  return {
    names,
    sourceKinds: header.sourceKinds,
    sourceKindOk: header.sourceKinds.map((v) => isText(v, MAX_SOURCE_KIND)),
    layers: header.layers,
    layerOk: header.layers.map((v) => v === null || isText(v, MAX_NAME)),
  };
}

/** The `count` float64s at `bytes[from ...)`: in place when aligned (a message's bytes are a fresh buffer), else copied. */
function float64s(bytes: Uint8Array, from: number, count: number): Float64Array {
  const offset = bytes.byteOffset + from;
  if (offset % 8 === 0) return new Float64Array(bytes.buffer, offset, count);
  return new Float64Array(bytes.slice(from, from + 8 * count).buffer);
}
const isList = (v: unknown): v is unknown[] => Array.isArray(v);

/** The scene the bytes hold, or null when they do not hold a valid scene in this layout (a part does not: see preview-scene-parts.ts). */
export function decodeSceneBytes(bytes: Uint8Array): PreviewScene | null {
  const read = readSceneBytes(bytes, [], []);
  return read && !read.from ? read.scene : null;
}

/** What one scene's bytes, or one part's, hold (`readSceneBytes`). */
export interface SceneBytesRead {
  /** The scene's own fields; `bodies` and `findings` are the lists given, with this part's appended. */
  readonly scene: PreviewScene;
  /** A part's `from` and `of` (preview-scene-bytes-layout.ts Header); undefined for a whole scene. */
  readonly from?: readonly [number, number];
  readonly of?: readonly [number, number];
}

const isPair = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && isCount(v[0]) && isCount(v[1]);

/**
 * Reads a whole scene's bytes or one part's, appending its bodies to `bodies` and its findings to
 * `findings`. A part's bodies and findings must start where those lists end (the parts before it,
 * in order), its findings only once every body of the scene is in `bodies`; null when the bytes
 * do not hold a valid scene or part in this layout (the lists may then have grown).
 */
export function readSceneBytes(bytes: Uint8Array, bodies: PreviewBody[], findings: PreviewFinding[]): SceneBytesRead | null {
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
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return null;
  const { bodies: bodyCount, findings: findingCount, floats, ints, wide, cells, from, of } = header;
  if (![floats, ints, cells].every(isCount) || typeof wide !== 'boolean') return null;
  if (!isCount(bodyCount) || bodyCount > 1_000_000 || !isCount(findingCount) || findingCount > 10_000_000) return null;
  // A whole scene is read into empty lists; a part continues them, up to the scene's counts.
  const [bodyTotal, findingTotal] = from === undefined && of === undefined ? [bodyCount, findingCount] : isPair(from) && isPair(of) ? of : [-1, -1];
  const at = from ?? [0, 0];
  if (at[0] !== bodies.length || at[1] !== findings.length || bodyTotal > 1_000_000 || findingTotal > 10_000_000) return null;
  if (at[0] + bodyCount > bodyTotal || at[1] + findingCount > findingTotal || (findingCount > 0 && at[0] + bodyCount !== bodyTotal)) return null;
  if (!isList(header.names) || header.names.length !== bodyCount || !isList(header.sourceKinds) || !isList(header.layers) || !isList(header.strings)) return null;
  const intsAt = start + floats * 8;
  const cellsAt = bytes.byteLength - cells;
  if (intsAt > cellsAt || (wide && cellsAt !== intsAt + 8 * ints)) return null;
  const varints = bytes.subarray(intsAt, wide ? intsAt : cellsAt);
  const r = new Reader(float64s(bytes, start, floats), varints, wide ? float64s(bytes, intsAt, ints) : null, ints, bytes.subarray(cellsAt));
  const t = tables(header);
  if (!t || !r.allFinite() || !isText(header.uri, MAX_URI) || (header.yDown !== undefined && typeof header.yDown !== 'boolean')) return null;
  const sceneFlags = r.count(SCENE_FLAGS);
  const version = r.f();
  const dt = r.f();
  const frames = r.f();
  const slop = r.f();
  const errorCount = r.f();
  if (!Number.isInteger(version) || !(dt > 0) || !isCount(frames) || !isCount(errorCount)) return null;
  const bounds: [number, number, number, number] | null = sceneFlags & SCENE_BOUNDS ? [r.f(), r.f(), r.f(), r.f()] : null;
  for (let i = 0; i < bodyCount; i++) {
    const b = readBody(r, at[0] + i, t.names[i] as string, t);
    if (!b) return null;
    bodies.push(b);
  }
  const strings = new Strings(header.strings);
  let previous = 0;
  for (let i = 0; i < findingCount; i++) {
    const f = readFinding(r, strings, bodies, previous);
    if (!f) return null;
    findings.push(f);
    previous = f.ia;
  }
  if (!r.done || !strings.done) return null;
  const scene: PreviewScene = { uri: header.uri, version, dt, frames, slop, bodies, findings, bounds, errorCount };
  if (header.yDown !== undefined) scene.yDown = header.yDown;
  return from === undefined ? { scene } : { scene, from: at, of: [bodyTotal, findingTotal] };
}
