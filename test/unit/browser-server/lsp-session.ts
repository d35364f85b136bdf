/**
 * One scripted editor session against a language server, whichever its transport: the same
 * notifications and requests in the same order, every answer recorded as its JSON text, so that
 * two servers' records can be compared line for line (equal-answers.test.ts). The JSON-RPC
 * envelope (ids) is left out: only the answers are recorded.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { READ_FILE_REQUEST, type ReadFileParams } from '../../../protocol/lsp';
import { isPartsAnswer, PREVIEW_LEVEL_MOVE_METHOD, PREVIEW_PAIR_METHOD, PREVIEW_SCENE_METHOD, PREVIEW_SCENE_PART_METHOD, type PreviewScenePart } from '../../../protocol/preview-lsp';

/** What VS Code declares for the features compared (settings pulled, outline hierarchical, ...). */
export const CAPABILITIES = {
  workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, workspaceFolders: true },
  textDocument: {
    synchronization: { dynamicRegistration: true, didSave: true },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true, dataSupport: true },
    completion: { completionItem: { snippetSupport: true } },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true, labelSupport: true },
    foldingRange: { rangeLimit: 5000, lineFoldingOnly: true },
    semanticTokens: { requests: { range: true, full: { delta: true } }, tokenTypes: [], tokenModifiers: [], formats: ['relative'] },
    codeLens: { resolveSupport: { properties: ['command'] } },
    inlayHint: {},
    hover: { contentFormat: ['markdown', 'plaintext'] },
    codeAction: { isPreferredSupport: true, codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'source'] } } },
    rename: { prepareSupport: true },
  },
};

export interface Line {
  readonly what: string;
  readonly json: string;
}

interface Position {
  line: number;
  character: number;
}
interface Diagnostic {
  range: { start: Position; end: Position };
}

/**
 * The client's side: settings pulled as the defaults, registrations and refreshes acknowledged,
 * collide/readFile answered from the disk, publications kept.
 */
export class SessionClient {
  /** Files the server asked for with collide/readFile (only a server without a file system asks). */
  readonly readFiles: string[] = [];
  private readonly published: { uri: string; version?: number; diagnostics: Diagnostic[] }[] = [];
  private readonly waiters: (() => void)[] = [];
  /** Every collide/previewScenePart so far, in the order it came. */
  private readonly parts: PreviewScenePart[] = [];
  private streams = 0;

