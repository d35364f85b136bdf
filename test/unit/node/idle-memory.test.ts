import { strict as assert } from 'node:assert';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import * as vm from 'node:vm';
import { FULL_GROWTH_BYTES, IdleMemory, IDLE_DELAY_MS, v8Collector, type Collector, type IdleWork, type Timer } from '../../../server/src/node/idle-memory';

/** A clock and a timer queue that only move when the test says so. */
class ManualTime {
  now = 0;
  private queue: { at: number; fn: () => void; live: boolean }[] = [];
  schedule = (fn: () => void, ms: number): Timer => {
    const entry = { at: this.now + ms, fn, live: true };
    this.queue.push(entry);
    return { cancel: () => (entry.live = false) };
  };
  /** Moves the clock by `ms`, running every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = this.queue.filter((e) => e.live && e.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      due.live = false;
      this.now = due.at;
      due.fn();
    }
    this.now = end;
  }
  pending(): number {
    return this.queue.filter((e) => e.live).length;
  }
  /** A later turn of the event loop: a timer due now, run after those already due. */
  defer = (fn: () => void): Timer => this.schedule(fn, 0);
}

/**
 * Work of `slices` slices, each taking `sliceMs` of the manual clock (it advances the clock
 * itself, as real work takes time, and stops when told to yield), recording when each ran;
 * `wait` makes the next steps answer 'wait'.
 */
function slicedWork(time: ManualTime, units: number, unitMs: number): { work: IdleWork; done: number; slices: number[]; wait: boolean } {
  const r = {
    done: 0,
    slices: [] as number[],
    wait: false,
    work: {
      step: (shouldYield: () => boolean): 'done' | 'more' | 'wait' => {
        if (r.wait) return 'wait';
        r.slices.push(time.now);
        while (r.done < units) {
          if (shouldYield()) return 'more';
          time.now += unitMs;
          r.done++;
        }
        return 'done';
      },
    },
  };
  return r;
}

/** A collector that records when it ran and answers `shrunk` in turn (true when they run out). */
function recording(time: ManualTime, shrunk: boolean[] = []): { calls: number[]; made: number; factory: () => Collector } {
  const r = {
    calls: [] as number[],
    made: 0,
    factory: (): Collector => {
      r.made++;
      return {
        collect: () => {
          r.calls.push(time.now);
          return shrunk.shift() ?? true;
        },
      };
    },
  };
  return r;
}

