// `bench:editor -- --profile`: where the CPU went. The workbench page's CPU profile over a run,
// and every process's CPU time from /proc (proportions stay readable on a busy machine where
// latencies do not).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * `--profile`: the workbench page's CPU profile (a webview in the page's process shows there
 * too), written to `file` by stopProfile, with the functions of most self time on stderr.
 */
export async function startProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  // The profile's clock is the renderer's monotonic one: the epoch time of its start, read just
  // after, lets its samples be laid beside the pages' marks and the timelines (within a round trip).
  epochAtStart.set(cdp, await page.evaluate(() => performance.timeOrigin + performance.now()));
  return cdp;
}

const epochAtStart = new WeakMap();

export async function stopProfile(cdp, log, file) {
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(file, JSON.stringify({ ...profile, epochAtStart: epochAtStart.get(cdp) }));
  const dt = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const self = new Map();
  let total = 0;
  for (const [id, us] of dt) {
    const cf = byId.get(id).callFrame;
    const key = `${cf.functionName || '(anonymous)'} ${cf.url.replace(/.*\//, '')}:${cf.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + us);
    total += us;
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 40);
  log(`profile: ${(total / 1000).toFixed(0)} ms sampled; most self time:`);
  for (const [k, us] of top) log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  return profile;
}

/** Every process's CPU time (user + system, ms) by pid, with a short name, from /proc. */
export function processTimes() {
  const out = new Map();
  const tick = 10; // USER_HZ = 100 on Linux
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(rest[11]) + Number(rest[12])) * tick;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      out.set(pid, { ms, cmd });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/**
 * The processes that took CPU between two processTimes(), busiest first: [ms, pid, short name]
 * (a process started in between counts all its time).
 */
function cpuDeltas(before, after) {
  const rows = [];
  for (const [pid, a] of after) {
    const d = a.ms - (before.get(pid)?.ms ?? 0);
    if (d > 0) rows.push([d, pid, shortCmd(a.cmd)]);
  }
  return rows.sort((x, y) => y[0] - x[0]);
}

export function logCpu(label, before, after, keys) {
  const rows = cpuDeltas(before, after);
  const total = rows.reduce((n, [d]) => n + d, 0);
  console.error(`bench-editor: CPU while typing (${label}, ${keys} keys): ${total} ms in all`);
  for (const [d, pid, cmd] of rows.slice(0, 10)) console.error(`  ${String(d).padStart(6)} ms  ${pid} ${cmd}`);
}

/**
 * The CPU time (ms) each kind of process took between two processTimes(): the workbench's
 * renderers (the preview's frame runs in the workbench's), the extension host, Collide's
 * language server, the GPU process, and all others together.
 */
export function cpuByRole(before, after) {
  const roles = { renderer: 0, 'extension host': 0, 'language server': 0, gpu: 0, other: 0 };
  for (const [d, , cmd] of cpuDeltas(before, after)) {
    const role = cmd.startsWith('extension host') ? 'extension host' : cmd.startsWith('chromium renderer') ? 'renderer' : cmd.startsWith('chromium gpu') ? 'gpu' : /dist\/server\.js/.test(cmd) ? 'language server' : 'other';
    roles[role] += d;
  }
  return roles;
}

function shortCmd(cmd) {
  // code-server's extension host is a Node process of `--type=extensionHost`, not Chromium's.
  if (/--type=extensionHost\b/.test(cmd)) return 'extension host (node)';
  const type = /--type=([a-z-]+)/.exec(cmd)?.[1];
  if (type) return `chromium ${type}${/--extension-process|renderer-client-id=(\d+)/.exec(cmd)?.[0] ?? ''}`;
  return cmd.replace(/\s+/g, ' ').slice(0, 140);
}

/**
 * Waits until the machine is quiet: every process together under `idleMs` of CPU (of the 2,000
 * ms two cores give) in each of two one-second windows (the bench's own process and browser
 * included: an idle workbench with the file open takes 150-250), or `maxMs` passed.
 * A large document keeps VS Code busy for a while after it shows (its TextMate worker tokenizes
 * the whole file: about 17 s of CPU for the 100k-body scene). Returns the time waited, ms.
 */
export async function settle({ idleMs = 300, maxMs = 120_000 } = {}) {
  const t0 = Date.now();
  let quiet = 0;
  let before = processTimes();
  let busiest = '';
  while (quiet < 2 && Date.now() - t0 < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = processTimes();
    const rows = cpuDeltas(before, after);
    const busy = rows.reduce((n, [d]) => n + d, 0);
    busiest = rows.slice(0, 3).map(([d, , cmd]) => `${d} ms ${cmd.slice(0, 60)}`).join('; ');
    before = after;
    quiet = busy < idleMs ? quiet + 1 : 0;
  }
  return { ms: Date.now() - t0, quiet: quiet >= 2, busiest };
}
