/**
 * The host's collecting of a whole scene's parts (client/src/preview/scene-parts.ts): the parts
 * of the stream the request under way asked for, in order, each as the message that posts it to
 * the webview; parts of another stream are ignored, and a part out of place ends the collecting.
 */
import { strict as assert } from 'node:assert';
import { partMessage, SceneParts } from '../../../../client/src/preview/scene-parts';
import { fromBase64 } from '../../../../client/src/preview/base64-texts';
import { isHostToWebview } from '../../../../protocol/preview-messages';
import { sampleScene } from '../../../browser/fixtures';
import { partNotes } from '../../../browser/scene-parts';

describe('client/preview/scene-parts', () => {
  const scene = sampleScene(3);
  const notes = partNotes(scene, 7);
  const bytesOf = (k: number) => fromBase64(notes[k]!.bytes)!;

  it('collects the parts of the current stream in order, each the message that posts it as it came', () => {
    assert.ok(notes.length >= 3, `${notes.length} parts`);
    const parts = new SceneParts();
    parts.start(7);
    for (const [k, note] of notes.entries()) {
      const p = parts.add(note);
      assert.ok(p, `part ${k}`);
      assert.deepStrictEqual(p.message, { type: 'sceneBytes', bytes: bytesOf(k), deflated: note.deflated, part: { index: k, count: notes.length } });
      assert.ok(isHostToWebview(p.message));
      assert.equal(p.uri, scene.uri);
      assert.equal(p.version, scene.version);
    }
    assert.equal(parts.version, scene.version);
    const got = parts.take(7);
    assert.ok(got);
    assert.deepStrictEqual(got, { uri: scene.uri, version: scene.version, count: notes.length, parts: notes.map((n, k) => ({ bytes: bytesOf(k), deflated: n.deflated })) });
    assert.equal(parts.take(7), null, 'taken once');
    assert.equal(parts.add(notes[0]), null, 'a stream taken is done');
    assert.deepStrictEqual(partMessage({ bytes: bytesOf(0) }, 0, 2), { type: 'sceneBytes', bytes: bytesOf(0), part: { index: 0, count: 2 } }, 'no `deflated` for bytes as they are');
  });

  it('ignores the parts of another stream, and of a stream before the current one', () => {
    const parts = new SceneParts();
    assert.equal(parts.add(notes[0]), null, 'no stream asked for');
    parts.start(7);
    parts.start(8);
    for (const note of notes) assert.equal(parts.add(note), null, 'stream 7 is over');
    assert.equal(parts.take(7), null);
    const next = partNotes(scene, 8);
    for (const note of next) assert.ok(parts.add(note));
    assert.equal(parts.take(8)?.parts.length, next.length);
    assert.equal(parts.add({ ...notes[0]!, stream: 'seven' }), null, 'not the protocol');
  });

  it('stops at a part out of place: no part after it is taken, and the stream comes short', () => {
    for (const [what, bad] of [
      ['a part skipped', { ...notes[2]! }],
      ['a part again', { ...notes[0]! }],
      ['another version', { ...notes[1]!, version: scene.version + 1 }],
      ['another document', { ...notes[1]!, uri: 'file:///other.collide' }],
      ['another count', { ...notes[1]!, count: notes.length + 1 }],
      ['texts not base64', { ...notes[1]!, bytes: ['YW*j'] }],
    ] as const) {
      const parts = new SceneParts();
      parts.start(7);
      assert.ok(parts.add(notes[0]), what);
      assert.equal(parts.add(bad), null, what);
      for (const note of notes.slice(1)) assert.equal(parts.add(note), null, `${what}: nothing after it`);
      assert.equal(parts.take(7)?.parts.length, 1, what);
    }
    const parts = new SceneParts();
    parts.start(7);
    assert.equal(parts.add(notes[1]), null, 'a first part but part 0');
    assert.equal(parts.add(notes[0]), null);
    assert.equal(parts.take(7), null);
  });
});
