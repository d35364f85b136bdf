/**
 * `node --import tsx bench/tiles.ts [--quick]`: the tile outline and chain queries at level size.
 *   - the outline of 1,000 × 1,000 grids (noise with ramps at 30 % and 60 % solid, and a level of
 *     platforms), from scratch, and retiled after one row changes;
 *   - queries through the edge tree: a box's contact and a moving circle's first touch against the
 *     outline's longest loop, and against a 4,000,000-edge sawtooth loop (its build too).
 * Medians of several runs, in ms. Each query is checked against brute force over the edges on a
 * few cases before it is timed.
 */
import { performance } from 'node:perf_hooks';
import { prng } from './scenes';
import {
  chainContact,
  chainSegment,
  chainTimeOfImpact,
  chainTree,
  IDENTITY,
  makeBox,
  makeChainPacked,
  makeCircle,
  makeTransform,
  oneSidedContact,
  outlineChains,
  retileRows,
  tileOutline,
  type Chain,
  type TileGrid,
} from '../core';

const quick = process.argv.includes('--quick');
const runs = quick ? 3 : 7;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/**
 * Median wall time and median CPU time of the process (all its threads, the collector's
 * included) over the runs: on a shared machine the wall time also counts waiting for a core.
 */
function time<T>(f: () => T): { ms: number; cpu: number; value: T; text: string } {
  const ms: number[] = [];
  const cpu: number[] = [];
  let value!: T;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    value = f();
    ms.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const m = median(ms);
  const u = median(cpu);
  return { ms: m, cpu: u, value, text: `${m.toFixed(1)} ms (cpu ${u.toFixed(1)})` };
}

function noiseGrid(n: number, solid: number, seed: number): TileGrid {
  const r = prng(seed);
  const cells = new Uint8Array(n * n);
  for (let i = 0; i < cells.length; i++) {
    const u = r();
    cells[i] = u < solid ? 1 : u < solid + 0.05 ? 2 + Math.floor(r() * 4) : 0;
  }
  return { width: n, height: n, cells, cellWidth: 1, cellHeight: 1, x: 0, y: n };
}

/** Platforms: runs of solid cells with ramps at their ends, every few rows, and a floor. */
function levelGrid(n: number, seed: number): TileGrid {
  const r = prng(seed);
  const cells = new Uint8Array(n * n);
  for (let row = 3; row < n; row += 4) {
    let c = Math.floor(r() * 10);
    while (c < n - 12) {
      const len = 4 + Math.floor(r() * 30);
      const end = Math.min(n - 1, c + len);
      cells[row * n + c] = 2;
      for (let k = c + 1; k < end; k++) cells[row * n + k] = 1;
      cells[row * n + end] = 3;
      c = end + 2 + Math.floor(r() * 10);
    }
  }
  for (let c = 0; c < n; c++) cells[(n - 1) * n + c] = 1;
  return { width: n, height: n, cells, cellWidth: 1, cellHeight: 1, x: 0, y: n };
}

const log = (s: string) => process.stdout.write(s + '\n');

function bruteContact(chain: Chain, x: number, y: number): number {
  let best = Infinity;
  for (let e = 0; e < chain.edgeCount; e++) {
    const c = oneSidedContact({ segment: chainSegment(chain, e), transformA: IDENTITY, shapeB: makeBox(0.8, 0.8), transformB: makeTransform(x, y, 0.3), maxSeparation: 0.5 });
    if (c !== null && c.separation <= 0.5) best = Math.min(best, c.separation);
  }
  return best;
}

