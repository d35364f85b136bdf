import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer, type WorkspaceFiles } from './server';

/**
 * Entry point of dist/server.js. The transport comes from the command line, as
 * vscode-languageserver reads it: `--node-ipc` when the VS Code client starts it (IPC channel of
 * a forked Node process), `--stdio` for every other editor (`collide lsp --stdio` loads this
 * bundle in its own process), `--socket=N` or `--pipe=NAME` also work. In stdio mode stdout
 * belongs to the protocol: the library routes console output to the client's log.
 */
const connection = createConnection(ProposedFeatures.all);

// Last line of defence: whatever escapes a handler is logged, and the server stays up.
process.on('uncaughtException', (e) => connection.console.error(`Uncaught exception: ${e.stack ?? e.message}`));
process.on('unhandledRejection', (e) => connection.console.error(`Unhandled rejection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));

/** Most files listed per workspace folder, and directories never entered. */
const MAX_FILES = 5000;
const SKIP = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test']);

const workspaceFiles: WorkspaceFiles = {
  async list(folderUri) {
    if (!folderUri.startsWith('file:')) return [];
    const found: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (found.length >= MAX_FILES) return;
        if (e.isDirectory()) {
          if (!SKIP.has(e.name) && !e.name.startsWith('.')) await walk(path.join(dir, e.name));
        } else if (e.isFile() && e.name.endsWith('.collide')) {
          found.push(pathToFileURL(path.join(dir, e.name)).toString());
        }
      }
    };
    await walk(fileURLToPath(folderUri));
    return found;
  },
  async read(uri) {
    try {
      const text = await fs.readFile(fileURLToPath(uri), 'utf8');
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    } catch {
      return undefined;
    }
  },
};

startServer(connection, { workspaceFiles });
connection.listen();
