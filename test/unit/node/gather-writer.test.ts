import { strict as assert } from 'node:assert';
import { PassThrough, Writable } from 'node:stream';
import fc from 'fast-check';
import { StreamMessageReader, StreamMessageWriter, type Message } from 'vscode-jsonrpc/node';
import { EncodedDiagnostics, encodeMessage } from '../../../server/src/lsp/encode/diagnostics-json';
import { JsonListWriter } from '../../../server/src/lsp/encode/encoded-json-list';
import { GatherMessageWriter } from '../../../server/src/node/gather-writer';

const PUBLISH = 'textDocument/publishDiagnostics';

/**
 * A stream that keeps every byte given to it, and calls back each write (or writev batch) either
 * at once or a few turns of the event loop later, as a pipe to a slow reader does; `failAt`
 * makes the chunk with that index fail instead.
 */
class Sink extends Writable {
  readonly chunks: Buffer[] = [];
  writes = 0;
  constructor(private readonly delays: readonly number[] = [0], private readonly failAt = -1) {
    super({ highWaterMark: 16 });
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.take([chunk], callback);
  }
  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.take(
      chunks.map((c) => c.chunk),
      callback,
    );
  }
  private take(chunks: Buffer[], callback: (error?: Error | null) => void): void {
    const failing = chunks.some((_, k) => this.chunks.length + k === this.failAt);
    if (!failing) for (const c of chunks) this.chunks.push(Buffer.from(c)); // a copy: what the stream held then
    const delay = this.delays[this.writes++ % this.delays.length]!;
    const finish = () => callback(failing ? new Error('disk full') : null);
    if (delay === 0) finish();
    else later(delay, finish);
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function later(turns: number, f: () => void): void {
  if (turns <= 0) f();
  else setImmediate(() => later(turns - 1, f));
}

/** The bytes vscode-jsonrpc's own stream writer gives the stream for these messages, in order. */
async function libraryBytes(messages: readonly Message[], encoder: 'default' | 'encodeMessage'): Promise<Buffer> {
  const sink = new Sink();
  const writer =
    encoder === 'default'
      ? new StreamMessageWriter(sink)
      : new StreamMessageWriter(sink, { charset: 'utf-8', contentTypeEncoder: { name: 'application/json', encode: (m) => Promise.resolve(encodeMessage(m)) } });
  for (const m of messages) await writer.write(m);
  return sink.bytes();
}

/** The list as EncodedDiagnostics in chunks of `per` diagnostics each, as the publisher makes them. */
const encode = (list: readonly unknown[], per = 3) => {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < list.length; i += per) chunks.push(new TextEncoder().encode(JSON.stringify(list.slice(i, i + per)).slice(1, -1)));
  return new EncodedDiagnostics(chunks, list.length);
};

/** The list as an encoded result, as the outline and code lens handlers build it. */
const encodeResult = (list: readonly unknown[]) => {
  const writer = new JsonListWriter();
  for (const v of list) writer.add(v);
  return writer.finish();
};

/** Full UTF-16 units (surrogate pairs, lone halves, control characters) in keys and values. */
const text = fc.string({ unit: 'binary' });
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, text, fc.double(), fc.boolean(), fc.constant(null), fc.array(tie('value')), fc.dictionary(text, tie('value'))),
})).value;
const diagnostic = fc.record({ message: text, code: fc.constantFrom('overlap', 'tunnel'), range: fc.constant({ start: { line: 1, character: 2 }, end: { line: 1, character: 5 } }) });
const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant(PUBLISH), params: fc.record({ uri: text, version: fc.nat(), diagnostics: fc.array(diagnostic, { maxLength: 20 }).map(encode) }) }),
  fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant(PUBLISH), params: fc.record({ uri: text, diagnostics: fc.array(diagnostic, { maxLength: 5 }) }) }),
  fc.record({ jsonrpc: fc.constant('2.0'), method: text, params: fc.dictionary(text, json) }),
  fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat(), result: json }),
  fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat(), result: fc.array(json, { maxLength: 20 }).map(encodeResult) }),
);

