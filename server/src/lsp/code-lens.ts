import type { CodeLens } from 'vscode-languageserver';
import { SHOW_PAIR_IN_PREVIEW_COMMAND, type ShowPairInPreviewArgs } from '../../../protocol/lsp';
import { forEachBodyWithLenses, lensAt, pairLenses } from '../features/code-lens';
import type { AnalyzedDocument } from '../features/document';

/** The lenses of features/code-lens.ts with the preview's command (`collide.preview.showPair`, which the client registers). */
export function codeLenses(doc: AnalyzedDocument): CodeLens[] {
  return pairLenses(doc).map((l) => ({ range: doc.lines.rangeOf(l.range), command: command(doc, l.title, l.a, l.b) }));
}

function command(doc: AnalyzedDocument, title: string, a: string, b: string): CodeLens['command'] {
  const args: ShowPairInPreviewArgs = { uri: doc.uri, a, b };
  return { title, command: SHOW_PAIR_IN_PREVIEW_COMMAND, arguments: [args] };
}

/**
 * The same lenses without their commands, for a scene with more lenses than the server sends
 * whole (lsp/server.ts, RESOLVED_LENS_LIMIT): VS Code resolves only the lenses on screen, and
 * asks for a document's lenses after every edit, so titles and arguments for a hundred thousand
 * findings would be most of an edit's response, for a handful shown. Each lens
 * carries `[document, version, generation, body, slot]` (`document`: the server's number for the
 * document, since a resolve request names no document; `generation`: which analysis of that
 * version, since a settings change analyzes the same version again with other findings; `slot`:
 * the lens's place among the body's lenses), and `resolveCodeLens` gives it the command
 * `codeLenses` would have.
 */
export function codeLensStubs(doc: AnalyzedDocument, document: number, generation = 0): CodeLens[] {
  const lenses: CodeLens[] = [];
  forEachCodeLensStub(doc, document, generation, (lens) => lenses.push(lens));
  return lenses;
}

/**
 * Calls `emit` with each lens of `codeLensStubs` in order, without holding the list: a large
 * scene's lenses are written to the wire one at a time (encode/response-lists.ts). The lenses of
 * one body share their range object.
 */
export function forEachCodeLensStub(doc: AnalyzedDocument, document: number, generation: number, emit: (lens: CodeLens) => void): void {
  forEachBodyWithLenses(doc, (body, range, slots) => {
    const r = doc.lines.rangeOf(range);
    for (let slot = 0; slot < slots; slot++) emit({ range: r, data: [document, doc.version, generation, body, slot] });
  });
}

/**
 * The command of a stub from `codeLensStubs`, as `codeLenses` gives it. A stub of another
 * version or analysis than `doc`'s (`generation`) comes back as it is: its body or its findings
 * may be other ones now, and the editor asks for the new lenses anyway (the server sends
 * `workspace/codeLens/refresh` after a settings change).
 */
export function resolveCodeLens(doc: AnalyzedDocument, lens: CodeLens, generation = 0): CodeLens {
  const data = lens.data as unknown;
  if (!Array.isArray(data) || data.length !== 5 || data[1] !== doc.version || data[2] !== generation) return lens;
  const index = data[3] as unknown;
  const slot = data[4] as unknown;
  if (typeof index !== 'number' || typeof slot !== 'number') return lens;
  const l = lensAt(doc, index, slot);
  return l ? { range: lens.range, command: command(doc, l.title, l.a, l.b) } : lens;
}
