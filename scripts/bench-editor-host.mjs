// `bench:editor -- --host-profile`: a CPU profile of code-server's extension host over each paced
// run, to tell where a scene message waits between the host's post and the workbench's hand-off.
// Node opens its inspector on SIGUSR1 (127.0.0.1:9229); the profile is taken over the inspector's
// WebSocket, which Node 20 gives only with `--experimental-websocket`.
import { processTimes } from './bench-editor-cpu.mjs';

const INSPECTOR = 'http://127.0.0.1:9229';

/** The pid of code-server's extension host, or null when there is not exactly one. */
function extensionHostPid() {
  const hosts = [...processTimes()].filter(([, p]) => /--type=extensionHost\b/.test(p.cmd));
  return hosts.length === 1 ? Number(hosts[0][0]) : null;
}

/** A minimal CDP client over one WebSocket: send(method, params) → the result. */
function cdpClient(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const waiting = new Map();
    let id = 0;
    ws.onmessage = (event) => {
      const msg = JSON.parse(String(event.data));
      const w = waiting.get(msg.id);
      if (!w) return;
      waiting.delete(msg.id);
      if (msg.error) w.reject(new Error(`${msg.error.message} (${msg.error.code})`));
      else w.resolve(msg.result);
    };
    ws.onerror = () => reject(new Error(`no inspector at ${url}`));
    ws.onopen = () =>
      resolve({
        send: (method, params = {}) =>
          new Promise((res, rej) => {
            waiting.set(++id, { resolve: res, reject: rej });
            ws.send(JSON.stringify({ id, method, params }));
          }),
        close: () => ws.close(),
      });
  });
}

/**
 * Starts sampling the extension host's main thread; null (and a logged reason) when it cannot:
 * no WebSocket in this Node, no single extension host, or no inspector after the signal.
 */
export async function startHostProfile(log) {
  if (typeof WebSocket !== 'function') {
    log('host profile: run with node --experimental-websocket');
    return null;
  }
  const pid = extensionHostPid();
  if (pid === null) {
    log('host profile: no single extension host found');
    return null;
  }
  process.kill(pid, 'SIGUSR1');
  let targets = null;
  for (let i = 0; i < 50 && !targets; i++) {
    await new Promise((r) => setTimeout(r, 100));
    targets = await fetch(`${INSPECTOR}/json/list`).then((r) => r.json(), () => null);
  }
  const url = targets?.[0]?.webSocketDebuggerUrl;
  if (!url) {
    log(`host profile: extension host ${pid} opened no inspector`);
    return null;
  }
  const cdp = await cdpClient(url);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  log(`host profile: sampling extension host ${pid}`);
  return cdp;
}

/**
 * How busy the profiled thread was, from a profile's samples: the total, and the time outside
 * `(idle)` and `(program)` in windows of `windowMs`, so that a stall shows where it happened.
 */
export function busyWindows(profile, windowMs = 250) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const windows = [];
  let t = profile.startTime;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const name = byId.get(profile.samples[i]).callFrame.functionName;
    if (name === '(idle)' || name === '(program)') continue;
    busy += dt;
    const w = Math.floor((t - profile.startTime) / 1000 / windowMs);
    windows[w] = (windows[w] ?? 0) + dt / 1000;
  }
  return { totalMs: (profile.endTime - profile.startTime) / 1000, busyMs: busy / 1000, windows: Array.from(windows, (x) => Math.round(x ?? 0)) };
}
