import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from './command';

const USAGE = `Usage: collide lsp --stdio

Starts the Collide language server, speaking the Language Server Protocol over standard input
and output, for editors other than VS Code (see docs/editors.md).

Options:
  --stdio      Communicate over stdin/stdout (the only transport offered here).
  -h, --help   Show this help.
`;

/**
 * `collide lsp --stdio`: runs the language server in this process by loading its bundle, built
 * next to this one (dist/server.js beside dist/cli.js, from the Node entry server/src/node/main.ts). The server reads its transport from
 * process.argv (vscode-languageserver's createConnection looks for `--stdio`), which is this
 * process's own command line. Nothing may be written to stdout here: it belongs to the protocol.
 */
export const lspCommand: CliCommand = {
  name: 'lsp',
  summary: 'Start the language server over stdio (for Neovim, Helix, Emacs, ...).',
  usage: USAGE,
  run(args: readonly string[], io: CliIo) {
    let stdio = false;
    for (const a of args) {
      if (a === '-h' || a === '--help') {
        io.stdout(USAGE);
        return EXIT_OK;
      }
      if (a === '--stdio') stdio = true;
      else throw new UsageError(`unknown option '${a}'`);
    }
    if (!stdio) throw new UsageError("the language server needs a transport: 'collide lsp --stdio'");
    const server = path.join(__dirname, 'server.js');
    if (!fs.existsSync(server)) {
      io.stderr(`collide lsp: the language server bundle is missing (${server}); run \`npm run build\`.\n`);
      return EXIT_USAGE;
    }
    // A computed path: the bundler must leave this require alone and load the sibling bundle.
    const load: (id: string) => unknown = require;
    load(server);
    return 'running';
  },
};
