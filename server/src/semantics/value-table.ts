import type { TextRange } from '../common/diagnostic';
import type { EvaluatedValue, Value, ValueRole } from './evaluate';

/**
 * The evaluated values of a document (what hover and inlay hints show) in parallel typed arrays:
 * range, x (the number, or a vector's x), y, and role and flags in one byte. A scene has several
 * values per body (position, angle, every shape argument), and as objects, each with its range and
 * boxed doubles, they were the third-largest structure a language server kept for a large
 * document; here they are 25 bytes each and shift after an edit without allocating.
 * `EvaluatedValue` objects are made on request (`get`, `toArray`). Semantics records no bare
 * number (no feature shows one: it says its value already), a third of the values of a generated
 * 100k-body scene.
 *
 * Storage: chunks of CHUNK values, one buffer each (the five columns side by side), value i at
 * i & MASK of chunk i >> SHIFT; only the last chunk is partly filled. Contiguous columns grown
 * by doubling held up to twice the values while a document was evaluated (13 MB for 283k values
 * of a 100k-body scene), and the copy that trimmed them after: a language server's resident size
 * follows that peak, since its allocator keeps what it once held. Chunks are never moved or
 * grown once full, and a table built for an edit (`spliced`) shares the full chunks before the
 * edit with the table it came from rather than copying them (tables are immutable once built:
 * `sort` makes new chunks).
 *
 * Order: by start, then longest first (an expression before its parts), then as recorded.
 */
const ROLES: readonly ValueRole[] = ['angle', 'spin', 'length', 'position', 'velocity', 'time', 'count', 'constant', 'argument'];
/** Role → code, as an object: read on every push, where a Map lookup showed in profiles. */
const ROLE_CODE = Object.fromEntries(ROLES.map((r, i) => [r, i])) as Readonly<Record<ValueRole, number>>;
const VECTOR = 0x10;
const ROLE_MASK = 0x0f;

/** Values per chunk: 4096, a buffer of 100 KB. */
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
  private expected: number;

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

  /**
   * The table of a new version of the text: this table's values before `from`, then `fresh`'s,
   * then this table's values from `to` on, shifted by `delta` (values in [from, to) are dropped).
   */
  spliced(from: number, to: number, fresh: ValueTable, delta: number): ValueTable {
    const a = this.lowerBound(from);
    const b = this.lowerBound(to);
    const out = new ValueTable(0);
    out.expected = a + fresh.count + this.count - b;
    // The full chunks before the edit, as they are.
    const shared = a >> SHIFT;
    for (let c = 0; c < shared; c++) {
      out.xs.push(this.xs[c]!);
      out.ys.push(this.ys[c]!);
      out.starts.push(this.starts[c]!);
      out.ends.push(this.ends[c]!);
      out.meta.push(this.meta[c]!);
    }
    out.count = shared << SHIFT;
    out.lastCapacity = shared > 0 ? CHUNK : 0;
    out.copyFrom(this, out.count, a, 0);
    out.copyFrom(fresh, 0, fresh.count, 0);
    out.copyFrom(this, b, this.count, delta);
    return out;
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

  /** Appends `src`'s values [from, to), their ranges shifted by `delta`: chunk by chunk, both sides. */
  private copyFrom(src: ValueTable, from: number, to: number, delta: number): void {
    let i = from;
    while (i < to) {
      const at = this.count;
      if ((at & MASK) === 0 || (at & MASK) === this.lastCapacity) this.makeRoom(at);
      const c = at >> SHIFT;
      const k = at & MASK;
      const sc = i >> SHIFT;
      const sk = i & MASK;
      // As many as fit in this chunk's room, come from one source chunk, and remain.
      const n = Math.min(this.lastCapacity - k, CHUNK - sk, to - i);
      this.xs[c]!.set(src.xs[sc]!.subarray(sk, sk + n), k);
      this.ys[c]!.set(src.ys[sc]!.subarray(sk, sk + n), k);
      this.meta[c]!.set(src.meta[sc]!.subarray(sk, sk + n), k);
      const starts = this.starts[c]!;
      const ends = this.ends[c]!;
      if (delta === 0) {
        starts.set(src.starts[sc]!.subarray(sk, sk + n), k);
        ends.set(src.ends[sc]!.subarray(sk, sk + n), k);
      } else {
        const ss = src.starts[sc]!;
        const se = src.ends[sc]!;
        for (let j = 0; j < n; j++) {
          starts[k + j] = ss[sk + j]! + delta;
          ends[k + j] = se[sk + j]! + delta;
        }
      }
      this.count = at + n;
      i += n;
    }
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

  /** Trims the last chunk's spare room (the table of a finished run is kept as long as its version). */
  compact(): void {
    if (this.xs.length === 0) return;
    const n = this.count - ((this.xs.length - 1) << SHIFT);
    if (n === this.lastCapacity) return;
    if (n === 0) {
      this.xs.pop();
      this.ys.pop();
      this.starts.pop();
      this.ends.pop();
      this.meta.pop();
      this.lastCapacity = this.xs.length > 0 ? CHUNK : 0;
      return;
    }
    this.resizeLast(n);
  }
}
