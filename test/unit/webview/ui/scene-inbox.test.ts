/**
 * The webview's inbox (webview/src/ui/scene-inbox.ts) hands the host's messages on in the order
 * they came: a deflated whole scene is inflated first, and a delta or a highlight that arrives
 * meanwhile waits for it; bytes that do not inflate go on as bytes that do not decode, and the
 * messages behind them still come.
 */
import { strict as assert } from 'node:assert';
import { constants, deflateRawSync } from 'node:zlib';
import type { HostToWebview } from '../../../../protocol/preview-messages';
import { decodeSceneBytes, encodeSceneBytes } from '../../../../protocol/preview-scene-bytes';
import { SceneInbox } from '../../../../webview/src/ui/scene-inbox';
import { sampleScene, sceneDelta } from '../../../browser/fixtures';

/** Resolves once `inbox` has handed on everything it received. */
async function drained(inbox: SceneInbox): Promise<void> {
  await inbox.settled();
  assert.ok(!inbox.pending, 'the inbox drains');
}

describe('webview/ui/scene-inbox', () => {
  const scene = sampleScene(4);
  const bytes = encodeSceneBytes(scene);
  const deflated = new Uint8Array(deflateRawSync(bytes, { level: constants.Z_BEST_SPEED }));
  const delta = sceneDelta(scene, { version: 5 });

  it('hands a message on at once when no inflate is pending', () => {
    const got: HostToWebview[] = [];
    const inbox = new SceneInbox((m) => got.push(m));
    inbox.receive({ type: 'sceneBytes', bytes });
    inbox.receive({ type: 'sceneDelta', delta });
    assert.deepStrictEqual(got, [{ type: 'sceneBytes', bytes }, { type: 'sceneDelta', delta }]);
  });

  it('inflates a deflated scene, and a delta that arrives during the inflate waits for it', async () => {
    const got: HostToWebview[] = [];
    const marks: string[] = [];
    const inbox = new SceneInbox((m) => got.push(m), (name) => marks.push(name));
    inbox.receive({ type: 'sceneBytes', bytes: deflated, deflated: bytes.length });
    inbox.receive({ type: 'sceneDelta', delta });
    inbox.receive({ type: 'highlight', bodies: ['crate'] });
    assert.equal(got.length, 0, 'nothing is handed on before the scene is inflated');
    assert.ok(inbox.pending);
    await drained(inbox);
    assert.deepStrictEqual(
      got.map((m) => m.type),
      ['sceneBytes', 'sceneDelta', 'highlight'],
    );
    const first = got[0]!;
    assert.ok(first.type === 'sceneBytes' && first.deflated === undefined);
    assert.deepStrictEqual(decodeSceneBytes(first.bytes), scene);
    assert.deepStrictEqual(marks, ['inflating', 'inflated']);
    // Drained: the next message goes at once again.
    inbox.receive({ type: 'fit' });
    assert.deepStrictEqual(got.at(-1), { type: 'fit' });
  });

  it('keeps two deflated scenes in the order they came', async () => {
    const big = encodeSceneBytes({ ...sampleScene(6), bodies: [...sampleScene(6).bodies] });
    const got: number[] = [];
    const inbox = new SceneInbox((m) => {
      if (m.type === 'sceneBytes') got.push(decodeSceneBytes(m.bytes)?.version ?? -1);
    });
    inbox.receive({ type: 'sceneBytes', bytes: new Uint8Array(deflateRawSync(big, { level: 9 })), deflated: big.length });
    inbox.receive({ type: 'sceneBytes', bytes: deflated, deflated: bytes.length });
    await drained(inbox);
    assert.deepStrictEqual(got, [6, 4]);
  });

  it('hands bytes that do not inflate on as empty bytes, and the messages behind them still come', async () => {
    const corrupt = deflated.slice();
    corrupt[0] = 0xff;
    const bomb = new Uint8Array(deflateRawSync(Buffer.alloc(16 * 1024 * 1024)));
    for (const [what, m] of [
      ['truncated', { type: 'sceneBytes', bytes: deflated.subarray(0, deflated.length - 2), deflated: bytes.length }],
      ['corrupt', { type: 'sceneBytes', bytes: corrupt, deflated: bytes.length }],
      ['a bomb', { type: 'sceneBytes', bytes: bomb, deflated: bytes.length }],
    ] as [string, HostToWebview][]) {
      const got: HostToWebview[] = [];
      const inbox = new SceneInbox((x) => got.push(x));
      inbox.receive(m);
      inbox.receive({ type: 'fit' });
      await drained(inbox);
      assert.deepStrictEqual(got, [{ type: 'sceneBytes', bytes: new Uint8Array(0) }, { type: 'fit' }], what);
      assert.equal(decodeSceneBytes(new Uint8Array(0)), null);
    }
  });

  it('goes on after a message whose handling throws', async () => {
    const got: string[] = [];
    const inbox = new SceneInbox((m) => {
      if (m.type === 'fit') throw new Error('boom');
      got.push(m.type);
    });
    const thrown: unknown[] = [];
    const scope = globalThis as { reportError?: (e: unknown) => void };
    const before = scope.reportError;
    scope.reportError = (e) => void thrown.push(e);
    try {
      inbox.receive({ type: 'sceneBytes', bytes: deflated, deflated: bytes.length });
      inbox.receive({ type: 'fit' });
      inbox.receive({ type: 'sceneDelta', delta });
      await drained(inbox);
    } finally {
      if (before) scope.reportError = before;
      else delete scope.reportError;
    }
    assert.deepStrictEqual(got, ['sceneBytes', 'sceneDelta']);
    assert.equal(thrown.length, 1, 'the error is reported');
  });
});
