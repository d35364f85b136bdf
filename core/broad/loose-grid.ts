import type { AABB } from '../math/aabb';
import { growInt32, resized } from '../math/typed-array';
import { selectKth } from './quickselect';
import type { BroadPhaseKind } from './broad-phase';
import { loadBox, ProxyMap } from './proxy-map';

/**
 * A loose uniform grid (Ericson, "Real-Time Collision Detection" §7.1, loose grids after Ulrich's
 * loose octrees): each box is filed under the one cell that holds its center, and a cell's
 * contents may overhang it by up to half a cell on every side. If no box is wider or taller
 * than a cell, two overlapping boxes have centers less than one cell apart on each axis, so
 * their cells are neighbors: a box only meets boxes in the 3×3 block around its own cell, and
 * all pairs need each cell against itself and four of its neighbors.
 *
 * Adaptive cell size, correct for any box: the cell is sized to the 95th percentile of the
 * boxes' larger sides (a single huge box must not make every cell huge). Boxes that do not fit
 * (oversized, or so far from the origin that floating-point rounding could misplace their cell)
 * go to a separate list and are tested against the grid by range, so nothing is ever missed.
 * The layout is redone lazily, before a query, when the proxies have doubled since the last
 * layout or too many of them have become oversized.
 *
 * Cells live in an open-addressing hash table keyed by integer cell coordinates, so the grid
 * is unbounded and memory follows the occupied cells; each cell heads a doubly linked list of
 * its proxies (O(1) moves between cells).
 *
 * Memory at rest (a language server keeps one grid per open document): per proxy its box, id,
 * cell (or place in the oversized list) and two links, in columns sized once when the caller
 * says how many proxies come (`reserve`), and no scratch. The cells sit in creation order, each
 * its coordinates and list head side by side, and the hash table holds only cell numbers, 4
 * bytes an entry: its load can stay low (linear probing's misses grow fast past 1/4, and a query
 * looks up nine cells, most of them empty, which the table answers alone) in fewer bytes
 * than entries holding the coordinates and head (12 bytes), at one load more on a hit.
 * A layout files the table at two entries per proxy (a load of at most 1/4 with the usual two or
 * more proxies per cell, 1/2 at worst), a refiling at four entries per live cell, and it is
 * refiled when the cells made since, emptied ones included, take it past 1/2.
 *
 * A proxy's slot is its id while ids stay about as dense as the slots would be (the analysis's
 * ids are declaration indices or the incremental analyzer's own dense slots): then no slot → id
 * column is kept, and the id table (id-table.ts) keeps a byte per id instead of a slot. The
 * first id far past the columns (the contract allows up to 2^31 − 1)
 * makes the grid number its slots itself from then on (until `clear`), with that column.
 */
const NONE = -1;
/** `cellOf` of an oversized proxy at position k of `oversized`: OVERSIZED - k. */
const OVERSIZED = -2;
/** A table entry no cell has used (a cell's head NONE means it has no proxies now). */
const UNUSED = -1;
/** A regular box's sides are at most (1 - SIZE_SLACK) cells: room for rounding of cell indices. */
export const SIZE_SLACK = 1e-6;
/** Centers must stay within this many cells of 0 and of the origin (see `isRegular`). */
export const MAX_ABS_CELLS = 4e8;
const PERCENTILE = 0.95;
/** No regular cell coordinate reaches this (|coordinate| < MAX_ABS_CELLS). */
const CELL_LIMIT = MAX_ABS_CELLS + 2;

export class LooseGrid extends ProxyMap {
  readonly kind: BroadPhaseKind = 'grid';
  private slotCount = 0;
  private freeSlots = new Int32Array(16);
  private freeCount = 0;
  private live = 0;
  private alive = new Uint8Array(16);
  private boxes = new Float64Array(64);
  /** Per slot its id, or null while every slot is its id (see the class comment). */
  private userId: Int32Array<ArrayBuffer> | null = null;
  /**
   * The number of the slot's cell (>= 0); OVERSIZED - k when it is `oversized[k]`; NONE when
   * not placed (before a layout).
   */
  private cellOf = new Int32Array(16);
  private next = new Int32Array(16);
  private prev = new Int32Array(16);
  private oversized = new Int32Array(16);
  private overCount = 0;

