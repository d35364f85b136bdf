/**
 * Level files (Godot scenes, Tiled maps) in the language server, over a real JSON-RPC connection
 * held in memory: they are checked while open, with diagnostics on the node or object and the
 * level's names; an edit is published again; hover and the "move out" quick fix work in level
 * terms; a tileset or sub-scene that changes checks its levels again; every request that would
 * fight the format's own extension answers empty; a JSON file that is no Tiled map is left alone.
 */
import { strict as assert } from 'node:assert';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { CodeAction, Diagnostic, Hover, PublishDiagnosticsParams, TextEdit } from 'vscode-languageserver-protocol';
import { LineIndex } from '../../../server/src/syntax/positions';
import { PREVIEW_EDIT_METHOD, PREVIEW_LEVEL_MOVE_METHOD, PREVIEW_PAIR_METHOD, PREVIEW_SCENE_METHOD } from '../../../protocol/preview-lsp';
import type { PairDetail, PreviewScene } from '../../../protocol/preview-model';
import { startInMemoryServer, type InMemoryServer } from './in-memory-server';

const TMX_URI = 'file:///levels/tiled/overlap.tmx';
const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down" width="20" height="15" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="4">
 <objectgroup id="1" name="Walls">
  <object id="1" name="floor" x="0" y="200" width="320" height="16"/>
 </objectgroup>
 <objectgroup id="2" name="Actors">
  <object id="2" name="crate" x="100" y="190" width="32" height="32"/>
  <object id="3" name="ball" x="200" y="100" width="20" height="20">
   <ellipse/>
  </object>
 </objectgroup>
</map>
`;

const GODOT = 'file:///levels/godot';
const PROJECT = 'config_version=5\n\n[application]\nconfig/name="Levels"\n';
const BALL_TSCN = (radius: number) => `[gd_scene load_steps=2 format=3]

[sub_resource type="CircleShape2D" id="CircleShape2D_1"]
radius = ${radius}.0

[node name="Ball" type="RigidBody2D"]

[node name="CollisionShape2D" type="CollisionShape2D" parent="."]
shape = SubResource("CircleShape2D_1")
`;
const MAIN_TSCN = `[gd_scene load_steps=3 format=3]

[ext_resource type="PackedScene" path="res://ball.tscn" id="1_ball"]

[sub_resource type="RectangleShape2D" id="RectangleShape2D_1"]
size = Vector2(320, 16)

[node name="Main" type="Node2D"]

[node name="Floor" type="StaticBody2D" parent="."]
position = Vector2(160, 208)

[node name="CollisionShape2D" type="CollisionShape2D" parent="Floor"]
shape = SubResource("RectangleShape2D_1")

