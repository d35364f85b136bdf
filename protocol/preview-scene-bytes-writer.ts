/**
 * Writes a scene's bytes (the layout is in preview-scene-bytes.ts): a run of bodies or findings
 * at a time, so that the server can yield between runs.
 */
import type { OffsetRange, PreviewBody, PreviewFinding, PreviewPart, PreviewScene } from './preview-model';
import { TILE_CHARACTERS } from './preview-model';
import { overlapMessage } from './overlap-message';
import { partsBounds } from './preview-body-bounds';
import { cosSin } from './cos-sin';
import {
  ANGLE_RANGE,
  AT_RANGE,
  BODY_KINDS,
  BOUNDS,
  BOX,
  BULLET,
  CHAINS,
  COS_SIN,
  DEPTH,
  FINDING_KINDS,
  MOVING,
  MOVING_A,
  MOVING_B,
  NAMED,
  ORIGIN,
  PART_KINDS,
  PIECES,
  POINT,
  POINTS,
  ROUND,
  SCENE_BOUNDS,
  SENSOR,
  SEVERITIES,
  SEVERITY_SHIFT,
  STATIC,
  SUBSTEPS,
  TILES,
  TOI,
  TURNED,
  VARINT_LIMIT,
  WORDED_A,
  WORDED_B,
  type Header,
  type SceneSlice,
} from './preview-scene-bytes-layout';

const isPlusZero = (x: number): boolean => x === 0 && 1 / x > 0;

