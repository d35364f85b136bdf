/**
 * browser/turns.ts: the worker's turns of the event loop through a MessageChannel, and
 * common/steps.ts's scheduler that the entry installs them as.
 */
import { strict as assert } from 'node:assert';
import { channelTurns } from '../../../server/src/browser/turns';
import { nextTurn, useTurnScheduler } from '../../../server/src/common/steps';

describe('browser/turns: turns through a MessageChannel', () => {
  it('resolves each turn once, in the order asked', async () => {
    const turn = channelTurns();
    const order: number[] = [];
    await Promise.all(Array.from({ length: 500 }, (_, k) => turn().then(() => order.push(k))));
    assert.equal(order.length, 500);
    assert.deepEqual(order, [...order].sort((a, b) => a - b));
    // Again after the queue emptied.
    await turn();
  });

  it('is not a microtask: the promise jobs queued before it have all run', async () => {
    const turn = channelTurns();
    let hops = 0;
    const chain = (n: number): Promise<void> => (n === 0 ? Promise.resolve() : Promise.resolve().then(() => (hops++, chain(n - 1))));
    void chain(1000);
    await turn();
    assert.equal(hops, 1000);
  });

  it('is what nextTurn uses once installed', async () => {
    const turn = channelTurns();
    let used = 0;
    const previous = useTurnScheduler(() => (used++, turn()));
    try {
      await nextTurn();
      await nextTurn();
    } finally {
      useTurnScheduler(previous);
    }
    assert.equal(used, 2);
    await nextTurn();
    assert.equal(used, 2, 'the previous scheduler is back');
  });
});
