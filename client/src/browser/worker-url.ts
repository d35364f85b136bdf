import type * as vscode from 'vscode';
import type { FileReader } from '../file-reads';

/**
 * The URL a worker can be started from for the script at `script`. The web extension host's
 * Worker (VS Code wraps the browser's) takes `https:` and `file:` URLs, as VS Code's
 * lsp-web-extension-sample passes them, but refuses `vscode-remote:` ones ("Creating workers from
 * remote extensions is currently not supported": code-server, Codespaces), and a browser knows
 * no other scheme VS Code may keep an extension under (an extension installed from a .vsix on
 * vscode.dev lives in the browser's storage). For those the script is read through VS Code's file
 * system and started from a blob URL, made once and kept in `blobs` for restarts.
 */
export async function workerUrl(script: vscode.Uri, fs: FileReader, blobs: Map<string, string>): Promise<string> {
  if (script.scheme === 'https' || script.scheme === 'http' || script.scheme === 'file') return script.toString(true);
  const key = script.toString();
  let url = blobs.get(key);
  if (url === undefined) {
    const bytes = await fs.readFile(script);
    url = URL.createObjectURL(new Blob([bytes], { type: 'text/javascript' }));
    blobs.set(key, url);
  }
  return url;
}
