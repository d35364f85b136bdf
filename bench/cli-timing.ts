import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COLLIDE } from './bundles';
import type { Scene } from './scenes';
import { sceneText } from './scenes';

/** Fewest timed runs of (c), whatever the caller asks for. */
export const MIN_CHECK_RUNS = 5;

export interface CheckResult {
  readonly ms: number[];
  readonly exitCode: number | null;
  /** Overlap findings as i * n + j keys, to compare with the ground truth. */
  readonly overlaps: number[];
  readonly error?: string;
}


function tempScene(scene: Scene): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'collide-bench-'));
  const file = join(dir, `scene-${scene.n}.collide`);
  writeFileSync(file, sceneText(scene));
  return { dir, file };
}

/**
 * Wall time of `node -e 0` in this environment, each run: the floor under (c), which no change to
 * Collide moves. It is not constant across machines: NODE_EXTRA_CA_CERTS, for one, makes node
 * parse that certificate file before any script runs.
 */
export function benchNodeStart(runs: number): number[] {
  const ms: number[] = [];
  for (let r = -1; r < runs; r++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    if (r >= 0) ms.push(performance.now() - t0);
  }
  return ms;
}

/** (c): `node bin/collide.js check --format json FILE`, wall time per run (after one untimed run). */
export function benchCheck(scene: Scene, runs: number): CheckResult {
  const { dir, file } = tempScene(scene);
  const ms: number[] = [];
  let exitCode: number | null = null;
  let stdout = '';
  try {
    const timed = Math.max(runs, MIN_CHECK_RUNS);
    for (let r = -1; r < timed; r++) {
      const t0 = performance.now();
      const res = spawnSync(process.execPath, [COLLIDE, 'check', '--format', 'json', file], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      const elapsed = performance.now() - t0;
      exitCode = res.status;
      stdout = res.stdout;
      if (r < 0) continue; // the warm-up run: file and bundle now in the page cache
      ms.push(elapsed);
      if (ms[0]! > 10_000) break; // far off the target already: one run tells enough
    }
    const out = JSON.parse(stdout) as { files: { findings: { kind: string; a: string; b: string }[] }[] };
    const overlaps: number[] = [];
    for (const f of out.files[0]?.findings ?? []) {
      if (f.kind !== 'overlap') continue;
      const i = Number(f.a.slice(1));
      const j = Number(f.b.slice(1));
      overlaps.push(i < j ? i * scene.n + j : j * scene.n + i);
    }
    overlaps.sort((a, b) => a - b);
    return { ms, exitCode, overlaps };
  } catch (e) {
    return { ms, exitCode, overlaps: [], error: `could not read the CLI's JSON: ${(e as Error).message}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