describe('node/gather-writer: messages as gather writes of their pieces', () => {
  it('gives the stream the bytes of the library writer, for any messages, publications included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 6 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }), async (messages, delays) => {
        const sink = new Sink(delays);
        const writer = new GatherMessageWriter(sink);
        // Not awaited one by one: the order must hold with every write in flight at once.
        await Promise.all(messages.map((m) => writer.write(m)));
        const bytes = sink.bytes();
        assert.deepEqual(bytes, await libraryBytes(messages, 'default'));
        assert.deepEqual(bytes, await libraryBytes(messages, 'encodeMessage'));
      }),
      { numRuns: 200 },
    );
  });

  /** Writes one message through a GatherMessageWriter, keeping each array the stream was given. */
  async function writeWatched(m: Message): Promise<{ bytes: Buffer; held: Uint8Array[] }> {
    const held: Uint8Array[] = [];
    const sink = new Sink();
    const spy = sink._writev.bind(sink);
    sink._writev = (chunks, callback) => {
      for (const c of chunks) held.push(c.chunk);
      spy(chunks, callback);
    };
    await new GatherMessageWriter(sink).write(m);
    return { bytes: sink.bytes(), held };
  }

  /** Every chunk reached the stream as the list's own memory, not a copy. */
  function assertHandedOver(chunks: readonly Uint8Array[], held: readonly Uint8Array[]): void {
    for (const chunk of chunks) {
      assert.ok(
        held.some((c) => c.buffer === chunk.buffer && c.byteOffset === chunk.byteOffset && c.byteLength === chunk.byteLength),
        'every chunk is handed over uncopied',
      );
    }
  }

  it('writes a 10k-diagnostic publication as header, envelope, the list’s own chunks and the tail', async () => {
    const diagnostics = Array.from({ length: 10000 }, (_, i) => ({ message: `b${i} overlaps b${i + 1} by 0.25 → 😀`, code: 'overlap', range: { start: { line: i, character: 5 }, end: { line: i, character: 9 } } }));
    const list = encode(diagnostics, 400);
    assert.ok(list.byteLength > 1_000_000);
    const m = { jsonrpc: '2.0', method: PUBLISH, params: { uri: 'file:///big é.collide', version: 7, diagnostics: list } };
    const { bytes, held } = await writeWatched(m);
    assert.deepEqual(bytes, await libraryBytes([m], 'default'));
    // The list reached the stream as the publisher's own memory, not a copy.
    assertHandedOver(list.chunks, held);
    assert.equal(held.length, 2 + 2 * list.chunks.length, 'one writev: header, envelope and [, the chunks with commas between them, ] and the tail');
  });

  it('writes a large response with an encoded result as header, envelope, the list’s own chunks and the tail', async () => {
    const symbols = Array.from({ length: 20000 }, (_, i) => ({ name: `b${i} é`, detail: 'box(1, 1)', kind: 19, range: { start: { line: i, character: 0 }, end: { line: i, character: 30 } } }));
    const result = encodeResult(symbols);
    assert.ok(result.chunks.length > 10);
    const m = { jsonrpc: '2.0', id: 12, result };
    const { bytes, held } = await writeWatched(m);
    assert.deepEqual(bytes, await libraryBytes([{ jsonrpc: '2.0', id: 12, result: symbols } as Message], 'default'));
    assertHandedOver(result.chunks, held);
    assert.equal(held.length, 2 + 2 * result.chunks.length);
  });

  it('reads back, through the library reader, as the messages written, in order', async () => {
    const pipe = new PassThrough();
    const writer = new GatherMessageWriter(pipe);
    const reader = new StreamMessageReader(pipe);
    const got: unknown[] = [];
    const all = new Promise<void>((resolve) =>
      reader.listen((m) => {
        got.push(m);
        if (got.length === 60) resolve();
      }),
    );
    const sent: Message[] = [];
    for (let i = 0; i < 60; i++) {
      const big = i % 7 === 0;
      const list = Array.from({ length: big ? 3000 : i }, (_, k) => ({ message: `m${i}.${k} ü`, code: 'overlap' }));
      sent.push(i % 3 === 0 ? { jsonrpc: '2.0', method: 'window/logMessage', params: { type: 3, message: `log ${i}` } } as Message : ({ jsonrpc: '2.0', method: PUBLISH, params: { uri: `file:///${i}.collide`, diagnostics: encode(list) } } as Message));
    }
    await Promise.all(sent.map((m) => writer.write(m)));
    await all;
    assert.deepEqual(got, JSON.parse(JSON.stringify(sent)));
    reader.dispose();
  });

  it('writes one list in two messages at once, both byte for byte (chunks are never modified)', async () => {
    const list = encode([{ message: 'a' }, { message: 'b' }, { message: 'c' }, { message: 'd' }], 1);
    const sink = new Sink([3]);
    const writer = new GatherMessageWriter(sink);
    const messages = [0, 1].map((version) => ({ jsonrpc: '2.0', method: PUBLISH, params: { uri: 'u', version, diagnostics: list } }) as Message);
    await Promise.all(messages.map((m) => writer.write(m)));
    assert.deepEqual(sink.bytes(), await libraryBytes(messages, 'default'));
  });

  it('reports a failing stream through onError and the write, and keeps going', async () => {
    // Chunk 6 is the second message's list (header, envelope, one list chunk, tail per publication).
    const sink = new Sink([0, 2], 6);
    const writer = new GatherMessageWriter(sink);
    const errors: [Error, Message | undefined, number | undefined][] = [];
    writer.onError((e) => errors.push(e));
    const lists = [encode([1]), encode([2]), encode([3])];
    const results = await Promise.allSettled(lists.map((diagnostics) => writer.write({ jsonrpc: '2.0', method: PUBLISH, params: { uri: 'u', diagnostics } } as Message)));
    assert.equal(results[0]!.status, 'fulfilled');
    assert.equal(results[1]!.status, 'rejected');
    assert.ok(errors.length >= 1);
    const [error, failed, count] = errors.find((e) => e[1] !== undefined)!;
    assert.match(error.message, /disk full/);
    assert.equal((failed as unknown as { params: { diagnostics: unknown } }).params.diagnostics, lists[1]);
    assert.equal(count, 1);
  });

  it('rejects a message it cannot encode, writes nothing of it, and writes the next', async () => {
    const sink = new Sink();
    const writer = new GatherMessageWriter(sink);
    const errors: unknown[] = [];
    writer.onError((e) => errors.push(e));
    const cyclic: Record<string, unknown> = { jsonrpc: '2.0', method: 'x' };
    cyclic['params'] = cyclic;
    await assert.rejects(writer.write(cyclic as unknown as Message), TypeError);
    await assert.rejects(writer.write({ jsonrpc: '2.0', method: 'x', params: { n: 1n } } as unknown as Message), TypeError);
    assert.equal(errors.length, 2);
    const ok = { jsonrpc: '2.0', method: 'y', params: { n: 1 } } as Message;
    await writer.write(ok);
    assert.deepEqual(sink.bytes(), await libraryBytes([ok], 'default'));
  });

  it('counts the messages the stream still holds: until each write is called back, failed ones included', async () => {
    // Writes called back two turns later; the second message's list chunk (index 6) fails.
    const sink = new Sink([2], 6);
    const writer = new GatherMessageWriter(sink);
    writer.onError(() => undefined);
    assert.equal(writer.pendingWrites, 0);
    const writes = [encode([1]), encode([2]), encode([3])].map((diagnostics) => writer.write({ jsonrpc: '2.0', method: PUBLISH, params: { uri: 'u', diagnostics } } as Message));
    assert.equal(writer.pendingWrites, 3, 'handed to the stream, none written yet');
    await writes[0];
    assert.ok(writer.pendingWrites < 3);
    await Promise.allSettled(writes);
    assert.equal(writer.pendingWrites, 0);
    await assert.rejects(writer.write({ jsonrpc: '2.0', method: 'x', params: { n: 1n } } as unknown as Message));
    assert.equal(writer.pendingWrites, 0, 'a message that cannot be encoded is never pending');
  });

  it('reports the stream closing, and rejects writes after it', async () => {
    const sink = new Sink();
    const writer = new GatherMessageWriter(sink);
    let closed = 0;
    writer.onClose(() => closed++);
    const errors: unknown[] = [];
    writer.onError((e) => errors.push(e));
    writer.end();
    await new Promise((resolve) => sink.on('close', resolve));
    assert.equal(closed, 1);
    const list = encode([1]);
    await assert.rejects(writer.write({ jsonrpc: '2.0', method: PUBLISH, params: { uri: 'u', diagnostics: list } } as Message));
    assert.ok(errors.length >= 1);
  });
});