  // Layout: cell size, its inverse and the origin that cell coordinates are measured from.
  private cell = 0;
  private inv = 0;
  private originX = 0;
  private originY = 0;
  private laidOut = 0;
  /** Set when the next query must redo the layout first. */
  private needsLayout = false;

  // Cells in creation order: cell k is (cell x, cell y, head of its list) at 3k, 3k + 1, 3k + 2;
  // a cell stays until the table is refiled. The hash table maps a cell's coordinates to its
  // number (UNUSED: an empty entry).
  private cells = new Int32Array(48);
  private cellCount = 0;
  private tableMask = 0;
  private table = new Int32Array(0);

  /** Current cell side (0 before the first layout), for tests and diagnostics. */
  get cellSize(): number {
    this.flush();
    return this.cell;
  }

  protected add(id: number, box: Float64Array): number {
    const slot = this.allocateSlot(id);
    if (this.userId !== null) this.userId[slot] = id;
    this.boxes.set(box, 4 * slot);
    this.cellOf[slot] = NONE;
    if (this.cell > 0) this.place(slot);
    else this.needsLayout = true;
    if (this.live > 2 * this.laidOut + 64) this.needsLayout = true;
    return slot;
  }

  protected boxInto(slot: number, out: AABB): void {
    loadBox(this.boxes, 4 * slot, out);
  }

  protected update(slot: number, box: Float64Array): boolean {
    this.boxes.set(box, 4 * slot);
    if (this.cell === 0) return false;
    const target = this.targetCell(slot);
    const current = this.cellOf[slot]!;
    if (target === NONE) {
      if (current <= OVERSIZED) return false;
      this.unplace(slot);
      this.addOversized(slot);
      return true;
    }
    if (current >= 0 && this.cells[3 * current] === this.cx && this.cells[3 * current + 1] === this.cy) return false;
    this.unplace(slot);
    this.link(slot, this.findOrAddCell(this.cx, this.cy));
    return true;
  }

  protected drop(slot: number): void {
    this.unplace(slot);
    this.freeSlot(slot);
  }

  protected reset(): void {
    // Slots past the count are never read as alive; those below may be holes of id slots.
    this.alive.fill(0, 0, this.slotCount);
    this.userId = null;
    this.slotCount = 0;
    this.freeCount = 0;
    this.live = 0;
    this.overCount = 0;
    this.cell = 0;
    this.laidOut = 0;
    this.needsLayout = false;
    this.clearTable(16);
    this.cells = new Int32Array(48);
  }

  protected queryBox(qMinX: number, qMinY: number, qMaxX: number, qMaxY: number, visit: (id: number) => boolean | void): void {
    const b = this.boxes;
    for (let k = 0; k < this.overCount; k++) {
      const s = this.oversized[k]!;
      const o = 4 * s;
      if (b[o]! <= qMaxX && qMinX <= b[o + 2]! && b[o + 1]! <= qMaxY && qMinY <= b[o + 3]!) {
        if (visit(this.idOf(s)) === false) return;
      }
    }
    this.queryCells(qMinX, qMinY, qMaxX, qMaxY, visit);
  }

