/**
 * A whole preview scene as one compact byte array for the webview.
 *
 * VS Code hands an ArrayBuffer (or a view of one) in a webview message over as bytes, in the
 * extension host's process and in a remote one alike (code-server, Codespaces), where a tree of
 * objects goes through JSON, the remote connection and then two structured clones (into the
 * webview's outer frame and into its inner one): for ten thousand bodies, hundreds of thousands
 * of objects. The bytes are also about a third of the scene's JSON: numbers as float64 rather
 * than decimal text, and no field names.
 *
 * Layout: a little-endian uint32 `n`, then `n` bytes of UTF-8 JSON (the header: the scene's
 * scalar fields and every string, in `Strings`), zero bytes up to a multiple of 8, then float64s
 * (little-endian, as on every platform VS Code runs on) read in order: per body BODY_FIELDS
 * numbers and its parts, per finding its numbers (see `writeBody`, `writeFinding`). Every double
 * is kept exactly (-0 included). The decoder rebuilds the plain objects and checks them with
 * `isPreviewScene`, so it refuses exactly what a scene sent as objects would be refused for, and
 * bytes that do not parse as this layout.
 */
import {
  isPreviewScene,
  type BodyKind,
  type FindingKind,
  type FindingSeverity,
  type OffsetRange,
  type PartKind,
  type PreviewBody,
  type PreviewFinding,
  type PreviewPart,
  type PreviewScene,
} from './preview-model';

/** Upper bound on the bytes of one scene: far above a million-body scene, and bounds a hostile one. */
export const MAX_SCENE_BYTES = 1024 * 1024 * 1024;

const BODY_KINDS: readonly BodyKind[] = ['sensor', 'static', 'bullet', 'dynamic'];
const PART_KINDS: readonly PartKind[] = ['circle', 'capsule', 'segment', 'polygon'];
const FINDING_KINDS: readonly FindingKind[] = ['overlap', 'tunnelling', 'collision'];
const SEVERITIES: readonly FindingSeverity[] = ['error', 'warning', 'information', 'hint'];

/** The header: the scene without its bodies and findings, and their strings in order. */
interface Header {
  uri: string;
  version: number;
  dt: number;
  frames: number;
  slop: number;
  bounds: [number, number, number, number] | null;
  errorCount: number;
  bodyCount: number;
  findingCount: number;
  /** Per body: name, sourceKind, layer. */
  bodies: (string | null)[];
  /** Per finding: a, b, message. */
  findings: string[];
}

// Flag bits of a body's and a finding's first number.
const STATIC = 1;
const SENSOR = 2;
const BULLET = 4;
const AT_RANGE = 8;
const ANGLE_RANGE = 16;
const DEPTH = 1;
const POINTS = 2;
const TOI = 4;
const POINT = 8;
const SUBSTEPS = 16;

/** Growable float64 output. */
class Floats {
  data = new Float64Array(1 << 12);
  length = 0;
  push(x: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }
  range(r: OffsetRange | undefined): void {
    this.push(r ? r.start : 0);
    this.push(r ? r.end : 0);
  }
}

function writeBody(out: Floats, b: PreviewBody): void {
  out.push(BODY_KINDS.indexOf(b.kind));
  out.push((b.isStatic ? STATIC : 0) | (b.isSensor ? SENSOR : 0) | (b.isBullet ? BULLET : 0) | (b.atRange ? AT_RANGE : 0) | (b.angleRange ? ANGLE_RANGE : 0));
  out.push(b.position[0]);
  out.push(b.position[1]);
  out.push(b.angle);
  out.push(b.velocity[0]);
  out.push(b.velocity[1]);
  out.push(b.spin);
  for (const x of b.bounds) out.push(x);
  out.range(b.nameRange);
  out.range(b.range);
  out.range(b.atRange);
  out.range(b.angleRange);
  out.push(b.insertOffset);
  out.push(b.parts.length);
  for (const p of b.parts) {
    out.push(PART_KINDS.indexOf(p.kind));
    out.push(p.radius);
    out.range(p.range);
    out.push(p.vertices.length);
    for (const x of p.vertices) out.push(x);
  }
}

function writeFinding(out: Floats, f: PreviewFinding): void {
  out.push(FINDING_KINDS.indexOf(f.kind));
  out.push(SEVERITIES.indexOf(f.severity));
  out.push(
    (f.depth !== undefined ? DEPTH : 0) | (f.points !== undefined ? POINTS : 0) | (f.toi !== undefined ? TOI : 0) | (f.point !== undefined ? POINT : 0) | (f.substeps !== undefined ? SUBSTEPS : 0),
  );
  out.push(f.ia);
  out.push(f.ib);
  out.push(f.normal[0]);
  out.push(f.normal[1]);
  if (f.depth !== undefined) out.push(f.depth);
  if (f.points !== undefined) {
    out.push(f.points.length);
    for (const p of f.points) {
      out.push(p[0]);
      out.push(p[1]);
    }
  }
  if (f.toi !== undefined) out.push(f.toi);
  if (f.point !== undefined) {
    out.push(f.point[0]);
    out.push(f.point[1]);
  }
  if (f.substeps !== undefined) out.push(f.substeps);
}