describe('idle memory: the nursery is collected once the server is quiet', () => {
  it('collects once, the delay after the last message, and never while messages keep coming', () => {
    const time = new ManualTime();
    const c = recording(time);
    const idle = new IdleMemory({ collector: c.factory, delayMs: 100, now: () => time.now, schedule: time.schedule });
    idle.touch();
    for (let t = 0; t < 20; t++) {
      time.advance(60);
      idle.touch();
    }
    assert.deepEqual(c.calls, [], 'a message every 60 ms is never a quiet 100 ms');
    assert.equal(c.made, 0, 'the collector is not even made before the first quiet period');
    const last = time.now;
    time.advance(99);
    assert.deepEqual(c.calls, []);
    time.advance(1);
    assert.deepEqual(c.calls, [last + 100]);
    time.advance(10_000);
    assert.deepEqual(c.calls, [last + 100], 'once per quiet period');
    assert.equal(time.pending(), 0, 'and no timer left behind');
  });

  it('keeps one timer however many messages come', () => {
    const time = new ManualTime();
    const idle = new IdleMemory({ collector: recording(time).factory, delayMs: 100, now: () => time.now, schedule: time.schedule });
    for (let k = 0; k < 1000; k++) idle.touch();
    assert.equal(time.pending(), 1);
  });

  it('tries again after another delay while the nursery has not shrunk, at most three times, and a message starts over', () => {
    const time = new ManualTime();
    const c = recording(time, [false, false, false, false, true]);
    const idle = new IdleMemory({ collector: c.factory, delayMs: 100, now: () => time.now, schedule: time.schedule });
    idle.touch();
    time.advance(1000);
    assert.deepEqual(c.calls, [100, 200, 300], 'three attempts, a delay apart, then it gives up');
    assert.equal(time.pending(), 0);
    idle.touch(); // at 1000
    time.advance(1000);
    assert.deepEqual(c.calls, [100, 200, 300, 1100, 1200], 'a new quiet period: until it shrinks');
    assert.equal(c.made, 1, 'one collector for the life of the server');
  });

  it('a message between attempts postpones the next one', () => {
    const time = new ManualTime();
    const c = recording(time, [false, true]);
    const idle = new IdleMemory({ collector: c.factory, delayMs: 100, now: () => time.now, schedule: time.schedule });
    idle.touch();
    time.advance(150); // first attempt at 100, not shrunk
    idle.touch(); // at 150
    time.advance(99);
    assert.deepEqual(c.calls, [100]);
    time.advance(1);
    assert.deepEqual(c.calls, [100, 250]);
  });

  it('collects the whole heap after the nursery, once the heap has grown by FULL_GROWTH_BYTES since the last time', () => {
    const time = new ManualTime();
    const events: string[] = [];
    let used = 10 * 1024 * 1024;
    const shrunk = [false, true];
    const collector: Collector = {
      collect: () => (events.push(`minor@${time.now}`), shrunk.shift() ?? true),
      collectAll: () => {
        events.push(`full@${time.now}`);
        used = 60 * 1024 * 1024; // what is live after it
      },
      usedBytes: () => used,
    };
    const idle = new IdleMemory({ collector: () => collector, delayMs: 100, now: () => time.now, schedule: time.schedule });
    idle.touch();
    time.advance(1000);
    assert.deepEqual(events, ['minor@100', 'minor@200'], 'under FULL_GROWTH_BYTES since the start: the nursery only');
    used = 10 * 1024 * 1024 + FULL_GROWTH_BYTES; // a large document opened
    idle.touch(); // at 1000
    time.advance(1000);
    assert.deepEqual(events.slice(2), ['minor@1100', 'full@1100'], 'after the nursery is done, not while it is still tried');
    used = 60 * 1024 * 1024 + FULL_GROWTH_BYTES - 1;
    idle.touch(); // at 2000
    time.advance(1000);
    assert.deepEqual(events.slice(4), ['minor@2100'], 'grown by less than FULL_GROWTH_BYTES since the last full collection');
    used = 60 * 1024 * 1024 + FULL_GROWTH_BYTES;
    idle.touch(); // at 3000
    time.advance(50);
    idle.touch(); // a message first: nothing yet
    time.advance(1000);
    assert.deepEqual(events.slice(5), ['minor@3150', 'full@3150']);
  });

  it('counts the growth from the smallest heap seen in a quiet period since, when V8 collected the whole heap itself', () => {
    const time = new ManualTime();
    const events: string[] = [];
    const MB = 1024 * 1024;
    let used = 100 * MB;
    const collector: Collector = {
      collect: () => (events.push(`minor@${time.now}`), true),
      collectAll: () => {
        events.push(`full@${time.now}`);
        used = 95 * MB; // a large document is live
      },
      usedBytes: () => used,
    };
    const idle = new IdleMemory({ collector: () => collector, delayMs: 100, now: () => time.now, schedule: time.schedule });
    idle.touch();
    time.advance(1000);
    assert.deepEqual(events, ['minor@100', 'full@100']);
    used = 20 * MB; // the document closed, and a full collection of V8's own freed it
    idle.touch(); // at 1000
    time.advance(1000);
    assert.deepEqual(events.slice(2), ['minor@1100']);
    used = 20 * MB + FULL_GROWTH_BYTES; // another large document opened: grown by FULL_GROWTH_BYTES since the quiet 20 MB
    idle.touch(); // at 2000
    time.advance(1000);
    assert.deepEqual(events.slice(3), ['minor@2100', 'full@2100'], 'the growth since 95 MB is not what counts');
  });

  it('collects the whole heap also when the nursery would not shrink in three attempts', () => {
    const time = new ManualTime();
    const events: string[] = [];
    const collector: Collector = {
      collect: () => (events.push(`minor@${time.now}`), false),
      collectAll: () => void events.push(`full@${time.now}`),
      usedBytes: () => 2 * FULL_GROWTH_BYTES,
    };
    const idle = new IdleMemory({ collector: () => collector, delayMs: 100, now: () => time.now, schedule: time.schedule });
    idle.touch();
    time.advance(1000);
    assert.deepEqual(events, ['minor@100', 'minor@200', 'minor@300', 'full@300']);
  });

  it('where no collector can be had, asks once and does nothing more', () => {
    const time = new ManualTime();
    let asked = 0;
    const idle = new IdleMemory({ collector: () => (asked++, null), delayMs: 100, now: () => time.now, schedule: time.schedule });
    idle.touch();
    time.advance(500);
    idle.touch();
    time.advance(500);
    assert.equal(asked, 1);
    assert.equal(time.pending(), 0);
  });

  it('after dispose, nothing is scheduled or collected', () => {
    const time = new ManualTime();
    const c = recording(time);
    const idle = new IdleMemory({ collector: c.factory, delayMs: 100, now: () => time.now, schedule: time.schedule });
    idle.touch();
    idle.dispose();
    idle.touch();
    time.advance(1000);
    assert.deepEqual(c.calls, []);
    assert.equal(time.pending(), 0);
  });

  it('does the idle work in slices of at most SLICE_MS, each in a later turn, collecting after each, then collects once more', () => {
    const time = new ManualTime();
    const c = recording(time);
    const w = slicedWork(time, 10, 2); // 20 ms of work: 5 ms slices of 3 units (the third ends at 6 ms)
    const idle = new IdleMemory({ collector: c.factory, delayMs: 100, now: () => time.now, schedule: time.schedule, defer: time.defer, work: w.work });
    idle.touch();
    time.advance(99);
    assert.deepEqual(w.slices, []);
    time.advance(1000);
    assert.equal(w.done, 10);
    assert.deepEqual(w.slices, [100, 106, 112, 118]);
    assert.deepEqual(c.calls, [106, 112, 118, 120], "after each slice but the last, the slice's garbage; then the collection proper");
    time.advance(10_000);
    assert.equal(w.slices.length, 4, 'once per quiet period');
    assert.equal(time.pending(), 0);
  });

  it('a message between slices stops the work, and the next quiet period takes it up where it was', () => {
    const time = new ManualTime();
    const c = recording(time);
    const w = slicedWork(time, 10, 2);
    const idle = new IdleMemory({ collector: c.factory, delayMs: 100, now: () => time.now, schedule: time.schedule, defer: time.defer, work: w.work });
    idle.touch();
    // A message arrives as the first slice ends (at 106), before the second can start.
    time.schedule(() => idle.touch(), 106);
    time.advance(106);
    assert.deepEqual(w.slices, [100]);
    assert.equal(w.done, 3);
    time.advance(99);
    assert.deepEqual(w.slices, [100], 'waits for a whole quiet delay again');
    time.advance(1000);
    assert.equal(w.done, 10, 'the rest, in the next quiet period');
    assert.deepEqual(w.slices.slice(1), [206, 212, 218]);
    time.advance(1000);
    idle.touch();
    time.advance(1000);
    assert.equal(w.slices.length, 5, 'a new quiet period steps the work again (done at once)');
  });

  it('work that cannot go on now is tried again after another delay, and no collection comes before it is done', () => {
    const time = new ManualTime();
    const c = recording(time);
    const w = slicedWork(time, 1, 1);
    w.wait = true;
    const idle = new IdleMemory({ collector: c.factory, delayMs: 100, now: () => time.now, schedule: time.schedule, defer: time.defer, work: w.work });
    idle.touch();
    time.advance(350);
    assert.deepEqual(c.calls, []);
    w.wait = false;
    time.advance(100);
    assert.deepEqual(w.slices, [400]);
    assert.deepEqual(c.calls, [401]);
  });

  it('without a collector, the work is still done in every quiet period', () => {
    const time = new ManualTime();
    const w = slicedWork(time, 4, 2);
    const idle = new IdleMemory({ collector: () => null, delayMs: 100, now: () => time.now, schedule: time.schedule, defer: time.defer, work: w.work });
    idle.touch();
    time.advance(1000);
    assert.equal(w.done, 4);
    idle.touch();
    time.advance(1000);
    assert.equal(w.slices.length, 3);
  });

  it('waits longer than the 5 s over which V8 judges the allocation rate', () => {
    assert.ok(IDLE_DELAY_MS > 5000);
  });

  it("V8's young-generation collection is had in this Node, and the flag it takes is set back", () => {
    const collector = v8Collector();
    assert.ok(collector, 'Node 20 and later: --expose-gc can be set at run time');
    assert.equal(vm.runInNewContext('typeof gc'), 'undefined', 'contexts made afterwards have no gc: --expose-gc is off again');
    assert.equal(typeof (globalThis as { gc?: unknown }).gc === 'function', process.execArgv.includes('--expose-gc'), 'the main context is untouched');
  });

  it('collects the young generation only: one scavenge, never a full collection of the heap', async () => {
    const collector = v8Collector();
    assert.ok(collector);
    // Node reports each collection to a 'gc' observer, after the fact: those that began during collect().
    const kinds: { start: number; kind: number }[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) kinds.push({ start: e.startTime, kind: (e as unknown as { detail: { kind: number } }).detail.kind });
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      const before = performance.now();
      assert.equal(typeof collector.collect(), 'boolean');
      const after = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const during = kinds.filter((k) => k.start >= before && k.start <= after).map((k) => k.kind);
      assert.deepEqual(during, [constants.NODE_PERFORMANCE_GC_MINOR]);
    } finally {
      observer.disconnect();
    }
  });

  it('collects the whole heap with collectAll: one full collection, which frees unreachable large objects', async () => {
    const collector = v8Collector();
    assert.ok(collector?.collectAll && collector.usedBytes);
    const kinds: { start: number; kind: number }[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) kinds.push({ start: e.startTime, kind: (e as unknown as { detail: { kind: number } }).detail.kind });
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      // 32 MB in the large-object space, unreachable at once: only a full collection frees it.
      let big: Float64Array | null = new Float64Array(4 * 1024 * 1024).fill(1);
      assert.equal(big[0], 1);
      big = null;
      const usedBefore = collector.usedBytes();
      const before = performance.now();
      collector.collectAll();
      const after = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const during = kinds.filter((k) => k.start >= before && k.start <= after).map((k) => k.kind);
      // Two when V8 had incremental marking under way (the 32 MB allocation may start it): it is
      // finished first, then the forced collection runs; full ones only, in any case.
      assert.ok(during.length >= 1 && during.length <= 2 && during.every((k) => k === constants.NODE_PERFORMANCE_GC_MAJOR), `collections during collectAll: ${during.join(', ')}`);
      assert.ok(collector.usedBytes() <= usedBefore, `${collector.usedBytes()} after, ${usedBefore} before`);
    } finally {
      observer.disconnect();
    }
  });
});