[node name="Ball" parent="." instance=ExtResource("1_ball")]
position = Vector2(100, 195)
`;

describe('lsp/server: level files are checked in place', function () {
  this.timeout(60000);

  let server: InMemoryServer;
  let client: MessageConnection;

  beforeEach(async () => {
    server = await startInMemoryServer();
    client = server.client;
  });

  afterEach(() => client.dispose());

  async function open(uri: string, text: string, languageId: string, version = 1): Promise<void> {
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  /** The diagnostics of `uri`'s `version`, once published. */
  async function diagnosticsOf(uri: string, version: number): Promise<Diagnostic[]> {
    await server.publishedFor(uri, version);
    return [...server.published].reverse().find((p) => p.uri === uri && p.version === version)!.diagnostics;
  }

  /** Replaces the whole text as `version`. */
  async function replaceAll(uri: string, text: string, version: number): Promise<void> {
    await client.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  const textAt = (text: string, d: { range: Diagnostic['range'] }): string => {
    const lines = new LineIndex(text);
    const r = lines.offsetRange(d.range);
    return text.slice(r.start, r.end);
  };

  it('publishes an overlap of a Tiled map on the object, with the level names, and again after an edit', async () => {
    await open(TMX_URI, TMX, 'xml');
    const ds = await diagnosticsOf(TMX_URI, 1);
    const overlaps = ds.filter((d) => d.code === 'overlap');
    assert.equal(overlaps.length, 1, JSON.stringify(ds));
    assert.equal(overlaps[0]!.source, 'collide');
    assert.match(messageOf(overlaps[0]!), /^crate overlaps floor by 22\b/);
    assert.match(textAt(TMX, overlaps[0]!), /crate/);
    // The crate lifted off the floor: the edit is checked and published again.
    const lifted = TMX.replace('x="100" y="190"', 'x="100" y="150"');
    await replaceAll(TMX_URI, lifted, 2);
    assert.deepEqual((await diagnosticsOf(TMX_URI, 2)).filter((d) => d.code === 'overlap'), []);
  });

  it('hovers a body with its level name, kind and finding, and nothing outside bodies', async () => {
    await open(TMX_URI, TMX, 'xml');
    await server.publishedFor(TMX_URI, 1);
    const lines = new LineIndex(TMX);
    const at = (needle: string) => lines.positionAt(TMX.indexOf(needle) + 2);
    const hover = (await client.sendRequest('textDocument/hover', { textDocument: { uri: TMX_URI }, position: at('name="crate"') })) as Hover | null;
    assert.ok(hover);
    const text = (hover.contents as { value: string }).value;
    assert.match(text, /\*\*rectangle\*\* `crate` · dynamic/);
    assert.match(text, /\*\*overlap\*\* with `floor`/);
    assert.equal(await client.sendRequest('textDocument/hover', { textDocument: { uri: TMX_URI }, position: at('<map') }), null);
  });

  it('offers the move-out fix as an edit of the object\'s x and y, which removes the overlap', async () => {
    await open(TMX_URI, TMX, 'xml');
    const [overlap] = (await diagnosticsOf(TMX_URI, 1)).filter((d) => d.code === 'overlap');
    assert.ok(overlap);
    const actions = (await client.sendRequest('textDocument/codeAction', {
      textDocument: { uri: TMX_URI },
      range: overlap.range,
      context: { diagnostics: [overlap] },
    })) as CodeAction[];
    assert.ok(actions.length > 0, 'no fix offered');
    const fix = actions.find((a) => a.isPreferred) ?? actions[0]!;
    assert.match(fix.title, /^Move 'crate' out of 'floor' to \(100, 168\)$/);
    const edits = fix.edit!.changes![TMX_URI]! as TextEdit[];
    const lines = new LineIndex(TMX);
    const fixed = applyEdits(TMX, lines, edits);
    assert.ok(fixed.includes('name="crate" x="100" y="168"'), fixed);
    await replaceAll(TMX_URI, fixed, 2);
    assert.deepEqual((await diagnosticsOf(TMX_URI, 2)).filter((d) => d.code === 'overlap'), []);
  });

  it('answers the preview in level terms: names, ranges, pairs, and a drag written through the level', async () => {
    await open(TMX_URI, TMX, 'xml');
    await server.publishedFor(TMX_URI, 1);
    const scene = (await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: TMX_URI })) as PreviewScene;
    assert.deepEqual(scene.bodies.map((b) => b.name), ['floor', 'crate', 'ball']);
    assert.equal(scene.yDown, true, 'drawn y down, as Tiled draws the map');
    const crate = scene.bodies[1]!;
    assert.ok(TMX.slice(crate.range.start, crate.range.end).startsWith('<object id="2" name="crate"'), TMX.slice(crate.range.start, crate.range.end));
    assert.equal(crate.atRange, undefined);
    assert.deepEqual(scene.findings.map((f) => [f.kind, f.a, f.b]), [['overlap', 'floor', 'crate']]);
    // Asked again with the version it holds, the preview still gets the whole scene, in level terms.
    const again = (await client.sendRequest(PREVIEW_SCENE_METHOD, { uri: TMX_URI, base: 1 })) as PreviewScene;
    assert.deepEqual(again.bodies.map((b) => b.name), ['floor', 'crate', 'ball']);
    assert.equal(again.yDown, true);
    const pair = (await client.sendRequest(PREVIEW_PAIR_METHOD, { uri: TMX_URI, a: 'crate', b: 'floor' })) as PairDetail;
    assert.deepEqual([pair.a, pair.b, pair.finding?.kind], ['floor', 'crate', 'overlap']);
    const move = (await client.sendRequest(PREVIEW_LEVEL_MOVE_METHOD, { uri: TMX_URI, version: 1, body: 'crate', at: [120, 150] })) as { edits: { start: number; end: number; text: string }[] };
    let moved = TMX;
    for (const e of [...move.edits].sort((x, y) => y.start - x.start)) moved = moved.slice(0, e.start) + e.text + moved.slice(e.end);
    assert.ok(moved.includes('name="crate" x="120" y="150"'), moved);
    assert.equal(await client.sendRequest(PREVIEW_LEVEL_MOVE_METHOD, { uri: TMX_URI, version: 7, body: 'crate', at: [120, 150] }), null);
    // A level's shapes and motion are not written from the preview's handles.
    const resize = (await client.sendRequest(PREVIEW_EDIT_METHOD, { uri: TMX_URI, version: 1, body: 'ball', change: { radius: 20, decimals: 0 } })) as { refused?: string };
    assert.match(resize.refused ?? '', /level/);
  });

  it('answers empty where a level has nothing to say: outline, folding, tokens, lenses, formatting, completion, rename', async () => {
    await open(TMX_URI, TMX, 'xml');
    await server.publishedFor(TMX_URI, 1);
    const doc = { textDocument: { uri: TMX_URI } };
    const position = { line: 3, character: 20 };
    const range = { start: { line: 0, character: 0 }, end: { line: 12, character: 0 } };
    const answers: [string, unknown][] = [
      ['textDocument/documentSymbol', doc],
      ['textDocument/foldingRange', doc],
      ['textDocument/codeLens', doc],
      ['textDocument/formatting', { ...doc, options: { tabSize: 2, insertSpaces: true } }],
      ['textDocument/completion', { ...doc, position }],
      ['textDocument/signatureHelp', { ...doc, position }],
      ['textDocument/definition', { ...doc, position }],
      ['textDocument/references', { ...doc, position, context: { includeDeclaration: true } }],
      ['textDocument/documentHighlight', { ...doc, position }],
      ['textDocument/prepareRename', { ...doc, position }],
      ['textDocument/rename', { ...doc, position, newName: 'x' }],
      ['textDocument/inlayHint', { ...doc, range }],
      ['textDocument/semanticTokens/range', { ...doc, range }],
    ];
    for (const [method, params] of answers) {
      const answer = await client.sendRequest(method, params);
      assert.ok(answer === null || (Array.isArray(answer) && answer.length === 0) || (typeof answer === 'object' && (answer as { data?: unknown[] }).data?.length === 0), `${method}: ${JSON.stringify(answer)}`);
    }
    const tokens = (await client.sendRequest('textDocument/semanticTokens/full', doc)) as { data: number[] };
    assert.deepEqual(tokens.data, []);
  });

  it('checks a Godot scene again when a sub-scene it instances changes, and when it is closed', async () => {
    await open(`${GODOT}/project.godot`, PROJECT, 'gdresource');
    await open(`${GODOT}/ball.tscn`, BALL_TSCN(16), 'gdscene');
    await open(`${GODOT}/main.tscn`, MAIN_TSCN, 'gdscene');
    const ds = await diagnosticsOf(`${GODOT}/main.tscn`, 1);
    const overlap = ds.find((d) => d.code === 'overlap');
    assert.ok(overlap, JSON.stringify(ds));
    assert.match(messageOf(overlap), /^Ball overlaps Floor by 11\b/);
    assert.equal(textAt(MAIN_TSCN, overlap).includes('Ball'), true);
    // A smaller ball in the sub-scene no longer reaches the floor: main.tscn is published again.
    const before = server.published.length;
    await replaceAll(`${GODOT}/ball.tscn`, BALL_TSCN(4), 2);
    await server.until((p) => p.uri === `${GODOT}/main.tscn` && server.published.indexOf(p) >= before);
    const again = lastFor(server.published, `${GODOT}/main.tscn`, before);
    assert.deepEqual(again.diagnostics.filter((d) => d.code === 'overlap'), []);
    // Closed, the sub-scene is read from the disk, where (in this test) there is none.
    const closedAt = server.published.length;
    await client.sendNotification('textDocument/didClose', { textDocument: { uri: `${GODOT}/ball.tscn` } });
    await server.until((p) => p.uri === `${GODOT}/main.tscn` && server.published.indexOf(p) >= closedAt);
    const missing = lastFor(server.published, `${GODOT}/main.tscn`, closedAt).diagnostics;
    assert.ok(missing.some((d) => /ball\.tscn/.test(messageOf(d))), JSON.stringify(missing));
  });

  it('leaves a JSON file that is no Tiled map alone, and checks one that is', async () => {
    const other = 'file:///levels/package.json';
    await open(other, '{ "name": "x", "type": "module" }\n', 'json');
    const map = 'file:///levels/tiled/map.json';
    const json = JSON.stringify({
      type: 'map', version: '1.10', tiledversion: '1.11.0', orientation: 'orthogonal', renderorder: 'right-down',
      width: 20, height: 15, tilewidth: 16, tileheight: 16, infinite: false, nextlayerid: 2, nextobjectid: 3,
      layers: [{ type: 'objectgroup', id: 1, name: 'Objects', x: 0, y: 0, visible: true, opacity: 1, draworder: 'topdown', objects: [
        { id: 1, name: 'a', x: 0, y: 0, width: 10, height: 10, rotation: 0, visible: true, type: '' },
        { id: 2, name: 'b', x: 5, y: 5, width: 10, height: 10, rotation: 0, visible: true, type: '' },
      ] }],
    }, null, 1);
    await open(map, json, 'json');
    const ds = await diagnosticsOf(map, 1);
    assert.equal(ds.filter((d) => d.code === 'overlap').length, 1, JSON.stringify(ds));
    assert.equal(server.published.some((p) => p.uri === other), false, 'a JSON file that is no map was checked');
    assert.equal(await client.sendRequest('textDocument/hover', { textDocument: { uri: other }, position: { line: 0, character: 4 } }), null);
  });
});

function messageOf(d: Diagnostic): string {
  return typeof d.message === 'string' ? d.message : d.message.value;
}

function applyEdits(text: string, lines: LineIndex, edits: readonly TextEdit[]): string {
  const offsets = edits.map((e) => ({ ...lines.offsetRange(e.range), newText: e.newText })).sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of offsets) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

function lastFor(published: readonly PublishDiagnosticsParams[], uri: string, from: number): PublishDiagnosticsParams {
  const found = published.slice(from).filter((p) => p.uri === uri);
  assert.ok(found.length > 0);
  return found[found.length - 1]!;
}
