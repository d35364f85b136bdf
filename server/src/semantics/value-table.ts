import type { TextRange } from '../common/diagnostic';
import type { EvaluatedValue, Value, ValueRole } from './evaluate';

/**
 * Evaluated values (what hover and inlay hints show) in parallel typed arrays: range, x (the
 * number, or a vector's x), y, and role and flags in one byte, 25 bytes a value. A scene has
 * several values per body (position, angle, every shape argument); the tables are made on
 * request for the statements a feature reads (semantics/check.ts SemanticResult.valuesOf), a few
 * at a time, or every statement when a client asks for all inlay hints of a document, where
 * objects with a range each and boxed doubles would be several times the size.
 * `EvaluatedValue` objects are made on request (`get`, `toArray`). Semantics records no bare number (no feature shows one: it says
 * its value already), a large share of a generated scene's values.
 *
 * Storage: chunks of CHUNK values, one buffer each (the five columns side by side), value i at
 * i & MASK of chunk i >> SHIFT; only the last chunk is partly filled. Contiguous columns grown
 * by doubling would hold up to twice the values while a document is evaluated, and the copy that
 * trimmed them after: a language server's resident size
 * follows that peak, since its allocator keeps what it once held. Chunks are never moved or
 * grown once full (`sort` makes new chunks).
 *
 * Order: by start, then longest first (an expression before its parts), then as recorded.
 */
const ROLES: readonly ValueRole[] = ['angle', 'spin', 'length', 'position', 'velocity', 'time', 'count', 'constant', 'argument'];
/** Role → code, as an object: read on every push, where a Map lookup showed in profiles. */
const ROLE_CODE = Object.fromEntries(ROLES.map((r, i) => [r, i])) as Readonly<Record<ValueRole, number>>;
const VECTOR = 0x10;
const ROLE_MASK = 0x0f;

/** Values per chunk. */
const SHIFT = 12;
const CHUNK = 1 << SHIFT;
const MASK = CHUNK - 1;
/** Bytes per value: x and y (8 each), start and end (4 each), role and flags (1). */
const VALUE_BYTES = 25;

export class ValueTable {
  count = 0;
  // Per chunk, a view of each column; all chunks but the last hold CHUNK values.
  private xs: Float64Array[] = [];
  private ys: Float64Array[] = [];
  private starts: Int32Array[] = [];
  private ends: Int32Array[] = [];
  private meta: Uint8Array[] = [];
  /** Values the last chunk can hold (it grows by doubling up to CHUNK, so small tables stay small). */
  private lastCapacity = 0;
  /** Values the table is expected to hold: chunks are sized to it, the last one exactly. */
  private readonly expected: number;

  /** `capacity`: the values expected. */
  constructor(capacity = 16) {
    this.expected = capacity;
    if (capacity > 0) this.addChunk(Math.min(CHUNK, capacity));
  }

  push(range: TextRange, value: Value, role: ValueRole): void {
    this.pushRaw(range.start, range.end, typeof value === 'number' ? value : value.x, typeof value === 'number' ? 0 : value.y, ROLE_CODE[role] | (typeof value === 'number' ? 0 : VECTOR));
  }

  start(i: number): number {
    return this.starts[i >> SHIFT]![i & MASK]!;
  }
  end(i: number): number {
    return this.ends[i >> SHIFT]![i & MASK]!;
  }
  role(i: number): ValueRole {
    return ROLES[this.meta[i >> SHIFT]![i & MASK]! & ROLE_MASK]!;
  }
  value(i: number): Value {
    const c = i >> SHIFT;
    const k = i & MASK;
    return (this.meta[c]![k]! & VECTOR) !== 0 ? { x: this.xs[c]![k]!, y: this.ys[c]![k]! } : this.xs[c]![k]!;
  }

  get(i: number): EvaluatedValue {
    return { range: { start: this.start(i), end: this.end(i) }, value: this.value(i), role: this.role(i) };
  }

  toArray(): EvaluatedValue[] {
    const out = new Array<EvaluatedValue>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.get(i);
    return out;
  }

  /** Puts the values in the table's order (stable: equal ranges keep the order recorded). */
  sort(): void {
    const n = this.count;
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) if (this.compare(i - 1, i) > 0) sorted = false;
    if (sorted) return;
    const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => this.compare(a, b) || a - b);
    const out = new ValueTable(n);
    for (let k = 0; k < n; k++) {
      const i = idx[k]!;
      const c = i >> SHIFT;
      const j = i & MASK;
      out.pushRaw(this.starts[c]![j]!, this.ends[c]![j]!, this.xs[c]![j]!, this.ys[c]![j]!, this.meta[c]![j]!);
    }
    this.xs = out.xs;
    this.ys = out.ys;
    this.starts = out.starts;
    this.ends = out.ends;
    this.meta = out.meta;
    this.lastCapacity = out.lastCapacity;
  }

  /** First index whose value starts at or after `offset`. */
  lowerBound(offset: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid >> SHIFT]![mid & MASK]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compare(i: number, j: number): number {
    return this.start(i) - this.start(j) || this.end(j) - this.end(i);
  }

  private pushRaw(start: number, end: number, x: number, y: number, meta: number): void {
    const i = this.count;
    const k = i & MASK;
    if (k === 0 || k === this.lastCapacity) this.makeRoom(i);
    const c = i >> SHIFT;
    this.starts[c]![k] = start;
    this.ends[c]![k] = end;
    this.xs[c]![k] = x;
    this.ys[c]![k] = y;
    this.meta[c]![k] = meta;
    this.count = i + 1;
  }

  /**
   * Room for value `at` (the next one) when its chunk may not hold it: a new chunk when `at`
   * starts one, else the last chunk grown (doubling, to at most CHUNK). Sized to the values still
   * expected; past the expectation, a table that already fills a chunk takes whole chunks.
   */
  private makeRoom(at: number): void {
    const k = at & MASK;
    const need = Math.max(1, this.expected - at);
    if (k === 0 && at >> SHIFT === this.xs.length) {
      this.addChunk(Math.min(CHUNK, at > 0 && this.expected <= at ? CHUNK : Math.max(16, need)));
      return;
    }
    if (k < this.lastCapacity) return;
    let size = Math.max(16, this.lastCapacity);
    while (size < k + need && size < CHUNK) size *= 2;
    this.resizeLast(Math.min(CHUNK, size));
  }

  private addChunk(capacity: number): void {
    const buffer = new ArrayBuffer(capacity * VALUE_BYTES);
    this.xs.push(new Float64Array(buffer, 0, capacity));
    this.ys.push(new Float64Array(buffer, 8 * capacity, capacity));
    this.starts.push(new Int32Array(buffer, 16 * capacity, capacity));
    this.ends.push(new Int32Array(buffer, 20 * capacity, capacity));
    this.meta.push(new Uint8Array(buffer, 24 * capacity, capacity));
    this.lastCapacity = capacity;
  }

  /** Moves the last chunk's values into one of `capacity` values. */
  private resizeLast(capacity: number): void {
    const c = this.xs.length - 1;
    const n = this.count - (c << SHIFT);
    const xs = this.xs.pop()!;
    const ys = this.ys.pop()!;
    const starts = this.starts.pop()!;
    const ends = this.ends.pop()!;
    const meta = this.meta.pop()!;
    this.addChunk(capacity);
    this.xs[c]!.set(xs.subarray(0, n));
    this.ys[c]!.set(ys.subarray(0, n));
    this.starts[c]!.set(starts.subarray(0, n));
    this.ends[c]!.set(ends.subarray(0, n));
    this.meta[c]!.set(meta.subarray(0, n));
  }
}