  protected visitPairs(visit: (a: number, b: number) => void): void {
    const b = this.boxes;
    const next = this.next;
    const ids = this.userId;
    const cells = this.cells;
    for (let k = 0; k < this.cellCount; k++) {
      const c = 3 * k;
      let s = cells[c + 2]!;
      if (s === NONE) continue;
      const cx = cells[c]!;
      const cy = cells[c + 1]!;
      // The cell against itself, then against the four neighbors "after" it, so that each
      // neighboring pair of cells is visited from exactly one side.
      const n1 = this.findHead(cx + 1, cy - 1);
      const n2 = this.findHead(cx + 1, cy);
      const n3 = this.findHead(cx + 1, cy + 1);
      const n4 = this.findHead(cx, cy + 1);
      for (; s !== NONE; s = next[s]!) {
        const o = 4 * s;
        const minX = b[o]!;
        const minY = b[o + 1]!;
        const maxX = b[o + 2]!;
        const maxY = b[o + 3]!;
        const id = ids === null ? s : ids[s]!;
        for (let t = next[s]!; t !== NONE; t = next[t]!) {
          const p = 4 * t;
          if (b[p]! <= maxX && minX <= b[p + 2]! && b[p + 1]! <= maxY && minY <= b[p + 3]!) report(id, ids === null ? t : ids[t]!, visit);
        }
        if (n1 !== NONE) this.pairsWithList(n1, id, minX, minY, maxX, maxY, visit);
        if (n2 !== NONE) this.pairsWithList(n2, id, minX, minY, maxX, maxY, visit);
        if (n3 !== NONE) this.pairsWithList(n3, id, minX, minY, maxX, maxY, visit);
        if (n4 !== NONE) this.pairsWithList(n4, id, minX, minY, maxX, maxY, visit);
      }
    }
    // Oversized boxes: against the grid by range, and against each other by sort and sweep on x,
    // as grid-pairs.ts oversizedPairs: sorted by minX, a box meets only the boxes after it that
    // start by its maxX, where testing them pairwise is quadratic in their number. Sorted in a
    // copy, since a proxy's place in `oversized` is held in its cellOf.
    const count = this.overCount;
    const byMinX = this.oversized.slice(0, count).sort((s, t) => b[4 * s]! - b[4 * t]!);
    for (let k = 0; k < count; k++) {
      const s = byMinX[k]!;
      const o = 4 * s;
      const id = ids === null ? s : ids[s]!;
      const minX = b[o]!;
      const minY = b[o + 1]!;
      const maxX = b[o + 2]!;
      const maxY = b[o + 3]!;
      for (let m = k + 1; m < count; m++) {
        const p = 4 * byMinX[m]!;
        if (!(b[p]! <= maxX)) break;
        if (b[p + 1]! <= maxY && minY <= b[p + 3]!) report(id, ids === null ? byMinX[m]! : ids[byMinX[m]!]!, visit);
      }
      this.queryCells(minX, minY, maxX, maxY, (other) => report(id, other, visit));
    }
  }

  // ---- slots -------------------------------------------------------------------------------

  /** A slot for `id` (which has none): the id itself while ids allow (see the class comment). */
  private allocateSlot(id: number): number {
    this.live++;
    if (this.userId === null) {
      const capacity = this.alive.length;
      // An id up to twice past the columns (doubled: at most four times the slots' room) keeps
      // its own slot; one further would make the columns follow the id, not the proxies.
      if (id < 2 * capacity + 64) {
        if (id >= capacity) this.reserveSlots(Math.max(2 * capacity, id + 1));
        if (id >= this.slotCount) this.slotCount = id + 1;
        this.alive[id] = 1;
        return id;
      }
      this.numberSlots();
    }
    if (this.freeCount > 0) {
      const s = this.freeSlots[--this.freeCount]!;
      this.alive[s] = 1;
      return s;
    }
    const s = this.slotCount++;
    // Past what `reserve` made room for, the columns double.
    if (this.slotCount > this.alive.length) this.reserveSlots(2 * this.alive.length);
    this.alive[s] = 1;
    return s;
  }

  private freeSlot(s: number): void {
    this.live--;
    this.alive[s] = 0;
    // An id's slot is free again when its id comes back: no list of free ones.
    if (this.userId === null) return;
    this.freeSlots = growInt32(this.freeSlots, this.freeCount + 1);
    this.freeSlots[this.freeCount++] = s;
  }

  /**
   * From slots that are their ids to slots the grid numbers: each live slot keeps its id in the
   * new column, and the holes between them are the free slots.
   */
  private numberSlots(): void {
    const ids = new Int32Array(this.alive.length);
    this.freeCount = 0;
    for (let s = 0; s < this.slotCount; s++) {
      ids[s] = s;
      if (this.alive[s]) continue;
      this.freeSlots = growInt32(this.freeSlots, this.freeCount + 1);
      this.freeSlots[this.freeCount++] = s;
    }
    this.userId = ids;
  }

  /** The id of the proxy in slot `s`. */
  private idOf(s: number): number {
    const ids = this.userId;
    return ids === null ? s : ids[s]!;
  }

  // ---- placement ---------------------------------------------------------------------------

  private cx = 0;
  private cy = 0;

