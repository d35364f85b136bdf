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

/**
 * The code of the note a document with more problems than `collide.diagnostics.limit` publishes
 * in place of the rest (server/src/lsp/publish/diagnostic-limit.ts).
 */
export const PROBLEM_LIMIT_CODE = 'problem-limit';

/** The `data` of that note: what the whole list holds, for counts that the limit must not cut. */
export interface ProblemLimitData {
  /** Problems published besides the note. */
  readonly shown: number;
  /** Problems in the whole list (codes turned off not counted). */
  readonly total: number;
  /** `overlap` diagnostics in the whole list: one per overlapping pair. */
  readonly overlaps: number;
  /** Distinct bodies with a `tunnelling` diagnostic in the whole list. */
  readonly tunnellingBodies: number;
}

/** The configuration section the server reads per document (workspace/configuration). */
export const CONFIGURATION_SECTION = 'collide';

/**
 * A request the server sends to the client for the text of a file that is not open, when the
 * server has no file system of its own (the browser worker, server/src/browser/main.ts): what
 * a level reads besides itself (a tileset, a shape resource, a sub-scene, project.godot). The
 * client reads it with its editor's file system (vscode.workspace.fs) and answers
 * `{ text }`, or null or an error when the file cannot be read. The text is UTF-8 decoded; a
 * byte order mark may be left in, the server drops it.
 */
export const READ_FILE_REQUEST = 'collide/readFile';

export interface ReadFileParams {
  /** The file's URI, in the scheme and authority of the document that reads it. */
  readonly uri: string;
}

export interface ReadFileResult {
  readonly text: string;
}
