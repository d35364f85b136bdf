import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ensureBundles } from './lsp-client';
import { RawServer, runs } from './fuzz-helpers';

/** How long a server may take to notice bad framing and exit (its start included). */
const EXIT_WITHIN = 8000;
const LINE = /^collide: bad message framing from the client: [^\n]+; exiting\n$/;

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } };

/** Sends `bytes` (after a clean initialize when `afterInitialize`) and checks the crash. */
async function expectFramingExit(bytes: Buffer | string, afterInitialize = false): Promise<string> {
  const server = new RawServer();
  try {
    if (afterInitialize) {
      server.send(INITIALIZE);
      assert.ok(await server.stdoutHas('"capabilities"'), `initialize is answered first; stderr: ${server.stderr}`);
    }
    server.write(bytes);
    const code = await server.exitCode(EXIT_WITHIN);
    assert.notEqual(code, 'alive', `the server still runs ${EXIT_WITHIN} ms after bad framing; stderr: ${server.stderr}`);
    assert.notEqual(code, 0, 'the exit code says it failed');
    assert.match(server.stderr, LINE, 'one line on stderr says why');
    return server.stderr;
  } finally {
    server.kill();
  }
}

const body = (message: object) => JSON.stringify(message);

describe('lsp: bad message framing ends the server with one line on stderr', function () {
  this.timeout(60000);

  before(() => ensureBundles(['server']));

  const cases: [string, string | Buffer, RegExp][] = [
    ['a negative Content-Length', 'Content-Length: -5\r\n\r\n{}', /not a non-negative integer/],
    ['a Content-Length that is not a number', 'Content-Length: twelve\r\n\r\n{}', /not a non-negative integer/],
    ['a fractional Content-Length', 'Content-Length: 2.5\r\n\r\n{}', /not a non-negative integer/],
    ['a huge Content-Length', 'Content-Length: 99999999999\r\n\r\n{}', /over the maximum/],
    ['no Content-Length', `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body(INITIALIZE)}`, /without Content-Length/],
    ['two different Content-Lengths', 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}', /two Content-Length/],
    ['a Content-Length too short for its body', `Content-Length: 10\r\n\r\n${body(INITIALIZE)}`, /not valid JSON/],
    [
      'a Content-Length too long, so the next message is read as the body',
      `Content-Length: 400\r\n\r\n${body(INITIALIZE)}Content-Length: 2\r\n\r\n{}${' '.repeat(400)}`,
      /not valid JSON/,
    ],
    ['a header ending in LF only', `Content-Length: ${body(INITIALIZE).length}\n\n${body(INITIALIZE)}`, /LF without CR/],
    ['a CR not followed by LF', 'Content-Length: 2\r\r\n\r\n{}', /CR in the header/],
    ['a header line without a colon', 'Content-Length 2\r\n\r\n{}', /no colon|header name/],
    ['a header longer than 8 KiB', `X-Padding: ${'a'.repeat(9000)}\r\n`, /longer than 8192 bytes/],
    ['a charset other than UTF-8', 'Content-Type: application/vscode-jsonrpc; charset=latin1\r\nContent-Length: 2\r\n\r\n{}', /charset/],
    ['a body that is not JSON', 'Content-Length: 5\r\n\r\nhello', /not valid JSON/],
    ['an empty body', 'Content-Length: 0\r\n\r\n', /not valid JSON/],
    ['a body that is not an object', 'Content-Length: 7\r\n\r\n[1,2,3]', /not a JSON object/],
    ['a body that is not UTF-8', Buffer.concat([Buffer.from('Content-Length: 4\r\n\r\n'), Buffer.from([0x22, 0xff, 0xfe, 0x22])]), /not valid UTF-8/],
    ['binary garbage', Buffer.from([0x00, 0x9f, 0x92, 0x96, 0x0d, 0x0a, 0x0d, 0x0a]), /byte 0x00/],
  ];
  for (const [name, bytes, reason] of cases) {
    it(`exits on ${name}`, async () => {
      assert.match(await expectFramingExit(bytes), reason);
    });
  }

  it('exits on bad framing in the middle of a session, after initialize', async () => {
    assert.match(await expectFramingExit('Content-Length: 3\n\n{}\n', true), /LF without CR/);
  });

  it('exits on random garbage followed by a blank line (seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 64 }), async (garbage) => {
        await expectFramingExit(Buffer.concat([Buffer.from(garbage), Buffer.from('\r\n\r\n')]));
      }),
      { numRuns: runs(3, 40) },
    );
  });

  it('reads a message split across writes byte by byte, and one with its own charset and extra header', async () => {
    const server = new RawServer();
    try {
      const text = body(INITIALIZE);
      const framed = `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nX-Extra: 1\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
      for (const ch of framed) server.write(ch);
      assert.ok(await server.stdoutHas('"capabilities"'), `initialize is answered; stderr: ${server.stderr}`);
      server.send({ jsonrpc: '2.0', id: 2, method: 'shutdown' });
      assert.ok(await server.stdoutHas('"id":2'), 'shutdown is answered');
      server.send({ jsonrpc: '2.0', method: 'exit' });
      assert.equal(await server.exitCode(EXIT_WITHIN), 0, 'exit after shutdown ends the process with 0');
      assert.equal(server.stderr, '');
    } finally {
      server.kill();
    }
  });

  it('exits with 1 when the client closes stdin without shutdown, as before', async () => {
    const server = new RawServer();
    try {
      server.send(INITIALIZE);
      assert.ok(await server.stdoutHas('"capabilities"'));
      server.child.stdin!.end();
      assert.equal(await server.exitCode(EXIT_WITHIN), 1);
    } finally {
      server.kill();
    }
  });
});
