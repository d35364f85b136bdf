import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { decodeBase64 } from '../../../../server/src/readers/base64';
import { decodeLayerData, decodeMapData } from '../../../../server/src/readers/godot/tile-data';
import { type Variant, parseVariant } from '../../../../server/src/readers/godot/variant';

interface Cell {
  x: number;
  y: number;
  source: number;
  ax: number;
  ay: number;
  alt: number;
}

/** TileMapLayer bytes built by hand: a uint16 format, then 12 little-endian bytes a cell. */
function layerBytes(cells: readonly Cell[], format = 0): Buffer {
  const b = Buffer.alloc(2 + 12 * cells.length);
  b.writeUInt16LE(format, 0);
  cells.forEach((c, i) => {
    const o = 2 + 12 * i;
    b.writeInt16LE(c.x, o);
    b.writeInt16LE(c.y, o + 2);
    b.writeUInt16LE(c.source, o + 4);
    b.writeUInt16LE(c.ax, o + 6);
    b.writeUInt16LE(c.ay, o + 8);
    b.writeUInt16LE(c.alt, o + 10);
  });
  return b;
}

function value(text: string): Variant {
  const r = parseVariant(text, 0);
  assert.equal(r.error, undefined);
  return r.value;
}

function cellsOf(v: Variant, map = false): Cell[] {
  const d = map ? decodeMapData(v) : decodeLayerData(v);
  assert.equal(d.problem, undefined, d.problem);
  const c = d.cells!;
  return Array.from({ length: c.count }, (_, i) => ({ x: c.x[i]!, y: c.y[i]!, source: c.source[i]!, ax: c.atlasX[i]!, ay: c.atlasY[i]!, alt: c.alternative[i]! }));
}

const SAMPLE: Cell[] = [
  { x: 0, y: 0, source: 2, ax: 0, ay: 0, alt: 0 },
  { x: -1, y: -2, source: 65535, ax: 3, ay: 4, alt: 1 | (1 << 12) | (1 << 14) },
  { x: 32767, y: -32768, source: 7, ax: 65535, ay: 1, alt: 1 << 13 },
];

