import { readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { gunzipSync, inflateSync } from 'node:zlib';
import { createConnection, ProposedFeatures, type Connection } from 'vscode-languageserver/node';
import type { ProtocolGuard } from '../lsp/protocol-guard';
import type { LevelFiles } from '../lsp/level-documents';
import { serve } from '../lsp/serve';
import type { ServerHandle, WorkspaceFiles } from '../lsp/server';
import { compactionStep } from './compaction-step';
import { stdinReader } from './framed-reader';
import { GatherMessageWriter } from './gather-writer';
import { IdleMemory } from './idle-memory';
import { MessageTimeline } from './message-timeline';
import { zlibCodec } from './zlib-codec';
import { zlibSceneDeflate } from './scene-deflate';

/**
 * Entry point of dist/server.js. The transport comes from the command line, as
 * vscode-languageserver reads it: `--stdio` for the VS Code client (client/src/languageClient.ts)
 * and every other editor (`collide lsp --stdio` loads this bundle in its own process);
 * `--node-ipc`, `--socket=N` and `--pipe=NAME` also work, with the library's own writer. In stdio
 * mode stdout belongs to the protocol: console output goes to the client's log (stdioConnection).
 */
/**
 * Over stdio, every message read or written marks the server busy (idle-memory.ts),
 * and a quiet server compresses the publications it keeps (compaction-step.ts): the
 * bytes are released only once the writer has written every message, for until then the stream
 * holds their chunks. Other transports serialize the lists by their own means and are left as they
 * were.
 */
let server: ServerHandle | undefined;
let writer: GatherMessageWriter | undefined;
const idle = new IdleMemory({
  work: {
    step: (shouldYield) => (server === undefined || writer === undefined ? 'done' : compactionStep(server, writer, shouldYield)),
  },
});
// The first transport argument decides, as in the library's own reading of the command line.
const transport = process.argv.slice(2).find((a) => a === '--stdio' || a === '--node-ipc' || /^--(socket|pipe)\b/.test(a));
/** Off unless measuring (message-timeline.ts); stdio only. */
const timeline = transport === '--stdio' && process.env.COLLIDE_TIMELINE ? new MessageTimeline(process.env.COLLIDE_TIMELINE) : undefined;

/**
 * Over stdio, the connection the library would make, with two changes: messages are written by
 * gather-writer.ts, which sends a publication's diagnostics as the bytes the publisher kept
 * (lsp/encode/diagnostics-json.ts), neither serializing them from objects on every publication
 * nor copying them into one array with their envelope; and they are read by framed-reader.ts,
 * which ends the process on a framing error instead of going deaf, and when the editor goes
 * away (exit code 1 unless shutdown came first), as the library does for a stream. The library
 * takes a stream or a reader on each side independently (vscode-jsonrpc's
 * createMessageConnection). Because the
 * connection is not built from the command line, console output is routed to the client's log
 * here, as the library does for `--stdio`: stdout belongs to the protocol.
 */
function stdioConnection(guard: ProtocolGuard): Connection {
  writer = new GatherMessageWriter(process.stdout, () => idle.touch());
  const reader = stdinReader(() => guard.shutdownRequested);
  const c = timeline
    ? createConnection(ProposedFeatures.all, timeline.reader(reader), timeline.writer(writer), { messageStrategy: timeline.strategy(guard) })
    : createConnection(ProposedFeatures.all, reader, writer, { messageStrategy: guard });
  const log = (...args: unknown[]) => c.console.log(format(...args));
  console.log = log;
  console.info = (...args: unknown[]) => c.console.info(format(...args));
  console.debug = log;
  console.warn = (...args: unknown[]) => c.console.warn(format(...args));
  console.error = (...args: unknown[]) => c.console.error(format(...args));
  console.trace = (...args: unknown[]) => c.console.log(`Trace: ${format(...args)}\n${new Error().stack?.replace(/(.+\n){2}/, '') ?? ''}`);
  console.dir = (value: unknown) => c.console.log(format('%O', value));
  return c;
}

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

/**
 * What a level reads besides itself and is not open (tilesets, shape resources, sub-scenes,
 * project.godot): read synchronously, since a reader is a synchronous function of its inputs;
 * these files are small next to the level, and read once per analysis.
 */
const levelFiles: LevelFiles = {
  readFile(path) {
    try {
      const text = readFileSync(path, 'utf8');
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    } catch {
      return undefined;
    }
  },
  inflate(data, kind) {
    try {
      return kind === 'gzip' ? gunzipSync(data) : inflateSync(data);
    } catch {
      return undefined;
    }
  },
};

const served = serve((guard) => (transport === '--stdio' ? stdioConnection(guard) : createConnection(ProposedFeatures.all, { messageStrategy: guard })), {
  workspaceFiles,
  levelFiles,
  chunkCodec: transport === '--stdio' ? zlibCodec : undefined,
  sceneDeflate: zlibSceneDeflate,
});
const connection = served.connection;
server = served.server;
// Last line of defense: whatever escapes a handler is logged, and the server stays up.
process.on('uncaughtException', (e) => connection.console.error(`Uncaught exception: ${e.stack ?? e.message}`));
process.on('unhandledRejection', (e) => connection.console.error(`Unhandled rejection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));

connection.listen();
// After listen(), whose reader is stdin's first 'data' listener: a second one only watches.
if (transport === '--stdio') {
  process.stdin.on('data', () => idle.touch());
  process.stdin.on('end', () => idle.dispose());
}
