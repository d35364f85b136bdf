// Where a keystroke's time goes in the editor bench: the server's and the extension host's message
// timelines (server/src/node/message-timeline.ts, client/src/timeline.ts; both written when
// COLLIDE_TIMELINE is set) laid beside the page's keydown and squiggle times, all on the epoch
// clock. Each keystroke whose squiggle showed is cut into:
//   key → didChange      the extension host's turn to send the change (keydown to the client's didChange)
//   didChange → read     the change on its way to the server (the pipe)
//   read → dispatch      the change waiting on the server's message loop behind other work
//   dispatch → publish   the analysis and the publication of that version (or a newer one)
//   publish → client     the diagnostics on their way back and through vscode-languageclient
//   client → squiggle    VS Code's markers, decorations and the renderer
// and `blockedBy` names the requests the server was answering while the change waited;
// `rendererBusy` is how much of the keystroke the workbench's main thread spent in long tasks.
import { existsSync, readFileSync } from 'node:fs';

export const SEGMENTS = ['key → didChange', 'didChange → read', 'read → dispatch', 'dispatch → publish', 'publish → client', 'client → squiggle'];

function readLines(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t'));
}

export function readTimeline(file) {
  const server = readLines(file).map(([t, event, method, id, version, queued]) => ({
    t: Number(t), event, method, id, version: version === '' ? null : Number(version), queued: queued === '' ? null : Number(queued),
  }));
  const client = readLines(`${file}.client`).map(([t, event, feature, version, ms]) => ({
    t: Number(t), event, feature, version: version === '' ? null : Number(version), ms: ms === '' ? null : Number(ms),
  }));
  return { server, client };
}

/**
 * The segments of each keystroke (`keys`: keydown times; `shownAt`: index → squiggle time), or
 * null for a keystroke the timelines cannot follow (no didChange, or its publication not found).
 */
export function attribute(timeline, keys, shownAt, longTasks = []) {
  const { server, client } = timeline;
  const out = [];
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const shown = shownAt[i];
    if (shown === undefined) continue;
    const change = client.find((e) => e.event === 'didChange' && e.t >= k - 1);
    if (!change || change.t > shown) continue;
    const v = change.version;
    const read = server.find((e) => e.event === 'read' && e.method === 'textDocument/didChange' && e.version === v);
    const dispatch = server.find((e) => e.event === 'dispatch' && e.method === 'textDocument/didChange' && e.version === v);
    if (!read || !dispatch) continue;
    const publish = server.find((e) => e.event === 'write' && e.method === 'textDocument/publishDiagnostics' && e.version !== null && e.version >= v && e.t >= dispatch.t);
    if (!publish) continue;
    const arrived = client.find((e) => e.event === 'diagnostics' && e.t >= publish.t);
    if (!arrived) continue;
    // Requests dispatched before the change and answered after it was read: the change waited on them.
    const blockedBy = [];
    for (const d of server) {
      if (d.event !== 'dispatch' || d.t >= dispatch.t || d.id === '' || d.method === 'response') continue;
      const answer = server.find((e) => e.event === 'write' && e.method === 'response' && e.id === d.id && e.t >= d.t);
      if (answer && answer.t > read.t) blockedBy.push(`${d.method}@${d.version ?? ''}`);
    }
    out.push({
      key: i,
      version: v,
      segments: [change.t - k, read.t - change.t, dispatch.t - read.t, publish.t - dispatch.t, arrived.t - publish.t, shown - arrived.t],
      total: shown - k,
      blockedBy,
      rendererBusy: longTasks.reduce((sum, lt) => sum + Math.max(0, Math.min(lt.t + lt.ms, shown) - Math.max(lt.t, k)), 0),
    });
  }
  return out;
}

/** The median of the finite numbers in `xs` (NaN when there is none). */
export const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Medians of each segment over the attributed keystrokes, and how often each request blocked a change. */
export function summarize(rows) {
  const blockers = {};
  for (const r of rows) for (const b of new Set(r.blockedBy.map((x) => x.replace(/@.*/, '')))) blockers[b] = (blockers[b] ?? 0) + 1;
  return {
    n: rows.length,
    medians: Object.fromEntries(SEGMENTS.map((name, j) => [name, median(rows.map((r) => r.segments[j]))])),
    total: median(rows.map((r) => r.total)),
    rendererBusy: median(rows.map((r) => r.rendererBusy)),
    blockers,
  };
}

/** The extension host's request times (send → converted answer) by feature: median and count. */
export function clientRequests(timeline, from, to) {
  const by = {};
  for (const e of timeline.client) if (e.event === 'answer' && e.t >= from && e.t <= to) (by[e.feature] ??= []).push(e.ms);
  return Object.fromEntries(Object.entries(by).map(([f, xs]) => [f, { n: xs.length, median: median(xs), max: Math.max(...xs) }]));
}

/**
 * The preview's side of each update: for every scene or delta message that reached the preview's
 * frame (`messages`: arrival time and version), the server's publication of that version → the
 * message's arrival (the scene request, its answer, the extension host and the webview's relay),
 * cut at the client's post to its webview where the client's timeline has it, and that post's way
 * cut again where the workbench handed the message to the webview's port (`ports`: time and version,
 * installPortHook), and the arrival → the first draw showing that version or a newer one; with the draws' own
 * durations (`draws`: end time `t`, `drawMs`, `absoluteVersion`).
 */
export function previewPath(timeline, messages, draws, ports = []) {
  const published = new Map();
  for (const e of timeline.server) if (e.event === 'write' && e.method === 'textDocument/publishDiagnostics' && e.version !== null && !published.has(e.version)) published.set(e.version, e.t);
  const posted = new Map();
  // A post's line has the message's type in the version column and the version it brings last.
  for (const e of timeline.client) if (e.event === 'previewPosted' && e.ms !== null && !posted.has(e.ms)) posted.set(e.ms, e.t);
  const toArrival = [];
  const toPost = [];
  const postToArrival = [];
  const toDraw = [];
  const postToPort = [];
  const portToArrival = [];
  for (const m of messages) {
    if (m.version === null) continue;
    const p = published.get(m.version);
    if (p !== undefined && p <= m.t) toArrival.push(m.t - p);
    const q = posted.get(m.version);
    if (q !== undefined && p !== undefined && p <= q && q <= m.t) {
      toPost.push(q - p);
      postToArrival.push(m.t - q);
      const port = ports.find((x) => x.version === m.version && x.t >= q && x.t <= m.t);
      if (port) {
        postToPort.push(port.t - q);
        portToArrival.push(m.t - port.t);
      }
    }
    const d = draws.find((x) => x.t >= m.t && x.absoluteVersion !== null && x.absoluteVersion >= m.version);
    if (d) toDraw.push(d.t - m.t);
  }
  return {
    messages: messages.length,
    publishToArrival: median(toArrival),
    publishToPost: median(toPost),
    postToArrival: median(postToArrival),
    postToPort: median(postToPort),
    portToArrival: median(portToArrival),
    arrivalToDraw: median(toDraw),
    drawMs: median(draws.map((d) => d.drawMs)),
  };
}