function queries(name: string, chain: Chain, minX: number, minY: number, maxX: number, maxY: number, seed: number): void {
  const r = prng(seed);
  const box = makeBox(0.8, 0.8);
  const ball = makeCircle({ x: 0, y: 0 }, 0.3);
  const poses = Array.from({ length: 1000 }, () => makeTransform(minX + r() * (maxX - minX), minY + r() * (maxY - minY), 0.3));
  // Agreement with brute force over every edge on a few poses first.
  if (chain.edgeCount <= 2_000_000) {
    for (const p of poses.slice(0, 3)) {
      const got = chainContact({ chain, transformA: IDENTITY, shapeB: box, transformB: p, maxSeparation: 0.5 });
      const want = bruteContact(chain, p.x, p.y);
      if ((got?.separation ?? Infinity) !== want && Math.abs((got?.separation ?? Infinity) - want) > 1e-9) log(`MISMATCH ${name}: ${got?.separation} vs ${want}`);
    }
  }
  let touching = 0;
  const c = time(() => {
    touching = 0;
    for (const p of poses) if (chainContact({ chain, transformA: IDENTITY, shapeB: box, transformB: p, maxSeparation: 0.5 }) !== null) touching++;
  });
  let hits = 0;
  const t = time(() => {
    hits = 0;
    for (const p of poses) {
      const o = chainTimeOfImpact({ chain, transformA: IDENTITY, shapeB: ball, transformB: p, velocityB: { x: 300, y: -600 }, spinB: 0, tMin: 0, tMax: 1 / 60 });
      if (o.state !== 'separated') hits++;
    }
  });
  const us = (x: number) => ((x / poses.length) * 1000).toFixed(2);
  log(`  ${name}: contact ${us(c.ms)} µs/query (cpu ${us(c.cpu)}; ${touching} of ${poses.length} within 0.5), first touch (10 units a step) ${us(t.ms)} µs/query (cpu ${us(t.cpu)}; ${hits} hit)`);
}

log(`tile outline and chain queries, medians of ${runs} runs`);
for (const [name, grid] of [
  ['noise 30 % solid + 5 % ramps', noiseGrid(1000, 0.3, 1)],
  ['noise 60 % solid + 5 % ramps', noiseGrid(1000, 0.6, 2)],
  ['platforms level', levelGrid(1000, 3)],
] as const) {
  const o = time(() => tileOutline(grid));
  const outline = o.value;
  let edges = 0;
  let longest = 0;
  for (const l of outline.loops) {
    edges += l.corners.length;
    if (l.corners.length > outline.loops[longest]!.corners.length) longest = outline.loops.indexOf(l);
  }
  log(`1000 × 1000, ${name}: outline ${o.text}, ${outline.loops.length} loops, ${edges} edges (longest ${outline.loops[longest]?.corners.length ?? 0})`);
  const ch = time(() => outlineChains(grid, outline));
  log(`  as chains (packed; edge trees built on first query): ${ch.text}`);
  // One row changed, then changed back: the outline must equal the original.
  const row = 500;
  const saved = grid.cells.slice(row * 1000, row * 1000 + 1000);
  const rr = prng(9);
  const ms: number[] = [];
  const cpu: number[] = [];
  let report = { removedLoops: 0, addedLoops: 0, tracedSteps: 0 };
  // Three untimed retiles first: the figure is an edit's in a warm editor, not the first one's.
  for (let i = 0; i < runs + 3; i++) {
    for (let c = 0; c < 1000; c++) grid.cells[row * 1000 + c] = rr() < 0.5 ? 1 : 0;
    if (i < 3) {
      retileRows(outline, grid, row, row);
      continue;
    }
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    report = retileRows(outline, grid, row, row);
    ms.push(performance.now() - t0);
    const u = process.cpuUsage(c0);
    cpu.push((u.user + u.system) / 1000);
  }
  grid.cells.set(saved, row * 1000);
  retileRows(outline, grid, row, row);
  const fresh = tileOutline(grid);
  const same = fresh.loops.length === outline.loops.length && fresh.loops.every((l, i) => l.corners.join() === outline.loops[i]!.corners.join());
  log(`  retile one row: ${median(ms).toFixed(2)} ms (cpu ${median(cpu).toFixed(2)}; ${report.removedLoops} loops retraced of ${outline.loops.length}, ${report.tracedSteps} steps)${same ? '' : ' MISMATCH with the outline from scratch'}`);
  const chains = ch.value;
  const big = chains[longest]!;
  queries(`longest loop (${big.edgeCount} edges)`, big, 0, 0, 1000, 1000, 4);
}

// A 4,000,000-edge loop: a sawtooth along x, closed underneath.
const teeth = 2_000_000;
const xy = new Float64Array(2 * (2 * teeth + 2));
for (let i = 0; i <= 2 * teeth; i++) {
  xy[2 * i] = i * 0.5;
  xy[2 * i + 1] = i % 2 === 0 ? 0 : 1;
}
// Closing below, right to left: the loop is clockwise, solid from inside (below the teeth).
xy[2 * (2 * teeth + 1)] = 0;
xy[2 * (2 * teeth + 1) + 1] = -2;
const built = time(() => {
  const c = makeChainPacked(xy, true);
  chainTree(c);
  return c;
});
log(`sawtooth loop of ${built.value.edgeCount} edges: chain and edge tree ${built.text}`);
queries('sawtooth', built.value, 0, -1, teeth, 2, 5);
