/**
 * The outline (hierarchical and flat) and the code lenses of a large scene, asked of two or more
 * builds of the language server side by side over stdio, turn by turn with the first asked
 * rotating, so that all meet the same machine load: `node --import tsx bench/encoded-lists.ts
 * ROOT... [--bodies=N] [--runs=N]` (a root holds bin/collide.js and dist/; with one root, this
 * checkout is the second).
 *
 * Per request it reports the median of `runs` of the time to the response's first byte (the
 * server's part: the list is encoded before the message is written), of the server's main thread
 * CPU time over the request (from /proc/PID/schedstat, so time spent waiting for a core on a busy
 * machine is not counted; NaN without /proc) and of the time to the whole response parsed by the
 * client, and checks that every server answered the same JSON.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as rpc from 'vscode-jsonrpc/node';
import { generateScene, sceneText } from './scenes';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const roots = args.filter((a) => !a.startsWith('--')).map((r) => resolve(r));
if (roots.length < 1) throw new Error('usage: bench/encoded-lists.ts ROOT... [--bodies=N] [--runs=N]');
if (roots.length === 1) roots.push(resolve(join(__dirname, '..')));
const BODIES = option('bodies', 50_000);
const RUNS = option('runs', 9);
const WARMUP = 3;

interface Server {
  readonly name: string;
  request(method: string, params: object): Promise<{ firstByteMs: number; cpuMs: number; totalMs: number; json: string }>;
  close(): Promise<void>;
}

async function startServer(name: string, root: string, hierarchical: boolean, uri: string, text: string): Promise<Server> {
  const child = spawn(process.execPath, [join(root, 'bin', 'collide.js'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout!), new rpc.StreamMessageWriter(child.stdin!));
  let firstByte = NaN;
  let awaiting = false;
  child.stdout!.on('data', () => {
    if (!awaiting) return;
    awaiting = false;
    firstByte = performance.now();
  });
  let published: () => void = () => undefined;
  const opened = new Promise<void>((r) => (published = r));
  connection.onNotification('textDocument/publishDiagnostics', () => published());
  connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
  connection.onRequest(() => null);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {
      textDocument: {
        documentSymbol: { hierarchicalDocumentSymbolSupport: hierarchical },
        codeLens: { resolveSupport: { properties: ['command'] } },
      },
    },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
  await opened;
  return {
    name,
    async request(method, params) {
      firstByte = NaN;
      awaiting = true;
      const cpu0 = cpuNs(child.pid!);
      const t0 = performance.now();
      const result = await connection.sendRequest(method, params);
      const totalMs = performance.now() - t0;
      const cpuMs = (cpuNs(child.pid!) - cpu0) / 1e6;
      return { firstByteMs: firstByte - t0, cpuMs, totalMs, json: JSON.stringify(result) };
    },
    async close() {
      await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]).catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      connection.dispose();
      child.kill();
    },
  };
}

/** The CPU time of a process's main thread so far, in ns. */
function cpuNs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return NaN;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function compare(label: string, hierarchical: boolean, requests: [string, string][], uri: string, text: string): Promise<void> {
  const servers: Server[] = [];
  for (const [i, root] of roots.entries()) servers.push(await startServer(`${i + 1}`, root, hierarchical, uri, text));
  try {
    for (const [what, method] of requests) {
      const params = { textDocument: { uri } };
      const times = new Map<string, { first: number[]; cpu: number[]; total: number[] }>(servers.map((s) => [s.name, { first: [], cpu: [], total: [] }]));
      const answers = new Map<string, string>();
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const order = [...servers.slice(run % servers.length), ...servers.slice(0, run % servers.length)];
        for (const s of order) {
          const r = await s.request(method, params);
          answers.set(s.name, r.json);
          if (run < WARMUP) continue;
          times.get(s.name)!.first.push(r.firstByteMs);
          times.get(s.name)!.cpu.push(r.cpuMs);
          times.get(s.name)!.total.push(r.totalMs);
        }
      }
      const same = servers.every((s) => answers.get(s.name) === answers.get('1')) ? 'same answer' : 'ANSWERS DIFFER';
      const line = servers
        .map((s) => {
          const t = times.get(s.name)!;
          return `${s.name} ${median(t.first).toFixed(0)} / ${median(t.cpu).toFixed(0)} / ${median(t.total).toFixed(0)} ms`;
        })
        .join(', ');
      console.log(`${label} ${what}: ${line} (first byte / server CPU / parsed, median of ${RUNS}); ${same}, ${answers.get('1')!.length} chars`);
    }
  } finally {
    for (const s of servers) await s.close();
  }
}

async function main(): Promise<void> {
  const text = sceneText(generateScene(BODIES, 0));
  const uri = pathToFileURL(join(tmpdir(), `collide-encoded-lists-${BODIES}.collide`)).href;
  console.log(`${BODIES} bodies; ${roots.map((r, i) => `${i + 1}: ${r}`).join(', ')}`);
  await compare('hierarchical', true, [['outline', 'textDocument/documentSymbol'], ['lens stubs', 'textDocument/codeLens']], uri, text);
  await compare('flat', false, [['outline', 'textDocument/documentSymbol']], uri, text);
}

void main();