/** A growable typed array. */
class Grow<A extends Float64Array | Uint8Array> {
  length = 0;
  constructor(public data: A) {}
  push(x: number): void {
    if (this.length === this.data.length) {
      const next = new (this.data.constructor as new (n: number) => A)(Math.max(64, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }
}

/** Where a scene's numbers and strings go, each in order. */
class Out {
  readonly floats: Grow<Float64Array>;
  /** The integers' varints; or, when wide, the integers themselves, as float64s. */
  readonly varints: Grow<Uint8Array>;
  readonly wideInts: Grow<Float64Array>;
  /** How many integers are written. */
  ints = 0;
  readonly cells = new Grow(new Uint8Array(64));
  /** The offset written last: the next is written as the difference from it. */
  cursor = 0;
  /** Whether an integer was not a varint's (the scene is then written again, wide). */
  overflow = false;
  readonly names: unknown[] = [];
  readonly sourceKinds = new Table();
  readonly layers = new Table();
  readonly strings: unknown[] = [];

  constructor(
    readonly wide: boolean,
    floats: number,
    ints: number,
  ) {
    this.floats = new Grow(new Float64Array(Math.max(floats, 64)));
    this.varints = new Grow(new Uint8Array(wide ? 64 : Math.max(ints, 64)));
    this.wideInts = new Grow(new Float64Array(wide ? Math.max(ints, 64) : 0));
  }

  f(x: number): void {
    this.floats.push(x);
  }

  /** A count, code or index. */
  int(x: number): void {
    this.ints++;
    if (this.wide) this.wideInts.push(x);
    else if (isVarint(x)) this.varint(x);
    else this.overflow = true;
  }

  /** `x` as its difference from `base`, zigzag (`x` itself when wide). */
  delta(x: number, base: number): void {
    this.ints++;
    if (this.wide) this.wideInts.push(x);
    // After an overflow `base` may be one that is not a varint's (an infinite one would never
    // end as a varint); what follows is written again, wide, anyway.
    else if (isVarint(x) && !this.overflow) {
      const d = x - base;
      this.varint(d >= 0 ? 2 * d : -2 * d - 1);
    } else this.overflow = true;
  }

  /** An offset, as its difference from the offset written before it. */
  offset(x: number): void {
    this.delta(x, this.cursor);
    this.cursor = x;
  }

  range(r: OffsetRange): void {
    this.offset(r.start);
    this.offset(r.end);
  }

  /** Unsigned LEB128 of `x` (below 2^53): 7 bits a byte, low first, the high bit set on every byte but the last. */
  private varint(x: number): void {
    const out = this.varints;
    if (x < 128) {
      out.push(x);
      return;
    }
    while (x >= 128) {
      out.push((x % 128) | 128);
      x = Math.floor(x / 128);
    }
    out.push(x);
  }
}

/** A non-negative integer below VARINT_LIMIT, and not -0 (which a varint would make +0). */
function isVarint(x: number): boolean {
  return x >>> 0 === x ? x !== 0 || 1 / x > 0 : x > 0 && x < VARINT_LIMIT && Number.isInteger(x);
}

/** Distinct values in order of first use, each by its index. */
class Table {
  readonly values: unknown[] = [];
  private readonly index = new Map<unknown, number>();
  of(v: unknown): number {
    let k = this.index.get(v);
    if (k === undefined) {
      k = this.values.length;
      this.values.push(v);
      this.index.set(v, k);
    }
    return k;
  }
}

function partFlags(p: PreviewPart): number {
  const v = p.vertices;
  let flags = PART_KINDS.indexOf(p.kind) | (isPlusZero(p.radius) ? 0 : ROUND);
  if (v.length === 2 && isPlusZero(v[0]!) && isPlusZero(v[1]!)) flags |= ORIGIN;
  else if (v.length === 8 && isBox(v)) flags |= BOX;
  return flags;
}

/** [-x, -y, x, -y, x, y, -x, y], each exactly (a box's corners about its center). */
function isBox(v: readonly number[]): boolean {
  const x = v[4]!;
  const y = v[5]!;
  return Object.is(v[0], -x) && Object.is(v[1], -y) && Object.is(v[2], x) && Object.is(v[3], -y) && Object.is(v[6], -x) && Object.is(v[7], y);
}

/** Scratch for the bounds a body's parts and pose make, and for a cosine and sine. */
const made: [number, number, number, number] = [0, 0, 0, 0];
const cs: [number, number] = [1, 0];

/** Whether `b`'s parts and pose make its bounds when turned by cosine `c` and sine `s`. */
function makesBounds(b: PreviewBody, c: number, s: number): boolean {
  partsBounds(b.parts, b.position[0], b.position[1], c, s, made);
  return Object.is(made[0], b.bounds[0]) && Object.is(made[1], b.bounds[1]) && Object.is(made[2], b.bounds[2]) && Object.is(made[3], b.bounds[3]);
}

function writeBody(out: Out, b: PreviewBody): void {
  const turned = !isPlusZero(b.angle);
  const moving = !(isPlusZero(b.velocity[0]) && isPlusZero(b.velocity[1]) && isPlusZero(b.spin));
  // Neither the bounds nor a cosine and sine when the angle's cosSin makes the bounds; else
  // Math's cosine and sine (the server's engine made the bounds with them) when they do (2
  // numbers, not 4); else the bounds.
  let c = 1;
  let sin = 0;
  if (turned) {
    cosSin(b.angle, cs);
    c = cs[0];
    sin = cs[1];
  }
  let bounds = !makesBounds(b, c, sin);
  let cosSinWritten = false;
  if (bounds && turned) {
    c = Math.cos(b.angle);
    sin = Math.sin(b.angle);
    cosSinWritten = makesBounds(b, c, sin);
    bounds = !cosSinWritten;
  }
  out.int(
    BODY_KINDS.indexOf(b.kind) |
      (b.atRange ? AT_RANGE : 0) |
      (b.angleRange ? ANGLE_RANGE : 0) |
      (turned ? TURNED : 0) |
      (moving ? MOVING : 0) |
      (b.isStatic ? STATIC : 0) |
      (b.isSensor ? SENSOR : 0) |
      (b.isBullet ? BULLET : 0) |
      (b.chains ? CHAINS : 0) |
      (b.tiles ? TILES : 0) |
      (bounds ? BOUNDS : 0) |
      (cosSinWritten ? COS_SIN : 0),
  );
  out.names.push(b.name);
  out.int(out.sourceKinds.of(b.sourceKind));
  out.int(out.layers.of(b.layer));
  out.int(b.parts.length);
  out.f(b.position[0]);
  out.f(b.position[1]);
  if (turned) out.f(b.angle);
  if (moving) {
    out.f(b.velocity[0]);
    out.f(b.velocity[1]);
    out.f(b.spin);
  }
  if (bounds) for (let k = 0; k < 4; k++) out.f(b.bounds[k]!);
  else if (cosSinWritten) {
    out.f(c);
    out.f(sin);
  }
  // Offsets in the order they usually come in the text, so that each difference is small.
  out.offset(b.range.start);
  out.range(b.nameRange);
  for (const p of b.parts) {
    const flags = partFlags(p);
    out.int(flags);
    if (flags & ROUND) out.f(p.radius);
    out.range(p.range);
    const v = p.vertices;
    if (flags & BOX) {
      out.f(v[4]!);
      out.f(v[5]!);
    } else if (!(flags & ORIGIN)) {
      out.int(v.length);
      for (let k = 0; k < v.length; k++) out.f(v[k]!);
    }
  }
  out.offset(b.insertOffset);
  if (b.atRange) out.range(b.atRange);
  if (b.angleRange) out.range(b.angleRange);
  out.offset(b.range.end);
  if (b.chains) {
    out.int(b.chains.length);
    for (const c of b.chains) {
      out.int(2 * c.points.length + (c.loop ? 1 : 0));
      for (let k = 0; k < c.points.length; k++) out.f(c.points[k]!);
    }
  }
  if (b.tiles) {
    const t = b.tiles;
    out.int(t.columns);
    out.int(t.rows);
    out.f(t.cellWidth);
    out.f(t.cellHeight);
    out.int(t.cells.length);
    // Two cells a byte, the first in the low 4 bits; a character not a tile's is 15.
    for (let k = 0; k < t.cells.length; k += 2) {
      const lo = TILE_CHARACTERS.indexOf(t.cells[k]!) & 15;
      const hi = k + 1 < t.cells.length ? TILE_CHARACTERS.indexOf(t.cells[k + 1]!) & 15 : 0;
      out.cells.push(lo | (hi << 4));
    }
  }
}

/** The worded flag of a finding whose message overlapMessage makes from its names and numbers, else 0. */
function wording(f: PreviewFinding, named: boolean): number {
  if (f.kind !== 'overlap' || f.depth === undefined || !named || typeof f.message !== 'string') return 0;
  const moveA = f.message.endsWith(' is static)');
  const made = overlapMessage(f.a, f.b, '', '', f.depth, f.normal[0], f.normal[1], moveA);
  return made !== f.message ? 0 : moveA ? WORDED_A : WORDED_B;
}

function writeFinding(out: Out, f: PreviewFinding, bodies: readonly PreviewBody[], previous: number): void {
  const named = f.a === bodies[f.ia]?.name && f.b === bodies[f.ib]?.name;
  const worded = wording(f, named);
  out.int(
    FINDING_KINDS.indexOf(f.kind) |
      (SEVERITIES.indexOf(f.severity) << SEVERITY_SHIFT) |
      (f.depth !== undefined ? DEPTH : 0) |
      (f.points !== undefined ? POINTS : 0) |
      (named ? NAMED : 0) |
      worded |
      (f.toi !== undefined ? TOI : 0) |
      (f.point !== undefined ? POINT : 0) |
      (f.substeps !== undefined ? SUBSTEPS : 0) |
      (f.moving === 'a' ? MOVING_A : f.moving === 'b' ? MOVING_B : 0) |
      (f.pieces !== undefined ? PIECES : 0),
  );
  out.delta(f.ia, previous);
  out.delta(f.ib, f.ia);
  out.f(f.normal[0]);
  out.f(f.normal[1]);
  if (f.depth !== undefined) out.f(f.depth);
  if (f.points !== undefined) {
    out.int(f.points.length);
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
  if (!named) out.strings.push(f.a, f.b);
  if (!worded) out.strings.push(f.message);
  if (f.pieces !== undefined) out.strings.push(f.pieces[0], f.pieces[1]);
}

/**
 * Writes a scene's bytes a run of bodies or findings at a time (`step`), so that a caller can
 * yield between runs; `bytes()` once `step` returned true. Given a slice, it writes that part of
 * the scene (preview-scene-parts.ts): the slice's bodies and findings, and the scene's numbers.
 */
export class SceneBytesWriter {
  private out: Out;
  /** The bodies and findings written: the slice's, or the whole scene's. */
  private readonly range: SceneSlice;
  private body: number;
  private finding: number;

  constructor(
    private readonly scene: PreviewScene,
    private readonly slice?: SceneSlice,
  ) {
    this.range = slice ?? { bodies: [0, scene.bodies.length], findings: [0, scene.findings.length] };
    this.body = this.range.bodies[0];
    this.finding = this.range.findings[0];
    this.out = this.start(false);
  }

  /** A fresh output, sized for a scene like the bench's, with the scene's own numbers written. */
  private start(wide: boolean): Out {
    const bodies = this.range.bodies[1] - this.range.bodies[0];
    const findings = this.range.findings[1] - this.range.findings[0];
    const out = new Out(wide, 12 * bodies + 6 * findings + 16, 20 * bodies + 8 * findings + 16);
    const s = this.scene;
    out.int(s.bounds ? SCENE_BOUNDS : 0);
    out.f(s.version);
    out.f(s.dt);
    out.f(s.frames);
    out.f(s.slop);
    out.f(s.errorCount);
    if (s.bounds) for (let k = 0; k < 4; k++) out.f(s.bounds[k]!);
    return out;
  }

  /** Writes up to `run` more bodies or findings; true when all are written. */
  step(run: number): boolean {
    const { bodies, findings } = this.scene;
    const out = this.out;
    const [bodyFrom, bodyEnd] = this.range.bodies;
    const [first, findingEnd] = this.range.findings;
    const end = this.body + run;
    for (; this.body < bodyEnd && this.body < end; this.body++) writeBody(out, bodies[this.body]!);
    const endF = this.finding + Math.max(0, end - bodyEnd);
    for (; this.body >= bodyEnd && this.finding < findingEnd && this.finding < endF; this.finding++) {
      writeFinding(out, findings[this.finding]!, bodies, this.finding > first ? findings[this.finding - 1]!.ia : 0);
    }
    if (out.overflow) {
      // An integer a varint does not hold (no document VS Code holds has such offsets): all again, wide.
      this.out = this.start(true);
      this.body = bodyFrom;
      this.finding = first;
      return false;
    }
    return this.body >= bodyEnd && this.finding >= findingEnd;
  }

  bytes(): Uint8Array {
    while (!this.step(Infinity));
    const scene = this.scene;
    const out = this.out;
    const { bodies, findings } = this.range;
    const header: Header = {
      uri: scene.uri,
      // Left out of the JSON when undefined: a y-up scene's bytes are as they were before it.
      yDown: scene.yDown,
      bodies: bodies[1] - bodies[0],
      findings: findings[1] - findings[0],
      floats: out.floats.length,
      ints: out.ints,
      wide: out.wide,
      cells: out.cells.length,
      names: out.names,
      sourceKinds: out.sourceKinds.values,
      layers: out.layers.values,
      strings: out.strings,
    };
    if (this.slice) {
      header.from = [bodies[0], findings[0]];
      header.of = [scene.bodies.length, scene.findings.length];
    }
    const text = new TextEncoder().encode(JSON.stringify(header));
    const start = 4 + text.length + ((8 - ((4 + text.length) % 8)) % 8);
    const floatBytes = out.floats.length * 8;
    const ints = out.wide ? new Uint8Array(out.wideInts.data.buffer, 0, 8 * out.wideInts.length) : out.varints.data.subarray(0, out.varints.length);
    const bytes = new Uint8Array(start + floatBytes + ints.length + out.cells.length);
    new DataView(bytes.buffer).setUint32(0, text.length, true);
    bytes.set(text, 4);
    bytes.set(new Uint8Array(out.floats.data.buffer, 0, floatBytes), start);
    bytes.set(ints, start + floatBytes);
    bytes.set(out.cells.data.subarray(0, out.cells.length), start + floatBytes + ints.length);
    return bytes;
  }
}

/** The scene as bytes (see preview-scene-bytes.ts). */
export function encodeSceneBytes(scene: PreviewScene): Uint8Array {
  return new SceneBytesWriter(scene).bytes();
}

/** One part of the scene as bytes: the slice's bodies and findings (see preview-scene-parts.ts). */
export function encodeScenePart(scene: PreviewScene, slice: SceneSlice): Uint8Array {
  return new SceneBytesWriter(scene, slice).bytes();
}
