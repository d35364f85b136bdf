import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Message, MessageStrategy, MessageWriter } from 'vscode-languageserver/node';
import { FramedMessageReader } from '../../../server/src/node/framed-reader';
import { MessageTimeline } from '../../../server/src/node/message-timeline';

const frame = (m: object): Buffer => {
  const body = Buffer.from(JSON.stringify(m), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
};

describe('node/message-timeline: the server side of the editor bench timeline', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'collide-timeline-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a line per read, dispatch and write, with the method, id, version and wait', () => {
    const file = join(dir, 'timeline.tsv');
    const timeline = new MessageTimeline(file);
    const input = new PassThrough();
    const reader = timeline.reader(new FramedMessageReader(input));
    const dispatched: Message[] = [];
    const inner: MessageStrategy = { handleMessage: (m, next) => next(m) };
    const strategy = timeline.strategy(inner);
    const read: Message[] = [];
    reader.listen((m) => read.push(m));
    input.emit('data', frame({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri: 'file:///a', version: 7 }, contentChanges: [] } }));
    input.emit('data', frame({ jsonrpc: '2.0', id: 3, method: 'textDocument/documentSymbol', params: { textDocument: { uri: 'file:///a' } } }));
    assert.equal(read.length, 2);
    for (const m of read) {
      strategy.handleMessage(m, (x) => {
        dispatched.push(x);
      });
    }
    assert.deepEqual(dispatched, read);
    const written: Message[] = [];
    const writer = timeline.writer({ write: async (m: Message) => void written.push(m) } as unknown as MessageWriter);
    void writer.write({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a', version: 7, diagnostics: [] } } as Message);
    void writer.write({ jsonrpc: '2.0', id: 3, result: [] } as Message);
    assert.equal(written.length, 2);

    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t'));
    assert.deepEqual(
      lines.map((l) => l.slice(1, 5)),
      [
        ['read', 'textDocument/didChange', '', '7'],
        ['read', 'textDocument/documentSymbol', '3', ''],
        ['dispatch', 'textDocument/didChange', '', '7'],
        ['dispatch', 'textDocument/documentSymbol', '3', ''],
        ['write', 'textDocument/publishDiagnostics', '', '7'],
        ['write', 'response', '3', ''],
      ],
    );
    const times = lines.map((l) => Number(l[0]));
    assert.ok(times.length > 0 && times.every((t, i) => Number.isFinite(t) && (i === 0 || t >= times[i - 1]!)), 'times are epoch milliseconds in order');
    // A dispatch says how long the message waited since it was read; a read or write says nothing.
    assert.ok(lines.filter((l) => l[1] === 'dispatch').every((l) => Number(l[5]) >= 0 && l[5] !== ''));
    assert.ok(lines.filter((l) => l[1] !== 'dispatch').every((l) => l[5] === ''));
  });
});
