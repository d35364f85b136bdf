// What scripts/bench-editor.mjs records in its pages and what the records come to: the
// recorders that run in the workbench page and in the preview's frame (each passed to
// page.evaluate, so each is whole in itself and uses no name of this module), and the figures
// taken from their records (latencies per keystroke, catch-up, the preview's redraws).
import { median } from './bench-editor-timeline.mjs';

export function stats(xs) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const q = (p) => (s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]);
  return { n: s.length, median: median(s), p90: q(0.9), p95: q(0.95), max: s.length ? s[s.length - 1] : NaN };
}

/**
 * Runs in the workbench page: records every keydown and every change of what the editor shows on
 * the watched lines (squiggle present, line text) and of the status bar's overlap count.
 */
export function installRecorder({ lines }) {
  const now = () => performance.timeOrigin + performance.now();
  const editorRoot = () => document.querySelector('.part.editor .editor-group-container.active .monaco-editor')
    ?? document.querySelector('.part.editor .monaco-editor');
  const topOf = (ed, n) => {
    for (const e of ed.querySelectorAll('.margin-view-overlays .line-numbers')) {
      if (e.textContent.trim() === String(n)) return e.parentElement?.style.top ?? null;
    }
    return null;
  };
  const read = () => {
    const ed = editorRoot();
    let squiggle = false;
    let text = null;
    if (ed) {
      const tops = new Set(lines.map((n) => topOf(ed, n)).filter((t) => t !== null));
      for (const d of ed.querySelectorAll('.view-overlays > div')) {
        if (tops.has(d.style.top) && d.querySelector('.squiggly-warning, .squiggly-error')) squiggle = true;
      }
      const first = topOf(ed, lines[0]);
      for (const l of ed.querySelectorAll('.view-lines > .view-line')) if (l.style.top === first) text = l.textContent;
    }
    let overlaps = null;
    for (const s of document.querySelectorAll('.statusbar-item')) {
      const m = /([\d,]+) overlaps?\b/.exec(s.textContent ?? '');
      if (m) overlaps = Number(m[1].replace(/,/g, ''));
    }
    return { squiggle, len: text === null ? null : text.length, overlaps };
  };
  const rec = { keys: [], states: [], longTasks: [] };
  // The workbench's own long tasks (over 50 ms on its main thread), for bench-editor-timeline.mjs.
  const lt = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) rec.longTasks.push({ t: performance.timeOrigin + e.startTime, ms: e.duration });
  });
  try { lt.observe({ type: 'longtask' }); } catch { /* not in this browser */ }
  let last = '';
  const sample = () => {
    const s = read();
    const key = JSON.stringify(s);
    if (key !== last) {
      last = key;
      rec.states.push({ t: now(), ...s });
    }
  };
  const onKey = (e) => rec.keys.push({ t: performance.timeOrigin + e.timeStamp, key: e.key });
  window.addEventListener('keydown', onKey, true);
  // Only what read() reads is watched: the editor's lines, overlays and line numbers, and the
  // status bar. Watching the whole workbench ran read() on every change anywhere (the cursor's
  // blink, the preview's container), which put as much work on the workbench's thread as the
  // preview's own page does.
  const mo = new MutationObserver(sample);
  const ed = editorRoot();
  const parts = ['.view-overlays', '.view-lines', '.margin-view-overlays'].map((sel) => [...(ed?.querySelectorAll(sel) ?? [])]);
  const bar = document.querySelector('.part.statusbar');
  const watched = bar && parts.every((p) => p.length > 0) ? [...parts.flat(), bar] : [document.querySelector('.monaco-workbench')];
  for (const el of watched) mo.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
  sample();
  window.__editorBench = { rec, stop: () => { mo.disconnect(); lt.disconnect(); window.removeEventListener('keydown', onKey, true); rec.stoppedAt = now(); return rec; }, read };
}

/**
 * Runs in the workbench page: when VS Code hands each scene message to the webview's message port
 * (its WebviewElement posts `{ channel: 'message', args }` to the port of the webview's outer
 * frame), so that a message's way from the extension host's post to the preview's frame splits
 * at the workbench; and each read of the extension host's socket, where the messages wait.
 */
