/**
 * The host side's pure parts: the update throttle (first at once, then at most every 100 ms,
 * the last change always shown), pose edits written back to the text, the cursor → body map,
 * and the message checks that guard the host from the webview.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { Throttle, type Clock } from '../../../../client/src/preview/throttle';
import { answeredEdits, bodiesAtOffset, poseEdits } from '../../../../client/src/preview/edits';
import { formatDecimals } from '../../../../protocol/format';
import { makeNonce, previewHtml } from '../../../../client/src/preview/html';
import { isHostToWebview, isPreviewViewState, isWebviewToHost } from '../../../../protocol/preview-messages';
import { sampleScene } from '../../../browser/fixtures';

class FakeClock implements Clock {
  t = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private id = 0;
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    this.timers.push({ at: this.t + ms, fn, id: ++this.id });
    return this.id;
  };
  clearTimeout = (h: unknown) => {
    this.timers = this.timers.filter((x) => x.id !== h);
  };
  advance(ms: number) {
    const end = this.t + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.t = next.at;
      next.fn();
    }
    this.t = end;
  }
}

function apply(text: string, edits: readonly { start: number; end: number; text: string }[]): string {
  return [...edits].sort((a, b) => b.start - a.start).reduce((s, e) => s.slice(0, e.start) + e.text + s.slice(e.end), text);
}

describe('preview host logic', () => {
  it('throttle: renders at once, then at most every 100 ms, and always the last change', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 250 }), { minLength: 1, maxLength: 60 }), (gaps) => {
        const clock = new FakeClock();
        const runs: number[] = [];
        const th = new Throttle(() => runs.push(clock.t), 100, clock);
        let lastTrigger = 0;
        gaps.forEach((gap, k) => {
          clock.advance(gap);
          if (k === 0) {
            th.trigger();
            assert.deepEqual(runs, [clock.t], 'the first update is immediate');
          } else th.trigger();
          lastTrigger = clock.t;
        });
        clock.advance(1000);
        for (let i = 1; i < runs.length; i++) assert.ok(runs[i]! - runs[i - 1]! >= 100, `runs ${runs}`);
        assert.ok(runs[runs.length - 1]! >= lastTrigger, 'a run at or after the last change');
        assert.ok(runs[runs.length - 1]! <= lastTrigger + 100);
      }),
      { numRuns: 300 },
    );
  });

  it('pose edits replace a written `at`, insert a missing one after the shape, keep degrees', () => {
    const text = 'body crate box(1, 1) at (0, 0.4) angle 30deg\nbody shot circle(0.1) velocity (600, 0)\n';
    const crate = {
      ...sampleScene().bodies[1]!,
      atRange: { start: text.indexOf('(0, 0.4)'), end: text.indexOf('(0, 0.4)') + 8 },
      angleRange: { start: text.indexOf('30deg'), end: text.indexOf('30deg') + 5 },
      insertOffset: text.indexOf(' at'),
    };
    assert.equal(apply(text, poseEdits(crate, text, { at: [1.23456, -0.5] }, 2)), text.replace('(0, 0.4)', '(1.23, -0.5)'));
    assert.equal(apply(text, poseEdits(crate, text, { angle: Math.PI / 4 }, 4)), text.replace('30deg', '45deg'));
    const shotStart = text.indexOf('body shot');
    const shot = { ...sampleScene().bodies[3]!, atRange: undefined, angleRange: undefined, insertOffset: text.indexOf('circle(0.1)') + 'circle(0.1)'.length } as any;
    assert.equal(
      apply(text, poseEdits(shot, text, { at: [2, 3], angle: 0.5 }, 3)),
      text.slice(0, shotStart) + 'body shot circle(0.1) at (2, 3) angle 0.5 velocity (600, 0)\n',
    );
  });

  it('formats numbers as written by hand', () => {
    assert.equal(formatDecimals(-0.0001, 2), '0');
    assert.equal(formatDecimals(2.5, 3), '2.5');
    assert.equal(formatDecimals(10, 0), '10');
    assert.equal(formatDecimals(-1.23456, 3), '-1.235');
  });

  it('maps the cursor to the bodies whose statement holds it', () => {
    const scene = sampleScene();
    const crate = scene.bodies[1]!;
    assert.deepEqual(bodiesAtOffset(scene.bodies, crate.range.start + 3), ['crate']);
    assert.deepEqual(bodiesAtOffset(scene.bodies, 10_000), []);
  });

  it('takes the edits of a server answer only when every one is a well-formed replacement', () => {
    const edits = [
      { start: 3, end: 7, text: '(1, 2)' },
      { start: 9, end: 9, text: ' angle 1' },
    ];
    assert.deepEqual(answeredEdits({ edits }), edits);
    assert.equal(answeredEdits(null), null);
    assert.equal(answeredEdits({ refused: 'no' }), null);
    assert.equal(answeredEdits({ edits: [] }), null);
    assert.equal(answeredEdits({ edits: [...edits, { start: 5, end: 4, text: '' }] }), null, 'start past end');
    assert.equal(answeredEdits({ edits: [{ start: 0.5, end: 1, text: '' }] }), null, 'not an offset');
    assert.equal(answeredEdits({ edits: [{ start: 0, end: 1 }] }), null, 'no text');
    assert.equal(answeredEdits({ edits: [null] }), null);
  });

  it('the CSP allows only the nonce script and extension styles', () => {
    const nonce = makeNonce((n) => new Uint8Array(n).map((_, i) => i * 7));
    assert.match(nonce, /^[A-Za-z0-9]{32}$/);
    const html = previewHtml({ cspSource: 'vscode-resource:', nonce, scriptUri: 'x.js', styleUri: 'x.css' });
    assert.match(html, /default-src 'none'; script-src 'nonce-[A-Za-z0-9]{32}'; style-src vscode-resource:; img-src vscode-resource: data:; font-src vscode-resource:/);
    assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
    assert.match(html, new RegExp(`<script nonce="${nonce}" src="x.js">`));
  });

  it('writes the script and the style sheet into the page with the nonce, safely', () => {
    const nonce = makeNonce((n) => new Uint8Array(n).map((_, i) => i * 5));
    const script = 'const s = "</script><script>alert(1)</SCRIPT>"; const c = "<!--";';
    const style = 'body::after { content: "</style>"; }';
    const html = previewHtml({ cspSource: 'vscode-resource:', nonce, scriptUri: 'x.js', styleUri: 'x.css', inline: { script, style } });
    assert.match(html, new RegExp(`script-src 'nonce-${nonce}'; style-src vscode-resource: 'nonce-${nonce}';`));
    assert.doesNotMatch(html, /unsafe-inline|unsafe-eval|x\.js|x\.css/);
    const scripts = [...html.matchAll(/<script nonce="([^"]*)">([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1, 'one script element, not ended early');
    assert.equal(scripts[0]![1], nonce);
    assert.equal(scripts[0]![2], 'const s = "<\\/script><script>alert(1)<\\/SCRIPT>"; const c = "<\\!--";');
    // The escaped text means the same in JavaScript.
    assert.equal(new Function(`${scripts[0]![2]}; return s + c;`)(), '</script><script>alert(1)</SCRIPT><!--');
    const styles = [...html.matchAll(/<style nonce="([^"]*)">([\s\S]*?)<\/style>/g)];
    assert.equal(styles.length, 1);
    assert.equal(styles[0]![2], 'body::after { content: "<\\/style>"; }');
  });

  it('validates webview messages: only well-formed ones pass', () => {
    assert.ok(isWebviewToHost({ type: 'ready' }));
    assert.ok(isWebviewToHost({ type: 'editPose', version: 1, body: 'a', at: [1, 2], decimals: 3 }));
    for (const bad of [
      { type: 'editPose', version: 1, body: 'a', decimals: 3 },
      { type: 'editPose', version: 1, body: 'a', at: [1, NaN], decimals: 3 },
      { type: 'editPose', version: 1, body: 'a', angle: 1, decimals: 99 },
      { type: 'editPose', version: 1.5, body: 'a', angle: 1, decimals: 2 },
      { type: 'reveal', version: 1, body: 'x'.repeat(1000) },
      { type: 'exported', requestId: 1, format: 'gif', data: '' },
      { type: '__proto__' },
      { type: 'toString' },
      [],
      null,
    ]) {
      assert.equal(isWebviewToHost(bad), false, JSON.stringify(bad));
    }
    fc.assert(fc.property(fc.anything(), (x) => {
      // Arbitrary values never throw and never pass as an edit without its required fields.
      const ok = isWebviewToHost(x);
      if (ok && (x as any).type === 'editPose') assert.ok((x as any).at || (x as any).angle !== undefined);
    }), { numRuns: 2000 });
    fc.assert(fc.property(fc.anything(), (x) => void isHostToWebview(x)), { numRuns: 2000 });
  });

  it('validates the handle edits, undo and redo, a refusal, and the lock in the view state', () => {
    assert.ok(isWebviewToHost({ type: 'editBody', version: 2, body: 'a', change: { radius: 1.5, decimals: 2 } }));
    assert.ok(isWebviewToHost({ type: 'editBody', version: 2, body: 'a', change: { ends: [[0, 0], [1, 2]], decimals: 2 } }));
    assert.ok(isWebviewToHost({ type: 'editBody', version: 2, body: 'a', change: { velocity: [-1, 0], decimals: 0 } }));
    assert.ok(isWebviewToHost({ type: 'history', action: 'undo' }));
    assert.ok(isWebviewToHost({ type: 'history', action: 'redo' }));
    for (const bad of [
      // No change, two changes, a size that is not a size, decimals out of range.
      { type: 'editBody', version: 2, body: 'a', change: { decimals: 2 } },
      { type: 'editBody', version: 2, body: 'a', change: { radius: 1, spin: 2, decimals: 2 } },
      { type: 'editBody', version: 2, body: 'a', change: { radius: -1, decimals: 2 } },
      { type: 'editBody', version: 2, body: 'a', change: { size: [1, 0], decimals: 2 } },
      { type: 'editBody', version: 2, body: 'a', change: { ends: [[0, 0]], decimals: 2 } },
      { type: 'editBody', version: 2, body: 'a', change: { spin: 1, decimals: 13 } },
      { type: 'editBody', version: 2, body: 'a' },
      { type: 'history', action: 'save' },
      { type: 'history' },
    ]) {
      assert.equal(isWebviewToHost(bad), false, JSON.stringify(bad));
    }
    assert.ok(isHostToWebview({ type: 'editRefused', reason: "'a' was not changed" }));
    assert.equal(isHostToWebview({ type: 'editRefused' }), false);
    assert.equal(isHostToWebview({ type: 'editRefused', reason: 'x'.repeat(2000) }), false);
    assert.ok(isPreviewViewState({ uri: null, editable: true }));
    assert.ok(isPreviewViewState({ uri: 'file:///a.collide' }), 'absent: locked');
    assert.equal(isPreviewViewState({ uri: null, editable: 'yes' }), false);
  });
});
