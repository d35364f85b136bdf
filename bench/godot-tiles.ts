/**
 * A Godot tile map of SIDE × SIDE cells, each with a square collision polygon, read by the Godot
 * reader: `node --import tsx bench/godot-tiles.ts [--side=N] [--runs=N]`. Two scenes: a
 * TileMapLayer (Godot 4.3+, base64 bytes) and a TileMap (Godot 4.0–4.2, int32 triples). Per scene
 * it reports the median of `runs` of the value's parse, the cells' decoding into typed arrays,
 * and the whole read (sections, tree, tile set and one part per cell).
 */
import { readGodotScene } from '../server/src/readers/godot/read-godot';
import { decodeLayerData, decodeMapData } from '../server/src/readers/godot/tile-data';
import { parseVariant } from '../server/src/readers/godot/variant';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SIDE = option('side', 1000);
const RUNS = option('runs', 5);

const TILES = `[sub_resource type="TileSetAtlasSource" id="a"]
0:0/0 = 0
0:0/0/physics_layer_0/polygon_0/points = PackedVector2Array(-8, -8, 8, -8, 8, 8, -8, 8)

[sub_resource type="TileSet" id="s"]
physics_layer_0/collision_layer = 1
sources/0 = SubResource("a")

`;

function layerScene(): string {
  const bytes = Buffer.alloc(2 + 12 * SIDE * SIDE);
  for (let i = 0; i < SIDE * SIDE; i++) {
    bytes.writeInt16LE(i % SIDE, 2 + 12 * i);
    bytes.writeInt16LE(Math.floor(i / SIDE), 4 + 12 * i);
  }
  return `[gd_scene format=4]\n\n${TILES}[node name="T" type="TileMapLayer"]\ntile_set = SubResource("s")\ntile_map_data = PackedByteArray("${bytes.toString('base64')}")\n`;
}

function mapScene(): string {
  const ints: number[] = [];
  for (let i = 0; i < SIDE * SIDE; i++) ints.push((Math.floor(i / SIDE) << 16) | i % SIDE, 0, 0);
  return `[gd_scene format=3]\n\n${TILES}[node name="M" type="TileMap"]\ntile_set = SubResource("s")\nformat = 2\nlayer_0/tile_data = PackedInt32Array(${ints.join(', ')})\n`;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const [name, text, marker, decode] of [
  ['TileMapLayer', layerScene(), 'PackedByteArray(', decodeLayerData],
  ['TileMap', mapScene(), 'PackedInt32Array(', decodeMapData],
] as const) {
  const parse: number[] = [];
  const decoding: number[] = [];
  const whole: number[] = [];
  let parts = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const value = parseVariant(text, text.indexOf(marker)).value;
    const t1 = performance.now();
    const cells = decode(value).cells?.count ?? 0;
    const t2 = performance.now();
    const scene = readGodotScene(text, '/bench/level.tscn', { readFile: () => undefined, inflate: () => undefined });
    const t3 = performance.now();
    parts = scene.bodies.reduce((n, b) => n + b.parts.length, 0);
    if (cells !== SIDE * SIDE || parts !== cells) throw new Error(`${name}: ${cells} cells, ${parts} parts`);
    parse.push(t1 - t0);
    decoding.push(t2 - t1);
    whole.push(t3 - t2);
  }
  console.log(`${name} ${SIDE}×${SIDE} (${(text.length / 1e6).toFixed(1)} M chars): parse ${median(parse).toFixed(0)} ms, decode ${median(decoding).toFixed(0)} ms, whole read ${median(whole).toFixed(0)} ms (${parts} parts)`);
}
