/**
 * Document URIs as the absolute, '/'-separated paths level readers use (readers/paths.ts), and
 * back, without Node's `url` module: lsp/ runs where Node is absent too. A `file:` URI and the
 * `vscode-remote:` URI of a file on the remote host both name a path on the server's machine;
 * any other hierarchical URI (github.dev's `vscode-vfs://github/owner/repo/...`) names a path in
 * its scheme and authority, which `uriOfPath` takes back from the URI of the reading document.
 */

/** The path a URI names, or undefined for a URI that names no file (`untitled:`). */
export function pathOfUri(uri: string): string | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/[^/]*(\/[^?#]*)/i.exec(uri);
  if (!m) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(m[2]!);
  } catch {
    return undefined;
  }
  // A Windows drive: `file:///c%3A/x` and `file:///C:/x` are `c:/x`.
  const drive = /^\/([A-Za-z]):(\/|$)/.exec(path);
  return drive ? `${drive[1]!.toLowerCase()}:${path.slice(3) || '/'}` : path;
}

/** Two paths of the same file, as `pathOfUri` makes them (a drive letter is matched in any case). */
export function samePath(a: string, b: string): boolean {
  return a === b || (/^[A-Za-z]:\//.test(a) && a.toLowerCase() === b.toLowerCase());
}

/**
 * The URI of `path` (as `pathOfUri` makes it) in the scheme and authority of `near`, the URI
 * of the document that names it: each segment percent-encoded as VS Code's URI does, a drive
 * letter `c:/x` as `/c%3A/x`.
 */
export function uriOfPath(path: string, near: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(near)?.[0] ?? 'file://';
  const rooted = path.startsWith('/') ? path : `/${path}`;
  return origin + rooted.split('/').map(encodeURIComponent).join('/');
}
