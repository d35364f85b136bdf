/**
 * An edit of an open level in the language server's level path (lsp/level-documents.ts): a
 * generated Tiled map (level-check.ts `tiledMapText`) opened, then one object moved at a time
 * (its `x` attribute rewritten), each version read, lowered and analyzed incrementally as the
 * server does. Per edit: the wall time to its analysis, and the longest stretch the event loop
 * was blocked meanwhile (the largest gap between two turns of a `setImmediate` chain), in wall
 * time and in the process's CPU time (less sensitive to the machine's load; GC threads count).
 *
 * Run with `node --import tsx bench/level-edit.ts [--n=N] [--edits=N]`.
 */
import { IncrementalAnalyzer } from '../server/src/analysis/incremental';
import { clock } from '../server/src/common/steps';
import { DEFAULT_SETTINGS } from '../server/src/features/settings';
import { LevelDocuments } from '../server/src/lsp/level-documents';
import { tiledMapText } from './level-check';

export interface LevelEditResult {
  readonly n: number;
  readonly openMs: number;
  readonly editMs: number[];
  /** Per edit, the longest block of the event loop (ms): wall time, and CPU time. */
  readonly blockMs: number[];
  readonly blockCpuMs: number[];
}

/** Moves object `id` of a map text by `dx` (its `x` attribute rewritten). */
function moved(text: string, id: number, dx: number): string {
  const at = text.indexOf(`<object id="${id}" x="`);
  const from = at + `<object id="${id}" x="`.length;
  const to = text.indexOf('"', from);
  return text.slice(0, from) + String(Number(text.slice(from, to)) + dx) + text.slice(to);
}

/** Runs `work` while a setImmediate chain watches the loop: its result, wall time and longest block. */
async function watched<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; blockMs: number; blockCpuMs: number }> {
  const cpu = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let last = clock();
  let lastCpu = cpu();
  let longest = 0;
  let longestCpu = 0;
  let running = true;
  const tick = (): void => {
    const now = clock();
    const nowCpu = cpu();
    longest = Math.max(longest, now - last);
    longestCpu = Math.max(longestCpu, nowCpu - lastCpu);
    last = now;
    lastCpu = nowCpu;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const t0 = clock();
  const value = await work();
  const ms = clock() - t0;
  running = false;
  longest = Math.max(longest, clock() - last);
  longestCpu = Math.max(longestCpu, cpu() - lastCpu);
  return { value, ms, blockMs: longest, blockCpuMs: longestCpu };
}

export async function benchLevelEdit(n: number, edits: number): Promise<LevelEditResult> {
  const levels = new LevelDocuments(() => undefined);
  const analyzer = new IncrementalAnalyzer();
  const uri = `file:///bench/map-${n}.tmx`;
  let text = tiledMapText(n);
  const open = await watched(() => levels.analyze(uri, 0, text, DEFAULT_SETTINGS, analyzer, () => false));
  if (!open.value) throw new Error('the open level was not analyzed');
  const editMs: number[] = [];
  const blockMs: number[] = [];
  const blockCpuMs: number[] = [];
  for (let e = 1; e <= edits; e++) {
    text = moved(text, 1 + ((e * 7919) % n), e % 2 ? 3 : -3);
    const r = await watched(() => levels.analyze(uri, e, text, DEFAULT_SETTINGS, analyzer, () => false));
    if (!r.value) throw new Error(`edit ${e} was not analyzed`);
    editMs.push(r.ms);
    blockMs.push(r.blockMs);
    blockCpuMs.push(r.blockCpuMs);
  }
  return { n, openMs: open.ms, editMs, blockMs, blockCpuMs };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export function describeLevelEdit(r: LevelEditResult): string {
  return `level edit, ${r.n} objects: open ${r.openMs.toFixed(0)} ms; per edit median ${median(r.editMs).toFixed(0)} ms, longest loop block median ${median(r.blockMs).toFixed(0)} ms wall (max ${Math.max(...r.blockMs).toFixed(0)}), ${median(r.blockCpuMs).toFixed(0)} ms CPU (max ${Math.max(...r.blockCpuMs).toFixed(0)}) over ${r.editMs.length} edits`;
}

if (require.main === module) {
  const arg = (name: string, fallback: number) => {
    const a = process.argv.find((x) => x.startsWith(`--${name}=`));
    return a ? Number(a.slice(name.length + 3)) : fallback;
  };
  void benchLevelEdit(arg('n', 100000), arg('edits', 5)).then((r) => process.stdout.write(`${describeLevelEdit(r)}\n`));
}
