/**
 * The language server's own names that cross to clients (the preview's requests are in
 * preview-lsp.ts). No dependency on the LSP libraries: the client, the webview and the tests
 * import these as plain values.
 */

/**
 * The command a code lens above a body with findings runs: it opens the preview on that pair.
 * The client registers it (client/src/preview); the server only names it, with one argument.
 */
export const SHOW_PAIR_IN_PREVIEW_COMMAND = 'collide.preview.showPair';

export interface ShowPairInPreviewArgs {
  /** The document's URI, as the client sent it. */
  uri: string;
  /** The pair's body names: `a` declared first. */
  a: string;
  b: string;
}

/** The `source` of every diagnostic the server publishes (the client's status bar counts by it). */
export const DIAGNOSTIC_SOURCE = 'collide';

/** The configuration section the server reads per document (workspace/configuration). */
export const CONFIGURATION_SECTION = 'collide';
