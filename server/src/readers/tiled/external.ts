// The files a map refers to: external tilesets (.tsx, .tsj/.json) and templates (.tx, .tj),
// read once each through the host. Their own diagnostics cannot point into the map's text, so
// each becomes a diagnostic on the reference (`source=` or `template=`) naming the file, line
// and column.
import type { Diagnostic, TextRange } from '../../common/diagnostic';
import { dirnameOf, joinPath, slashed } from '../paths';
import type { LevelHost } from '../level-scene';
import type { TemplateModel, Tileset, TilesetRef } from './model';
import { readTj, readTsj } from './tmj';
import { readTsx, readTx } from './tmx';

/** Each referenced file's diagnostics, at most this many, are repeated on the reference. */
const MAX_FOREIGN_DIAGNOSTICS = 5;

export interface ResolvedTileset {
  readonly firstgid: number;
  readonly tileset: Tileset | undefined;
}

export class ExternalFiles {
  readonly dependencies: string[] = [];
  private readonly tilesets = new Map<string, Tileset | undefined>();
  private readonly templates = new Map<string, TemplateModel | undefined>();

  constructor(
    private readonly host: LevelHost,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** A file's text, or undefined with a diagnostic on `range`. */
  private read(path: string, range: TextRange, what: string): string | undefined {
    if (!this.dependencies.includes(path)) this.dependencies.push(path);
    let text: string | undefined;
    try {
      text = this.host.readFile(path);
    } catch {
      text = undefined;
    }
    if (text === undefined) this.diagnostics.push({ range, severity: 'error', code: 'tiled-missing-file', message: `Cannot read the ${what} \`${path}\`.` });
    return text;
  }

  private relay(path: string, text: string, found: readonly Diagnostic[], range: TextRange): void {
    for (const d of found.slice(0, MAX_FOREIGN_DIAGNOSTICS)) {
      const before = text.slice(0, d.range.start);
      const line = before.split('\n').length;
      const column = d.range.start - before.lastIndexOf('\n');
      this.diagnostics.push({ range, severity: d.severity, code: d.code, message: `In ${path}:${line}:${column}: ${d.message}` });
    }
    if (found.length > MAX_FOREIGN_DIAGNOSTICS) this.diagnostics.push({ range, severity: 'information', code: found[0]!.code, message: `In ${path}: ${found.length - MAX_FOREIGN_DIAGNOSTICS} more problems.` });
  }

  /**
   * The map's (or a template's) tileset references, external ones read, sorted by firstgid. A
   * template's references are ranges in the template: `at` (its reference in the map) stands for
   * them in what is reported.
   */
  resolveTilesets(refs: readonly TilesetRef[], folder: string, at?: TextRange): ResolvedTileset[] {
    const out: ResolvedTileset[] = [];
    for (const ref of refs) {
      if (ref.source === undefined) {
        out.push({ firstgid: ref.firstgid, tileset: ref.tileset });
        continue;
      }
      const path = joinPath(folder, slashed(ref.source.path));
      if (!this.tilesets.has(path)) {
        const range = at ?? ref.source.range;
        const text = this.read(path, range, 'tileset');
        let tileset: Tileset | undefined;
        if (text !== undefined) {
          const result = /\.tsx$/i.test(path) || (!/\.(tsj|json)$/i.test(path) && text.trimStart().startsWith('<')) ? readTsx(text, path) : readTsj(text, path);
          tileset = result.tileset;
          this.relay(path, text, result.diagnostics, range);
        }
        this.tilesets.set(path, tileset);
      }
      out.push({ firstgid: ref.firstgid, tileset: this.tilesets.get(path) });
    }
    return out.sort((a, b) => a.firstgid - b.firstgid);
  }

  /** A template file, with its own tilesets' references read relative to it. */
  template(relative: string, folder: string, range: TextRange): { model: TemplateModel; tilesets: ResolvedTileset[] } | undefined {
    const path = joinPath(folder, slashed(relative));
    if (!this.templates.has(path)) {
      const text = this.read(path, range, 'template');
      let model: TemplateModel | undefined;
      if (text !== undefined) {
        model = /\.tx$/i.test(path) || (!/\.(tj|json)$/i.test(path) && text.trimStart().startsWith('<')) ? readTx(text) : readTj(text);
        this.relay(path, text, model.diagnostics, range);
        if (model.object === undefined) this.diagnostics.push({ range, severity: 'error', code: 'tiled-bad-template', message: `The template \`${path}\` has no object.` });
      }
      this.templates.set(path, model);
    }
    const model = this.templates.get(path);
    if (model === undefined || model.object === undefined) return undefined;
    return { model, tilesets: this.resolveTilesets(model.tilesets, dirnameOf(path), range) };
  }
}
