// The client's answer to the server's `collide/readFile` request (protocol/lsp.ts): a server in a
// browser worker has no file system, so what a level reads besides itself (a tileset, a shape
// resource, a sub-scene, project.godot) is read through the editor's, wherever the files live
// (on disk, on a remote host, in a GitHub repository on github.dev).
import type * as vscode from 'vscode';
import type { ReadFileParams, ReadFileResult } from '../../protocol/lsp';
import { isFileScheme } from './selectors';

/** The part of `vscode.workspace.fs` used here. */
export interface FileReader {
  readFile(uri: vscode.Uri): Thenable<Uint8Array>;
}

/** The longest URI answered: far past any path, short of a message meant to hurt. */
const MAX_URI_LENGTH = 8192;

function isReadFileParams(p: unknown): p is ReadFileParams {
  const uri = (p as { uri?: unknown } | null)?.uri;
  return typeof uri === 'string' && uri.length > 0 && uri.length <= MAX_URI_LENGTH;
}

/**
 * The text of the file `params` names, UTF-8 decoded, or null when it cannot be read: a file
 * that is not there, malformed parameters, or a URI outside the schemes documents are checked in
 * (selectors.ts), which a level's files never are.
 */
export async function answerReadFile(params: unknown, fs: FileReader, parse: (uri: string) => vscode.Uri): Promise<ReadFileResult | null> {
  if (!isReadFileParams(params)) return null;
  let uri: vscode.Uri;
  try {
    uri = parse(params.uri);
  } catch {
    return null;
  }
  if (!isFileScheme(uri.scheme)) return null;
  try {
    return { text: new TextDecoder().decode(await fs.readFile(uri)) };
  } catch {
    return null;
  }
}