  /**
   * Computes the slot's cell into (cx, cy) and returns 0, or NONE when the box must be kept
   * oversized: wider than a cell (less the slack), or so far out that the rounding error of its
   * cell coordinate (about |center| · 2^-52 / cell) could eat the slack.
   */
  private targetCell(slot: number): number {
    const b = this.boxes;
    const o = 4 * slot;
    const limit = this.cell * (1 - SIZE_SLACK);
    if (b[o + 2]! - b[o]! > limit || b[o + 3]! - b[o + 1]! > limit) return NONE;
    const centerX = (b[o]! + b[o + 2]!) * 0.5;
    const centerY = (b[o + 1]! + b[o + 3]!) * 0.5;
    const far = this.cell * MAX_ABS_CELLS;
    if (!(Math.abs(centerX) < far && Math.abs(centerY) < far)) return NONE;
    const fx = (centerX - this.originX) * this.inv;
    const fy = (centerY - this.originY) * this.inv;
    if (!(Math.abs(fx) < MAX_ABS_CELLS && Math.abs(fy) < MAX_ABS_CELLS)) return NONE;
    this.cx = Math.floor(fx);
    this.cy = Math.floor(fy);
    return 0;
  }

  private place(slot: number): void {
    if (this.targetCell(slot) === NONE) this.addOversized(slot);
    else this.link(slot, this.findOrAddCell(this.cx, this.cy));
  }

  private unplace(slot: number): void {
    const c = this.cellOf[slot]!;
    if (c >= 0) {
      const p = this.prev[slot]!;
      const n = this.next[slot]!;
      if (p === NONE) this.cells[3 * c + 2] = n;
      else this.next[p] = n;
      if (n !== NONE) this.prev[n] = p;
      this.cellOf[slot] = NONE;
      return;
    }
    if (c <= OVERSIZED) {
      const k = OVERSIZED - c;
      const last = this.oversized[--this.overCount]!;
      this.oversized[k] = last;
      this.cellOf[last] = OVERSIZED - k;
      this.cellOf[slot] = NONE;
      if (this.overCount > 8 + (this.live >> 4)) this.needsLayout = true;
    }
  }

  private link(slot: number, c: number): void {
    const h = this.cells[3 * c + 2]!;
    this.next[slot] = h;
    this.prev[slot] = NONE;
    if (h !== NONE) this.prev[h] = slot;
    this.cells[3 * c + 2] = slot;
    this.cellOf[slot] = c;
  }

  private addOversized(slot: number): void {
    this.oversized = growInt32(this.oversized, this.overCount + 1);
    this.cellOf[slot] = OVERSIZED - this.overCount;
    this.oversized[this.overCount++] = slot;
    if (this.overCount > 8 + (this.live >> 4)) this.needsLayout = true;
  }

  // ---- layout ------------------------------------------------------------------------------

  protected override flush(): void {
    if (!this.needsLayout) return;
    this.needsLayout = false;
    this.layout();
  }

  /** Chooses the cell size and origin from the current boxes and files every proxy again. */
  private layout(): void {
    const b = this.boxes;
    const n = this.live;
    // Scratch of this layout only: a layout is rare (the proxies have doubled), and a kept
    // array would be 8 bytes per proxy for as long as the grid lives.
    const sides = new Float64Array(n);
    let m = 0;
    let sumX = 0;
    let sumY = 0;
    let cMinX = Infinity;
    let cMinY = Infinity;
    let cMaxX = -Infinity;
    let cMaxY = -Infinity;
    for (let s = 0; s < this.slotCount; s++) {
      if (!this.alive[s]) continue;
      const o = 4 * s;
      const w = b[o + 2]! - b[o]!;
      const h = b[o + 3]! - b[o + 1]!;
      sides[m++] = w > h ? w : h;
      const x = (b[o]! + b[o + 2]!) * 0.5;
      const y = (b[o + 1]! + b[o + 3]!) * 0.5;
      sumX += x;
      sumY += y;
      if (x < cMinX) cMinX = x;
      if (x > cMaxX) cMaxX = x;
      if (y < cMinY) cMinY = y;
      if (y > cMaxY) cMaxY = y;
    }
    let cell = 0;
    if (m > 0) {
      cell = looseCellSize(sides, m, Math.max(cMaxX - cMinX, cMaxY - cMinY));
      // The origin near the scene keeps cell coordinates small when the scene is far from (0, 0).
      this.originX = Number.isFinite(sumX / m) ? sumX / m : 0;
      this.originY = Number.isFinite(sumY / m) ? sumY / m : 0;
    }
    this.cell = cell;
    this.inv = cell > 0 ? 1 / cell : 0;
    this.laidOut = n;
    this.overCount = 0;
    // Two entries per proxy: room for a cell each at a load of at most one half, and at most
    // 1/4 for the usual two or more proxies per cell.
    let capacity = 16;
    while (capacity < 2 * n) capacity *= 2;
    this.clearTable(capacity);
    if (cell === 0) return;
    for (let s = 0; s < this.slotCount; s++) {
      if (!this.alive[s]) continue;
      this.cellOf[s] = NONE;
      this.place(s);
    }
    // The cells doubled as they came: an eighth of room beyond them is enough until the next
    // layout, since moves make few new cells (a layout is rare, so is this copy).
    const fit = 3 * (this.cellCount + (this.cellCount >> 3) + 16);
    if (fit < this.cells.length) this.cells = this.cells.slice(0, fit);
    this.needsLayout = false;
  }

