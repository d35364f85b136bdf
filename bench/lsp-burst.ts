import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LspResult } from './lsp-latency';
import { LSP_WARMUP_EDITS, MIN_LSP_EDITS, VSCODE_CAPABILITIES, bodyEdit, openDocument, startServer, type Server } from './lsp-process';
import type { Scene } from './scenes';
import { sceneText } from './scenes';

/** The requests VS Code sends after an edit and on the cursor's move, as timed by (d′). */
export const BURST_REQUESTS = [
  'documentSymbol',
  'foldingRange',
  'semanticTokens/full',
  'semanticTokens/range',
  'codeLens',
  'inlayHint',
  'documentHighlight',
  'hover',
  'codeAction',
] as const;
export type BurstRequest = (typeof BURST_REQUESTS)[number];

export interface BurstResult extends LspResult {
  /** Per request of the burst, its response time after each timed edit (ms from its send). */
  readonly requests: Record<BurstRequest, number[]>;
  /** Whether the server answered semanticTokens/full/delta (VS Code asks for deltas when offered). */
  readonly delta: boolean;
}

/** Lines VS Code's viewport shows around the edit (inlay hints and range tokens are asked for it). */
const VIEWPORT_LINES = 60;

/**
 * One client's side of VS Code's request burst: what it sends after a change of the document
 * (outline and breadcrumbs, folding, semantic tokens by full or delta and for the viewport, code
 * lenses, inlay hints for the viewport) and on the cursor's move to the edit (highlights, hover),
 * then, once the new diagnostics are in, the light bulb's code actions for the cursor.
 */
export class BurstClient {
  private resultId: string | undefined;
  readonly delta: boolean;
  constructor(
    private readonly server: Server,
    private readonly uri: string,
  ) {
    const provider = server.capabilities.semanticTokensProvider as { full?: boolean | { delta?: boolean } } | undefined;
    this.delta = typeof provider?.full === 'object' && provider.full.delta === true;
  }

  /** The requests after a change, each resolving to its response time (ms). */
  afterChange(line: number, character: number, lineCount: number): Promise<[BurstRequest, number]>[] {
    const textDocument = { uri: this.uri };
    const position = { line, character };
    const top = Math.max(0, line - VIEWPORT_LINES / 2);
    const viewport = { start: { line: top, character: 0 }, end: { line: Math.min(lineCount, top + VIEWPORT_LINES), character: 0 } };
    const timed = (name: BurstRequest, method: string, params: object, onResult?: (r: unknown) => void): Promise<[BurstRequest, number]> => {
      const t0 = performance.now();
      return this.server.connection.sendRequest(method, params).then((r) => {
        onResult?.(r);
        return [name, performance.now() - t0];
      });
    };
    const keepId = (r: unknown) => {
      this.resultId = (r as { resultId?: string } | null)?.resultId;
    };
    return [
      timed('documentSymbol', 'textDocument/documentSymbol', { textDocument }),
      timed('foldingRange', 'textDocument/foldingRange', { textDocument }),
      this.delta && this.resultId !== undefined
        ? timed('semanticTokens/full', 'textDocument/semanticTokens/full/delta', { textDocument, previousResultId: this.resultId }, keepId)
        : timed('semanticTokens/full', 'textDocument/semanticTokens/full', { textDocument }, keepId),
      timed('semanticTokens/range', 'textDocument/semanticTokens/range', { textDocument, range: viewport }),
      this.codeLens(viewport),
      timed('inlayHint', 'textDocument/inlayHint', { textDocument, range: viewport }),
      timed('documentHighlight', 'textDocument/documentHighlight', { textDocument, position }),
      timed('hover', 'textDocument/hover', { textDocument, position }),
    ];
  }

