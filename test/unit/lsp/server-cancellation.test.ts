import { strict as assert } from 'node:assert';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { PublishDiagnosticsParams, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_SETTINGS } from '../../../server/src/features/settings';
import { publishedDiagnostics } from '../../../server/src/lsp/diagnostics';
import { analyzeText } from '../../../server/src/features/document';
import { startInMemoryServer, type InMemoryServer } from './in-memory-server';

/**
 * The server with its per-document incremental analyzers, over a real JSON-RPC connection held in
 * memory (the server in this process, so a test can drive the interleaving): edits arrive while
 * older versions are still being analyzed, and each older run must be dropped or finish before
 * the newer one publishes. What must hold, whatever the interleaving:
 * - diagnostics are published in increasing version order (never an older version's after a
 *   newer one's), the last publication is for the last version;
 * - every publication is exactly what a from-scratch analysis of that version's text gives (no
 *   result of a canceled run or of an older text leaks into a newer one);
 * - after a close, nothing more is published for the document but the clearing.
 */
describe('analysis/incremental in the server: cancellation leaves no stale diagnostics', function () {
  this.timeout(60000);

  let server: InMemoryServer;
  let client: MessageConnection;
  let published: PublishDiagnosticsParams[];

  beforeEach(async () => {
    server = await startInMemoryServer();
    ({ client, published } = server);
  });

  afterEach(() => client.dispose());

  const publishedFor = (uri: string, version: number): Promise<void> => server.publishedFor(uri, version);

  /** Lets the server's event loop take `n` turns (its analyses pause on setImmediate). */
  async function turns(n: number): Promise<void> {
    for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
  }

  function expected(uri: string, text: string, version: number): unknown {
    // Through JSON, as on the wire.
    return JSON.parse(JSON.stringify(publishedDiagnostics(analyzeText(text, uri, DEFAULT_SETTINGS, version))));
  }

  let seed = 7;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };

  function sceneText(n: number): string {
    const lines = ['dt 1/60', 'frames 2'];
    for (let i = 0; i < n; i++) {
      const motion = i % 9 === 0 ? ` velocity (${(i % 5) * 40 - 80}, 0)` : '';
      lines.push(`body b${i} box(1, 1) at (${(i % 40) * 1.3}, ${Math.floor(i / 40) * 1.3})${motion}`);
    }
    return lines.join('\n') + '\n';
  }

  /** A random one-line edit of the kinds an author makes, as an LSP range change. */
  function randomEdit(doc: TextDocument): TextDocumentContentChangeEvent {
    const lines = doc.getText().split('\n');
    const line = 2 + Math.floor(random() * (lines.length - 3));
    const whole = { start: { line, character: 0 }, end: { line, character: lines[line]!.length } };
    const r = random();
    if (r < 0.4) return { range: whole, text: `body b${line - 2} circle(0.8) at (${(random() * 50).toFixed(2)}, ${(random() * 10).toFixed(2)}) velocity (${Math.round(random() * 600 - 300)}, 0)` };
    if (r < 0.55) return { range: whole, text: `body renamed${Math.floor(random() * 1000)} box(2, 0.2) at (${(random() * 50).toFixed(2)}, 1)` };
    if (r < 0.7) return { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' };
    if (r < 0.8) return { range: { start: whole.start, end: whole.start }, text: 'body broken box(1, \n' };
    if (r < 0.9) return { range: { start: { line: 0, character: 0 }, end: { line: 0, character: lines[0]!.length } }, text: random() < 0.5 ? 'dt 1/30' : 'dt 1/60' };
    return { range: { start: whole.start, end: whole.start }, text: `body fresh${Math.floor(random() * 1000)} box(1, 1) at (${(random() * 50).toFixed(2)}, 2)\n` };
  }

  it('publishes, in version order, exactly the from-scratch diagnostics of each version it publishes', async () => {
    const uri = 'file:///work/cancel.collide';
    let doc = TextDocument.create(uri, 'collide', 1, sceneText(1200));
    const texts = new Map<number, string>([[1, doc.getText()]]);
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text: doc.getText() } });
    let version = 1;
    for (let burst = 0; burst < 6; burst++) {
      // A burst of edits with a few event-loop turns between them (typing), so that runs are
      // canceled at every kind of pause, then a rest long enough for one to finish.
      const n = 1 + Math.floor(random() * 4);
      for (let k = 0; k < n; k++) {
        const change = randomEdit(doc);
        version++;
        doc = TextDocument.update(doc, [change], version);
        texts.set(version, doc.getText());
        await client.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
        await turns(Math.floor(random() * 6));
      }
      await publishedFor(uri, version);
    }
    const mine = published.filter((p) => p.uri === uri);
    const versions = mine.map((p) => p.version!);
    for (let i = 1; i < versions.length; i++) assert.ok(versions[i]! > versions[i - 1]!, `published in order: ${versions.join(', ')}`);
    assert.equal(versions[versions.length - 1], version);
    for (const p of mine) assert.deepStrictEqual(p.diagnostics, expected(uri, texts.get(p.version!)!, p.version!), `version ${p.version}`);
    // Some findings must be there, or the comparison above proves little.
    assert.ok(mine[mine.length - 1]!.diagnostics.some((d) => d.code === 'overlap' || d.code === 'tunnelling' || d.code === 'collision'));
  });

  it('publishes nothing for a document after it is closed mid-analysis but the clearing', async () => {
    const uri = 'file:///work/closed.collide';
    const text = sceneText(1500);
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
    await turns(2); // the analysis of version 1 is under way
    await client.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await server.until((p) => p.uri === uri && p.diagnostics.length === 0);
    // Give an abandoned run every chance to publish late, then open another document and wait
    // for its diagnostics: by then the first one's run has long ended.
    await turns(50);
    const other = 'file:///work/other.collide';
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: other, languageId: 'collide', version: 1, text: 'body a box(1, 1)\nbody b box(1, 1) at (0.5, 0)\n' } });
    await publishedFor(other, 1);
    const mine = published.filter((p) => p.uri === uri);
    const clearing = mine.findIndex((p) => p.diagnostics.length === 0 && p.version === undefined);
    assert.ok(clearing >= 0, 'the close clears the diagnostics');
    assert.equal(mine.length - 1 - clearing, 0, 'nothing published after the clearing');
  });
});
