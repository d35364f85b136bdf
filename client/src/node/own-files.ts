import { readFile } from 'node:fs/promises';
import type * as vscode from 'vscode';
import type { OwnFileReader } from '../preview/page-texts';

/** The extension's own files from this host's disk (preview/page-texts.ts): only `file` URIs. */
export const nodeReadOwnFile: OwnFileReader = (uri: vscode.Uri) => (uri.scheme === 'file' ? readFile(uri.fsPath) : null);
