/**
 * Whole-process cases: (c) `collide check` of a 10k-body file, and (d) the language server over
 * a real stdio connection: time from `didChange` to `publishDiagnostics` after a one-body edit,
 * and the server's resident memory with a 100k-body document open. Each runs only when its
 * bundle exists (dist/cli.js, dist/server.js), so the bench works while those are being built.
 *
 * Fidelity: the first CLI run and the first LSP edits are not timed (they measure a cold page
 * cache and an unoptimized incremental path, which a user meets once, not on every keystroke),
 * and there are enough timed samples for a p95 to be more than the largest of ten.
 *
 * Run alone (cases c and d only) with `node --import tsx bench/processes.ts [--runs=N]
 * [--edits=N] [--memory] [--cases=c,d,d′]` (--memory: also the server's memory with a 100k-body
 * document; --cases: only those cases, all by default; d′ is (d) with VS Code's request burst
 * after each edit); COLLIDE_BENCH_ROOT=DIR measures the bundles of another build (DIR/bin/collide.js
 * and DIR/dist/), so that two builds can be compared back to back on the same machine load.
 *
 * The cases live beside this file: `collide check` timing in cli-timing.ts, the server process
 * and its client in lsp-process.ts, latency in lsp-latency.ts and lsp-burst.ts, memory in
 * lsp-memory.ts; this file runs them alone.
 */
import { readFileSync } from 'node:fs';
import { ROOT, cliAvailable, serverAvailable } from './bundles';
import { MIN_CHECK_RUNS, benchCheck, benchNodeStart } from './cli-timing';
import { BURST_REQUESTS, benchLspBurst } from './lsp-burst';
import { ALL_PROBLEMS, benchLsp } from './lsp-latency';
import { IDLE_MS, SETTLE_MS, benchLspMemory, benchLspBurstMemory } from './lsp-memory';
import { MIN_LSP_EDITS } from './lsp-process';
import { generateScene } from './scenes';

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}

/** Cases (c) and (d) alone, at 10k bodies: for comparing builds without the peers' cases. */
async function main(): Promise<void> {
  const arg = (name: string, fallback: number) => {
    const a = process.argv.find((x) => x.startsWith(`--${name}=`));
    return a ? Number(a.slice(name.length + 3)) : fallback;
  };
  const scene = generateScene(10000, 0);
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  process.stdout.write(`bundles: ${ROOT}\nload average before: ${load()}\n`);
  const cases = (process.argv.find((x) => x.startsWith('--cases='))?.slice(8) ?? 'c,d,d′').split(',');
  if (cliAvailable() && cases.includes('c')) {
    const c = benchCheck(scene, arg('runs', MIN_CHECK_RUNS));
    const ms = c.ms.map((x) => x.toFixed(0)).join(' ');
    process.stdout.write(`(c) check: median ${quantile(c.ms, 0.5).toFixed(0)} ms, min ${Math.min(...c.ms).toFixed(0)} ms [${ms}], exit ${c.exitCode}, ${c.overlaps.length} overlaps${c.error ? `, ${c.error}` : ''}\n`);
    const floor = benchNodeStart(arg('runs', MIN_CHECK_RUNS));
    const extra = process.env.NODE_EXTRA_CA_CERTS ? ' (NODE_EXTRA_CA_CERTS is set)' : '';
    process.stdout.write(`    node -e 0 alone: median ${quantile(floor, 0.5).toFixed(0)} ms${extra}\n`);
  }
  if (serverAvailable() && cases.includes('d')) {
    for (const [label, settings] of [['(d) lsp', null], ['(d) lsp, every problem published (collide.diagnostics.limit 0)', ALL_PROBLEMS]] as const) {
      const d = await benchLsp(scene, arg('edits', MIN_LSP_EDITS), settings);
      process.stdout.write(
        `${label}: open ${d.openMs.toFixed(0)} ms, edit median ${quantile(d.latencies, 0.5).toFixed(1)} ms, p95 ${quantile(d.latencies, 0.95).toFixed(1)} ms over ${d.latencies.length} edits, ${d.published} diagnostics published; of which the server's, to the first byte: median ${quantile(d.serverLatencies ?? [], 0.5).toFixed(1)} ms, p95 ${quantile(d.serverLatencies ?? [], 0.95).toFixed(1)} ms; server CPU ${(d.serverCpuMsPerEdit ?? NaN).toFixed(2)} ms per edit${d.error ? `, ${d.error}` : ''}\n`,
      );
    }
  }
  if (serverAvailable() && cases.includes('d′')) {
    const d = await benchLspBurst(scene, arg('edits', MIN_LSP_EDITS));
    const each = BURST_REQUESTS.map((r) => `${r} ${quantile(d.requests[r], 0.5).toFixed(1)}`).join(', ');
    process.stdout.write(
      `(d′) lsp with VS Code's burst: edit median ${quantile(d.latencies, 0.5).toFixed(1)} ms, p95 ${quantile(d.latencies, 0.95).toFixed(1)} ms over ${d.latencies.length} edits; request medians (ms): ${each}${d.delta ? ' (tokens by delta)' : ''}${d.error ? `, ${d.error}` : ''}\n`,
    );
  }
  if (serverAvailable() && process.argv.includes('--memory') && cases.includes('d')) {
    const m = await benchLspMemory(generateScene(100000, 0));
    process.stdout.write(
      `(d) server RSS with a 100k-body document: ${m.rssMb.toFixed(0)} MB after the first publication, ${m.settledRssMb.toFixed(0)} MB after ${SETTLE_MS} ms idle, ${m.idleRssMb.toFixed(0)} MB after ${IDLE_MS / 1000} s idle, peak ${m.peakRssMb.toFixed(0)} MB${m.error ? `, ${m.error}` : ''}\n`,
    );
  }
  if (serverAvailable() && process.argv.includes('--memory') && cases.includes('d′')) {
    const b = await benchLspBurstMemory(generateScene(100000, 0));
    process.stdout.write(
      `(d′) server RSS with a 100k-body document after VS Code's burst, an edit and its burst: ${b.rssMb.toFixed(0)} MB, ${b.settledRssMb.toFixed(0)} MB after ${SETTLE_MS} ms idle, ${b.idleRssMb.toFixed(0)} MB after ${IDLE_MS / 1000} s idle, peak ${b.peakRssMb.toFixed(0)} MB${b.error ? `, ${b.error}` : ''}\n`,
    );
  }
  process.stdout.write(`load average after: ${load()}\n`);
}

if (require.main === module) void main();
