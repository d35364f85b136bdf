/**
 * The webview's inbox (webview/src/ui/scene-inbox.ts) hands the host's messages on in the order
 * they came: a deflated whole scene is inflated first, and a delta or a highlight that arrives
 * meanwhile waits for it; bytes that do not inflate go on as bytes that do not decode, and the
 * messages behind them still come. A scene in parts is read a part at a time and handed on as
 * one `scene` message with its last part.
 */
import { strict as assert } from 'node:assert';
import { constants, deflateRawSync } from 'node:zlib';
import type { HostToWebview } from '../../../../protocol/preview-messages';
import { decodeSceneBytes, encodeSceneBytes } from '../../../../protocol/preview-scene-bytes';
import { SceneInbox } from '../../../../webview/src/ui/scene-inbox';
import { sampleScene, sceneDelta } from '../../../browser/fixtures';
import { partMessages } from '../../../browser/scene-parts';

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
  it('reads a scene in parts as they come, hands it on with the last as one `scene`, and holds what comes after', async () => {
    const parts = partMessages(scene);
    assert.ok(parts.length >= 3, `${parts.length} parts`);
    const got: HostToWebview[] = [];
    const marks: string[] = [];
    const reading: boolean[] = [];
    const inbox = new SceneInbox((m) => {
      got.push(m);
      reading.push(inbox.assembling);
    }, (name) => marks.push(name));
    inbox.receive(parts[0]!);
    inbox.receive({ type: 'sceneSent' }); // between the parts: the scene is being read
    for (const m of parts.slice(1)) inbox.receive(m);
    inbox.receive({ type: 'sceneDelta', delta });
    inbox.receive({ type: 'highlight', bodies: ['crate'] });
    await drained(inbox);
    assert.deepStrictEqual(got, [{ type: 'sceneSent' }, { type: 'scene', scene }, { type: 'sceneDelta', delta }, { type: 'highlight', bodies: ['crate'] }]);
    assert.deepStrictEqual(reading, [true, false, false, false], 'the scene is being read until its last part');
    assert.deepStrictEqual(marks, [...parts.flatMap(() => ['inflating']), ...parts.flatMap(() => ['inflated']), 'decoded']);

    // Parts as they are, none pending: read at once.
    const now: HostToWebview[] = [];
    const plain = new SceneInbox((m) => now.push(m));
    for (const m of partMessages(scene, { plain: true })) plain.receive(m);
    assert.deepStrictEqual(now, [{ type: 'scene', scene }]);
    assert.ok(!plain.pending && !plain.assembling);
  });

  it('ends a scene in parts at a part that does not fit, as empty bytes, and drops the parts after it', async () => {
    const parts = partMessages(scene);
    const later = partMessages(sampleScene(7));
    const corrupt = { ...parts[1]!, bytes: (parts[1] as { bytes: Uint8Array }).bytes.subarray(0, 3) };
    for (const [what, sent] of [
      ['a part skipped', [parts[0]!, ...parts.slice(2)]],
      ['bytes that do not inflate', [parts[0]!, corrupt, ...parts.slice(2)]],
      ['a part of another scene', [parts[0]!, later[1]!, ...parts.slice(2)]],
      ['another count', [parts[0]!, { ...parts[1]!, part: { index: 1, count: parts.length + 1 } }, ...parts.slice(2)]],
    ] as [string, HostToWebview[]][]) {
      const got: HostToWebview[] = [];
      const inbox = new SceneInbox((m) => got.push(m));
      for (const m of sent) inbox.receive(m);
      inbox.receive({ type: 'fit' });
      await drained(inbox);
      assert.deepStrictEqual(got, [{ type: 'sceneBytes', bytes: new Uint8Array(0) }, { type: 'fit' }], what);
      assert.ok(!inbox.assembling, what);
    }

    // A part 0 starts the scene again, dropping the one being read; parts of no scene begun are dropped.
    const got: HostToWebview[] = [];
    const inbox = new SceneInbox((m) => got.push(m));
    for (const m of [...later.slice(1), ...parts.slice(0, 2), ...later]) inbox.receive(m);
    await drained(inbox);
    assert.deepStrictEqual(got, [{ type: 'scene', scene: sampleScene(7) }]);
  });
});
