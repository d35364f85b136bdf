// `bench:editor -- --trace`: a Chrome trace of each paced typing run (the workbench page and the
// frames in its process), and a summary of where each busy thread's time went. CPU profiles show
// JavaScript; most of the workbench's time under a large document is Blink's own (style, layout,
// paint, raster, compositing, message passing), which only a trace names.
import { writeFileSync } from 'node:fs';

export const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink',
  'cc',
  'gpu',
  'v8.execute',
  'blink.user_timing',
];

/** Starts tracing `page`'s process (and the browser's other processes: the trace has them all). */
export async function startTrace(browser, page) {
  await browser.startTracing(page, { categories: CATEGORIES });
}

/** Stops tracing, writes the trace to `file` and returns the per-thread summary's lines. */
export async function stopTrace(browser, file) {
  const buffer = await browser.stopTracing();
  writeFileSync(file, buffer);
  return summarizeTrace(JSON.parse(buffer.toString('utf8')));
}

/**
 * Self time per event name on each thread with at least 100 ms of events: complete events ('X')
 * and begin/end pairs nest by time on a thread, and an event's self time is its duration less its
 * children's. Top-level task events ('ThreadControllerImpl::RunTask', 'RunTask') keep only their
 * self time, so a thread's busy time is the sum of its rows.
 */
export function summarizeTrace(trace) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const names = new Map();
  const byThread = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
    if (e.ph === 'M' && e.name === 'process_labels') names.set(`${e.pid}`, e.args?.labels ?? '');
  }
  for (const e of events) {
    if (e.ph !== 'X' && e.ph !== 'B' && e.ph !== 'E') continue;
    const key = `${e.pid}:${e.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  const lines = [];
  const threads = [];
  for (const [key, list] of byThread) {
    // Begin/end pairs become spans; complete events are spans already.
    const spans = [];
    const open = [];
    for (const e of list.sort((a, b) => a.ts - b.ts)) {
      if (e.ph === 'X') spans.push({ name: e.name, ts: e.ts, end: e.ts + (e.dur ?? 0) });
      else if (e.ph === 'B') open.push(e);
      else {
        const b = open.pop();
        if (b) spans.push({ name: b.name, ts: b.ts, end: e.ts });
      }
    }
    spans.sort((a, b) => a.ts - b.ts || b.end - a.end);
    const self = new Map();
    const stack = [];
    let busy = 0;
    const close = (s) => self.set(s.name, (self.get(s.name) ?? 0) + (s.end - s.ts - s.children) / 1000);
    for (const s of spans) {
      while (stack.length > 0 && stack.at(-1).end <= s.ts) close(stack.pop());
      s.children = 0;
      const parent = stack.at(-1);
      if (parent) parent.children += Math.min(s.end, parent.end) - s.ts;
      else busy += s.end - s.ts;
      stack.push(s);
    }
    while (stack.length > 0) close(stack.pop());
    threads.push({ key, name: names.get(key) ?? '?', busy: busy / 1000, self });
  }
  threads.sort((a, b) => b.busy - a.busy);
  for (const t of threads) {
    if (t.busy < 100) continue;
    lines.push(`${t.name} (${t.key}): ${t.busy.toFixed(0)} ms in tasks`);
    for (const [name, ms] of [...t.self].sort((a, b) => b[1] - a[1]).slice(0, 18)) lines.push(`  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
  }
  return lines;
}
