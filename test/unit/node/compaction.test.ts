import { strict as assert } from 'node:assert';
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { createConnection, ProposedFeatures, type PublishDiagnosticsParams } from 'vscode-languageserver/node';
import type { ChunkCodec } from '../../../server/src/lsp/encode/chunk-store';
import { publishedDiagnostics } from '../../../server/src/lsp/diagnostics';
import { analyzeText } from '../../../server/src/features/document';
import { startServer, type ServerHandle } from '../../../server/src/lsp/server';
import { compactionStep } from '../../../server/src/node/compaction-step';
import { GatherMessageWriter } from '../../../server/src/node/gather-writer';
import { zlibCodec } from '../../../server/src/node/zlib-codec';

const A = 'file:///work/a.collide';
const B = 'file:///work/b.collide';

/** node:zlib's codec, recording the document of each chunk it compresses (its related locations name it). */
class RecordingCodec implements ChunkCodec {
  readonly packedFor: string[] = [];
  pack(bytes: Uint8Array): Uint8Array {
    const text = Buffer.from(bytes).toString('utf8');
    this.packedFor.push(text.includes(A) ? 'a' : text.includes(B) ? 'b' : '?');
    return zlibCodec.pack(bytes);
  }
  unpack = zlibCodec.unpack;
  release = zlibCodec.release;
}

const scene = (n: number, dx = 0): string => Array.from({ length: n }, (_, i) => `body b${i} box(1, 1) at (${((i % 20) * 0.9 + dx).toFixed(2)}, ${Math.floor(i / 20) * 0.9})`).join('\n');

/** The server in this process, over the gather writer, with a client connection to it. */
function serve(codec: ChunkCodec): { client: MessageConnection; server: ServerHandle; writer: GatherMessageWriter; publications: PublishDiagnosticsParams[]; dispose(): void } {
  const up = new PassThrough();
  const down = new PassThrough();
  const writer = new GatherMessageWriter(down);
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(up), writer);
  const server = startServer(connection, { chunkCodec: codec, compactLimits: { minDiagnostics: 0, minBytes: 0, slabBytes: 64 * 1024 } });
  connection.listen();
  const client = createMessageConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
  const publications: PublishDiagnosticsParams[] = [];
  client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    publications.push(p);
  });
  client.onNotification('window/logMessage', () => undefined);
  client.listen();
  return {
    client,
    server,
    writer,
    publications,
    dispose() {
      client.dispose();
      connection.dispose();
      up.destroy();
      down.destroy();
    },
  };
}

async function until(what: string, ready: () => boolean): Promise<void> {
  for (let k = 0; k < 2000 && !ready(); k++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(ready(), `timed out waiting for ${what}`);
}

/** Every problem published, whatever their number: these scenes have over a thousand. */
const ALL_PROBLEMS = { collide: { diagnostics: { limit: 0 } } };

/** What a fresh conversion publishes for the text, as the client reads it. */
function expected(uri: string, text: string): unknown {
  return JSON.parse(JSON.stringify(publishedDiagnostics(analyzeText(text, uri))));
}

describe('protocol: publications compressed while the server is idle', function () {
  this.timeout(30000);

  it('a document closed mid-compaction is left out of it, and the other publishes the same after', async () => {
    const codec = new RecordingCodec();
    const s = serve(codec);
    try {
      await s.client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
      s.client.sendNotification('initialized', {});
      s.client.sendNotification('workspace/didChangeConfiguration', { settings: ALL_PROBLEMS });
      const last = (uri: string) => s.publications.filter((p) => p.uri === uri).at(-1);
      const textA = scene(300);
      let textB = scene(300, 0.05);
      s.client.sendNotification('textDocument/didOpen', { textDocument: { uri: A, languageId: 'collide', version: 1, text: textA } });
      s.client.sendNotification('textDocument/didOpen', { textDocument: { uri: B, languageId: 'collide', version: 1, text: textB } });
      await until('both publications', () => last(A) !== undefined && last(B) !== undefined && s.writer.pendingWrites === 0);
      assert.deepEqual(last(B)!.diagnostics, expected(B, textB));

      // Cut short after two chunks: the first document's, partly.
      let budget = 2;
      assert.equal(s.server.compactPublications(() => budget-- <= 0), false);
      assert.deepEqual(codec.packedFor, ['a', 'a']);
      s.client.sendNotification('textDocument/didClose', { textDocument: { uri: A } });
      await until('the closed document cleared', () => last(A)!.diagnostics.length === 0 && s.writer.pendingWrites === 0);
      assert.equal(s.server.compactPublications(() => false), true);
      const after = codec.packedFor.slice(2);
      assert.ok(after.length > 1 && after.every((d) => d === 'b'), `compressed after the close: ${after.join('')}`);
      assert.ok(s.server.releasePublications() > 0);

      // An edit of the other document: expanded, and published as a fresh conversion would be.
      textB = scene(300, 0.1);
      const count = s.publications.length;
      s.client.sendNotification('textDocument/didChange', { textDocument: { uri: B, version: 2 }, contentChanges: [{ text: textB }] });
      await until('the edit published', () => s.publications.length > count);
      assert.equal(last(B)!.version, 2);
      assert.deepEqual(last(B)!.diagnostics, expected(B, textB));
      // And the closed one reopened starts afresh.
      s.client.sendNotification('textDocument/didOpen', { textDocument: { uri: A, languageId: 'collide', version: 3, text: textA } });
      await until('the reopened document', () => last(A)!.diagnostics.length > 0);
      assert.deepEqual(last(A)!.diagnostics, expected(A, textA));
    } finally {
      s.dispose();
    }
  });

  it("main.ts's idle step: compresses while allowed, and frees the raw bytes only once no message is being written", () => {
    const calls: string[] = [];
    let compacted = false;
    const server = {
      compactPublications(shouldYield: () => boolean) {
        calls.push(`compact(${shouldYield()})`);
        return compacted;
      },
      releasePublications() {
        calls.push('release');
        return 1;
      },
    };
    const writer = { pendingWrites: 2 };
    assert.equal(compactionStep(server, writer, () => true), 'more', 'cut short: another slice');
    compacted = true;
    assert.equal(compactionStep(server, writer, () => false), 'wait', 'compressed, but the stream still holds chunks');
    writer.pendingWrites = 0;
    assert.equal(compactionStep(server, writer, () => false), 'done');
    assert.deepEqual(calls, ['compact(true)', 'compact(false)', 'compact(false)', 'release'], 'released once, after the last write, and never before');
  });
});
