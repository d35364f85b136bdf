// The cells of a Godot tile map as its scene stores them, decoded into flat typed arrays (no
// object per cell). Two encodings:
// - TileMapLayer (Godot 4.3+) `tile_map_data = PackedByteArray(...)`: a little-endian uint16
//   format version (0, TILE_MAP_LAYER_DATA_FORMAT_0), then 12 bytes a cell: coords x, y as int16,
//   source id, atlas coords x, y and alternative tile as uint16 (scene/2d/tile_map_layer.cpp,
//   set_tile_map_data_from_array). Format-4 scenes write the bytes in base64, older ones as numbers.
// - TileMap (Godot 4.0–4.2) `layer_N/tile_data = PackedInt32Array(...)` with `format = 2`
//   (TILE_MAP_DATA_FORMAT_3): the same 12 bytes seen as three little-endian int32s
//   (scene/2d/tile_map.cpp, _set_tile_map_data_using_compatibility_format).
// Godot reads every complete cell before a truncation and stops there; so does this decoder.
import type { TextRange } from '../../common/diagnostic';
import { decodeBase64 } from '../base64';
import type { Variant } from './variant';

export interface TileCells {
  readonly count: number;
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly source: Uint16Array;
  readonly atlasX: Uint16Array;
  readonly atlasY: Uint16Array;
  /** The alternative tile id with the transform bits (flip h 1<<12, flip v 1<<13, transpose 1<<14). */
  readonly alternative: Uint16Array;
  /** Where cell `i` is written, inside the property's value. */
  rangeOf(i: number): TextRange;
}

export interface DecodedCells {
  readonly cells?: TileCells;
  /** A sentence for a diagnostic; cells may still hold what was read before the problem. */
  readonly problem?: string;
  /** Cells written again later at the same coordinates: Godot's set_cell keeps the last. */
  readonly overwritten?: number;
}

export const CELL_BYTES = 12;
const HEADER_BYTES = 2;

function allocate(count: number, rangeOf: (i: number) => TextRange): TileCells {
  return {
    count,
    x: new Int32Array(count),
    y: new Int32Array(count),
    source: new Uint16Array(count),
    atlasX: new Uint16Array(count),
    atlasY: new Uint16Array(count),
    alternative: new Uint16Array(count),
    rangeOf,
  };
}

/** Cells from 12-byte records starting at `offset` of `bytes`. */
function fromRecords(bytes: Uint8Array, offset: number, count: number, rangeOf: (i: number) => TextRange): TileCells {
  const cells = allocate(count, rangeOf);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { x, y, source, atlasX, atlasY, alternative } = cells;
  for (let i = 0, p = offset; i < count; i++, p += CELL_BYTES) {
    x[i] = view.getInt16(p, true);
    y[i] = view.getInt16(p + 2, true);
    source[i] = view.getUint16(p + 4, true);
    atlasX[i] = view.getUint16(p + 6, true);
    atlasY[i] = view.getUint16(p + 8, true);
    alternative[i] = view.getUint16(p + 10, true);
  }
  return cells;
}

/**
 * The cells with each coordinate pair's last writing only (tile_map_layer_data is a HashMap by
 * coordinates, so a later set_cell replaces an earlier one), and how many were replaced. An open
 * addressing table of typed arrays keeps this allocation-free per cell.
 */
function lastWins(cells: TileCells): { cells: TileCells; overwritten: number } {
  const n = cells.count;
  if (n < 2) return { cells, overwritten: 0 };
  let bits = 1;
  while (1 << bits < 2 * n) bits++;
  const mask = (1 << bits) - 1;
  const slots = new Int32Array(1 << bits);
  const replaced = new Uint8Array(n);
  let overwritten = 0;
  const { x, y } = cells;
  for (let i = 0; i < n; i++) {
    // Coordinates come from int16s: the pair packs into 32 bits.
    const key = (((x[i]! + 32768) << 16) | (y[i]! + 32768)) >>> 0;
    let h = Math.imul(key, 0x9e3779b1) >>> (32 - bits);
    for (;;) {
      const j = slots[h]! - 1;
      if (j < 0) {
        slots[h] = i + 1;
        break;
      }
      if (x[j] === x[i] && y[j] === y[i]) {
        replaced[j] = 1;
        overwritten++;
        slots[h] = i + 1;
        break;
      }
      h = (h + 1) & mask;
    }
  }
  if (overwritten === 0) return { cells, overwritten };
  const origin = new Int32Array(n - overwritten);
  for (let i = 0, k = 0; i < n; i++) if (replaced[i] === 0) origin[k++] = i;
  const kept = allocate(origin.length, (i) => cells.rangeOf(origin[i]!));
  for (let k = 0; k < origin.length; k++) {
    const i = origin[k]!;
    kept.x[k] = cells.x[i]!;
    kept.y[k] = cells.y[i]!;
    kept.source[k] = cells.source[i]!;
    kept.atlasX[k] = cells.atlasX[i]!;
    kept.atlasY[k] = cells.atlasY[i]!;
    kept.alternative[k] = cells.alternative[i]!;
  }
  return { cells: kept, overwritten };
}