  /**
   * Code lenses, then (as VS Code does) the resolution of those on screen that came without a
   * command: the time until the viewport's lenses have their titles.
   */
  private codeLens(viewport: { start: { line: number }; end: { line: number } }): Promise<[BurstRequest, number]> {
    interface Lens {
      readonly range: { readonly start: { readonly line: number } };
      readonly command?: unknown;
    }
    const t0 = performance.now();
    return this.server.connection
      .sendRequest<Lens[] | null>('textDocument/codeLens', { textDocument: { uri: this.uri } })
      .then((lenses) => {
        const visible = (lenses ?? []).filter((l) => !l.command && l.range.start.line >= viewport.start.line && l.range.start.line < viewport.end.line);
        return Promise.all(visible.map((l) => this.server.connection.sendRequest('codeLens/resolve', l)));
      })
      .then(() => ['codeLens', performance.now() - t0]);
  }

  /** The light bulb's request for the cursor, with the published diagnostics under it. */
  codeAction(line: number, character: number): Promise<[BurstRequest, number]> {
    const at = (p: { line: number; character: number }) => p.line * 1e7 + p.character;
    const cursor = line * 1e7 + character;
    const diagnostics = this.server.lastDiagnostics(this.uri).filter((d) => at(d.range.start) <= cursor && cursor <= at(d.range.end));
    const position = { line, character };
    const t0 = performance.now();
    return this.server.connection
      .sendRequest('textDocument/codeAction', { textDocument: { uri: this.uri }, range: { start: position, end: position }, context: { diagnostics, triggerKind: 2 } })
      .then(() => ['codeAction', performance.now() - t0]);
  }
}


/**
 * (d′): (d) with VS Code's request burst. After each didChange the client sends the burst at
 * once (the server answers each request for the new version, so they wait for its analysis),
 * and after the diagnostics the code actions; the next edit goes out as soon as the diagnostics
 * are in, without waiting for the answers, as a typist does. So the burst of one edit is served
 * before the next edit's analysis, and a burst that costs a whole-file parse shows up as delay in
 * the next edit's diagnostics, which is what an author sees.
 */
export async function benchLspBurst(scene: Scene, edits: number): Promise<BurstResult> {
  const text = sceneText(scene);
  const uri = pathToFileURL(join(tmpdir(), `collide-bench-burst-${scene.n}.collide`)).href;
  const server = await startServer(VSCODE_CAPABILITIES);
  const client = new BurstClient(server, uri);
  const latencies: number[] = [];
  const requests = Object.fromEntries(BURST_REQUESTS.map((r) => [r, [] as number[]])) as Record<BurstRequest, number[]>;
  const outstanding: Promise<unknown>[] = [];
  try {
    const openMs = await openDocument(server, uri, text);
    const lines = text.split('\n');
    const total = LSP_WARMUP_EDITS + Math.max(edits, MIN_LSP_EDITS);
    for (let e = 0; e < total; e++) {
      const { line, at, close, replacement } = bodyEdit(scene, lines, e);
      const version = e + 2;
      const cursor = at + replacement.length - 1;
      const done = server.waitForDiagnostics(uri, version);
      const start = performance.now();
      await server.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line, character: at }, end: { line, character: close + 1 } }, text: replacement }],
      });
      lines[line] = lines[line]!.slice(0, at) + replacement + lines[line]!.slice(close + 1);
      const burst = client.afterChange(line, cursor, lines.length);
      await done;
      if (e >= LSP_WARMUP_EDITS) latencies.push(performance.now() - start);
      burst.push(client.codeAction(line, cursor));
      const record = e >= LSP_WARMUP_EDITS;
      for (const p of burst) outstanding.push(p.then(([name, ms]) => record && requests[name].push(ms)));
    }
    await Promise.all(outstanding);
    return { latencies, openMs, requests, delta: client.delta, published: server.lastDiagnostics(uri).length };
  } catch (e) {
    return { latencies, openMs: NaN, requests, delta: client.delta, published: 0, error: (e as Error).message };
  } finally {
    await server.close();
  }
}
