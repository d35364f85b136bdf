// Which documents the language client serves, by URI scheme: the desktop's files, a remote
// host's, and the virtual file systems of VS Code for the Web. Plain data (no `vscode` import),
// shared by the desktop and the web client.

/** The language id and the client id; `collide.trace.server` is read by vscode-languageclient from this id. */
export const LANGUAGE_ID = 'collide';

/**
 * The schemes under which VS Code holds files that a scene or a level may live in: `file` (on
 * the desktop, and a local folder opened in vscode.dev), `vscode-remote` (a remote host's files
 * seen from the browser's extension host), `vscode-vfs` (GitHub and Azure repositories on
 * github.dev and vscode.dev) and `vscode-test-web` (the folder @vscode/test-web serves). Views of
 * a file at another time (`git:`, a diff's left side) are left out: their diagnostics would
 * stand beside the file's own.
 */
export const FILE_SCHEMES: readonly string[] = ['file', 'vscode-remote', 'vscode-vfs', 'vscode-test-web'];

/** Whether a URI's scheme is one of FILE_SCHEMES. */
export function isFileScheme(scheme: string): boolean {
  return FILE_SCHEMES.includes(scheme);
}

export interface SchemeSelector {
  readonly scheme: string;
  readonly language?: string;
  readonly pattern?: string;
}

/** `.collide` scenes, wherever VS Code holds them: in a file, or unsaved. */
export const SCENE_SELECTORS: readonly SchemeSelector[] = [
  { scheme: 'file', language: LANGUAGE_ID },
  { scheme: 'untitled', language: LANGUAGE_ID },
  ...FILE_SCHEMES.filter((s) => s !== 'file').map((scheme) => ({ scheme, language: LANGUAGE_ID })),
];

/**
 * The level documents the server is sent (levels.ts). A `.json` file is sent too, and the server
 * checks it only when its text is a Tiled map (protocol/level-files.ts): it publishes diagnostics
 * for maps alone, so the client knows a JSON map from the server's word (CheckedDocuments), and
 * the level features never answer for other JSON files.
 */
export const LEVEL_SELECTORS: readonly SchemeSelector[] = FILE_SCHEMES.flatMap((scheme) => [
  { scheme, pattern: '**/*.{tscn,tmx,tmj}' },
  { scheme, pattern: '**/*.json' },
]);
