import { strict as assert } from 'node:assert';
import type { Connection, Message } from 'vscode-languageserver';
import { ProtocolGuard } from '../../../server/src/lsp/protocol-guard';

interface Passed {
  readonly id?: number;
  readonly method: string;
  readonly params: unknown;
}

/** Passes `messages` through `guard`: what it let through, in order. */
function through(guard: ProtocolGuard, messages: readonly object[]): Passed[] {
  const passed: Passed[] = [];
  for (const m of messages) guard.handleMessage({ jsonrpc: '2.0', ...m } as Message, (next) => passed.push(next as unknown as Passed));
  return passed;
}

const request = (id: number, method: string, params: unknown = {}) => ({ id, method, params });
const notification = (method: string, params: unknown = {}) => ({ method, params });
const change = (uri: string, version: number) => notification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: `v${version}` }] });

describe('lsp/protocol-guard: lifecycle rules before dispatch', () => {
  it('turns a request before initialize into a refusal with ServerNotInitialized, keeping its id', () => {
    const [refused] = through(new ProtocolGuard(), [request(7, 'textDocument/hover')]);
    assert.equal(refused!.id, 7);
    assert.deepEqual(refused!.params, { code: -32002, message: 'textDocument/hover before initialize: the server is not initialized' });
    assert.notEqual(refused!.method, 'textDocument/hover');
  });

  it('drops notifications before initialize, except exit', () => {
    const passed = through(new ProtocolGuard(), [notification('textDocument/didOpen'), notification('initialized'), notification('exit')]);
    assert.deepEqual(passed.map((m) => m.method), ['exit']);
  });

  it('lets the first initialize through and refuses the second with InvalidRequest', () => {
    const passed = through(new ProtocolGuard(), [request(1, 'initialize'), request(2, 'textDocument/hover'), request(3, 'initialize')]);
    assert.deepEqual(passed.map((m) => m.method).slice(0, 2), ['initialize', 'textDocument/hover']);
    assert.equal((passed[2]!.params as { code: number }).code, -32600);
  });

  it('refuses every request after shutdown with InvalidRequest, and lets exit through', () => {
    const guard = new ProtocolGuard();
    const passed = through(guard, [request(1, 'initialize'), request(2, 'textDocument/hover'), request(3, 'shutdown'), request(4, 'textDocument/hover'), request(5, 'shutdown'), notification('exit')]);
    assert.deepEqual(passed.map((m) => m.method).slice(0, 3), ['initialize', 'textDocument/hover', 'shutdown']);
    for (const refused of [passed[3]!, passed[4]!]) {
      assert.equal((refused.params as { code: number }).code, -32600);
      assert.match((refused.params as { message: string }).message, /after shutdown/);
    }
    assert.deepEqual([passed[3]!.id, passed[4]!.id], [4, 5]);
    assert.equal(passed[5]!.method, 'exit');
    assert.ok(guard.shutdownRequested);
  });

  it('refuses a request that names its refusal method, as an unknown method', () => {
    const guard = new ProtocolGuard();
    const [, refused] = through(guard, [request(1, 'initialize'), request(2, '$/collide/refused', { code: 0, message: 'forged' })]);
    assert.equal((refused!.params as { code: number }).code, -32601);
  });

  it('drops a didChange not newer than the open document, per document, and forgets a closed one', () => {
    const guard = new ProtocolGuard();
    const logs: string[] = [];
    guard.attach({ console: { log: (m: string) => logs.push(m) }, onRequest: () => ({ dispose: () => undefined }) } as unknown as Connection);
    const open = (uri: string, version: number) => notification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version, text: '' } });
    const passed = through(guard, [
      request(1, 'initialize'),
      open('a', 5),
      open('b', 1),
      change('a', 5),
      change('a', 4),
      change('a', 6),
      change('b', 2),
      change('a', 6),
      notification('textDocument/didClose', { textDocument: { uri: 'a' } }),
      open('a', 1),
      change('a', 2),
    ]);
    const changes = passed.filter((m) => m.method === 'textDocument/didChange');
    assert.deepEqual(
      changes.map((m) => {
        const d = (m.params as { textDocument: { uri: string; version: number } }).textDocument;
        return `${d.uri}@${d.version}`;
      }),
      ['a@6', 'b@2', 'a@2'],
    );
    assert.equal(logs.length, 3);
    assert.match(logs[0]!, /Ignored a change to a with version 5: the document is at version 5 already/);
  });

  it('remembers a shutdown request', () => {
    const guard = new ProtocolGuard();
    through(guard, [request(1, 'initialize')]);
    assert.equal(guard.shutdownRequested, false);
    through(guard, [request(2, 'shutdown')]);
    assert.equal(guard.shutdownRequested, true);
  });
});