export function installPortHook() {
  if (!window.__editorBenchPorts) {
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (m, ...rest) {
      const msg = m?.channel === 'message' ? m.args?.message : null;
      if (msg?.type === 'scene' || msg?.type === 'sceneDelta') {
        window.__editorBenchPorts.push({ t: performance.timeOrigin + performance.now(), version: msg.delta?.version ?? msg.scene?.version ?? null });
      }
      return post.call(this, m, ...rest);
    };
    // Each read of the extension host's socket (the workbench reads one WebSocket message's Blob
    // at a time, in order): when it started and ended, and which RPC calls of ours it carried.
    // The reader starts its next read inside its `onload`, which runs before any listener; so its
    // handler is wrapped, once, to see each result before the next read replaces it.
    const read = FileReader.prototype.readAsArrayBuffer;
    const latin1 = new TextDecoder('latin1');
    const calls = [['$postMessage', 'scene'], ['$changeMany', 'diagnostics'], ['$setEntry', 'status bar']];
    FileReader.prototype.readAsArrayBuffer = function (blob) {
      this.__benchStart = performance.timeOrigin + performance.now();
      if (!this.__benchWrapped && typeof this.onload === 'function') {
        this.__benchWrapped = true;
        const onload = this.onload;
        this.onload = function (e) {
          const text = this.result instanceof ArrayBuffer ? latin1.decode(this.result) : '';
          const kinds = calls.filter(([call]) => text.includes(call)).map(([, kind]) => kind);
          window.__editorBenchReads?.push({ start: this.__benchStart, t: performance.timeOrigin + performance.now(), size: text.length, kinds });
          return onload.call(this, e);
        };
      }
      return read.call(this, blob);
    };
  }
  window.__editorBenchPorts = [];
  window.__editorBenchReads = [];
}

/** Runs in the preview's frame: records each draw with the scene version it showed. */
export function installDrawHook() {
  const app = globalThis.collidePreview;
  if (!globalThis.__editorBenchDraws) {
    const draw = app.drawNow.bind(app);
    app.drawNow = (mode) => {
      const t0 = performance.now();
      const r = draw(mode);
      const t1 = performance.now();
      globalThis.__editorBenchDraws.push({ t: performance.timeOrigin + t1, ms: t1 - t0, version: app.debugState().version, frame: r });
      return r;
    };
    // Each host message as it reaches the frame, before the app handles it (capture phase).
    window.addEventListener('message', (e) => {
      const m = e.data;
      const version = m?.delta?.version ?? m?.scene?.version ?? null;
      if (m?.type === 'scene' || m?.type === 'sceneDelta') globalThis.__editorBenchMessages.push({ t: performance.timeOrigin + e.timeStamp, type: m.type, version });
    }, true);
  }
  globalThis.__editorBenchDraws = [];
  globalThis.__editorBenchMessages = [];
  return app.debugState().version;
}

/**
 * Per keystroke i, the time from its keydown to the first change after it into a state that shows
 * what it asked for (`shows(i, state)`), counted only before keystroke i + 2 (after that the same
 * state may be a later keystroke's). Keystrokes whose change never showed alone are `coalesced`.
 * `at[i]` is the absolute time of keystroke i's change.
 */
function latencies(rec, shows) {
  const out = [];
  const at = {};
  for (let i = 0; i < rec.keys.length; i++) {
    const k = rec.keys[i].t;
    const until = rec.keys[i + 2]?.t ?? Infinity;
    let prev = rec.states.filter((s) => s.t < k).at(-1) ?? null;
    for (const s of rec.states) {
      if (s.t < k) continue;
      if (s.t >= until) break;
      if (shows(i, s) && (!prev || !shows(i, prev))) {
        at[i] = s.t;
        out.push(s.t - k);
        break;
      }
      prev = s;
    }
  }
  return { ...stats(out), coalesced: rec.keys.length - out.length, samples: out.map((x) => Math.round(x * 10) / 10), at };
}

/**
 * From the last keydown to the last change of `field` after it, and whether the final state
 * shows the last keystroke.
 */
function catchUp(rec, field, shows) {
  const last = rec.keys[rec.keys.length - 1].t;
  let t = null;
  let prevValue = rec.states.filter((s) => s.t < last).at(-1)?.[field];
  for (const s of rec.states) {
    if (s.t < last) continue;
    if (s[field] !== prevValue) t = s.t;
    prevValue = s[field];
  }
  const final = rec.states.at(-1);
  return { ms: t === null ? 0 : t - last, right: !!final && shows(rec.keys.length - 1, final) };
}

