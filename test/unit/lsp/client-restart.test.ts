import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import { ROOT } from './lsp-client';

/**
 * A server that meets bad framing exits (node/framed-reader.ts) and relies on the editor to
 * start a fresh one. VS Code's client does so through vscode-languageclient's default error
 * handler: a server that closes is restarted, up to 4 times in 3 minutes. These tests check that
 * the desktop client (client/src/languageClient.ts and node/server.ts) keeps that handler and a transport whose end is the process's, and
 * that the installed library still restarts. The restart itself is seen only in a real editor:
 * the code-server end-to-end suite (npm run test:e2e).
 */

interface CloseHandler {
  closed(): { action: number };
}

/** vscode-languageclient's common client, loaded with a stand-in for the `vscode` module it imports. */
function languageClientLibrary(): { CloseAction: Record<string, number>; defaultErrorHandler: (maxRestartCount?: number) => CloseHandler } {
  const stub = (name: string): unknown =>
    new Proxy(function () {}, {
      get: (_t, p) => (p === 'prototype' ? {} : p === 'then' ? undefined : stub(`${name}.${String(p)}`)),
      construct: () => stub(`new ${name}`) as object,
      apply: () => stub(`${name}()`),
    });
  const vscode = stub('vscode');
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = loader._load;
  loader._load = function (this: unknown, request: string, ...rest: unknown[]) {
    return request === 'vscode' ? vscode : load.call(this, request, ...rest);
  };
  try {
    const lib = require(path.join(ROOT, 'node_modules', 'vscode-languageclient', 'lib', 'common', 'client.js')) as {
      CloseAction: Record<string, number>;
      BaseLanguageClient: { prototype: { createDefaultErrorHandler(this: { name: string }, max?: number): CloseHandler } };
    };
    return {
      CloseAction: lib.CloseAction,
      defaultErrorHandler: (max) => lib.BaseLanguageClient.prototype.createDefaultErrorHandler.call({ name: 'Collide' }, max),
    };
  } finally {
    loader._load = load;
  }
}

describe('lsp: the VS Code client restarts a server that exits', () => {
  const source = ['languageClient.ts', 'node/server.ts'].map((f) => fs.readFileSync(path.join(ROOT, 'client', 'src', f), 'utf8')).join('\n');

  it('keeps vscode-languageclient’s default error handler and restart count', () => {
    assert.doesNotMatch(source, /\berrorHandler\b/, 'no custom errorHandler (one could answer DoNotRestart)');
    assert.doesNotMatch(source, /\bmaxRestartCount\b/, 'no restart count of its own');
    assert.doesNotMatch(source, /\binitializationFailedHandler\b/);
  });

  it('starts the server over stdio, whose process exit closes the connection', () => {
    const run = /run:\s*\{[^}]*\}/.exec(source)?.[0];
    assert.ok(run, 'run options found');
    assert.match(run, /transport:\s*TransportKind\.stdio/);
  });

  it('restarts a crashed server 4 times in 3 minutes, then stops (the installed library’s default)', () => {
    const { CloseAction, defaultErrorHandler } = languageClientLibrary();
    const handler = defaultErrorHandler(undefined);
    const actions = Array.from({ length: 6 }, () => handler.closed().action);
    const R = CloseAction['Restart'];
    const D = CloseAction['DoNotRestart'];
    assert.deepEqual(actions, [R, R, R, R, D, D]);
  });
});
