import type { Connection } from 'vscode-languageserver';
import { ProtocolGuard } from './protocol-guard';
import { startServer, type ServerHandle, type ServerOptions } from './server';

/**
 * What every entry builds, whatever its transport: the protocol guard (protocol-guard.ts),
 * the connection the entry makes around it, and the server on that connection. The Node entry
 * (node/main.ts) and the browser worker (browser/main.ts) differ only in what they pass here:
 * the transport, the file system, and the scheduler they install (common/steps.ts). The caller
 * calls `connection.listen()` once it has added its own handlers.
 */
export interface Served {
  readonly connection: Connection;
  readonly server: ServerHandle;
}

export function serve(connect: (guard: ProtocolGuard) => Connection, options: ServerOptions): Served {
  const guard = new ProtocolGuard();
  const connection = connect(guard);
  guard.attach(connection);
  return { connection, server: startServer(connection, options) };
}
