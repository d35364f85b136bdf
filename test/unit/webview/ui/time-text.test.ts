import { strict as assert } from 'node:assert';
import { timeText } from '../../../../webview/src/ui/time-text';

describe('time bar label', () => {
  it('writes the time to a hundredth of a step, and the step count', () => {
    assert.deepEqual(timeText(0.00711667, 1 / 60, 1), {
      time: 't = 0.0071 s',
      step: 'step 0.43 of 1',
      full: 't = 0.00711667 s: 0.427 of 1 steps of dt = 0.0166667 s',
    });
    assert.equal(timeText(0.5, 0.01, 100).time, 't = 0.5000 s');
    assert.equal(timeText(3, 1, 10).time, 't = 3.00 s');
  });
});
