/**
 * Case (e): `collide check` of a Tiled map of 100k objects beside `collide check` of the
 * equivalent .collide file, whole processes in one run, interleaved, with `node -e 0` as the
 * floor (the issue's target: the map in at most twice the scene's time).
 *
 * The map is generated here (`tiledMapText`): a few object layers, a static `Walls` layer
 * (static by its name, levels-and-tiles.md §1) and dynamic layers of rectangles, ellipses
 * (circles and not) and polygons (some concave), dropped uniformly in a square sized for about
 * one overlapping pair per object, one dynamic layer moving (a `velocity` layer property) so that
 * the continuous check runs. The equivalent scene is the map read by the Tiled reader and lowered
 * (what `collide convert` prints, without its name comments), so both files hold the same bodies.
 *
 * Run alone with `node --import tsx bench/level-check.ts [--n=N] [--runs=N]`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeLevelHost } from '../server/src/cli/level-host';
import { lowerLevel, readLevel, slashed } from '../server/src/readers';
import { COLLIDE, cliAvailable } from './bundles';
import { benchNodeStart, MIN_CHECK_RUNS } from './cli-timing';
import { prng } from './scenes';

const round = (x: number) => Math.round(x * 100) / 100;

/** A .tmx map of `n` objects (see the file comment). */
export function tiledMapText(n: number, seed = 21): string {
  const rand = prng(seed);
  // About one overlapping pair per object: objects of some 12 px across, one per 24 × 24 px.
  const side = Math.sqrt(n) * 24;
  const layers = [
    { name: 'Walls', share: 0.1, properties: '' },
    { name: 'Crates', share: 0.45, properties: '' },
    { name: 'Rocks', share: 0.45, properties: '<properties><property name="velocity" value="120, 40"/></properties>' },
  ];
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="${Math.ceil(side / 16)}" height="${Math.ceil(side / 16)}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="${layers.length + 1}" nextobjectid="${n + 1}">`,
  ];
  let id = 1;
  layers.forEach((layer, k) => {
    out.push(` <objectgroup id="${k + 1}" name="${layer.name}">${layer.properties}`);
    const count = k === layers.length - 1 ? n - id + 1 : Math.round(n * layer.share);
    for (let i = 0; i < count; i++, id++) {
      const x = round(rand() * side);
      const y = round(rand() * side);
      const kind = rand();
      const rotation = rand() < 0.3 ? ` rotation="${round(rand() * 360)}"` : '';
      if (layer.name === 'Walls' || kind < 0.4) {
        out.push(`  <object id="${id}" x="${x}" y="${y}" width="${round(6 + rand() * 12)}" height="${round(6 + rand() * 12)}"${rotation}/>`);
      } else if (kind < 0.7) {
        const w = round(6 + rand() * 10);
        const h = rand() < 0.5 ? w : round(6 + rand() * 10);
        out.push(`  <object id="${id}" x="${x}" y="${y}" width="${w}" height="${h}"><ellipse/></object>`);
      } else if (kind < 0.9) {
        const a = round(6 + rand() * 8);
        out.push(`  <object id="${id}" x="${x}" y="${y}"${rotation}><polygon points="0,0 ${a},0 ${round(a * 1.2)},${round(a * 0.7)} ${round(a * 0.3)},${a}"/></object>`);
      } else {
        // An L: concave, decomposed into convex parts.
        const a = round(6 + rand() * 8);
        const b = round(a / 3);
        out.push(`  <object id="${id}" x="${x}" y="${y}"><polygon points="0,0 ${a},0 ${a},${b} ${b},${b} ${b},${a} 0,${a}"/></object>`);
      }
    }
    out.push(' </objectgroup>');
  });
  out.push('</map>', '');
  return out.join('\n');
}

export interface LevelCheckResult {
  readonly n: number;
  /** Bodies of the equivalent scene (0: the reader made none, see `skipped`). */
  readonly bodies: number;
  readonly levelMs: number[];
  readonly sceneMs: number[];
  readonly floorMs: number[];
  readonly levelFindings: number;
  readonly sceneFindings: number;
  /** Why the case did not run (no CLI bundle, no Tiled reader). */
  readonly skipped?: string;
  readonly error?: string;
}