describe('readers/godot/tile-data', () => {
  it('decodes base64 as Node does, with and without padding, and refuses other characters', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const b64 = Buffer.from(bytes).toString('base64');
        assert.deepEqual(decodeBase64(b64), new Uint8Array(bytes));
        assert.deepEqual(decodeBase64(b64.replace(/=+$/, '')), new Uint8Array(bytes));
      }),
      { numRuns: 200 },
    );
    assert.equal(decodeBase64('AA-A'), undefined);
    assert.equal(decodeBase64('A'), undefined);
    assert.equal(decodeBase64('AAAA==='), undefined);
    assert.equal(decodeBase64('AAé='), undefined);
  });

  it('reads the cells of a TileMapLayer from base64, signed coordinates and transform bits kept', () => {
    const b64 = layerBytes(SAMPLE).toString('base64');
    const text = `PackedByteArray("${b64}")`;
    assert.deepEqual(cellsOf(value(text)), SAMPLE);
    // Each cell's range covers the base64 characters of its 12 bytes, inside the string.
    const d = decodeLayerData(value(text));
    const r1 = d.cells!.rangeOf(1);
    const chars = text.slice(r1.start, r1.end);
    const from = Math.floor(14 / 3) * 4;
    assert.equal(chars, b64.slice(from, Math.ceil(26 / 3) * 4));
    assert.ok(Buffer.from(chars, 'base64').includes(layerBytes(SAMPLE).subarray(16, 24)));
  });

  it('reads the same cells from a list of bytes, each cell ranged on its numbers', () => {
    const bytes = [...layerBytes(SAMPLE)];
    const text = `PackedByteArray(${bytes.join(', ')})`;
    assert.deepEqual(cellsOf(value(text)), SAMPLE);
    const r = decodeLayerData(value(text)).cells!.rangeOf(0);
    assert.equal(text.slice(r.start, r.end), bytes.slice(2, 14).join(', '));
  });

  it('reads an empty layer, and says why it reads no cell from a bad header or a bad value', () => {
    assert.deepEqual(cellsOf(value('PackedByteArray()')), []);
    assert.deepEqual(cellsOf(value('PackedByteArray("")')), []);
    assert.match(decodeLayerData(value(`PackedByteArray("${layerBytes(SAMPLE, 1).toString('base64')}")`)).problem!, /format 1/);
    assert.match(decodeLayerData(value('PackedByteArray("AA")')).problem!, /too short/);
    assert.match(decodeLayerData(value('PackedByteArray("!!!!")')).problem!, /base64/);
    assert.match(decodeLayerData(value('PackedByteArray(1, 256)')).problem!, /bytes/);
    assert.match(decodeLayerData(value('PackedInt32Array(1)')).problem!, /PackedByteArray/);
  });

  it('keeps the complete cells before a truncation, as Godot does, and says so', () => {
    const bytes = layerBytes(SAMPLE).subarray(0, 2 + 12 * 2 + 5);
    const d = decodeLayerData(value(`PackedByteArray("${Buffer.from(bytes).toString('base64')}")`));
    assert.equal(d.cells!.count, 2);
    assert.match(d.problem!, /5 byte\(s\)/);
  });

  it('keeps the last of cells written twice at the same coordinates, as set_cell does', () => {
    const cells: Cell[] = [
      { x: 1, y: 1, source: 0, ax: 0, ay: 0, alt: 0 },
      { x: 2, y: 1, source: 0, ax: 0, ay: 0, alt: 0 },
      { x: 1, y: 1, source: 5, ax: 6, ay: 7, alt: 8 },
      { x: -32768, y: 32767, source: 1, ax: 0, ay: 0, alt: 0 },
      { x: 1, y: 1, source: 9, ax: 9, ay: 9, alt: 9 },
    ];
    const text = `PackedByteArray("${layerBytes(cells).toString('base64')}")`;
    const d = decodeLayerData(value(text));
    assert.equal(d.overwritten, 2);
    assert.deepEqual(cellsOf(value(text)), [cells[1], cells[3], cells[4]]);
    // The kept cells' ranges are those of their own writing.
    const r = d.cells!.rangeOf(2);
    assert.ok(Buffer.from(text.slice(r.start, r.end), 'base64').includes(layerBytes(cells).subarray(2 + 48 + 4, 2 + 60)));
    // Against a Map by coordinates, on random writings over a small area.
    const small = fc.integer({ min: -3, max: 3 });
    fc.assert(
      fc.property(fc.array(fc.record({ x: small, y: small, source: fc.nat({ max: 9 }), ax: fc.nat({ max: 2 }), ay: fc.nat({ max: 2 }), alt: fc.nat({ max: 2 }) }), { maxLength: 60 }), (written: Cell[]) => {
        const byCoords = new Map<string, Cell>();
        for (const c of written) {
          byCoords.delete(`${c.x},${c.y}`);
          byCoords.set(`${c.x},${c.y}`, c);
        }
        const layer = value(`PackedByteArray("${layerBytes(written).toString('base64')}")`);
        const kept = cellsOf(layer);
        assert.equal(decodeLayerData(layer).overwritten, written.length - byCoords.size);
        assert.deepEqual(kept, [...byCoords.values()].sort((a, b) => written.lastIndexOf(a) - written.lastIndexOf(b)).map((c) => ({ ...c })));
      }),
      { numRuns: 200 },
    );
    // Many distinct cells are all kept.
    const grid: Cell[] = [];
    for (let i = 0; i < 5000; i++) grid.push({ x: (i % 71) - 35, y: Math.floor(i / 71) - 30, source: 0, ax: 0, ay: 0, alt: 0 });
    const all = decodeLayerData(value(`PackedByteArray("${layerBytes(grid).toString('base64')}")`));
    assert.deepEqual([all.cells!.count, all.overwritten], [5000, 0]);
  });

  it('reads TileMap int32 triples as the same 12 bytes a cell', () => {
    // Hand-packed: (y << 16 | x & 0xffff), (atlas x << 16 | source), (alternative << 16 | atlas y).
    const triples = SAMPLE.flatMap((c) => [(c.y << 16) | (c.x & 0xffff), (c.ax << 16) | c.source, (c.alt << 16) | c.ay]);
    assert.deepEqual(cellsOf(value(`PackedInt32Array(${triples.join(', ')})`), true), SAMPLE);
    // Numbers from a real Godot 4.2 scene: cell (70, 0), source 2, atlas (0, 0), alternative 1; cell (0, 1).
    assert.deepEqual(cellsOf(value('PackedInt32Array(70, 2, 65536, 65536, 2, 0)'), true), [
      { x: 70, y: 0, source: 2, ax: 0, ay: 0, alt: 1 },
      { x: 0, y: 1, source: 2, ax: 0, ay: 0, alt: 0 },
    ]);
    const text = 'PackedInt32Array(70, 2, 65536, 65536, 2, 0)';
    const r = decodeMapData(value(text)).cells!.rangeOf(1);
    assert.equal(text.slice(r.start, r.end), '65536, 2, 0');
  });

  it('refuses a TileMap layer whose numbers do not come in threes, as Godot does', () => {
    const d = decodeMapData(value('PackedInt32Array(1, 2, 3, 4)'));
    assert.equal(d.cells, undefined);
    assert.match(d.problem!, /multiple of three/);
    assert.match(decodeMapData(value('PackedInt32Array(1.5, 2, 3)')).problem!, /whole numbers/);
  });

  it('decodes a million-cell layer into typed arrays', () => {
    const n = 1_000_000;
    const b = Buffer.alloc(2 + 12 * n);
    for (let i = 0; i < n; i++) {
      b.writeInt16LE(i % 1000, 2 + 12 * i);
      b.writeInt16LE(Math.floor(i / 1000), 4 + 12 * i);
    }
    const d = decodeLayerData(value(`PackedByteArray("${b.toString('base64')}")`));
    assert.equal(d.cells!.count, n);
    assert.equal(d.cells!.x[n - 1], 999);
    assert.equal(d.cells!.y[n - 1], 999);
    assert.ok(d.cells!.x instanceof Int32Array);
  });
});
