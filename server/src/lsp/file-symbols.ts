import type { SymbolSource } from '../features/workspace-symbols';
import { analyzeSemantics } from '../semantics/check';
import { parse } from '../syntax/parser';
import type { LineIndex } from '../syntax/positions';
import type { WorkspaceFiles } from './server';

/**
 * The names of the `.collide` files that are not open, for workspace symbols: syntax and
 * semantics only, without the collision analysis, kept per file until its text changes or the
 * client reports it changed on disk.
 */
export class FileSymbols {
  private readonly kept = new Map<string, { text: string; source: SymbolSource }>();

  async of(uri: string, files: WorkspaceFiles): Promise<SymbolSource | undefined> {
    const text = await files.read(uri);
    if (text === undefined) return undefined;
    const cached = this.kept.get(uri);
    if (cached && cached.text === text) return cached.source;
    const parsed = parse(text);
    const source: SymbolSource = { uri, lines: parsed.lines as LineIndex, symbols: analyzeSemantics(parsed).symbols };
    this.kept.set(uri, { text, source });
    return source;
  }

  forget(uri: string): void {
    this.kept.delete(uri);
  }
}
