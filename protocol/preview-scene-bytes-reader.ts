/**
 * Reads a scene's bytes (the layout is in preview-scene-bytes.ts) back into the plain objects of
 * preview-model.ts, and checks them with `isPreviewScene`: null for bytes that do not parse as
 * the layout, or that hold a scene the check refuses.
 */
import {
  isPreviewScene,
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
import {
  ANGLE_RANGE,
  AT_RANGE,
  BODY_FLAGS,
  BODY_KIND_MASK,
  BODY_KINDS,
  BOX,
  BULLET,
  CHAINS,
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

  /** A value written as its zigzag difference from `base` (itself, when wide). */
  delta(base: number): number {
    const z = this.int();
    return this.wideInts ? z : base + (z % 2 === 1 ? -(z + 1) / 2 : z / 2);
  }

  /** An offset, written as its difference from the one before it. */
  offset(): number {
    this.cursor = this.delta(this.cursor);
    return this.cursor;
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

/** The header's strings in order; `ok` turns false on reading past their end. */
class Strings {
  private at = 0;
  ok = true;
  constructor(readonly list: readonly unknown[]) {}
  next(): string {
    if (this.at >= this.list.length) this.ok = false;
    return this.list[this.at++] as string;
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
    if (!r.ok || !r.hasFloats(n)) return null;
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
    if (!r.ok || !r.hasFloats(n)) return null;
    const points: number[] = [];
    for (let j = 0; j < n; j++) points.push(r.f());
    chains.push({ points, loop: v % 2 === 1 });
  }
  return chains;
}

function readTiles(r: Reader): PreviewTiles | null {
  const columns = r.int();
  const rows = r.int();
  const cellWidth = r.f();
  const cellHeight = r.f();
  const n = r.count(100_000_000);
  if (!r.ok) return null;
  const packed = r.cellBytes(Math.ceil(n / 2));
  // An odd count's last byte has its high 4 bits clear: the bytes of a grid are one.
  if (!packed || (n % 2 === 1 && packed[packed.length - 1]! >> 4 !== 0)) return null;
  const pairs = new Array<string>(packed.length);
  for (let k = 0; k < packed.length; k++) pairs[k] = CELL_PAIRS[packed[k]!]!;
  if (n % 2 === 1) pairs[packed.length - 1] = pairs[packed.length - 1]![0]!;
  return { columns, rows, cellWidth, cellHeight, cells: pairs.join('') };
}

function readBody(r: Reader, index: number, header: Header): PreviewBody | null {
  const flags = r.count(BODY_FLAGS);
  const sourceKind = r.count(header.sourceKinds.length - 1);
  const layer = r.count(header.layers.length - 1);
  const partCount = r.count(10_000);
  if (!r.ok) return null;
  const position = r.point();
  const angle = flags & TURNED ? r.f() : 0;
  const velocity = flags & MOVING ? r.point() : pair(0, 0);
  const spin = flags & MOVING ? r.f() : 0;
  const bounds: [number, number, number, number] = [r.f(), r.f(), r.f(), r.f()];
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
  const b: PreviewBody = {
    index,
    name: header.names[index] as string,
    kind: BODY_KINDS[flags & BODY_KIND_MASK]!,
    isStatic: (flags & STATIC) !== 0,
    isSensor: (flags & SENSOR) !== 0,
    isBullet: (flags & BULLET) !== 0,
    sourceKind: header.sourceKinds[sourceKind] as string,
    layer: header.layers[layer] as string | null,
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
  const ia = r.delta(previous);
  const ib = r.delta(ia);
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
    a = strings.next();
    b = strings.next();
  }
  let message: string;
  if (flags & (WORDED_A | WORDED_B)) {
    if (depth === undefined) return null;
    message = overlapMessage(a, b, '', '', depth, normal[0], normal[1], (flags & WORDED_A) !== 0);
  } else message = strings.next();
  const f: PreviewFinding = { kind: FINDING_KINDS[flags & FINDING_KIND_MASK]!, severity: SEVERITIES[(flags >> SEVERITY_SHIFT) & 3]!, a, b, ia, ib, normal, message };
  if (depth !== undefined) f.depth = depth;
  if (points) f.points = points;
  if (toi !== undefined) f.toi = toi;
  if (point) f.point = point;
  if (substeps !== undefined) f.substeps = substeps;
  if (flags & MOVING_A) f.moving = 'a';
  if (flags & MOVING_B) f.moving = 'b';
  if (flags & PIECES) f.pieces = [strings.next(), strings.next()];
  return r.ok && strings.ok ? f : null;
}

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** The `count` float64s at `bytes[from ...)`: in place when aligned (a message's bytes are a fresh buffer), else copied. */
function float64s(bytes: Uint8Array, from: number, count: number): Float64Array {
  const offset = bytes.byteOffset + from;
  if (offset % 8 === 0) return new Float64Array(bytes.buffer, offset, count);
  return new Float64Array(bytes.slice(from, from + 8 * count).buffer);
}
const isList = (v: unknown): v is unknown[] => Array.isArray(v);

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
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return null;
  const { bodies: bodyCount, findings: findingCount, floats, ints, wide, cells } = header;
  if (![floats, ints, cells].every(isCount) || typeof wide !== 'boolean') return null;
  if (!isCount(bodyCount) || bodyCount > 1_000_000 || !isCount(findingCount) || findingCount > 10_000_000) return null;
  if (!isList(header.names) || header.names.length !== bodyCount || !isList(header.sourceKinds) || !isList(header.layers) || !isList(header.strings)) return null;
  const intsAt = start + floats * 8;
  const cellsAt = bytes.byteLength - cells;
  if (intsAt > cellsAt || (wide && cellsAt !== intsAt + 8 * ints)) return null;
  const varints = bytes.subarray(intsAt, wide ? intsAt : cellsAt);
  const r = new Reader(float64s(bytes, start, floats), varints, wide ? float64s(bytes, intsAt, ints) : null, ints, bytes.subarray(cellsAt));
  const sceneFlags = r.count(SCENE_FLAGS);
  const version = r.f();
  const dt = r.f();
  const frames = r.f();
  const slop = r.f();
  const errorCount = r.f();
  const bounds: [number, number, number, number] | null = sceneFlags & SCENE_BOUNDS ? [r.f(), r.f(), r.f(), r.f()] : null;
  const bodies: PreviewBody[] = [];
  for (let i = 0; i < bodyCount; i++) {
    const b = readBody(r, i, header);
    if (!b) return null;
    bodies.push(b);
  }
  const strings = new Strings(header.strings);
  const findings: PreviewFinding[] = [];
  let previous = 0;
  for (let i = 0; i < findingCount; i++) {
    const f = readFinding(r, strings, bodies, previous);
    if (!f) return null;
    findings.push(f);
    previous = f.ia;
  }
  if (!r.done || !strings.done) return null;
  const scene: Record<string, unknown> = { uri: header.uri, version, dt, frames, slop, bodies, findings, bounds, errorCount };
  if (header.yDown !== undefined) scene.yDown = header.yDown;
  return isPreviewScene(scene) ? scene : null;
}