  protected override reserveSlots(count: number): void {
    if (count <= this.alive.length) return;
    this.boxes = resized(this.boxes, 4 * count);
    if (this.userId !== null) this.userId = resized(this.userId, count);
    this.cellOf = resized(this.cellOf, count);
    this.next = resized(this.next, count);
    this.prev = resized(this.prev, count);
    this.alive = resized(this.alive, count);
  }

  // ---- hash table of cells -------------------------------------------------------------

  private clearTable(capacity: number): void {
    if (this.table.length !== capacity) this.table = new Int32Array(capacity);
    this.table.fill(UNUSED);
    this.tableMask = capacity - 1;
    this.cellCount = 0;
  }

  /** The first proxy of cell (cx, cy), or NONE when the cell is absent or has none. */
  private findHead(cx: number, cy: number): number {
    const mask = this.tableMask;
    const table = this.table;
    const cells = this.cells;
    for (let i = hash(cx, cy) & mask; ; i = (i + 1) & mask) {
      const k = table[i]!;
      if (k === UNUSED) return NONE;
      const c = 3 * k;
      if (cells[c] === cx && cells[c + 1] === cy) return cells[c + 2]!;
    }
  }

  private findOrAddCell(cx: number, cy: number): number {
    if (2 * (this.cellCount + 1) > this.tableMask + 1) this.growTable();
    const mask = this.tableMask;
    const table = this.table;
    let i = hash(cx, cy) & mask;
    for (; ; i = (i + 1) & mask) {
      const k = table[i]!;
      if (k === UNUSED) break;
      if (this.cells[3 * k] === cx && this.cells[3 * k + 1] === cy) return k;
    }
    const k = this.cellCount++;
    table[i] = k;
    const cells = (this.cells = growInt32(this.cells, 3 * this.cellCount));
    cells[3 * k] = cx;
    cells[3 * k + 1] = cy;
    cells[3 * k + 2] = NONE;
    return k;
  }

  /**
   * Refiles the live cells in a table of four entries per live cell (larger, or no larger when
   * many cells have emptied: those are dropped, and the rest renumbered in their order) and
   * re-links every proxy's cell.
   */
  private growTable(): void {
    const old = this.cells;
    const oldCount = this.cellCount;
    let live = 0;
    for (let k = 0; k < oldCount; k++) if (old[3 * k + 2] !== NONE) live++;
    let capacity = 16;
    while (capacity < 4 * (live + 1)) capacity *= 2;
    // New arrays, the table too, even at the same capacity: `old` is read below, and a refiling
    // is then told apart from a cell made (the tests watch the table).
    this.table = new Int32Array(0);
    this.clearTable(capacity);
    this.cells = new Int32Array(3 * Math.max(16, 2 * live));
    for (let k = 0; k < oldCount; k++) {
      const h = old[3 * k + 2]!;
      if (h === NONE) continue;
      const d = this.findOrAddCell(old[3 * k]!, old[3 * k + 1]!);
      this.cells[3 * d + 2] = h;
      for (let s = h; s !== NONE; s = this.next[s]!) this.cellOf[s] = d;
    }
  }

