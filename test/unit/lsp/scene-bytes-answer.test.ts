/**
 * A whole preview scene sent in parts (lsp/scene-bytes-answer.ts, through lsp/preview.ts) over a
 * real JSON-RPC connection held in memory: every part comes as a `collide/previewScenePart`
 * notification of the client's stream, in index order and before the answer (told by the order
 * the client takes the messages in, not by time), and the parts, inflated and read in order,
 * are the scene the plain request answers; a known base still gets a delta, and a document
 * closed while its parts are under way ends the stream with a null answer.
 */
import { strict as assert } from 'node:assert';
import { inflateRawSync } from 'node:zlib';
import {
  isDeltaAnswer,
  isPartsAnswer,
  isPreviewScenePart,
  isPreviewSceneParts,
  PREVIEW_SCENE_METHOD,
  PREVIEW_SCENE_PART_METHOD,
  type PreviewScenePart,
} from '../../../protocol/preview-lsp';
import { isPreviewSceneDelta } from '../../../protocol/preview-delta';
import { isPreviewScene, sceneHeader, type PreviewScene } from '../../../protocol/preview-model';
import { decodeSceneParts } from '../../../protocol/preview-scene-bytes';
import { fromBase64 } from '../../../client/src/preview/base64-texts';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../server/src/preview/scene-model';
import { zlibSceneDeflate } from '../../../server/src/node/scene-deflate';
import type { SceneDeflate } from '../../../server/src/lsp/scene-bytes-answer';
import type { ServerOptions } from '../../../server/src/lsp/server';
import { startInMemoryServer, type InMemoryServer } from './in-memory-server';

const URI = 'file:///work/parts.collide';
/** Items a part holds in these tests: a scene of a few thousand bodies comes in several parts. */
const PART_ITEMS = 700;

/** `n` boxes on a grid, every ninth moving into its neighbors (findings). */
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

/** What the client took, in the order it took it: each part notification, and each answer. */
type Taken = { readonly part: PreviewScenePart } | { readonly answer: unknown };

interface PartsClient {
  readonly server: InMemoryServer;
  readonly taken: Taken[];
  /** Sends a scene request and records its answer where it comes among the notifications. */
  request(params: object): Promise<unknown>;
  /** The parts of `stream` taken so far. */
  partsOf(stream: number): PreviewScenePart[];
}

/** A client of a server with `options`, calling `onPart` with each part it takes (a connection has one handler a method). */
async function partsClient(options: ServerOptions, onPart?: (part: PreviewScenePart) => void): Promise<PartsClient> {
  const server = await startInMemoryServer({ scenePartItems: PART_ITEMS, ...options });
  const taken: Taken[] = [];
  server.client.onNotification(PREVIEW_SCENE_PART_METHOD, (part: PreviewScenePart) => {
    taken.push({ part });
    onPart?.(part);
  });
  return {
    server,
    taken,
    request: (params) =>
      server.client.sendRequest(PREVIEW_SCENE_METHOD, params).then((answer) => {
        taken.push({ answer });
        return answer;
      }),
    partsOf: (stream) => taken.flatMap((t) => ('part' in t && t.part.stream === stream ? [t.part] : [])),
  };
}

async function open(c: PartsClient, text: string): Promise<void> {
  await c.server.client.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text } });
  await c.server.publishedFor(URI, 1);
}

/** The stream's parts checked (in index order, all of one count, before `answer`) and read. */
function readParts(c: PartsClient, stream: number, answer: unknown): PreviewScene | null {
  assert.ok(isPartsAnswer(answer) && isPreviewSceneParts(answer), `a parts answer: ${JSON.stringify(answer)?.slice(0, 200)}`);
  const parts = c.partsOf(stream);
  assert.equal(parts.length, answer.parts, 'as many parts as the answer says');
  assert.ok(parts.length > 0);
  parts.forEach((p, k) => {
    assert.ok(isPreviewScenePart(p), `part ${k} has the shape of one`);
    assert.equal(p.index, k, 'in index order');
    assert.equal(p.count, answer.parts);
    assert.equal(p.uri, answer.uri);
    assert.equal(p.version, answer.version);
  });
  const at = c.taken.findIndex((t) => 'answer' in t && t.answer === answer);
  const last = c.taken.findIndex((t) => 'part' in t && t.part === parts[parts.length - 1]);
  assert.ok(last >= 0 && last < at, 'every part came before the answer');
  const bytes = parts.map((p) => {
    const raw = fromBase64(p.bytes);
    assert.ok(raw, `part ${p.index} is base64`);
    if (p.deflated === undefined) return raw;
    const inflated = new Uint8Array(inflateRawSync(raw));
    assert.equal(inflated.length, p.deflated, 'the part says its inflated size');
    return inflated;
  });
  return decodeSceneParts(bytes);
}

