import { strict as assert } from 'node:assert';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { FramedMessageReader, FramingError, MAX_HEADER_BYTES } from '../../../server/src/node/framed-reader';

/** Feeds `chunks` to a fresh reader; the messages it read and the errors it fired. */
function read(chunks: readonly Buffer[]): { messages: unknown[]; errors: Error[] } {
  const input = new PassThrough();
  const reader = new FramedMessageReader(input);
  const messages: unknown[] = [];
  const errors: Error[] = [];
  reader.onError((e) => errors.push(e));
  reader.listen((m) => messages.push(m));
  // 'data' is emitted synchronously by write() on a flowing PassThrough.
  for (const c of chunks) input.emit('data', c);
  return { messages, errors };
}

const frame = (text: string, header = ''): Buffer => {
  const body = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from(`${header}Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
};

/** Cuts `bytes` at the given fractions of its length. */
function split(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => Math.floor(c * bytes.length)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const to of at) {
    chunks.push(bytes.subarray(from, to));
    from = to;
  }
  chunks.push(bytes.subarray(from));
  return chunks;
}

describe('node/framed-reader: strict base-protocol framing', () => {
  it('reads any sequence of messages however the stream cuts it, multi-byte characters included', () => {
    const message = fc.record({ jsonrpc: fc.constant('2.0'), method: fc.string({ unit: 'binary' }), params: fc.jsonValue({ maxDepth: 3 }) });
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 6 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }), (messages, cuts) => {
        const bytes = Buffer.concat(messages.map((m) => frame(JSON.stringify(m))));
        const got = read(split(bytes, cuts));
        assert.deepEqual(got.errors, []);
        assert.deepEqual(got.messages, JSON.parse(JSON.stringify(messages)));
      }),
    );
  });

  it('accepts a Content-Type in UTF-8, other headers, and a header block of exactly the maximum', () => {
    const text = '{"jsonrpc":"2.0","method":"m"}';
    const body = Buffer.byteLength(text);
    const plain = `Content-Length: ${body}\r\n\r\n`;
    const padding = `X-Padding: ${'p'.repeat(MAX_HEADER_BYTES - plain.length - 'X-Padding: \r\n'.length)}\r\n`;
    for (const bytes of [frame(text, 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n'), frame(text, 'content-length: 30\r\nX: 1\r\n'), frame(text, padding)]) {
      const got = read([bytes]);
      assert.deepEqual(got.errors, [], bytes.toString().slice(0, 80));
      assert.equal(got.messages.length, 1);
    }
    assert.match(read([frame(text, `${padding}Y: 1\r\n`)]).errors[0]?.message ?? '', /longer than/);
  });

  it('fires one FramingError and reads nothing after it', () => {
    const good = frame('{"jsonrpc":"2.0","method":"after"}');
    const got = read([Buffer.from('Content-Length: 3\n\n{}\n'), good, Buffer.from('Content-Length: x\r\n\r\n'), good]);
    assert.deepEqual(got.messages, []);
    assert.equal(got.errors.length, 1);
    assert.ok(got.errors[0] instanceof FramingError);
  });

  it('refuses a huge Content-Length as soon as its line ends, without waiting for the body', () => {
    const got = read([Buffer.from('Content-Length: 536870913\r\n')]);
    assert.match(got.errors[0]?.message ?? '', /over the maximum of 536870912 bytes/);
  });

  it('refuses a byte that no header may hold as soon as it arrives', () => {
    assert.match(read([Buffer.from('Content-Len\u0000')]).errors[0]?.message ?? '', /byte 0x00 at 11 in a header name/);
    assert.match(read([Buffer.from('Content-Length: 1\u0007')]).errors[0]?.message ?? '', /byte 0x07 .* header value/);
  });
});
