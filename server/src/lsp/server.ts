import {
  DidChangeConfigurationNotification,
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  type CancellationToken,
  type CodeActionParams,
  type CodeLens,
  type Connection,
  type Diagnostic,
  type DocumentSymbol,
  type HoverParams,
  type InitializeParams,
  type InitializeResult,
  type SemanticTokens,
  type SemanticTokensDelta,
  type SemanticTokensDeltaParams,
  type SymbolInformation,
} from 'vscode-languageserver';
import { serverCapabilities } from './capabilities';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CONFIGURATION_SECTION } from '../../../protocol/lsp';
import { IncrementalAnalyzer } from '../analysis/incremental';
import { codeActions } from './code-actions';
import { resolveCodeLens } from './code-lens';
import { lspCompletion } from './completion';
import { parseSettings } from './configuration';
import { analysisOptions, DEFAULT_SETTINGS, type CollideSettings } from '../features/settings';
import { replace, toOffsetRange } from './convert';
import { isOverBudget, overBudgetError, REQUEST_BUDGET_MS, withinBudget } from './request-budget';
import { PublishedDiagnostics, type CompactLimits } from './publish/published-diagnostics';
import { limitedList } from './publish/diagnostic-limit';
import type { ChunkCodec } from './encode/chunk-store';
import { makeAnalyzedDocument, type AnalyzedDocument } from '../features/document';
import { codeLensStubSteps, KeptCodeLenses, KeptOutline } from './encode/response-lists';
import { hoverOf } from './hover';
import { lspInlayHints } from './inlay-hints';
import { lspSignatureHelp } from './signature-help';
import { definitionLocation, highlights, referenceLocations, renameEdit, renameRange, workspaceSymbolInformation } from './navigation';
import { foldingRanges } from '../features/folding-ranges';
import { formatting } from '../features/formatting';
import { registerPreviewHandlers } from './preview';
import type { SceneDeflate } from './scene-bytes-answer';
import { isWhatIfParams, WHAT_IF_METHOD, type WhatIfParams, type WhatIfResult } from '../../../protocol/preview-lsp';
import { whatIfSteps } from '../features/what-if';
import { inSlices, MessageWatch } from './answer-slices';
import { semanticTokens, semanticTokensEdits, semanticTokenSteps } from '../features/semantic-tokens';
import type { SymbolSource } from '../features/workspace-symbols';
import { FileSymbols } from './file-symbols';
import { LevelDocuments, type AnalyzedLevel, type LevelFiles } from './level-documents';
import { levelCodeActions, levelHoverOf } from './level-features';
import { pathOfUri, samePath } from './level-paths';

/**
 * The connection wiring: the document store with incremental sync, one analysis per document
 * version, per-resource settings, and every feature's request handler. Nothing in lsp/ uses Node
 * APIs, so the same server can run in a web worker given a browser connection (node/main.ts is
 * the Node entry).
 *
 * Documents are analyzed by an IncrementalAnalyzer each (analysis/incremental.ts), which pauses
 * between stages; a run stops at the next pause as soon as a newer version of its document has
 * arrived, so typing never queues up stale analyses. Requests (hover, completion, ...) wait for
 * the analysis of the exact version they were asked about.
 *
 * Settings are pulled per document with workspace/configuration (scoped to the document's URI)
 * and kept only with that document, until the client says the configuration changed; nothing is
 * cached for the whole server. A request that fails is logged and answered with an error
 * response that says why (InternalError, or RequestFailed for a refusal the user should read):
 * one bad request never takes the server down, and the editor tells a failure from an empty
 * answer. Lifecycle rules (no request before initialize, no stale change) are applied before
 * dispatch, by lsp/protocol-guard.ts.
 */
export interface WorkspaceFiles {
  /** URIs of the `.collide` files under a workspace folder (bounded by the implementation). */
  list(folderUri: string): Promise<string[]>;
  read(uri: string): Promise<string | undefined>;
}

