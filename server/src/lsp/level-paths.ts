/**
 * Document URIs as the absolute, '/'-separated paths level readers use (readers/paths.ts), and
 * back, without Node's `url` module: lsp/ runs where Node is absent too. A `file:` URI and the
 * `vscode-remote:` URI of a file on the remote host both name a path on the server's machine.
 */

/** The path a URI names, or undefined for a URI that names no file (`untitled:`). */
export function pathOfUri(uri: string): string | undefined {
  const m = /^(file|vscode-remote):\/\/[^/]*(\/[^?#]*)/i.exec(uri);
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
