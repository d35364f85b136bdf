import { strict as assert } from 'node:assert';
import { inSlices, MessageWatch } from '../../../server/src/lsp/answer-slices';

/** A run of `n` steps that pauses after each and counts how far it got. */
function* counted(n: number, progress: { steps: number }): Generator<void, string, void> {
  for (let i = 0; i < n; i++) {
    progress.steps++;
    yield;
  }
  return 'done';
}

/** A run whose every step outlasts a slice, so that each slice is one step. */
function* slow(n: number, progress: { steps: number }): Generator<void, string, void> {
  for (let i = 0; i < n; i++) {
    const end = performance.now() + 10;
    while (performance.now() < end);
    progress.steps++;
    yield;
  }
  return 'done';
}

describe('lsp/answer-slices: whole-document answers in slices', () => {
  it('runs the steps to their value', async () => {
    const progress = { steps: 0 };
    assert.deepEqual(await inSlices(counted(1000, progress), () => undefined), { value: 'done' });
    assert.equal(progress.steps, 1000);
  });

  it('drops the run as soon as a turn finds a reason to stop', async () => {
    const progress = { steps: 0 };
    let turns = 0;
    const answer = await inSlices(slow(10, progress), () => (++turns === 2 ? 'stale' : undefined));
    assert.equal(answer, 'stale');
    assert.ok(progress.steps >= 2 && progress.steps < 10, `${progress.steps} steps`);
    assert.equal(await inSlices(slow(10, { steps: 0 }), () => 'canceled'), 'canceled');
  });

  it('waits for quiet until a turn takes no message in', async () => {
    const watch = new MessageWatch();
    let quiet = false;
    const waiting = watch.quiet().then(() => (quiet = true));
    // Messages taken in on the next turns keep it waiting.
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((r) => setImmediate(r));
      assert.equal(quiet, false, `quiet after ${i} turns with messages`);
      watch.took();
    }
    await waiting;
    assert.equal(quiet, true);
  });
});
