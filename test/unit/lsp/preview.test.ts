/**
 * `collide/previewScene` over a real JSON-RPC connection held in memory (the server in this
 * process): a client asking with the version it holds gets a delta, which applied gives the
 * from-scratch scene of the new version; one asking with a version the server does not know, or
 * with none, gets the whole scene; a whole build under way is started again for a version that
 * arrives meanwhile; the whole scene's bytes come deflated when the client asks so and the
 * server has a deflate.
 */
import { strict as assert } from 'node:assert';
import { inflateRawSync } from 'node:zlib';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../server/src/preview/scene-model';
import { PREVIEW_EDIT_METHOD, PREVIEW_SCENE_METHOD, isBytesAnswer, isDeltaAnswer, isPreviewSceneBytes } from '../../../protocol/preview-lsp';
import { decodeSceneBytes } from '../../../protocol/preview-scene-bytes';
import { fromBase64 } from '../../../client/src/preview/base64-texts';
import { applySceneDelta, isPreviewSceneDelta } from '../../../protocol/preview-delta';
import { isPreviewScene, type PreviewScene } from '../../../protocol/preview-model';
import { startInMemoryServer, type InMemoryServer } from './in-memory-server';
import { zlibSceneDeflate } from '../../../server/src/node/scene-deflate';

const URI = 'file:///work/preview.collide';

function sceneText(n: number): string {
  const lines = ['dt 1/60', 'frames 2'];
  for (let i = 0; i < n; i++) lines.push(`body b${i} box(1, 1) at (${(i % 40) * 1.3}, ${Math.floor(i / 40) * 1.3})${i % 9 === 0 ? ' velocity (120, 0)' : ''}`);
  return lines.join('\n') + '\n';
}

/** The from-scratch model of `text`, through JSON as on the wire. */
function expected(text: string, version: number): PreviewScene {
  const a = analyzeDocument(text);
  return JSON.parse(JSON.stringify(buildPreviewScene(URI, version, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics }))) as PreviewScene;
}