export interface ServerOptions {
  /** Access to files that are not open, for workspace symbols; absent in a browser. */
  readonly workspaceFiles?: WorkspaceFiles;
  /** How the kept publications are compressed while idle (ServerHandle.compactPublications); absent, they are not. */
  readonly chunkCodec?: ChunkCodec;
  /** From what size they are (tests use small ones; default: publish/published-diagnostics.ts's). */
  readonly compactLimits?: Partial<CompactLimits>;
  /** How long a request waits for its document's analysis (default REQUEST_BUDGET_MS). */
  readonly requestBudgetMs?: number;
  /** The most lenses sent with their commands; more go as stubs to resolve (default RESOLVED_LENS_LIMIT). */
  readonly resolvedLensLimit?: number;
  /** The files levels read that are not open (tilesets, sub-scenes); absent, only open documents are read. */
  readonly levelFiles?: LevelFiles;
  /** How a whole preview scene's bytes are deflated for a client that asks (lsp/preview.ts); absent, they never are. */
  readonly sceneDeflate?: SceneDeflate;
  /** Items a part of a whole preview scene sent in parts holds at most (default PART_ITEMS; tests use fewer). */
  readonly scenePartItems?: number;
}

/**
 * Lenses are sent with their commands up to this many (about 8.6 MB of JSON), so that VS Code
 * shows them at once instead of a blank line until it resolves those on screen; a scene with more
 * gets stubs (lsp/code-lens.ts), 2.5 times smaller, which the editor resolves as it shows them.
 */
export const RESOLVED_LENS_LIMIT = 32768;

/** What the transport may ask of a running server. */
export interface ServerHandle {
  /**
   * Compresses the kept publication of every open document a chunk at a time while
   * `shouldYield` lets it (publish/published-diagnostics.ts, compact): true when all are.
   */
  compactPublications(shouldYield: () => boolean): boolean;
  /**
   * Frees the raw bytes of every compressed chunk (PublishedDiagnostics.release): only when no
   * publication is being written (the writer holds their chunks until then). The bytes freed.
   */
  releasePublications(): number;
}

interface DocumentState {
  /** The server's number for the document, which code lens stubs carry (a resolve request names no document). */
  readonly id: number;
  readonly analyzer: IncrementalAnalyzer;
  /** The last publication's diagnostics as JSON, reused where unchanged (publish/published-diagnostics.ts). */
  readonly published: PublishedDiagnostics;
  /** The last outline and lenses answered, as JSON reused where unchanged (encode/response-lists.ts). */
  readonly outline: KeptOutline;
  readonly lenses: KeptCodeLenses;
  settings?: Promise<CollideSettings>;
  latest?: AnalyzedDocument;
  pending?: { readonly version: number; readonly generation: number; readonly promise: Promise<AnalyzedDocument | undefined> };
  /** Bumped when the settings change, so a run under the old settings is not reused. */
  generation: number;
  latestGeneration?: number;
  /**
   * The semantic tokens last sent for the whole document, which a delta request builds on: kept
   * as 32-bit integers (every token number is a count or a delta, >= 0) rather than the array
   * sent, whose small integers take 8 bytes each.
   */
  tokens?: { readonly resultId: string; readonly data: Uint32Array };
}