/** Wall time and findings of `collide check --format json FILE`. */
function timedCheck(file: string): { ms: number; findings: number; error?: string } {
  const t0 = performance.now();
  const res = spawnSync(process.execPath, [COLLIDE, 'check', '--format', 'json', file], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - t0;
  try {
    const out = JSON.parse(res.stdout) as { files: { findings: unknown[] }[] };
    return { ms, findings: out.files[0]?.findings.length ?? 0 };
  } catch (e) {
    return { ms, findings: 0, error: `could not read the CLI's JSON for ${file} (exit ${res.status}): ${(e as Error).message}` };
  }
}

/** (e): the map and its equivalent scene, `runs` timed runs each (after one untimed run of each). */
export function benchLevelCheck(n: number, runs: number): LevelCheckResult {
  const empty = { n, bodies: 0, levelMs: [], sceneMs: [], floorMs: [], levelFindings: 0, sceneFindings: 0 };
  if (!cliAvailable()) return { ...empty, skipped: 'dist/cli.js is not built' };
  const dir = mkdtempSync(join(tmpdir(), 'collide-bench-level-'));
  try {
    const mapFile = join(dir, `map-${n}.tmx`);
    const sceneFile = join(dir, `map-${n}.collide`);
    const map = tiledMapText(n);
    writeFileSync(mapFile, map);
    const level = readLevel(map, slashed(mapFile), nodeLevelHost);
    if (level.bodies.length === 0) {
      return { ...empty, skipped: `the Tiled reader made no body (${level.diagnostics[0]?.message ?? 'no diagnostic'})` };
    }
    const lowered = lowerLevel(level, map);
    writeFileSync(sceneFile, lowered.text);
    const levelMs: number[] = [];
    const sceneMs: number[] = [];
    let levelFindings = 0;
    let sceneFindings = 0;
    let error: string | undefined;
    // Interleaved, so that a change of the machine's load falls on both alike.
    for (let r = -1; r < Math.max(runs, MIN_CHECK_RUNS); r++) {
      const l = timedCheck(mapFile);
      const s = timedCheck(sceneFile);
      error ??= l.error ?? s.error;
      levelFindings = l.findings;
      sceneFindings = s.findings;
      if (r < 0) continue;
      levelMs.push(l.ms);
      sceneMs.push(s.ms);
    }
    if (error === undefined && levelFindings !== sceneFindings) error = `the map gave ${levelFindings} findings, its scene ${sceneFindings}`;
    return { n, bodies: lowered.bodies.length, levelMs, sceneMs, floorMs: benchNodeStart(5), levelFindings, sceneFindings, ...(error ? { error } : {}) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** One line of the case's figures. */
export function describeLevelCheck(r: LevelCheckResult): string {
  if (r.skipped) return `(e) level check skipped: ${r.skipped}`;
  const l = median(r.levelMs);
  const s = median(r.sceneMs);
  const f = median(r.floorMs);
  return (
    `(e) check of a ${r.n}-object Tiled map: median ${l.toFixed(0)} ms; its equivalent .collide scene (${r.bodies} bodies): median ${s.toFixed(0)} ms; ` +
    `ratio ${(l / s).toFixed(2)} (above the node -e 0 floor of ${f.toFixed(0)} ms: ${((l - f) / (s - f)).toFixed(2)}); ${r.levelFindings} findings each${r.error ? `; ${r.error}` : ''}`
  );
}

if (require.main === module) {
  const arg = (name: string, fallback: number) => {
    const a = process.argv.find((x) => x.startsWith(`--${name}=`));
    return a ? Number(a.slice(name.length + 3)) : fallback;
  };
  process.stdout.write(`${describeLevelCheck(benchLevelCheck(arg('n', 100000), arg('runs', MIN_CHECK_RUNS)))}\n`);
}