describe('lsp/scene-bytes-answer: a whole preview scene sent in parts', function () {
  this.timeout(60000);

  let c: PartsClient | undefined;
  afterEach(() => c?.server.client.dispose());

  it('sends every part, deflated, in index order before the answer, and they read as the plain request’s scene', async () => {
    c = await partsClient({ sceneDeflate: zlibSceneDeflate });
    const text = sceneText(3000);
    await open(c, text);
    const answer = await c.request({ uri: URI, bytes: true, deflate: true, parts: 7 });
    const plain = await c.request({ uri: URI });
    assert.ok(isPreviewScene(plain));
    assert.ok(plain.findings.length > 0, 'the scene has findings');
    const parts = c.partsOf(7);
    assert.equal(parts.length, Math.ceil((plain.bodies.length + plain.findings.length) / PART_ITEMS), 'bodies and findings in parts of PART_ITEMS');
    assert.ok(parts.length > 2, `several parts (${parts.length})`);
    assert.ok(parts.every((p) => p.deflated !== undefined), 'deflated, as asked');
    assert.deepStrictEqual(readParts(c, 7, answer), plain);
    assert.deepStrictEqual(plain, expected(text, 1));
    assert.deepStrictEqual(answer, { ...sceneHeader(plain), parts: parts.length }, 'the answer repeats the scene’s header');
  });

  it('sends the parts as they are when not asked to deflate or without a deflate, and ignores a stream without bytes', async () => {
    c = await partsClient({});
    const text = sceneText(2000);
    await open(c, text);
    const asked = await c.request({ uri: URI, bytes: true, deflate: true, parts: 0 });
    assert.ok(c.partsOf(0).every((p) => p.deflated === undefined), 'no deflate on this server');
    assert.deepStrictEqual(readParts(c, 0, asked), expected(text, 1));
    const plain = await c.request({ uri: URI, base: 77, bytes: true, parts: 1 });
    assert.deepStrictEqual(readParts(c, 1, plain), expected(text, 1));
    const objects = await c.request({ uri: URI, base: 77, parts: 2 });
    assert.ok(isPreviewScene(objects), 'no bytes asked: the scene as objects');
    assert.equal(c.partsOf(2).length, 0);
    assert.equal(await c.request({ uri: URI, bytes: true, parts: -1 }), null, 'a stream id that is not a non-negative integer');
    assert.equal(await c.request({ uri: URI, bytes: true, parts: 1.5 }), null);
  });

  it('answers a request with a known base with a delta, and one with an unknown base in parts', async () => {
    c = await partsClient({ sceneDeflate: zlibSceneDeflate });
    let text = sceneText(2000);
    await open(c, text);
    assert.ok(readParts(c, 1, await c.request({ uri: URI, bytes: true, deflate: true, parts: 1 })));
    const at = text.indexOf('body b150 box(1, 1)');
    const line = text.slice(0, at).split('\n').length - 1;
    await c.server.client.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 'body b150 box(1, 1)'.length } }, text: 'body b150 box(2, 1)' }],
    });
    text = text.replace('body b150 box(1, 1)', 'body b150 box(2, 1)');
    await c.server.publishedFor(URI, 2);
    const delta = await c.request({ uri: URI, base: 1, bytes: true, deflate: true, parts: 2 });
    assert.ok(isDeltaAnswer(delta) && isPreviewSceneDelta(delta), 'a delta against version 1');
    assert.deepStrictEqual(
      delta.bodies.map((s) => s.bodies.map((b) => b.name)),
      [['b150']],
    );
    assert.equal(c.partsOf(2).length, 0, 'no parts for a delta');
    const whole = await c.request({ uri: URI, base: 77, bytes: true, deflate: true, parts: 3 });
    assert.deepStrictEqual(readParts(c, 3, whole), expected(text, 2));
  });

  it('ends the stream with a null answer when the document closes while its parts are under way', async () => {
    // The deflate of every part after the first waits until the server has closed the document
    // (its empty publication), which the client asks as soon as it takes the first part.
    let closed!: () => void;
    const closing = new Promise<void>((resolve) => (closed = resolve));
    let deflates = 0;
    const gated: SceneDeflate = async (bytes) => {
      if (deflates++ > 0) await closing;
      return zlibSceneDeflate(bytes);
    };
    c = await partsClient({ sceneDeflate: gated }, (part) => {
      if (part.index === 0) void client.sendNotification('textDocument/didClose', { textDocument: { uri: URI } });
    });
    const client = c.server.client;
    c.server.onPublish((p) => {
      if (p.uri === URI && p.version === undefined && p.diagnostics.length === 0) closed();
    });
    await open(c, sceneText(3000));
    const answer = await c.request({ uri: URI, bytes: true, deflate: true, parts: 5 });
    const parts = c.partsOf(5);
    assert.equal(parts.length, 1, 'the first part came, and no other');
    assert.ok(parts[0]!.count > 1, `a scene of several parts (${parts[0]!.count})`);
    assert.equal(answer, null, 'the stream ends with null');
    // The server goes on: the document opened again is answered in parts.
    const text = sceneText(200);
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 3, text } });
    await c.server.publishedFor(URI, 3);
    assert.deepStrictEqual(readParts(c, 6, await c.request({ uri: URI, bytes: true, deflate: true, parts: 6 })), expected(text, 3));
  });
});