export function startServer(connection: Connection, options: ServerOptions = {}): ServerHandle {
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  let canPullConfiguration = false;
  let canRegisterConfiguration = false;
  let snippets = false;
  let hierarchicalSymbols = false;
  let canRefreshInlayHints = false;
  let canRefreshCodeLens = false;
  let canRefreshSemanticTokens = false;
  /** Settings pushed with didChangeConfiguration, for clients that cannot be asked. */
  let pushedSettings: CollideSettings = DEFAULT_SETTINGS;
  let workspaceFolders: string[] = [];
  const fileSymbols = new FileSymbols();
  /** Level files (level-documents.ts): what they read comes from the open documents first. */
  const levels = new LevelDocuments((path) => documents.all().find((d) => samePath(pathOfUri(d.uri) ?? '', path))?.getText(), options.levelFiles);

  const budgetMs = options.requestBudgetMs ?? REQUEST_BUDGET_MS;
  const log = (message: string) => connection.console.log(message);
  const logError = (what: string, e: unknown) =>
    connection.console.error(`${what} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  /** A request's failure: logged with its stack, answered with its message. */
  const failed = (what: string, e: unknown): ResponseError<void> => {
    logError(what, e);
    return new ResponseError(ErrorCodes.InternalError, `${what} failed: ${e instanceof Error ? e.message : String(e)}`);
  };

  // ── Settings ──────────────────────────────────────────────────────────────────────────────

  function settingsFor(uri: string, st: DocumentState): Promise<CollideSettings> {
    if (!canPullConfiguration) return Promise.resolve(pushedSettings);
    st.settings ??= connection.workspace
      .getConfiguration({ scopeUri: uri, section: CONFIGURATION_SECTION })
      .then(parseSettings, (e: unknown) => {
        logError(`Reading the settings for ${uri}`, e);
        return DEFAULT_SETTINGS;
      });
    return st.settings;
  }

  // ── Analysis ──────────────────────────────────────────────────────────────────────────────

  let documentIds = 0;
  const uriOfId = new Map<number, string>();
  function stateOf(uri: string): DocumentState {
    let st = states.get(uri);
    if (!st) {
      st = { id: ++documentIds, analyzer: new IncrementalAnalyzer(), published: new PublishedDiagnostics(options.chunkCodec ?? null, options.compactLimits), outline: new KeptOutline(), lenses: new KeptCodeLenses(), generation: 0 };
      states.set(uri, st);
      uriOfId.set(st.id, uri);
    }
    return st;
  }

  /** The analysis of the document's current version: the finished one, the running one, or a new run. */
  function analysisOfCurrent(uri: string): Promise<AnalyzedDocument | undefined> {
    const doc = documents.get(uri);
    if (!doc) return Promise.resolve(undefined);
    const st = stateOf(uri);
    const version = doc.version;
    if (st.latest && st.latest.version === version && st.latestGeneration === st.generation) return Promise.resolve(st.latest);
    if (st.pending && st.pending.version === version && st.pending.generation === st.generation) return st.pending.promise;
    const generation = st.generation;
    const text = doc.getText();
    const kind = levels.kindOf(uri, text);
    if (kind === 'none') {
      // A JSON file that is no Tiled map (perhaps no longer): nothing of it is analyzed or shown.
      if (st.latest) void connection.sendDiagnostics({ uri, diagnostics: [] });
      st.latest = undefined;
      return Promise.resolve(undefined);
    }
    const isStale = () => documents.get(uri)?.version !== version || states.get(uri) !== st || st.generation !== generation;
    const promise = (async (): Promise<AnalyzedDocument | undefined> => {
      const settings = await settingsFor(uri, st);
      if (isStale()) return undefined;
      let analyzed: AnalyzedDocument;
      if (kind === 'level') {
        const level = await levels.analyze(uri, version, text, settings, st.analyzer, isStale);
        if (!level || isStale()) return undefined;
        analyzed = level.view;
      } else {
        const run = await st.analyzer.analyzeAsync(text, { isCanceled: isStale }, analysisOptions(settings));
        if (run.state === 'canceled' || isStale()) return undefined;
        analyzed = makeAnalyzedDocument(uri, version, run.analysis, settings);
      }
      st.latest = analyzed;
      st.latestGeneration = generation;
      void connection.sendDiagnostics({ uri, version, diagnostics: publication(st, analyzed) });
      return analyzed;
    })().catch((e: unknown) => {
      logError(`Analyzing ${uri}`, e);
      return undefined;
    });
    st.pending = { version, generation, promise };
    void promise.then(() => {
      if (st.pending?.promise === promise) st.pending = undefined;
    });
    return promise;
  }

  /**
   * The list to publish (the part of it under the diagnostics limit, lsp/publish/diagnostic-limit.ts)
   * as its JSON bytes (publish/published-diagnostics.ts), which stand in for the array: node/main.ts's writer
   * sends their chunks as they are, any other serializer calls their toJSON.
   */
  function publication(st: DocumentState, analyzed: AnalyzedDocument): Diagnostic[] {
    return st.published.publish(analyzed, limitedList(analyzed) ?? undefined) as unknown as Diagnostic[];
  }

  /**
   * The analysis for a request: of the version current when it resolves. A run superseded while
   * it was awaited is followed by the newer one (bounded: typing faster than analysis is the
   * only way to get here, and each lap is a newer version).
   */
  async function getAnalysis(uri: string): Promise<AnalyzedDocument | undefined> {
    for (let lap = 0; lap < 20; lap++) {
      const result = await analysisOfCurrent(uri);
      const doc = documents.get(uri);
      if (!doc) return undefined;
      if (result && result.version === doc.version) return result;
    }
    return states.get(uri)?.latest;
  }

  /** Whole-document requests wait until no message is waiting (answer-slices.ts). */
  const messages = new MessageWatch();

  /** The open levels that read the file `uri` names are checked again (a tileset, a sub-scene changed). */
  function recheckDependents(uri: string): void {
    for (const level of levels.dependentsOf(uri)) {
      const st = states.get(level);
      if (!st) continue;
      st.generation++;
      void analysisOfCurrent(level);
    }
  }

  documents.onDidOpen((e) => {
    messages.took();
    void analysisOfCurrent(e.document.uri);
    recheckDependents(e.document.uri);
  });
  documents.onDidChangeContent((e) => {
    messages.took();
    void analysisOfCurrent(e.document.uri);
    recheckDependents(e.document.uri);
  });
  documents.onDidClose((e) => {
    messages.took();
    // Frees the analyzer's caches now and abandons a run still in flight (analysis/incremental.ts).
    const st = states.get(e.document.uri);
    st?.analyzer.dispose();
    if (st) uriOfId.delete(st.id);
    states.delete(e.document.uri);
    preview.forget(e.document.uri);
    levels.forget(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    // Its text on disk stands in for the closed document's now.
    recheckDependents(e.document.uri);
  });

  // ── Lifecycle ─────────────────────────────────────────────────────────────────────────────

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities;
    canPullConfiguration = caps.workspace?.configuration === true;
    canRegisterConfiguration = caps.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    snippets = caps.textDocument?.completion?.completionItem?.snippetSupport === true;
    hierarchicalSymbols = caps.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true;
    canRefreshInlayHints = caps.workspace?.inlayHint?.refreshSupport === true;
    canRefreshCodeLens = caps.workspace?.codeLens?.refreshSupport === true;
    canRefreshSemanticTokens = caps.workspace?.semanticTokens?.refreshSupport === true;
    workspaceFolders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (workspaceFolders.length === 0 && params.rootUri) workspaceFolders = [params.rootUri];
    return { capabilities: serverCapabilities(caps), serverInfo: { name: 'collide-language-server' } };
  });

  connection.onInitialized(() => {
    // Not earlier: before the initialize result, a server may send nothing unasked (LSP 3.17).
    log(`Collide language server ready (settings ${canPullConfiguration ? 'pulled per document' : 'pushed by the client'}).`);
    if (canRegisterConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: CONFIGURATION_SECTION });
  });

  connection.onDidChangeConfiguration((change) => {
    if (!canPullConfiguration) {
      const raw = (change.settings as Record<string, unknown> | null | undefined)?.[CONFIGURATION_SECTION];
      pushedSettings = parseSettings(raw);
    }
    for (const [uri, st] of states) {
      st.settings = undefined;
      st.generation++;
      void analysisOfCurrent(uri);
    }
    // Hints, lenses and tokens depend on the settings (continuous detection off drops impacts).
    if (canRefreshInlayHints) void connection.languages.inlayHint.refresh().catch(() => undefined);
    if (canRefreshCodeLens) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
    if (canRefreshSemanticTokens) connection.languages.semanticTokens.refresh();
  });

  connection.onDidChangeWatchedFiles((change) => {
    for (const c of change.changes) {
      fileSymbols.forget(c.uri);
      options.levelFiles?.forget?.(c.uri);
      if (!documents.get(c.uri)) recheckDependents(c.uri);
    }
  });

  // ── Requests ──────────────────────────────────────────────────────────────────────────────

  /**
   * The analysis of `uri`'s current version, waited for at most the request budget
   * (request-budget.ts); over budget, throws the error `request` answers with.
   */
  async function budgetedAnalysis(request: string, uri: string): Promise<AnalyzedDocument | undefined> {
    const asked = documents.get(uri)?.version;
    const doc = await withinBudget(getAnalysis(uri), budgetMs);
    if (isOverBudget(doc)) throw overBudgetError(request, uri, asked, documents.get(uri)?.version, budgetMs);
    return doc;
  }

  /**
   * Wraps a request handler on one document: waits for the analysis of the current version
   * (budgetedAnalysis), gives up quietly when the request was canceled meanwhile, and turns any
   * exception into a log entry and an error response. On a level, `level` answers, or, for the
   * requests that make no sense there (they would fight the format's own extension), `empty`.
   */
  function onDocument<P extends { textDocument: { uri: string } }, R>(
    name: string,
    empty: R,
    handler: (doc: AnalyzedDocument, params: P) => R,
    level?: (doc: AnalyzedLevel, params: P) => R,
  ): (params: P, token: CancellationToken) => Promise<R> {
    return async (params, token) => {
      messages.took();
      try {
        if (!level && levels.isLevelUri(params.textDocument.uri)) return empty;
        const doc = await budgetedAnalysis(name, params.textDocument.uri);
        if (!doc || token.isCancellationRequested) return empty;
        const analyzedLevel = levels.levelOf(doc);
        if (analyzedLevel) return level ? level(analyzedLevel, params) : empty;
        return handler(doc, params);
      } catch (e) {
        throw failure(name, params, e);
      }
    };
  }

  /** What a request that threw answers (onDocument). */
  function failure(name: string, params: { textDocument?: { uri?: string } } | undefined, e: unknown): ResponseError<void> {
    if (e instanceof ResponseError) return e;
    // A refusal the user should read (an invalid new name) goes back as the request's error.
    if (e instanceof RequestFailure) return new ResponseError(LSPErrorCodes.RequestFailed, e.message);
    return failed(`${name} (${params?.textDocument?.uri})`, e);
  }

  /**
   * onDocument for a whole-document answer, made in steps (common/steps.ts): it waits for the
   * messages behind it (MessageWatch), so that an edit among them is published first and the
   * answer is the new version's, then runs in slices (inSlices). A newer version arrived meanwhile
   * drops the run, and the answer is made again for that version once its analysis (and
   * publication) is done.
   */
  function onWholeDocument<P extends { textDocument: { uri: string } }, R>(
    name: string,
    empty: R,
    steps: (doc: AnalyzedDocument, params: P) => Generator<void, R, void>,
  ): (params: P, token: CancellationToken) => Promise<R> {
    return async (params, token) => {
      messages.took();
      const uri = params.textDocument.uri;
      if (levels.isLevelUri(uri)) return empty;
      try {
        await messages.quiet();
        // Bounded as getAnalysis is: each lap is a newer version.
        for (let lap = 0; lap < 20; lap++) {
          const doc = await budgetedAnalysis(name, uri);
          if (!doc || token.isCancellationRequested) return empty;
          const stop = () => (token.isCancellationRequested ? 'canceled' : documents.get(uri)?.version !== doc.version ? 'stale' : undefined);
          const answer = await inSlices(steps(doc, params), stop);
          if (answer === 'canceled') return empty;
          if (answer !== 'stale') return answer.value;
        }
        return empty;
      } catch (e) {
        throw failure(name, params, e);
      }
    };
  }

  const hoverLevel = (level: AnalyzedLevel, p: HoverParams) => levelHoverOf(level, level.view.lines.offsetAt(p.position));
  connection.onHover(onDocument('Hover', null, (doc, p) => hoverOf(doc, doc.lines.offsetAt(p.position)), hoverLevel));
  connection.onCompletion(onDocument('Completion', [], (doc, p) => lspCompletion(doc, doc.lines.offsetAt(p.position), { snippets })));
  connection.onSignatureHelp(onDocument('Signature help', null, (doc, p) => lspSignatureHelp(doc, doc.lines.offsetAt(p.position))));
  connection.onDefinition(onDocument('Go to definition', null, (doc, p) => definitionLocation(doc, doc.lines.offsetAt(p.position))));
  connection.onReferences(
    onDocument('Find references', [], (doc, p) => referenceLocations(doc, doc.lines.offsetAt(p.position), p.context.includeDeclaration)),
  );
  connection.onDocumentHighlight(onDocument('Document highlights', [], (doc, p) => highlights(doc, doc.lines.offsetAt(p.position))));
  // The outline and the lenses go as their JSON bytes, built an element at a time
  // (encode/response-lists.ts), which stand in for the arrays as a publication's diagnostics do:
  // node/main.ts's writer sends their chunks as they are, any other serializer calls their toJSON.
  connection.onDocumentSymbol(
    onWholeDocument('Document symbols', [] as DocumentSymbol[] | SymbolInformation[], function* (doc) {
      return (yield* stateOf(doc.uri).outline.steps(doc, hierarchicalSymbols)) as unknown as DocumentSymbol[] | SymbolInformation[];
    }),
  );
  const levelActions = (level: AnalyzedLevel, p: CodeActionParams) => levelCodeActions(level, toOffsetRange(level.view.lines, p.range), p.context);
  connection.onCodeAction(onDocument('Code actions', [], (doc, p) => codeActions(doc, toOffsetRange(doc.lines, p.range), p.context), levelActions));
  // Lenses go with their commands (kept from one answer to the next), or past the limit without
  // them, which the editor asks for only for the lenses it shows. A stub names the analysis it
  // came from: a settings change analyses the same version again.
  const generationOf = (doc: AnalyzedDocument): number => {
    const st = states.get(doc.uri);
    return st && st.latest === doc ? (st.latestGeneration ?? 0) : -1;
  };
  connection.onCodeLens(
    onWholeDocument('Code lenses', [] as CodeLens[], function* (doc) {
      const st = stateOf(doc.uri);
      const lenses = (yield* st.lenses.steps(doc, options.resolvedLensLimit ?? RESOLVED_LENS_LIMIT)) ?? (yield* codeLensStubSteps(doc, st.id, generationOf(doc)));
      return lenses as unknown as CodeLens[];
    }),
  );
  connection.onCodeLensResolve(async (lens, token) => {
    messages.took();
    try {
      const data = lens.data as unknown;
      const uri = Array.isArray(data) && typeof data[0] === 'number' ? uriOfId.get(data[0]) : undefined;
      const doc = uri === undefined ? undefined : await budgetedAnalysis('Resolving a code lens', uri);
      if (!doc || token.isCancellationRequested) return lens;
      return resolveCodeLens(doc, lens, generationOf(doc));
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      throw failed('Resolving a code lens', e);
    }
  });
  connection.onDocumentFormatting(onDocument('Formatting', [], (doc) => formatting(doc).map((e) => replace(doc.lines, e.range, e.newText))));
  connection.onFoldingRanges(
    onWholeDocument('Folding ranges', [], function* (doc) {
      return foldingRanges(doc);
    }),
  );
  connection.onPrepareRename(
    onDocument('Prepare rename', null, (doc, p) => {
      const r = renameRange(doc, doc.lines.offsetAt(p.position));
      if ('error' in r) throw new RequestFailure(r.error);
      return r;
    }),
  );
  connection.onRenameRequest(
    onDocument('Rename', null, (doc, p) => {
      const r = renameEdit(doc, doc.lines.offsetAt(p.position), p.newName);
      if ('error' in r) throw new RequestFailure(r.error);
      return r.edit;
    }),
  );
  // Whole-document tokens carry a result id; a delta request against the last one sent gets
  // the one edit between them (semantic-tokens.ts), so an edit that moves no name sends nothing.
  let tokenResults = 0;
  /** The whole tokens, kept as the result a delta builds on; and the result they replace. */
  function* fullTokens(doc: AnalyzedDocument): Generator<void, { next: SemanticTokens; previous: DocumentState['tokens'] }, void> {
    const { data } = yield* semanticTokenSteps(doc);
    const resultId = `${doc.version}.${++tokenResults}`;
    const st = states.get(doc.uri);
    const previous = st?.tokens;
    if (st) st.tokens = { resultId, data: Uint32Array.from(data) };
    return { next: { resultId, data }, previous };
  }
  connection.languages.semanticTokens.on(
    onWholeDocument('Semantic tokens', { data: [] } as SemanticTokens, function* (doc) {
      return (yield* fullTokens(doc)).next;
    }),
  );
  connection.languages.semanticTokens.onDelta(
    onWholeDocument('Semantic tokens', { data: [] } as SemanticTokensDelta | SemanticTokens, function* (doc, p: SemanticTokensDeltaParams) {
      const { next, previous } = yield* fullTokens(doc);
      if (!previous || previous.resultId !== p.previousResultId) return next;
      return { resultId: next.resultId, edits: semanticTokensEdits(previous.data, next.data) };
    }),
  );
  connection.languages.semanticTokens.onRange(
    onDocument('Semantic tokens', { data: [] }, (doc, p) => semanticTokens(doc, toOffsetRange(doc.lines, p.range))),
  );
  connection.languages.inlayHint.on(onDocument('Inlay hints', [], (doc, p) => lspInlayHints(doc, toOffsetRange(doc.lines, p.range))));

  connection.onWorkspaceSymbol(async (params, token) => {
    try {
      const sources: SymbolSource[] = [];
      const open = new Set<string>();
      for (const d of documents.all()) {
        open.add(d.uri);
        if (levels.isLevelUri(d.uri)) continue;
        const a = await getAnalysis(d.uri);
        if (a) sources.push({ uri: a.uri, lines: a.lines, symbols: a.analysis.semantics.symbols });
      }
      if (options.workspaceFiles && !token.isCancellationRequested) {
        for (const folder of workspaceFolders) {
          for (const uri of await options.workspaceFiles.list(folder)) {
            if (open.has(uri) || token.isCancellationRequested) continue;
            const s = await fileSymbols.of(uri, options.workspaceFiles);
            if (s) sources.push(s);
          }
        }
      }
      return workspaceSymbolInformation(sources, params.query);
    } catch (e) {
      throw failed('Workspace symbols', e);
    }
  });

  // A what-if searches the tunnelling pairs again: a whole-document answer, after any edit's diagnostics.
  const whatIf = onWholeDocument('What if', null as WhatIfResult | null, (doc, p: WhatIfParams) => whatIfSteps(doc, p.substeps));
  connection.onRequest(WHAT_IF_METHOD, (p: unknown, token: CancellationToken) => (isWhatIfParams(p) ? whatIf(p, token) : null));

  const preview = registerPreviewHandlers(connection, getAnalysis, (uri) => documents.get(uri)?.version, (doc) => levels.levelOf(doc as AnalyzedDocument)?.level, options.sceneDeflate, options.scenePartItems);

  documents.listen(connection);

  return {
    // The open documents as they are at each call: one closed between slices is left out.
    compactPublications(shouldYield) {
      // The kept answers serve typing: a quiet server does not keep them.
      for (const st of states.values()) {
        st.outline.drop();
        st.lenses.drop();
      }
      for (const st of states.values()) if (!st.published.compact(shouldYield)) return false;
      return true;
    },
    releasePublications() {
      let freed = 0;
      for (const st of states.values()) freed += st.published.release();
      return freed;
    },
  };
}

/** A request that cannot be answered for a reason the user should read (rename's checks). */
export class RequestFailure extends Error {}