/** The scene as bytes (see the layout above). */
export function encodeSceneBytes(scene: PreviewScene): Uint8Array {
  const out = new Floats();
  const header: Header = {
    uri: scene.uri,
    version: scene.version,
    dt: scene.dt,
    frames: scene.frames,
    slop: scene.slop,
    bounds: scene.bounds,
    errorCount: scene.errorCount,
    bodyCount: scene.bodies.length,
    findingCount: scene.findings.length,
    bodies: [],
    findings: [],
  };
  for (const b of scene.bodies) {
    header.bodies.push(b.name, b.sourceKind, b.layer);
    writeBody(out, b);
  }
  for (const f of scene.findings) {
    header.findings.push(f.a, f.b, f.message);
    writeFinding(out, f);
  }
  const text = new TextEncoder().encode(JSON.stringify(header));
  const start = 4 + text.length + ((8 - ((4 + text.length) % 8)) % 8);
  const bytes = new Uint8Array(start + out.length * 8);
  new DataView(bytes.buffer).setUint32(0, text.length, true);
  bytes.set(text, 4);
  bytes.set(new Uint8Array(out.data.buffer, 0, out.length * 8), start);
  return bytes;
}

/** Sequential float64 input; `ok` turns false on reading past the end. */
class Reader {
  private at = 0;
  ok = true;
  constructor(private readonly data: Float64Array) {}
  next(): number {
    if (this.at >= this.data.length) {
      this.ok = false;
      return NaN;
    }
    return this.data[this.at++]!;
  }
  /** A count: a non-negative integer no larger than `max` (else -1, and `ok` turns false). */
  count(max: number): number {
    const n = this.next();
    if (!(Number.isInteger(n) && n >= 0 && n <= max)) {
      this.ok = false;
      return -1;
    }
    return n;
  }
  /** An index into `values` (else undefined, and `ok` turns false). */
  pick<T>(values: readonly T[]): T {
    const i = this.count(values.length - 1);
    return values[i] as T;
  }
  range(): OffsetRange {
    const start = this.next();
    return { start, end: this.next() };
  }
  point(): [number, number] {
    const x = this.next();
    return [x, this.next()];
  }
  get done(): boolean {
    return this.at === this.data.length;
  }
}

function readBody(r: Reader, index: number, strings: unknown[]): PreviewBody | null {
  const kind = r.pick(BODY_KINDS);
  const flags = r.count(31);
  const position = r.point();
  const angle = r.next();
  const velocity = r.point();
  const spin = r.next();
  const bounds: [number, number, number, number] = [r.next(), r.next(), r.next(), r.next()];
  const nameRange = r.range();
  const range = r.range();
  const atRange = r.range();
  const angleRange = r.range();
  const insertOffset = r.next();
  const partCount = r.count(10_000);
  if (!r.ok) return null;
  const parts: PreviewPart[] = [];
  for (let k = 0; k < partCount; k++) {
    const partKind = r.pick(PART_KINDS);
    const radius = r.next();
    const partRange = r.range();
    const n = r.count(100_000);
    if (!r.ok) return null;
    const vertices = new Array<number>(n);
    for (let j = 0; j < n; j++) vertices[j] = r.next();
    parts.push({ kind: partKind, vertices, radius, range: partRange });
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
  return b;
}

function readFinding(r: Reader, index: number, strings: unknown[]): PreviewFinding | null {
  const kind = r.pick(FINDING_KINDS);
  const severity = r.pick(SEVERITIES);
  const flags = r.count(31);
  const ia = r.next();
  const ib = r.next();
  const normal = r.point();
  if (!r.ok) return null;
  const f: PreviewFinding = { kind, severity, a: strings[3 * index] as string, b: strings[3 * index + 1] as string, ia, ib, normal, message: strings[3 * index + 2] as string };
  if (flags & DEPTH) f.depth = r.next();
  if (flags & POINTS) {
    const n = r.count(16);
    if (!r.ok) return null;
    f.points = [];
    for (let j = 0; j < n; j++) f.points.push(r.point());
  }
  if (flags & TOI) f.toi = r.next();
  if (flags & POINT) f.point = r.point();
  if (flags & SUBSTEPS) f.substeps = r.next();
  return r.ok ? f : null;
}

/** The scene the bytes hold, or null when they do not hold a valid scene in this layout. */
export function decodeSceneBytes(bytes: Uint8Array): PreviewScene | null {
  if (bytes.byteLength > MAX_SCENE_BYTES || bytes.byteLength < 4) return null;
  const n = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  const start = 4 + n + ((8 - ((4 + n) % 8)) % 8);
  if (start > bytes.byteLength || (bytes.byteLength - start) % 8 !== 0) return null;
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(4, 4 + n))) as Header;
  } catch {
    return null;
  }
  if (typeof header !== 'object' || header === null) return null;
  const { bodyCount, findingCount } = header;
  if (!Number.isInteger(bodyCount) || !Number.isInteger(findingCount) || bodyCount < 0 || findingCount < 0) return null;
  if (!Array.isArray(header.bodies) || header.bodies.length !== 3 * bodyCount) return null;
  if (!Array.isArray(header.findings) || header.findings.length !== 3 * findingCount) return null;
  // A Float64Array needs an 8-byte aligned offset; bytes delivered at another offset are copied.
  const offset = bytes.byteOffset + start;
  const data = offset % 8 === 0 ? new Float64Array(bytes.buffer, offset, (bytes.byteLength - start) / 8) : new Float64Array(bytes.slice(start).buffer);
  const r = new Reader(data);
  const bodies: PreviewBody[] = [];
  for (let i = 0; i < bodyCount; i++) {
    const b = readBody(r, i, header.bodies);
    if (!b) return null;
    bodies.push(b);
  }
  const findings: PreviewFinding[] = [];
  for (let i = 0; i < findingCount; i++) {
    const f = readFinding(r, i, header.findings);
    if (!f) return null;
    findings.push(f);
  }
  if (!r.done) return null;
  const scene = {
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
  return isPreviewScene(scene) ? scene : null;
}

/** A Uint8Array of at most `max` bytes (what VS Code delivers for one posted as a message field). */
export function isBytes(max = MAX_SCENE_BYTES): (v: unknown) => v is Uint8Array {
  return (v): v is Uint8Array => v instanceof Uint8Array && v.byteLength <= max;
}