/** For each keystroke, the preview's first draw of that edit's version or a later one. */
export function redraws(rec, allDraws, version0, squiggleAt) {
  const draws = allDraws.filter((x) => x.t < rec.stoppedAt);
  const lastKey = rec.keys.length - 1;
  const final = draws.find((x) => x.t >= rec.keys[lastKey].t && x.version !== null && x.version >= version0 + lastKey + 1);
  const afterKey = [];
  const afterSquiggle = [];
  for (let i = 0; i < rec.keys.length; i++) {
    const k = rec.keys[i].t;
    const d = draws.find((x) => x.t >= k && x.version !== null && x.version >= version0 + i + 1);
    if (!d) continue;
    afterKey.push(d.t - k);
    if (squiggleAt[i] !== undefined) afterSquiggle.push(d.t - squiggleAt[i]);
  }
  return { afterKey: stats(afterKey), afterSquiggle: stats(afterSquiggle), catchUpMs: final ? final.t - rec.keys[lastKey].t : null };
}

/** The figures of one typing run; `len0`, `overlaps0`: the line length and count before it. */
export function typingFigures(rec, len0, overlaps0) {
  // Even keystrokes type the `9` (the probe leaves its target), odd ones delete it again.
  const echo = (i, s) => s.len === len0 + (i % 2 === 0 ? 1 : 0);
  const squiggle = (i, s) => s.squiggle === (i % 2 === 1);
  const status = (i, s) => s.overlaps !== null && (i % 2 === 1 ? s.overlaps === overlaps0 : s.overlaps < overlaps0);
  return {
    echo: latencies(rec, echo),
    squiggle: latencies(rec, squiggle),
    status: latencies(rec, status),
    catchUp: { squiggle: catchUp(rec, 'squiggle', squiggle), status: catchUp(rec, 'overlaps', status) },
  };
}

/** Runs in the page: PageDown's effect on the code lenses, one frame at a time until they are all filled in. */
export function watchLenses(bound) {
  const ed = document.querySelector('.part.editor .editor-group-container.active .monaco-editor');
  const content = ed.querySelector('.lines-content');
  const startTop = content.style.top;
  const box = ed.getBoundingClientRect();
  return new Promise((resolve) => {
    let keyAt = null;
    const onKey = (e) => { keyAt ??= performance.timeOrigin + e.timeStamp; };
    window.addEventListener('keydown', onKey, true);
    const t0 = performance.timeOrigin + performance.now();
    let maxBlank = 0;
    let blankFrames = 0;
    const frame = () => {
      const now = performance.timeOrigin + performance.now();
      const scrolled = content.style.top !== startTop;
      let shown = 0;
      let blank = 0;
      for (const l of ed.querySelectorAll('.codelens-decoration')) {
        const r = l.getBoundingClientRect();
        if (r.height === 0 || r.bottom <= box.top || r.top >= box.bottom) continue;
        shown++;
        if ((l.textContent ?? '').replace(/\u00a0/g, ' ').trim() === '') blank++;
      }
      if (scrolled) {
        maxBlank = Math.max(maxBlank, blank);
        if (blank > 0) blankFrames++;
      }
      if (scrolled && keyAt !== null && shown > 0 && blank === 0) {
        window.removeEventListener('keydown', onKey, true);
        resolve({ ms: now - keyAt, shown, maxBlank, blankFrames });
      } else if (now - t0 > bound) {
        window.removeEventListener('keydown', onKey, true);
        resolve({ ms: null, shown, maxBlank, blankFrames, scrolled, timedOut: true });
      } else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * The workbench's reads of the extension host's socket over a run: how many per keystroke, how
 * many carried each kind of our calls, how long a read took (it waits for the thread), and the
 * median size of a read that carried diagnostics.
 */
export function socketReads(reads, keys) {
  const kinds = { diagnostics: 0, scene: 0, 'status bar': 0, 'none of these': 0 };
  for (const r of reads) {
    for (const k of r.kinds) kinds[k]++;
    if (r.kinds.length === 0) kinds['none of these']++;
  }
  const ms = stats(reads.map((r) => r.t - r.start));
  const diagnosticsBytes = stats(reads.filter((r) => r.kinds.includes('diagnostics')).map((r) => r.size)).median;
  return { n: reads.length, perKey: reads.length / keys, kinds, median: ms.median, p90: ms.p90, diagnosticsBytes };
}
