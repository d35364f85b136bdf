/**
 * The host's copy of the preview scene (client/src/preview/scene-sync.ts): it asks with the
 * version it holds, applies deltas, and posts the webview the delta when the webview holds its
 * base, the whole scene otherwise; deflated bytes are posted as they came and inflated after.
 */
import { strict as assert } from 'node:assert';
import { deflateRawSync } from 'node:zlib';
import { SceneSync } from '../../../../client/src/preview/scene-sync';
import { encodeSceneBytes } from '../../../../protocol/preview-scene-bytes';
import type { PreviewSceneBytes } from '../../../../protocol/preview-lsp';
import type { PreviewSceneDelta } from '../../../../protocol/preview-delta';
import { isHostToWebview } from '../../../../protocol/preview-messages';
import type { PreviewScene } from '../../../../protocol/preview-model';
import { decodeSceneBytes } from '../../../../protocol/preview-scene-bytes';
import { sampleScene, sceneDelta } from '../../../browser/fixtures';
import { SceneParts, type CollectedParts } from '../../../../client/src/preview/scene-parts';
import type { PreviewScenePart } from '../../../../protocol/preview-lsp';
import { partNotes, partsAnswer } from '../../../browser/scene-parts';

/** What the host collects of `notes` (SceneParts, as the panel does), and the messages it posts of them. */
function collect(notes: readonly PreviewScenePart[]): { parts: CollectedParts | null; posted: unknown[] } {
  const collector = new SceneParts();
  collector.start(notes[0]!.stream);
  const posted = notes.map((n) => collector.add(n)?.message);
  return { parts: collector.take(notes[0]!.stream), posted };
}

/** A delta to `version`: empty at the scene's own version, else one that changes the error count. */
function deltaOf(scene: PreviewScene, version: number, change: Partial<PreviewSceneDelta> = {}): PreviewSceneDelta {
  return sceneDelta(scene, { version, errorCount: version === scene.version ? scene.errorCount : 2, ...change });
}