describe('lsp/preview: collide/previewScene answers with deltas against the version the client holds', function () {
  this.timeout(60000);

  let server: InMemoryServer;
  let client: MessageConnection;
  let published: PublishDiagnosticsParams[];

  beforeEach(async () => {
    server = await startInMemoryServer();
    ({ client, published } = server);
  });

  afterEach(() => client.dispose());

  const publishedFor = (version: number): Promise<void> => server.publishedFor(URI, version);

  /** Replace `from` (the first occurrence) by `to` as version `version`; returns the new text. */
  async function edit(text: string, from: string, to: string, version: number): Promise<string> {
    const at = text.indexOf(from);
    assert.ok(at >= 0);
    const before = text.slice(0, at);
    const line = before.split('\n').length - 1;
    const character = at - before.lastIndexOf('\n') - 1;
    await client.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version },
      contentChanges: [{ range: { start: { line, character }, end: { line, character: character + from.length } }, text: to }],
    });
    return text.slice(0, at) + to + text.slice(at + from.length);
  }

  it('gives a delta for a known base, the whole scene for an unknown one or none, and null once closed', async () => {
    let text = sceneText(300);
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text } });
    await publishedFor(1);
    const first = await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI });
    assert.ok(isPreviewScene(first) && !isDeltaAnswer(first));
    assert.deepStrictEqual(first, expected(text, 1));

    text = await edit(text, 'body b150 box(1, 1)', 'body b150 box(1.25, 1)', 2);
    await publishedFor(2);
    const answer = await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI, base: 1 });
    assert.ok(isDeltaAnswer(answer) && isPreviewSceneDelta(answer), 'a delta against version 1');
    assert.deepStrictEqual(answer.bodies.map((s) => [s.start, s.bodies.map((b) => b.name)]), [[150, ['b150']]]);
    assert.ok(JSON.stringify(answer).length < 4096, `a small answer (${JSON.stringify(answer).length} bytes)`);
    assert.deepStrictEqual(applySceneDelta(first, answer), expected(text, 2));

    const unknown = await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI, base: 77 });
    assert.ok(isPreviewScene(unknown) && !isDeltaAnswer(unknown), 'an unknown base: the whole scene');
    assert.deepStrictEqual(unknown, expected(text, 2));

    const same = await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI, base: 2 });
    assert.ok(isPreviewSceneDelta(same) && same.version === 2 && same.bodies.length === 0 && same.findings.length === 0, 'the version held: an empty delta');

    await client.sendNotification('textDocument/didClose', { textDocument: { uri: URI } });
    assert.equal(await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI, base: 2 }), null);
  });

  it('starts a whole build again for a version that arrives while it is under way', async () => {
    // Large enough that the whole model takes several of the handler's slices on any machine.
    const text = sceneText(6000);
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text } });
    await publishedFor(1);
    const answer = client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI });
    const next = await edit(text, 'body b3000 box(1, 1)', 'body b3000 box(2, 1)', 2);
    const scene = await answer;
    assert.ok(isPreviewScene(scene));
    assert.equal(scene.version, 2, 'the build for version 1 was dropped for version 2');
    assert.ok(published.some((p) => p.version === 2), 'the new version was published before the scene answered');
    assert.deepStrictEqual(scene, expected(next, 2));
  });

  it('gives the whole scene as base64 bytes to a client that asks so, and deltas as before', async () => {
    // Large enough for several base64 texts.
    let text = sceneText(4500);
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text } });
    await publishedFor(1);
    const first = await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI, bytes: true });
    assert.ok(isBytesAnswer(first) && isPreviewSceneBytes(first) && !isDeltaAnswer(first));
    assert.ok(first.bytes.length > 1, `several base64 texts (${first.bytes.length})`);
    const bytes = fromBase64(first.bytes);
    assert.ok(bytes);
    assert.deepStrictEqual(decodeSceneBytes(bytes), expected(text, 1));

    text = await edit(text, 'body b150 box(1, 1)', 'body b150 box(1.25, 1)', 2);
    await publishedFor(2);
    const answer = await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI, base: 1, bytes: true });
    assert.ok(isPreviewSceneDelta(answer), 'a delta against version 1');
    const unknown = await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI, base: 77, bytes: true });
    assert.ok(isPreviewSceneBytes(unknown), 'an unknown base: the whole scene, as bytes');
    assert.deepStrictEqual(decodeSceneBytes(fromBase64(unknown.bytes)!), expected(text, 2));
  });

  it('deflates the whole scene’s bytes for a client that asks so, when the platform gives a deflate', async () => {
    const text = sceneText(3000);
    const deflating = await startInMemoryServer({ sceneDeflate: zlibSceneDeflate });
    try {
      await deflating.client.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text } });
      await deflating.publishedFor(URI, 1);
      const answer = await deflating.client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI, bytes: true, deflate: true });
      assert.ok(isBytesAnswer(answer) && isPreviewSceneBytes(answer));
      const deflated = fromBase64(answer.bytes);
      assert.ok(deflated && answer.deflated !== undefined);
      const bytes = inflateRawSync(deflated);
      assert.equal(bytes.length, answer.deflated, 'the answer says the inflated size');
      assert.ok(deflated.length < bytes.length * 0.8, `smaller: ${deflated.length} of ${bytes.length}`);
      assert.deepStrictEqual(decodeSceneBytes(new Uint8Array(bytes)), expected(text, 1));
      const plain = await deflating.client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI, base: 77, bytes: true });
      assert.ok(isPreviewSceneBytes(plain) && plain.deflated === undefined, 'not asked: the bytes as they are');
    } finally {
      deflating.client.dispose();
    }
    // A server without a deflate answers with the bytes as they are.
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text } });
    await publishedFor(1);
    const plain = await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: URI, bytes: true, deflate: true });
    assert.ok(isPreviewSceneBytes(plain) && plain.deflated === undefined);
    assert.deepStrictEqual(decodeSceneBytes(fromBase64(plain.bytes)!), expected(text, 1));
  });

  it('answers collide/previewEdit with the edits of a handle drag, refusing a stale version or a malformed change', async () => {
    const text = 'body ball circle(0.5) at (0, 1)\nbody floor static box(10, 1)\n';
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text } });
    await publishedFor(1);
    const answer = await client.sendRequest(PREVIEW_EDIT_METHOD, { uri: URI, version: 1, body: 'ball', change: { velocity: [2, 0], decimals: 2 } });
    assert.deepStrictEqual(answer, { edits: [{ start: 21, end: 21, text: ' velocity (2, 0)' }] });
    const stale = await client.sendRequest(PREVIEW_EDIT_METHOD, { uri: URI, version: 7, body: 'ball', change: { radius: 2, decimals: 2 } });
    assert.deepStrictEqual(stale, { refused: 'the text changed meanwhile' });
    // Two changes at once, or none, are not a handle drag.
    assert.equal(await client.sendRequest(PREVIEW_EDIT_METHOD, { uri: URI, version: 1, body: 'ball', change: { radius: 2, spin: 1, decimals: 2 } }), null);
    assert.equal(await client.sendRequest(PREVIEW_EDIT_METHOD, { uri: URI, version: 1, body: 'ball', change: { decimals: 2 } }), null);
  });
});