  constructor(readonly connection: MessageConnection) {
    connection.onNotification(PREVIEW_SCENE_PART_METHOD, (p: PreviewScenePart) => void this.parts.push(p));
    connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: Diagnostic[] }) => {
      this.published.push(p);
      for (const w of this.waiters.splice(0)) w();
    });
    connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => ({})));
    connection.onRequest(READ_FILE_REQUEST, (p: ReadFileParams) => {
      this.readFiles.push(p.uri);
      try {
        return { text: readFileSync(fileURLToPath(p.uri), 'utf8') };
      } catch {
        return null;
      }
    });
    connection.onRequest(() => null); // registrations and refreshes
    connection.listen();
  }

  async initialize(rootUri: string | null): Promise<unknown> {
    const result = await this.connection.sendRequest('initialize', { processId: null, rootUri, workspaceFolders: null, capabilities: CAPABILITIES });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  /** The publication of `uri` for `version` (waits for it, 60 s at most). */
  async diagnostics(uri: string, version: number): Promise<{ diagnostics: Diagnostic[] }> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = this.published.find((p) => p.uri === uri && p.version === version);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no diagnostics for ${uri} version ${version}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * A whole preview scene asked in parts (a new stream): its answer and the parts of the stream
   * taken before it, as one record's JSON. Throws unless those are every part, in index order.
   */
  async sceneInParts(params: { uri: string; deflate?: boolean }): Promise<string> {
    const stream = this.streams++;
    const answer: unknown = await this.connection.sendRequest(PREVIEW_SCENE_METHOD, { ...params, bytes: true, parts: stream });
    const parts = this.parts.filter((p) => p.stream === stream);
    if (isPartsAnswer(answer)) {
      const count = (answer as { parts: number }).parts;
      if (parts.length !== count || parts.some((p, k) => p.index !== k || p.count !== count)) throw new Error(`stream ${stream}: parts ${parts.map((p) => `${p.index}/${p.count}`).join(' ')} before an answer of ${count}`);
    }
    return JSON.stringify({ answer, parts });
  }

  async shutdown(): Promise<void> {
    await Promise.race([this.connection.sendRequest('shutdown').catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
    await this.connection.sendNotification('exit').catch(() => undefined);
  }
}

/** Starts of words and numbers in `text`, at most `most`, spread evenly over it. */
export function probePositions(text: string, most: number): Position[] {
  const lines = text.split('\n');
  const all: Position[] = [];
  lines.forEach((l, line) => {
    for (const m of l.matchAll(/[A-Za-z_][\w-]*|-?\d+(\.\d+)?/g)) all.push({ line, character: m.index! + 1 });
  });
  if (all.length <= most) return all;
  return Array.from({ length: most }, (_, k) => all[Math.floor((k * all.length) / most)]!);
}

/**
 * The session on one document: open, every feature at the probes, an edit and the features
 * that answer it by difference (token deltas, preview deltas). On a level file the server
 * answers what it answers there (hover and code actions; empty lists for the rest).
 */
export async function runSession(client: SessionClient, uri: string, text: string, languageId: string): Promise<Line[]> {
  const out: Line[] = [];
  const c = client.connection;
  const answer = (what: string, method: string, params: unknown): Promise<Line & { result?: unknown }> =>
    c.sendRequest(method, params).then(
      (result) => ({ what, json: JSON.stringify(result) ?? 'undefined', result }),
      (e: unknown) => ({ what, json: `error ${(e as { code?: number }).code}: ${(e as Error).message}` }),
    );
  const record = async (what: string, method: string, params: unknown): Promise<unknown> => {
    const a = await answer(what, method, params);
    out.push({ what: a.what, json: a.json });
    return a.result;
  };
  const textDocument = { uri };
  await c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  const published = await client.diagnostics(uri, 1);
  out.push({ what: 'diagnostics v1', json: JSON.stringify(published) });

  const probes = probePositions(text, 40);
  // Sent together and recorded in the order sent: each answers the same version.
  const atProbes: [string, string, unknown][] = [];
  for (const position of probes) {
    const at = `${position.line}:${position.character}`;
    atProbes.push([`hover ${at}`, 'textDocument/hover', { textDocument, position }]);
    atProbes.push([`completion ${at}`, 'textDocument/completion', { textDocument, position }]);
    atProbes.push([`signature help ${at}`, 'textDocument/signatureHelp', { textDocument, position }]);
    atProbes.push([`definition ${at}`, 'textDocument/definition', { textDocument, position }]);
    atProbes.push([`references ${at}`, 'textDocument/references', { textDocument, position, context: { includeDeclaration: true } }]);
    atProbes.push([`highlights ${at}`, 'textDocument/documentHighlight', { textDocument, position }]);
  }
  for (const a of await Promise.all(atProbes.map(([what, method, params]) => answer(what, method, params)))) out.push({ what: a.what, json: a.json });
  for (const position of probes.slice(0, 8)) {
    const at = `${position.line}:${position.character}`;
    await record(`prepare rename ${at}`, 'textDocument/prepareRename', { textDocument, position });
    await record(`rename ${at}`, 'textDocument/rename', { textDocument, position, newName: 'renamed' });
  }
  await record('document symbols', 'textDocument/documentSymbol', { textDocument });
  await record('folding ranges', 'textDocument/foldingRange', { textDocument });
  const tokens = (await record('semantic tokens', 'textDocument/semanticTokens/full', { textDocument })) as { resultId?: string } | null;
  const lineCount = text.split('\n').length;
  const whole = { start: { line: 0, character: 0 }, end: { line: lineCount, character: 0 } };
  await record('semantic tokens range', 'textDocument/semanticTokens/range', { textDocument, range: whole });
  const lenses = await record('code lenses', 'textDocument/codeLens', { textDocument });
  for (const [k, lens] of (Array.isArray(lenses) ? (lenses as unknown[]) : []).slice(0, 20).entries()) await record(`code lens resolve ${k}`, 'codeLens/resolve', lens);
  await record('inlay hints', 'textDocument/inlayHint', { textDocument, range: whole });
  for (const [k, d] of published.diagnostics.slice(0, 30).entries()) {
    await record(`code actions ${k}`, 'textDocument/codeAction', { textDocument, range: d.range, context: { diagnostics: [d], triggerKind: 1 } });
  }
  await record('code actions whole', 'textDocument/codeAction', { textDocument, range: whole, context: { diagnostics: published.diagnostics, triggerKind: 1 } });
  await record('formatting', 'textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } });
  await record('workspace symbols', 'workspace/symbol', { query: '' });

  const scene = (await record('preview scene', PREVIEW_SCENE_METHOD, { uri })) as { bodies?: { name: string }[]; findings?: { a?: string; b?: string }[] } | null;
  await record('preview scene bytes', PREVIEW_SCENE_METHOD, { uri, bytes: true });
  await record('preview scene deflated', PREVIEW_SCENE_METHOD, { uri, bytes: true, deflate: true });
  out.push({ what: 'preview scene in parts', json: await client.sceneInParts({ uri, deflate: true }) });
  const names = (scene?.bodies ?? []).map((b) => b.name);
  const pairs: [string, string][] = [];
  for (const f of scene?.findings ?? []) if (typeof f.a === 'string' && typeof f.b === 'string') pairs.push([f.a, f.b]);
  if (names.length >= 2) pairs.push([names[0]!, names[1]!]);
  for (const [a, b] of pairs.slice(0, 6)) await record(`preview pair ${a} ${b}`, PREVIEW_PAIR_METHOD, { uri, a, b });
  if (names.length > 0) await record('preview level move', PREVIEW_LEVEL_MOVE_METHOD, { uri, version: 1, body: names[0], at: [1, 2] });

  // An edit: a digit of the middle number changed, then what answers by difference.
  const number = probes.find((p, k) => k >= probes.length >> 1 && /\d/.test(text.split('\n')[p.line]![p.character - 1] ?? '')) ?? probes.find((p) => /\d/.test(text.split('\n')[p.line]![p.character - 1] ?? ''));
  if (number) {
    const start = { line: number.line, character: number.character - 1 };
    const digit = text.split('\n')[number.line]![number.character - 1]!;
    const next = String((Number(digit) + 3) % 10);
    await c.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start, end: number }, text: next }] });
    out.push({ what: 'diagnostics v2', json: JSON.stringify(await client.diagnostics(uri, 2)) });
    if (tokens?.resultId !== undefined) await record('semantic tokens delta', 'textDocument/semanticTokens/full/delta', { textDocument, previousResultId: tokens.resultId });
    await record('preview scene delta', PREVIEW_SCENE_METHOD, { uri, base: 1 });
    await record('document symbols v2', 'textDocument/documentSymbol', { textDocument });
    await record('code lenses v2', 'textDocument/codeLens', { textDocument });
  }
  await c.sendNotification('textDocument/didClose', { textDocument });
  return out;
}
