// Starts the Collide language server (dist/server.js, bundled from server/src/node/main.ts) as a
// separate Node process talking over its stdin and stdout: no port to allocate, the process ends
// with the extension host (its stdin closes), and it is the transport on which the server writes
// its diagnostics from the bytes it kept (server/src/lsp/encode/diagnostics-json.ts). Over Node IPC
// every publication would be serialized from objects again (the channel JSON.stringifies each
// message), several milliseconds per edit in a large scene.
import * as fs from 'node:fs';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import type { ServerHost } from '../server-host';

export const nodeServerHost: ServerHost = {
  runtime: 'node',
  createClient(context, output, id, name, clientOptions) {
    const module = context.asAbsolutePath('dist/server.js');
    if (!fs.existsSync(module)) {
      output.error(`The language server bundle is missing: ${module}. Run "npm run build" (or reinstall the extension).`);
      return undefined;
    }
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.stdio },
      // --nolazy so breakpoints bind on first run; port 6009 is the conventional LSP debug port.
      debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
    };
    return new LanguageClient(id, name, serverOptions, clientOptions);
  },
};
