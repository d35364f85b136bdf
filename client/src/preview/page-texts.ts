import type * as vscode from 'vscode';

/** The webview's script and style sheet, to write into its page (html.ts), or nothing: the page then loads them by URI. */
export type PageTexts = { readonly inline: { readonly script: string; readonly style: string } } | Record<string, never>;

/** Reads one of the extension's own files; null when this reader cannot (another scheme). */
export type OwnFileReader = (uri: vscode.Uri) => Promise<Uint8Array> | null;

/** The part of the `vscode` API read here (a stand-in in the unit tests). */
export interface PageTextsApi {
  readonly Uri: { joinPath(base: vscode.Uri, ...segments: string[]): vscode.Uri };
  readonly workspace: { readonly fs: { readFile(uri: vscode.Uri): Thenable<Uint8Array> } };
}

let readOwn: OwnFileReader = () => null;
let texts: Promise<PageTexts> | undefined;

/**
 * Makes the page's texts read with `read` where it can (the Node entry reads the extension's own
 * files from its disk: node/own-files.ts), and through VS Code's file system otherwise. VS
 * Code's file system may be a remote one: in a remote window a read goes to the workbench and
 * back, and queues there behind the webview's own creation, which the page's HTML waits for.
 */
export function useOwnFileReader(read: OwnFileReader): void {
  readOwn = read;
}

/**
 * The texts of dist/webview.js and dist/webview.css, read once and kept (the extension's files
 * may be on a remote host, or in the browser's storage on vscode.dev). The first call starts the
 * read: `registerPreview` makes it, so that the first preview does not wait for it.
 */
export function pageTexts(api: PageTextsApi, dist: vscode.Uri): Promise<PageTexts> {
  const read = async (name: string): Promise<string> => {
    const uri = api.Uri.joinPath(dist, name);
    return new TextDecoder().decode(await (readOwn(uri) ?? api.workspace.fs.readFile(uri)));
  };
  texts ??= Promise.all([read('webview.js'), read('webview.css')]).then(
    ([script, style]): PageTexts => ({ inline: { script, style } }),
    (): PageTexts => ({}), // not readable from here: the page loads them by URI
  );
  return texts;
}

/** Forgets the texts read (for the unit tests). */
export function forgetPageTexts(): void {
  texts = undefined;
}
