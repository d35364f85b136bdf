/**
 * `node --import tsx bench/tiles-cli.ts [--quick]`: `collide check` on a tile level, whole process.
 *   - "tiles": one 1,000 × 1,000 `tiles` grid (floors, platforms, ramps, walls; about one cell in
 *     eight solid) with 1,000 moving circles;
 *   - "boxes": the same level with each solid cell a static box of its own (ramps as triangles),
 *     the way a level is built without tile grids, and the same 1,000 circles.
 * Median wall time of several runs, with `node -e 0` as the floor. Build first (`npm run build`):
 * it runs the bundle bin/collide.js runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COLLIDE } from './bundles';
import { benchNodeStart } from './cli-timing';

const quick = process.argv.includes('--quick');
const runs = quick ? 3 : 5;
const SIZE = 1000;
const BODIES = 1000;

/** A small deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The level's rows, top first: a border, a floor every 25 rows with gaps, platforms with ramps at their ends, walls. */
function levelRows(): string[] {
  const r = rng(22);
  const cells: string[][] = Array.from({ length: SIZE }, () => new Array<string>(SIZE).fill('.'));
  for (let i = 0; i < SIZE; i++) {
    cells[0]![i] = cells[SIZE - 1]![i] = cells[i]![0] = cells[i]![SIZE - 1] = '#';
  }
  for (let row = 24; row < SIZE - 1; row += 25) {
    for (let c = 1; c < SIZE - 1; c++) if (r() > 0.02) cells[row]![c] = '#';
  }
  for (let k = 0; k < 12000; k++) {
    const row = 1 + Math.floor(r() * (SIZE - 3));
    const c0 = 2 + Math.floor(r() * (SIZE - 50));
    const len = 3 + Math.floor(r() * 30);
    for (let c = c0; c < c0 + len; c++) cells[row]![c] = '#';
    cells[row]![c0 - 1] = '/';
    cells[row]![c0 + len] = '\\';
  }
  for (let k = 0; k < 2000; k++) {
    const c = 1 + Math.floor(r() * (SIZE - 2));
    const row0 = 1 + Math.floor(r() * (SIZE - 12));
    for (let row = row0; row < row0 + 8; row++) cells[row]![c] = '#';
  }
  return cells.map((row) => row.join(''));
}

/** 1,000 circles in empty cells, most slow, some fast enough to cross a cell between two steps. */
function bodyLines(rows: string[]): string[] {
  const r = rng(7);
  const out: string[] = [];
  while (out.length < BODIES) {
    const c = 1 + Math.floor(r() * (SIZE - 2));
    const row = 1 + Math.floor(r() * (SIZE - 2));
    if (rows[row]![c] !== '.') continue;
    const fast = r() < 0.1;
    const vx = Math.round((r() - 0.5) * (fast ? 1200 : 40));
    const vy = Math.round((r() - 0.5) * (fast ? 1200 : 40));
    out.push(`body b${out.length} circle(0.4) at (${c + 0.5}, ${SIZE - row - 0.5}) velocity (${vx}, ${vy})`);
  }
  return out;
}

function tilesScene(rows: string[], bodies: string[]): string {
  return [`tiles level cell 1 at (0, ${SIZE})`, ...rows.map((row) => `  "${row}"`), ...bodies].join('\n');
}

function boxesScene(rows: string[], bodies: string[]): string {
  const out: string[] = [];
  for (let row = 0; row < SIZE; row++) {
    const line = rows[row]!;
    for (let c = 0; c < SIZE; c++) {
      const ch = line[c]!;
      const x = c + 0.5;
      const y = SIZE - row - 0.5;
      if (ch === '#') out.push(`body c${row}_${c} static box(1, 1) at (${x}, ${y})`);
      else if (ch === '/') out.push(`body c${row}_${c} static polygon((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5)) at (${x}, ${y})`);
      else if (ch === '\\') out.push(`body c${row}_${c} static polygon((-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5)) at (${x}, ${y})`);
    }
  }
  return [...out, ...bodies].join('\n');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function check(file: string): { ms: number; findings: number; status: number | null } {
  const ms: number[] = [];
  let findings = 0;
  let status: number | null = null;
  for (let k = -1; k < runs; k++) {
    const t0 = performance.now();
    const p = spawnSync(process.execPath, [COLLIDE, 'check', '--format', 'json', file], { maxBuffer: 1 << 30, encoding: 'utf8' });
    if (k >= 0) ms.push(performance.now() - t0);
    status = p.status;
    if (k < 0) findings = (JSON.parse(p.stdout) as { files: { findings: unknown[] }[] }).files[0]!.findings.length;
  }
  return { ms: median(ms), findings, status };
}

const dir = mkdtempSync(join(tmpdir(), 'collide-tiles-'));
try {
  const rows = levelRows();
  const bodies = bodyLines(rows);
  const solid = rows.reduce((n, row) => n + [...row].filter((ch) => ch !== '.').length, 0);
  const tiles = join(dir, 'tiles.collide');
  const boxes = join(dir, 'boxes.collide');
  writeFileSync(tiles, tilesScene(rows, bodies));
  writeFileSync(boxes, boxesScene(rows, bodies));
  const floor = median(benchNodeStart(runs));
  console.log(`grid ${SIZE} × ${SIZE}, ${solid} solid cells, ${BODIES} moving bodies; node -e 0: ${floor.toFixed(0)} ms`);
  for (const [name, file] of [
    ['tiles', tiles],
    ['boxes', boxes],
  ] as const) {
    const r = check(file);
    console.log(`${name.padEnd(6)} collide check: ${r.ms.toFixed(0)} ms (exit ${r.status}), ${r.findings} findings`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