function numberItems(value: Variant): { values: Float64Array; ranges: readonly Variant[] } | undefined {
  if (value.kind !== 'call') return undefined;
  const values = new Float64Array(value.args.length);
  for (let i = 0; i < value.args.length; i++) {
    const item = value.args[i]!;
    if (item.kind !== 'number' || !Number.isInteger(item.value)) return undefined;
    values[i] = item.value;
  }
  return { values, ranges: value.args };
}

/** The bytes of a PackedByteArray value, and where byte range [from, to) is written. */
function packedBytes(value: Variant): { bytes: Uint8Array; rangeOf: (from: number, to: number) => TextRange } | string {
  if (value.kind !== 'call' || value.name !== 'PackedByteArray') return 'tile_map_data should be PackedByteArray(...).';
  const whole = value.range;
  const arg = value.args[0];
  if (value.args.length === 1 && arg?.kind === 'string') {
    const bytes = decodeBase64(arg.value);
    if (bytes === undefined) return 'tile_map_data is not valid base64.';
    // Exact character ranges when the string has no escapes (Godot writes none in base64).
    const start = arg.range.start + 1;
    const exact = arg.range.end - arg.range.start - 2 === arg.value.length;
    const rangeOf = (from: number, to: number): TextRange => {
      if (!exact) return whole;
      const a = start + Math.floor(from / 3) * 4;
      const b = start + Math.min(arg.value.length, Math.ceil(to / 3) * 4);
      return { start: a, end: Math.max(a, b) };
    };
    return { bytes, rangeOf };
  }
  const items = numberItems(value);
  if (items === undefined || items.values.some((v) => v < 0 || v > 255)) return 'tile_map_data should list bytes (whole numbers from 0 to 255) or a base64 string.';
  const bytes = Uint8Array.from(items.values);
  const rangeOf = (from: number, to: number): TextRange => {
    const a = items.ranges[from];
    const b = items.ranges[Math.min(to, items.ranges.length) - 1];
    return a === undefined || b === undefined ? whole : { start: a.range.start, end: b.range.end };
  };
  return { bytes, rangeOf };
}

/** A TileMapLayer's `tile_map_data`. An empty array is an empty layer. */
export function decodeLayerData(value: Variant): DecodedCells {
  const read = packedBytes(value);
  if (typeof read === 'string') return { problem: read };
  const { bytes, rangeOf } = read;
  const cellRange = (i: number): TextRange => rangeOf(HEADER_BYTES + i * CELL_BYTES, HEADER_BYTES + (i + 1) * CELL_BYTES);
  if (bytes.length === 0) return { cells: fromRecords(bytes, 0, 0, cellRange) };
  if (bytes.length < HEADER_BYTES) return { problem: 'tile_map_data is too short for its format version: Godot reads no cell from it.' };
  const format = bytes[0]! | (bytes[1]! << 8);
  if (format !== 0) return { problem: `tile_map_data is in format ${format}, which this version of Collide does not know (it reads format 0); its cells are not read.` };
  const count = Math.floor((bytes.length - HEADER_BYTES) / CELL_BYTES);
  const { cells, overwritten } = lastWins(fromRecords(bytes, HEADER_BYTES, count, cellRange));
  const extra = (bytes.length - HEADER_BYTES) % CELL_BYTES;
  if (extra !== 0) return { cells, overwritten, problem: `tile_map_data ends with ${extra} byte(s) of an incomplete cell: Godot stops there, after ${count} cell(s).` };
  return { cells, overwritten };
}

/** A TileMap layer's `tile_data` in TileMap format 2 (three int32s a cell). */
export function decodeMapData(value: Variant): DecodedCells {
  if (value.kind !== 'call' || value.name !== 'PackedInt32Array') return { problem: 'tile_data should be PackedInt32Array(...).' };
  const items = numberItems(value);
  if (items === undefined) return { problem: 'tile_data should list whole numbers.' };
  const { values, ranges } = items;
  if (values.length % 3 !== 0) return { problem: `tile_data holds ${values.length} numbers, not a multiple of three (three a cell): Godot refuses the whole layer.` };
  const count = values.length / 3;
  const bytes = new Uint8Array(count * CELL_BYTES);
  const view = new DataView(bytes.buffer);
  // Each int32 as Godot stores it in memory (little-endian), whatever its sign in the text.
  for (let i = 0; i < count * 3; i++) view.setInt32(i * 4, values[i]! | 0, true);
  const cellRange = (i: number): TextRange => ({ start: ranges[3 * i]!.range.start, end: ranges[3 * i + 2]!.range.end });
  return lastWins(fromRecords(bytes, 0, count, cellRange));
}