describe('client/preview/scene-sync', () => {
  const scene = sampleScene();
  const uri = scene.uri;

  it('posts the first scene whole, then deltas the webview can apply', () => {
    const sync = new SceneSync();
    assert.equal(sync.base(uri), undefined, 'nothing held: ask for the whole scene');
    const first = sync.accept(uri, scene);
    assert.equal(first.kind, 'scene');
    assert.ok(first.kind === 'scene' && first.message?.type === 'sceneBytes', 'a whole scene is posted as bytes');
    assert.ok(isHostToWebview(first.message));
    assert.deepStrictEqual(decodeSceneBytes(first.message.bytes), scene);
    assert.equal(sync.base(uri), scene.version);
    assert.equal(sync.base('file:///other.collide'), undefined);

    const d = deltaOf(scene, scene.version + 1);
    const next = sync.accept(uri, d);
    assert.ok(next.kind === 'scene');
    assert.deepStrictEqual(next.message, { type: 'sceneDelta', delta: d });
    assert.ok(isHostToWebview(next.message));
    assert.equal(next.scene?.errorCount, 2);
    assert.equal(sync.base(uri), scene.version + 1);
  });

  it('posts the whole scene to a webview that loaded again, and nothing for an answer not newer', () => {
    const sync = new SceneSync();
    sync.accept(uri, scene);
    assert.deepStrictEqual(sync.accept(uri, scene), { kind: 'same' });
    assert.deepStrictEqual(sync.accept(uri, deltaOf(scene, scene.version)), { kind: 'same' }, 'an empty delta');
    sync.webviewReset();
    const again = sync.accept(uri, deltaOf(scene, scene.version + 1));
    assert.ok(again.kind === 'scene' && again.message?.type === 'sceneBytes', 'the webview holds no base: the whole scene');
    assert.deepStrictEqual(decodeSceneBytes(again.message.bytes), again.scene);
    assert.deepStrictEqual(sync.accept(uri, { ...scene, version: scene.version - 1 }), { kind: 'same' }, 'an older whole scene');
  });

  it('drops its scene and asks again for a delta that does not fit, and ignores what does not fit the protocol', () => {
    const sync = new SceneSync();
    sync.accept(uri, scene);
    assert.deepStrictEqual(sync.accept(uri, deltaOf(scene, scene.version + 1, { bodyCount: scene.bodies.length + 1 })), { kind: 'refetch' });
    assert.equal(sync.base(uri), undefined, 'the next request asks for the whole scene');
    assert.deepStrictEqual(sync.accept(uri, { base: 1, nonsense: true }), { kind: 'invalid' });
    assert.deepStrictEqual(sync.accept(uri, { ...scene, uri: 'file:///other.collide' }), { kind: 'invalid' });
  });

  it('gives a webview that just loaded the scene held, whole, and then counts it as held there', () => {
    const sync = new SceneSync();
    assert.deepStrictEqual(sync.wholeMessages(), [], 'nothing held');
    sync.accept(uri, scene);
    sync.webviewReset(); // fetched before the webview was ready
    const [m, ...more] = sync.wholeMessages();
    assert.equal(more.length, 0);
    assert.ok(m && m.type === 'sceneBytes');
    assert.deepStrictEqual(decodeSceneBytes(m.bytes), scene);
    assert.deepStrictEqual(sync.accept(uri, deltaOf(scene, scene.version)), { kind: 'same' }, 'the empty delta after `ready` posts nothing');
    const d = deltaOf(scene, scene.version + 1);
    const next = sync.accept(uri, d);
    assert.ok(next.kind === 'scene');
    assert.deepStrictEqual(next.message, { type: 'sceneDelta', delta: d }, 'the webview holds the base');
  });

  it('takes a whole scene sent as base64 bytes, and posts the webview those same bytes', () => {
    const bytes = encodeSceneBytes(scene);
    const b64 = Buffer.from(bytes).toString('base64');
    const cut = 4 * Math.floor(b64.length / 8);
    const answer: PreviewSceneBytes = { uri, version: scene.version, bytes: [b64.slice(0, cut), b64.slice(cut)] };
    const sync = new SceneSync();
    const first = sync.accept(uri, answer);
    assert.ok(first.kind === 'scene' && first.message?.type === 'sceneBytes');
    assert.deepStrictEqual(first.scene, scene);
    assert.deepStrictEqual(first.message.bytes, bytes);
    assert.deepStrictEqual(sync.accept(uri, answer), { kind: 'same' });
    assert.deepStrictEqual(new SceneSync().accept(uri, { ...answer, bytes: [b64.slice(0, cut - 1), b64.slice(cut - 1)] }), { kind: 'invalid' }, 'a text cut inside a quantum');
  });

  it('posts whole-scene bytes before decoding them, and drops them when they turn out not to hold the scene', () => {
    const bytes = encodeSceneBytes(scene);
    const answer: PreviewSceneBytes = { uri, version: scene.version, bytes: [Buffer.from(bytes).toString('base64')] };
    const sync = new SceneSync();
    const first = sync.accept(uri, answer);
    assert.ok(first.kind === 'scene' && first.message?.type === 'sceneBytes');
    assert.equal(first.version, scene.version);
    assert.equal(sync.version, scene.version);
    assert.equal((sync as unknown as { held: unknown }).held, null, 'not decoded by accept');
    assert.deepStrictEqual(sync.scene, scene, 'decoded when read');
    assert.deepStrictEqual(sync.accept(uri, deltaOf(scene, scene.version)), { kind: 'same' });

    // A delta on bytes not read yet applies to the scene they hold, as on the scene itself.
    const lazy = new SceneSync();
    lazy.accept(uri, answer);
    const d = deltaOf(scene, scene.version + 1);
    const viaBytes = lazy.accept(uri, d);
    const viaScene = new SceneSync();
    viaScene.accept(uri, scene);
    const direct = viaScene.accept(uri, d);
    assert.ok(viaBytes.kind === 'scene' && direct.kind === 'scene');
    assert.deepStrictEqual(viaBytes.scene, direct.scene);
    assert.equal(viaBytes.scene?.errorCount, 2);
    assert.deepStrictEqual(viaBytes.message, { type: 'sceneDelta', delta: d });

    // The bytes are of another version than the answer says: taken and posted, dropped when read.
    const wrong = new SceneSync();
    const taken = wrong.accept(uri, { ...answer, version: scene.version + 1 });
    assert.ok(taken.kind === 'scene' && taken.message?.type === 'sceneBytes');
    assert.equal(wrong.base(uri), scene.version + 1);
    assert.equal(taken.scene, null);
    assert.equal(wrong.base(uri), undefined, 'the next request asks for the whole scene');
    assert.deepStrictEqual(wrong.accept(uri, deltaOf(scene, scene.version + 2)), { kind: 'refetch' });
    const junk = new SceneSync();
    assert.equal(junk.accept(uri, { ...answer, bytes: [Buffer.from('not a scene').toString('base64')] }).kind, 'scene');
    assert.equal(junk.scene, null);
    assert.deepStrictEqual(junk.wholeMessages(), []);
  });

  it('posts deflated bytes as they came, and inflates its own copy once posted', async () => {
    const bytes = encodeSceneBytes(scene);
    const deflated = deflateRawSync(bytes, { level: 1 });
    const answer: PreviewSceneBytes = { uri, version: scene.version, bytes: [deflated.toString('base64')], deflated: bytes.length };
    const sync = new SceneSync();
    const first = sync.accept(uri, answer);
    assert.ok(first.kind === 'scene' && first.message?.type === 'sceneBytes');
    assert.ok(isHostToWebview(first.message));
    assert.deepStrictEqual(first.message, { type: 'sceneBytes', bytes: new Uint8Array(deflated), deflated: bytes.length }, 'posted deflated, as they came');
    assert.equal(sync.base(uri), scene.version);
    assert.equal(sync.scene, null, 'not inflated before it is posted');
    await sync.inflated();
    assert.deepStrictEqual(sync.scene, scene, 'inflated and decoded once posted');
    assert.deepStrictEqual(sync.accept(uri, answer), { kind: 'same' });
    const d = deltaOf(scene, scene.version + 1);
    const next = sync.accept(uri, d);
    assert.ok(next.kind === 'scene');
    assert.deepStrictEqual(next.message, { type: 'sceneDelta', delta: d });

    // A webview that loaded again is sent the deflated bytes held, while they are the scene held.
    const again = new SceneSync();
    again.accept(uri, answer);
    again.webviewReset();
    assert.deepStrictEqual(again.wholeMessages(), [{ type: 'sceneBytes', bytes: new Uint8Array(deflated), deflated: bytes.length }]);

    // Bytes that do not inflate to the size they came with: dropped once inflated, as bytes that do not decode.
    for (const bad of [{ ...answer, deflated: bytes.length + 1 }, { ...answer, bytes: [deflated.subarray(0, deflated.length >> 1).toString('base64')] }]) {
      const wrong = new SceneSync();
      assert.equal(wrong.accept(uri, bad).kind, 'scene');
      await wrong.inflated();
      assert.equal(wrong.scene, null);
      assert.equal(wrong.base(uri), undefined, 'the next request asks for the whole scene');
    }
    assert.deepStrictEqual(new SceneSync().accept(uri, { ...answer, deflated: -1 }), { kind: 'invalid' });
  });

  it('takes a scene that came in parts once every part is in, posts nothing of it again, and reads it when first read', async () => {
    const notes = partNotes(scene, 1);
    assert.ok(notes.length >= 3, `${notes.length} parts`);
    const { parts, posted } = collect(notes);
    const sync = new SceneSync();
    const answer = sync.accept(uri, partsAnswer(scene, notes.length), parts);
    assert.ok(answer.kind === 'scene');
    assert.equal(answer.message, null, 'its parts were posted as they came');
    assert.equal(answer.version, scene.version);
    assert.equal(sync.base(uri), scene.version);
    assert.equal(sync.scene, null, 'not inflated before it is posted');
    await sync.inflated();
    assert.equal((sync as unknown as { held: unknown }).held, null, 'inflated, not decoded');
    assert.deepStrictEqual(sync.scene, scene, 'decoded when read');
    assert.deepStrictEqual(sync.accept(uri, partsAnswer(scene, notes.length), collect(notes).parts), { kind: 'same' });

    // A webview that loaded again is posted the parts again, in order, as they came.
    sync.webviewReset();
    const again = sync.wholeMessages();
    assert.deepStrictEqual(again, posted);
    assert.ok(again.every((m) => isHostToWebview(m)));
    assert.deepStrictEqual(sync.accept(uri, deltaOf(scene, scene.version)), { kind: 'same' }, 'the webview holds it again');
    const d = deltaOf(scene, scene.version + 1);
    const next = sync.accept(uri, d);
    assert.ok(next.kind === 'scene');
    assert.deepStrictEqual(next.message, { type: 'sceneDelta', delta: d });
    assert.equal(next.scene?.errorCount, 2);
    sync.webviewReset();
    assert.deepStrictEqual(
      sync.wholeMessages().map((m) => m.type === 'sceneBytes' && decodeSceneBytes(m.bytes)),
      [next.scene],
      'the scene a delta made is posted whole',
    );

    // Parts as they are (not deflated): read without an inflate.
    const plain = new SceneSync();
    const taken = plain.accept(uri, partsAnswer(scene, notes.length), collect(partNotes(scene, 2, { plain: true })).parts);
    assert.ok(taken.kind === 'scene');
    assert.deepStrictEqual(taken.scene, scene);
  });

  it('tells an empty delta to a scene held in parts from its header, without inflating or decoding it', async () => {
    const notes = partNotes(scene, 1);
    const sync = new SceneSync();
    assert.equal(sync.accept(uri, partsAnswer(scene, notes.length), collect(notes).parts).kind, 'scene');
    const empty = deltaOf(scene, scene.version, { base: scene.version, errorCount: scene.errorCount });
    assert.equal(sync.needsScene(empty), false);
    assert.deepStrictEqual(sync.accept(uri, empty), { kind: 'same' });
    const copy = sync as unknown as { heldParts: { inflated: unknown } | null; held: unknown };
    assert.equal(copy.heldParts?.inflated, null, 'not inflated');
    assert.equal(copy.held, null, 'not decoded');

    // What the header says differs, or the delta changes something, or the webview lacks the
    // scene: the copy is read.
    const changed: [string, PreviewSceneDelta][] = [
      ['another error count', deltaOf(scene, scene.version, { errorCount: scene.errorCount + 1 })],
      ['another slop', deltaOf(scene, scene.version, { errorCount: scene.errorCount, slop: scene.slop * 2 })],
      ['other bounds', deltaOf(scene, scene.version, { errorCount: scene.errorCount, bounds: null })],
      ['a newer version', deltaOf(scene, scene.version + 1, { errorCount: scene.errorCount })],
      ['a shift', deltaOf(scene, scene.version, { errorCount: scene.errorCount, shift: { at: 0, by: 1 } })],
      ['a finding dropped', deltaOf(scene, scene.version, { errorCount: scene.errorCount, findings: [{ start: 0, deleteCount: 1, findings: [] }] })],
    ];
    assert.ok(scene.bounds !== null && scene.findings.length > 0);
    for (const [what, d] of changed) assert.equal(sync.needsScene(d), true, what);
    sync.webviewReset();
    assert.equal(sync.needsScene(empty), true, 'the webview holds no scene');
    assert.equal(sync.needsScene(scene), false, 'a whole scene');

    // Read once needed: inflated, then decoded as the delta is applied.
    await sync.inflated();
    const next = sync.accept(uri, changed[0]![1]);
    assert.ok(next.kind === 'scene');
    assert.deepStrictEqual(next.scene, { ...scene, errorCount: scene.errorCount + 1 });
  });

  it('refuses a scene in parts with a part missing or of another scene, and drops parts that turn out not to hold it', async () => {
    const notes = partNotes(scene, 1);
    const answer = partsAnswer(scene, notes.length);
    const some = (keep: (k: number) => boolean) => collect(notes.filter((_, k) => keep(k))).parts;
    for (const [what, result, parts] of [
      ['no parts', answer, null],
      ['the last part missing', answer, some((k) => k < notes.length - 1)],
      ['a part in the middle missing', answer, some((k) => k !== 1)],
      ['more parts than the answer says', { ...answer, parts: notes.length - 1 }, collect(notes).parts],
      ['parts of another version', { ...answer, version: scene.version + 1 }, collect(notes).parts],
      ['an answer of another document', { ...answer, uri: 'file:///other.collide' }, collect(notes).parts],
      ['not the protocol', { ...answer, parts: 0 }, collect(notes).parts],
    ] as const) {
      const sync = new SceneSync();
      assert.deepStrictEqual(sync.accept(uri, result, parts), { kind: 'invalid' }, what);
      assert.equal(sync.base(uri), undefined, what);
    }

    // The parts are of another version than they say: taken, dropped when read.
    const wrong = partNotes(sampleScene(scene.version + 4), 1).map((n) => ({ ...n, version: scene.version }));
    assert.equal(wrong.length, notes.length);
    const sync = new SceneSync();
    assert.equal(sync.accept(uri, answer, collect(wrong).parts).kind, 'scene');
    await sync.inflated();
    assert.equal(sync.scene, null);
    assert.equal(sync.base(uri), undefined, 'the next request asks for the whole scene');
    assert.deepStrictEqual(sync.wholeMessages(), []);

    // A part that does not inflate to the size it says: dropped once inflated.
    const cut = new SceneSync();
    assert.equal(cut.accept(uri, answer, collect(notes.map((n, k) => (k === 1 ? { ...n, deflated: n.deflated! + 1 } : n))).parts).kind, 'scene');
    await cut.inflated();
    assert.equal(cut.scene, null);
    assert.equal(cut.base(uri), undefined);
  });
});
