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
 * Order: by start, then longest first (an expression before its parts), then as recorded.
 */
const ROLES: readonly ValueRole[] = ['angle', 'spin', 'length', 'position', 'velocity', 'time', 'count', 'constant', 'argument'];
/** Role → code, as an object: read on every push, where a Map lookup showed in profiles. */
const ROLE_CODE = Object.fromEntries(ROLES.map((r, i) => [r, i])) as Readonly<Record<ValueRole, number>>;
const VECTOR = 0x10;
const ROLE_MASK = 0x0f;

export class ValueTable {
  count = 0;
  private starts: Int32Array;
  private ends: Int32Array;
  private xs: Float64Array;
  private ys: Float64Array;
  private meta: Uint8Array;

  constructor(capacity = 16) {
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.xs = new Float64Array(capacity);
    this.ys = new Float64Array(capacity);
    this.meta = new Uint8Array(capacity);
  }

  push(range: TextRange, value: Value, role: ValueRole): void {
    this.pushRaw(range.start, range.end, typeof value === 'number' ? value : value.x, typeof value === 'number' ? 0 : value.y, ROLE_CODE[role] | (typeof value === 'number' ? 0 : VECTOR));
  }

  start(i: number): number {
    return this.starts[i]!;
  }
  end(i: number): number {
    return this.ends[i]!;
  }
  role(i: number): ValueRole {
    return ROLES[this.meta[i]! & ROLE_MASK]!;
  }
  value(i: number): Value {
    return (this.meta[i]! & VECTOR) !== 0 ? { x: this.xs[i]!, y: this.ys[i]! } : this.xs[i]!;
  }

  get(i: number): EvaluatedValue {
    return { range: { start: this.starts[i]!, end: this.ends[i]! }, value: this.value(i), role: this.role(i) };
  }

  toArray(): EvaluatedValue[] {
    const out = new Array<EvaluatedValue>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.get(i);
    return out;
  }

  /** Puts the values in the table's order (stable: equal ranges keep the order recorded). */
  sort(): void {
    const n = this.count;
    const order = new Int32Array(n);
    let sorted = true;
    for (let i = 0; i < n; i++) {
      order[i] = i;
      if (i > 0 && this.compare(i - 1, i) > 0) sorted = false;
    }
    if (sorted) return;
    const idx = Array.from(order).sort((a, b) => this.compare(a, b) || a - b);
    const starts = new Int32Array(this.starts.length);
    const ends = new Int32Array(this.starts.length);
    const xs = new Float64Array(this.starts.length);
    const ys = new Float64Array(this.starts.length);
    const meta = new Uint8Array(this.starts.length);
    for (let k = 0; k < n; k++) {
      const i = idx[k]!;
      starts[k] = this.starts[i]!;
      ends[k] = this.ends[i]!;
      xs[k] = this.xs[i]!;
      ys[k] = this.ys[i]!;
      meta[k] = this.meta[i]!;
    }
    this.starts = starts;
    this.ends = ends;
    this.xs = xs;
    this.ys = ys;
    this.meta = meta;
  }

  /**
   * The table of a new version of the text: this table's values before `from`, then `fresh`'s,
   * then this table's values from `to` on, shifted by `delta` (values in [from, to) are dropped).
   */
  spliced(from: number, to: number, fresh: ValueTable, delta: number): ValueTable {
    const a = this.lowerBound(from);
    const b = this.lowerBound(to);
    const out = new ValueTable(Math.max(16, a + fresh.count + this.count - b));
    out.copyFrom(this, 0, a, 0);
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
      if (this.starts[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private copyFrom(src: ValueTable, from: number, to: number, delta: number): void {
    const n = to - from;
    if (n <= 0) return;
    const at = this.count;
    this.reserve(at + n);
    this.starts.set(src.starts.subarray(from, to), at);
    this.ends.set(src.ends.subarray(from, to), at);
    this.xs.set(src.xs.subarray(from, to), at);
    this.ys.set(src.ys.subarray(from, to), at);
    this.meta.set(src.meta.subarray(from, to), at);
    if (delta !== 0) {
      for (let k = at; k < at + n; k++) {
        this.starts[k]! += delta;
        this.ends[k]! += delta;
      }
    }
    this.count = at + n;
  }

  private compare(i: number, j: number): number {
    return this.starts[i]! - this.starts[j]! || this.ends[j]! - this.ends[i]!;
  }

  private pushRaw(start: number, end: number, x: number, y: number, meta: number): void {
    const k = this.count;
    this.reserve(k + 1);
    this.starts[k] = start;
    this.ends[k] = end;
    this.xs[k] = x;
    this.ys[k] = y;
    this.meta[k] = meta;
    this.count = k + 1;
  }

  private reserve(needed: number): void {
    if (needed <= this.starts.length) return;
    let size = Math.max(16, this.starts.length);
    while (size < needed) size *= 2;
    const grow = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.starts = grow(this.starts, (n) => new Int32Array(n));
    this.ends = grow(this.ends, (n) => new Int32Array(n));
    this.xs = grow(this.xs, (n) => new Float64Array(n));
    this.ys = grow(this.ys, (n) => new Float64Array(n));
    this.meta = grow(this.meta, (n) => new Uint8Array(n));
  }

  /** Trims the spare capacity (the table of a finished run is kept as long as its version). */
  compact(): void {
    if (this.starts.length === this.count) return;
    const n = Math.max(this.count, 1);
    this.starts = this.starts.slice(0, n);
    this.ends = this.ends.slice(0, n);
    this.xs = this.xs.slice(0, n);
    this.ys = this.ys.slice(0, n);
    this.meta = this.meta.slice(0, n);
  }
}
