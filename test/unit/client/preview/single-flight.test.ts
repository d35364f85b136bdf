import { strict as assert } from 'node:assert';
import { SingleFlight } from '../../../../client/src/preview/single-flight';

/** A task whose runs the test ends by hand, recording how many overlap. */
function gatedTask() {
  const gates: (() => void)[] = [];
  let running = 0;
  let most = 0;
  let runs = 0;
  const task = async () => {
    runs++;
    running++;
    most = Math.max(most, running);
    await new Promise<void>((r) => gates.push(r));
    running--;
  };
  const openNext = async () => {
    while (gates.length === 0) await new Promise((r) => setImmediate(r));
    gates.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { task, openNext, stats: () => ({ runs, most, waiting: gates.length }) };
}

describe('client/preview/single-flight: one scene request at a time', () => {
  it('runs a lone call once', async () => {
    const g = gatedTask();
    const flight = new SingleFlight(g.task);
    const done = flight.run();
    assert.ok(flight.busy);
    await g.openNext();
    await done;
    assert.deepEqual(g.stats(), { runs: 1, most: 1, waiting: 0 });
    assert.ok(!flight.busy);
  });

  it('folds a burst of calls during a run into one more run, never two at once', async () => {
    const g = gatedTask();
    const flight = new SingleFlight(g.task);
    const first = flight.run();
    const burst = [flight.run(), flight.run(), flight.run(), flight.run()];
    await g.openNext(); // the first run ends; the burst's one run starts
    assert.equal(g.stats().runs, 2);
    await g.openNext();
    await Promise.all([first, ...burst]);
    assert.deepEqual(g.stats(), { runs: 2, most: 1, waiting: 0 });
    // Control: calls spaced after each run ends are each a run of their own.
    const later = flight.run();
    await g.openNext();
    await later;
    assert.equal(g.stats().runs, 3);
  });

  it('goes on after a run that fails', async () => {
    let calls = 0;
    const flight = new SingleFlight(async () => {
      calls++;
      if (calls === 1) throw new Error('the server went away');
    });
    await flight.run();
    await flight.run();
    assert.equal(calls, 2);
  });
});