  /**
   * The grid part of a query (the oversized list left out): pairs() runs it for each oversized
   * box, and a callback may run a whole nested query meanwhile, so nothing here changes state.
   */
  private queryCells(qMinX: number, qMinY: number, qMaxX: number, qMaxY: number, visit: (id: number) => boolean | void): void {
    if (this.cellCount === 0) return;
    // A regular box overlapping the query has its center within half a cell of it: one extra
    // cell on each side covers that and any rounding of the cell index.
    // Clamped to the range regular cells can have, which also keeps the loop counters exact
    // integers (far out, `cx++` would not change a double).
    const x0 = Math.max(Math.floor((qMinX - this.originX) * this.inv) - 1, -CELL_LIMIT);
    const x1 = Math.min(Math.floor((qMaxX - this.originX) * this.inv) + 1, CELL_LIMIT);
    const y0 = Math.max(Math.floor((qMinY - this.originY) * this.inv) - 1, -CELL_LIMIT);
    const y1 = Math.min(Math.floor((qMaxY - this.originY) * this.inv) + 1, CELL_LIMIT);
    if (!(x0 <= x1 && y0 <= y1)) return;
    const span = (x1 - x0 + 1) * (y1 - y0 + 1);
    if (!(span <= this.cellCount)) {
      // Wider than the occupied area (or unbounded): walk the occupied cells instead.
      const cells = this.cells;
      for (let k = 0; k < this.cellCount; k++) {
        const c = 3 * k;
        const kx = cells[c]!;
        const ky = cells[c + 1]!;
        if (kx < x0 || kx > x1 || ky < y0 || ky > y1) continue;
        if (!this.visitCell(cells[c + 2]!, qMinX, qMinY, qMaxX, qMaxY, visit)) return;
      }
      return;
    }
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const h = this.findHead(cx, cy);
        if (h !== NONE && !this.visitCell(h, qMinX, qMinY, qMaxX, qMaxY, visit)) return;
      }
    }
  }

  private visitCell(
    first: number,
    qMinX: number,
    qMinY: number,
    qMaxX: number,
    qMaxY: number,
    visit: (id: number) => boolean | void,
  ): boolean {
    const b = this.boxes;
    for (let s = first; s !== NONE; s = this.next[s]!) {
      const o = 4 * s;
      if (b[o]! <= qMaxX && qMinX <= b[o + 2]! && b[o + 1]! <= qMaxY && qMinY <= b[o + 3]!) {
        if (visit(this.idOf(s)) === false) return false;
      }
    }
    return true;
  }

  private pairsWithList(
    first: number,
    id: number,
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    visit: (a: number, b: number) => void,
  ): void {
    const b = this.boxes;
    const next = this.next;
    const ids = this.userId;
    for (let t = first; t !== NONE; t = next[t]!) {
      const p = 4 * t;
      if (b[p]! <= maxX && minX <= b[p + 2]! && b[p + 1]! <= maxY && minY <= b[p + 3]!) report(id, ids === null ? t : ids[t]!, visit);
    }
  }
}

/**
 * The cell side for boxes whose larger sides are sides[0 .. m) (reordered) and whose centers
 * spread over `spread` on the wider axis: the 95th percentile of the sides, so that a few huge
 * boxes do not make every cell huge, less the slack; for points or all-tiny boxes, about one
 * center per cell. Always positive and finite.
 */
export function looseCellSize(sides: Float64Array, m: number, spread: number): number {
  const k = Math.min(m - 1, Math.floor(PERCENTILE * m));
  let cell = selectKth(sides, 0, m - 1, k) / (1 - 2 * SIZE_SLACK);
  const bySpread = spread / Math.sqrt(m);
  if (!(cell > 0) || (cell < bySpread * 1e-3 && Number.isFinite(bySpread))) cell = bySpread;
  if (!(cell > 0 && Number.isFinite(cell))) cell = 1;
  return cell;
}

function report(a: number, b: number, visit: (a: number, b: number) => void): void {
  if (a < b) visit(a, b);
  else visit(b, a);
}

/** Integer cell coordinates → table index bits (multiplicative mixing, as in Teschner et al. 2003). */
function hash(cx: number, cy: number): number {
  return (Math.imul(cx, 0x9e3779b1) ^ Math.imul(cy, 0x85ebca77)) >>> 0;
}
