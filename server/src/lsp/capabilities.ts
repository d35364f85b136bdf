import { CodeActionKind, TextDocumentSyncKind, type ClientCapabilities, type ServerCapabilities } from 'vscode-languageserver';
import { SEMANTIC_TOKENS_LEGEND } from './semantic-tokens';

/** What the server offers a client with these capabilities. */
export function serverCapabilities(caps: ClientCapabilities): ServerCapabilities {
  // Whole-document tokens unless the client says it takes ranges only (VS Code's client does,
  // see client/src/semantic-tokens-ranges.ts); a client that says nothing gets both.
  const fullTokens = caps.textDocument?.semanticTokens?.requests?.full !== false;
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    hoverProvider: true,
    completionProvider: { triggerCharacters: [' ', '('], resolveProvider: false },
    signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [' '] },
    definitionProvider: true,
    referencesProvider: true,
    documentHighlightProvider: true,
    documentSymbolProvider: { label: 'Collide' },
    workspaceSymbolProvider: true,
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    codeLensProvider: { resolveProvider: true },
    documentFormattingProvider: true,
    renameProvider: { prepareProvider: true },
    foldingRangeProvider: true,
    semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, ...(fullTokens ? { full: { delta: true } } : {}), range: true },
    inlayHintProvider: { resolveProvider: false },
  };
}
