import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  Hover,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { codeLenses } from '../../../server/src/lsp/code-lens';
import { publishedDiagnostics } from '../../../server/src/lsp/diagnostics';
import { analyzeText } from '../../../server/src/features/document';
import { DEFAULT_SETTINGS } from '../../../server/src/features/settings';
import { documentSymbols } from '../../../server/src/lsp/document-symbols';
import { semanticTokens } from '../../../server/src/features/semantic-tokens';
import { ensureBundles, ROOT, TestClient } from './lsp-client';

const URI = 'file:///work/scene.collide';

const SCENE = [
  '// A small scene with one finding of each kind.',
  'slop 0.005',
  'layer world',
  'body floor static box(20, 1) at (0, -0.5) layer world',
  'body sunk box(1, 1) at (0, 0.45)',
  'let speed = 600',
  'body wall static box(0.1, 4) at (5, 5)',
  'body shot circle(0.05) at (3, 5) velocity (speed, 0)',
  'body left box(1,1) at (10, -20)',
  'body right box(1,1) at (10.5, -20)',
  '',
].join('\n');

function codes(ds: readonly Diagnostic[]): string[] {
  return ds.map((d) => String(d.code));
}

describe('lsp: the real server over stdio (collide lsp --stdio)', function () {
  this.timeout(60000);
  let client: TestClient;
  let doc: TextDocument;

  before(async function () {
    ensureBundles();
    client = new TestClient();
    const examples = pathToFileURL(path.join(ROOT, 'examples')).toString();
    const init = (await client.initialize([{ uri: examples, name: 'examples' }])) as { capabilities: Record<string, unknown> };
    assert.equal((init.capabilities['textDocumentSync'] as { change: number }).change, 2, 'incremental sync');
    doc = TextDocument.create(URI, 'collide', 1, SCENE);
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text: SCENE } });
  });

  after(async () => {
    if (client) await client.shutdown();
  });

  /** Sends edits as incremental changes, the way an editor does, and applies them locally. */
  async function edit(edits: TextEdit[]): Promise<void> {
    const version = doc.version + 1;
    // Incremental changes apply one after the other: send them from the end of the text backwards.
    const ordered = edits.slice().sort((a, b) => doc.offsetAt(b.range.start) - doc.offsetAt(a.range.start));
    doc = TextDocument.update(doc, ordered.map((e) => ({ range: e.range, text: e.newText })), version);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version },
      contentChanges: ordered.map((e) => ({ range: e.range, text: e.newText })),
    });
  }

  function position(needle: string, delta = 0) {
    const offset = doc.getText().indexOf(needle);
    assert.ok(offset >= 0, `'${needle}' is in the text`);
    return doc.positionAt(offset + delta);
  }

  it('publishes overlap, tunnelling and related information with stable codes and source', async () => {
    const ds = await client.diagnostics(URI, 1);
    assert.deepEqual(codes(ds).filter((c) => c === 'overlap' || c === 'tunnelling').sort(), ['overlap', 'overlap', 'tunnelling']);
    for (const d of ds) assert.equal(d.source, 'collide');
    const sunk = ds.find((d) => d.code === 'overlap' && d.range.start.line === 4)!;
    assert.ok(sunk, 'the overlap is on sunk');
    assert.equal(sunk.relatedInformation?.[0]?.location.range.start.line, 3, 'related information points at floor');
    assert.ok(client.configurationRequests >= 1, 'settings were pulled with workspace/configuration');
  });

  it('hovers a body with its numbers and findings', async () => {
    const h = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: position('sunk', 1) })) as Hover;
    const text = (h.contents as { value: string }).value;
    assert.equal((h.contents as { kind: string }).kind, 'markdown');
    const name = doc.getText().indexOf('sunk');
    assert.deepEqual(h.range, { start: doc.positionAt(name), end: doc.positionAt(name + 'sunk'.length) });
    assert.match(text, /body\*\* `sunk`/);
    assert.match(text, /box 1 × 1/);
    assert.match(text, /overlap\*\* with `floor`: depth 0\.05/);
    assert.match(text, /push-out \(0, 0\.05\)/);
  });

  it('offers a quick fix that carries its diagnostic, and applying it removes the diagnostic', async () => {
    const ds = await client.diagnostics(URI, 1);
    const sunk = ds.find((d) => d.code === 'overlap' && d.range.start.line === 4)!;
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: sunk.range,
      context: { diagnostics: [sunk] },
    })) as CodeAction[];
    const move = actions.find((a) => a.title.startsWith("Move 'sunk'"));
    assert.ok(move, `a move fix among ${actions.map((a) => a.title).join('; ')}`);
    assert.equal(move.kind, 'quickfix');
    assert.deepEqual(move.diagnostics?.[0]?.range, sunk.range);
    await edit((move.edit as WorkspaceEdit).changes![URI]!);
    assert.match(doc.getText(), /body sunk box\(1, 1\) at \(0, 0\.5\)/);
    const after = await client.diagnostics(URI, doc.version);
    assert.equal(after.filter((d) => d.code === 'overlap' && d.range.start.line === 4).length, 0);
    assert.equal(after.filter((d) => d.code === 'overlap').length, 1, 'the other overlap stays');
  });

  it('completes shape constructors as snippets after a body name', async () => {
    const end = doc.positionAt(doc.getText().length);
    await edit([{ range: { start: end, end }, newText: 'body extra ' }]);
    const items = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: URI },
      position: doc.positionAt(doc.getText().length),
    })) as CompletionItem[];
    const circle = items.find((i) => i.label === 'circle');
    assert.ok(circle);
    assert.equal(circle.insertTextFormat, 2);
    assert.equal(circle.insertText, 'circle(${1:r})');
    assert.ok(items.some((i) => i.label === 'static'));
    // Finish the statement so the rest of the test sees a clean file.
    const endNow = doc.positionAt(doc.getText().length);
    await edit([{ range: { start: endNow, end: endNow }, newText: 'circle(1) at (50, 50)\n' }]);
  });

  it('answers definition, references and highlights in LSP terms', async () => {
    const text = doc.getText();
    const def = text.indexOf('let speed') + 4;
    const use = text.indexOf('(speed') + 1;
    assert.ok(def >= 4 && use > def, 'the constant and its use');
    const nameRange = { start: doc.positionAt(def), end: doc.positionAt(def + 5) };
    const useRange = { start: doc.positionAt(use), end: doc.positionAt(use + 5) };
    const at = { textDocument: { uri: URI }, position: doc.positionAt(use + 1) };
    assert.deepEqual(await client.connection.sendRequest('textDocument/definition', at), { uri: URI, range: nameRange });
    const withDeclaration = await client.connection.sendRequest('textDocument/references', { ...at, context: { includeDeclaration: true } });
    assert.deepEqual(withDeclaration, [{ uri: URI, range: nameRange }, { uri: URI, range: useRange }]);
    const usesOnly = await client.connection.sendRequest('textDocument/references', { ...at, context: { includeDeclaration: false } });
    assert.deepEqual(usesOnly, [{ uri: URI, range: useRange }]);
    const highlights = await client.connection.sendRequest('textDocument/documentHighlight', at);
    assert.deepEqual(highlights, [{ range: nameRange, kind: 3 }, { range: useRange, kind: 2 }]);
    const prepared = await client.connection.sendRequest('textDocument/prepareRename', at);
    assert.deepEqual(prepared, { range: useRange, placeholder: 'speed' });
  });

  it('renames a constant at its definition and its use', async () => {
    const result = (await client.connection.sendRequest('textDocument/rename', {
      textDocument: { uri: URI },
      position: position('speed', 2),
      newName: 'bullet_speed',
    })) as WorkspaceEdit;
    const edits = result.changes![URI]!;
    assert.equal(edits.length, 2);
    await edit(edits);
    assert.match(doc.getText(), /let bullet_speed = 600/);
    assert.match(doc.getText(), /velocity \(bullet_speed, 0\)/);
    await client.diagnostics(URI, doc.version);
  });

  it('refuses a rename to a keyword with a readable error', async () => {
    await assert.rejects(
      client.connection.sendRequest('textDocument/rename', { textDocument: { uri: URI }, position: position('bullet_speed', 2), newName: 'body' }),
      /keyword/,
    );
  });

  it('formats to canonical spacing', async () => {
    const edits = (await client.connection.sendRequest('textDocument/formatting', {
      textDocument: { uri: URI },
      options: { tabSize: 4, insertSpaces: true },
    })) as TextEdit[];
    assert.ok(edits.length > 0);
    await edit(edits);
    assert.match(doc.getText(), /body left box\(1, 1\) at \(10, -20\)/);
    const again = (await client.connection.sendRequest('textDocument/formatting', {
      textDocument: { uri: URI },
      options: { tabSize: 4, insertSpaces: true },
    })) as TextEdit[];
    assert.deepEqual(again, [], 'formatting is idempotent');
  });

  it('keeps findings after a syntax error in the middle of the file', async () => {
    const line = doc.getText().split('\n').findIndex((l) => l.startsWith('body wall'));
    await edit([{ range: { start: { line, character: 0 }, end: { line, character: 40 } }, newText: 'body wall static box(0.1,' }]);
    const ds = await client.diagnostics(URI, doc.version);
    assert.ok(ds.some((d) => d.severity === 1 && String(d.code).startsWith('syntax-')), `a syntax error among ${codes(ds).join(', ')}`);
    assert.ok(ds.some((d) => d.code === 'overlap' && d.range.start.line > line), 'the overlap after the break is still reported');
  });

  it('sends semantic tokens by delta against the last result, and whole for an unknown one', async () => {
    type Tokens = { resultId?: string; data: number[] };
    type Delta = { resultId?: string; edits: { start: number; deleteCount: number; data?: number[] }[] };
    const first = (await client.connection.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri: URI } })) as Tokens;
    assert.ok(first.resultId, 'a result id to build on');
    assert.deepEqual(first.data, semanticTokens(analyzeText(doc.getText(), URI)).data);
    await edit([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'let extra = 1\n' }]);
    const delta = (await client.connection.sendRequest('textDocument/semanticTokens/full/delta', { textDocument: { uri: URI }, previousResultId: first.resultId })) as Delta;
    assert.ok(delta.edits, 'edits, not a whole result');
    const applied = [...first.data];
    for (const e of delta.edits) applied.splice(e.start, e.deleteCount, ...(e.data ?? []));
    assert.deepEqual(applied, semanticTokens(analyzeText(doc.getText(), URI)).data);
    const stale = (await client.connection.sendRequest('textDocument/semanticTokens/full/delta', { textDocument: { uri: URI }, previousResultId: first.resultId })) as Tokens;
    assert.deepEqual(stale.data, applied, 'a result the server no longer holds gets the whole tokens');
    assert.notEqual(stale.resultId, delta.resultId);
  });

  it('sends code lenses with their commands, which need no resolving', async () => {
    type Lens = { range: { start: { line: number } }; command?: { title: string; command: string; arguments?: unknown[] }; data?: unknown };
    const lenses = (await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: URI } })) as Lens[];
    const expected = codeLenses(analyzeText(doc.getText(), URI));
    assert.deepEqual(lenses, JSON.parse(JSON.stringify(expected)));
    assert.ok(lenses.some((l) => /overlaps/.test(l.command?.title ?? '')));
  });

  it('answers the outline and the lenses of a large document, sent as byte chunks, as the symbols and lenses themselves', async () => {
    // Thousands of bodies: both responses span many of encoded-json-list.ts's chunks.
    const uri = 'file:///work/outline é.collide';
    const lines = ['dt 1/60', 'let k = 2'];
    for (let i = 0; i < 3000; i++) lines.push(`body b${i} box(1, 1) at (${(i % 60) * 0.9}, ${Math.floor(i / 60) * 1.1})`);
    const text = `${lines.join('\n')}\n`;
    // Every body with findings gets its lenses (the default stops at DEFAULT_CODE_LENS_LIMIT bodies).
    client.settings = { codeLens: { limit: 0 } };
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 3, text } });
    const local = analyzeText(text, uri, { ...DEFAULT_SETTINGS, codeLensLimit: 0 }, 3);
    const symbols = await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
    assert.deepEqual(symbols, JSON.parse(JSON.stringify(documentSymbols(local))));
    const lenses = (await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as unknown[];
    assert.ok(lenses.length > 1000, `${lenses.length} lenses`);
    assert.deepEqual(lenses, JSON.parse(JSON.stringify(codeLenses(local))));
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    client.settings = {};
  });

  it('survives failing and malformed requests', async () => {
    const unknown = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: 'file:///not-open.collide' }, position: { line: 0, character: 0 } });
    assert.equal(unknown, null);
    await client.connection
      .sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line: 'x', character: null } })
      .catch(() => undefined);
    await client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: URI } }).catch(() => undefined);
    const h = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: position('left', 1) })) as Hover;
    assert.match((h.contents as { value: string }).value, /`left`/);
    assert.equal(client.exited, false);
  });

  it('finds workspace symbols in open documents and in files of the workspace folders', async () => {
    const symbols = (await client.connection.sendRequest('workspace/symbol', { query: 'crate' })) as { name: string; location: { uri: string } }[];
    const files = new Set(symbols.map((s) => path.basename(s.location.uri)));
    assert.ok(files.has('crates-on-a-floor.collide') || files.has('compound-car.collide'), [...files].join(', '));
    const own = (await client.connection.sendRequest('workspace/symbol', { query: 'sunk' })) as { name: string; location: { uri: string } }[];
    assert.ok(own.some((s) => s.location.uri === URI));
  });

  it('drops analyses made stale by newer versions: the last diagnostics are for the last version', async () => {
    const uri = 'file:///work/big.collide';
    const lines: string[] = [];
    for (let i = 0; i < 2000; i++) lines.push(`body b${i} box(1, 1) at (${(i % 50) * 1.5}, ${Math.floor(i / 50) * 1.5})`);
    let text = lines.join('\n') + '\n';
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
    let big = TextDocument.create(uri, 'collide', 1, text);
    const first = client.publishedSoFar.length;
    // Ten quick edits of one body, each moving it into its neighbor a little deeper.
    for (let v = 2; v <= 11; v++) {
      const line = 7;
      const change = { range: { start: { line, character: 0 }, end: { line, character: big.getText().split('\n')[line]!.length } }, text: `body b${line} box(1, 1) at (${10.5 - v * 0.05}, 0)` };
      big = TextDocument.update(big, [change], v);
      await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [change] });
    }
    text = big.getText();
    const last = await client.diagnostics(uri, 11);
    assert.equal(last.filter((d) => d.code === 'overlap').length, 1, 'the moved body overlaps its neighbor');
    await new Promise((r) => setTimeout(r, 300));
    const versions = client.publishedSoFar.slice(first).filter((p) => p.uri === uri).map((p) => p.version!);
    for (let i = 1; i < versions.length; i++) assert.ok(versions[i]! > versions[i - 1]!, `published in order: ${versions.join(', ')}`);
    assert.equal(versions[versions.length - 1], 11);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it('reads the settings per document again when the configuration changes (severity off)', async () => {
    client.settings = { severity: { overlap: 'off', tunnelling: 'error' } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const ds = await client.diagnosticsWhere(URI, (d) => !d.some((x) => x.code === 'overlap'));
    assert.deepEqual(codes(ds).filter((c) => c === 'overlap'), []);
    client.settings = {};
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await client.diagnosticsWhere(URI, (d) => d.some((x) => x.code === 'overlap'));
  });

  it('publishes at most collide.diagnostics.limit problems, and the whole list again once the limit is lifted', async () => {
    const whole = () => JSON.parse(JSON.stringify(publishedDiagnostics(analyzeText(doc.getText(), URI)))) as Diagnostic[];
    const all = whole();
    assert.ok(all.length > 2, `${all.length} problems`);
    client.settings = { diagnostics: { limit: 2 } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const limited = await client.diagnosticsWhere(URI, (d) => d[0]?.code === 'problem-limit');
    assert.equal(limited.length, 2);
    assert.deepEqual(limited[0]!.data, {
      shown: 1,
      total: all.length,
      overlaps: all.filter((d) => d.code === 'overlap').length,
      tunnellingBodies: new Set(all.filter((d) => d.code === 'tunnelling').map((d) => d.range.start.line)).size,
    });
    const keys = new Set(all.map((d) => JSON.stringify(d)));
    for (const d of limited.slice(1)) assert.ok(keys.has(JSON.stringify(d)), `a problem of the whole list: ${JSON.stringify(d)}`);
    // An edit under the limit: still the limited list, of the new version.
    await edit([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'let spare = 1\n' }]);
    const edited = await client.diagnostics(URI, doc.version);
    assert.equal(edited.length, 2);
    assert.equal((edited[0]!.data as { total: number }).total, whole().length);
    client.settings = { diagnostics: { limit: 0 } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const lifted = await client.diagnosticsWhere(URI, (d) => d.length > 2);
    assert.deepEqual(lifted, whole());
    client.settings = {};
  });
});
