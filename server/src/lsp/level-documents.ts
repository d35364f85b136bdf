import type { IncrementalAnalyzer } from '../analysis/incremental';
import { clock, nextTurn } from '../common/steps';
import { mapLevelAnalysis, type LevelAnalysis } from '../analysis/level-analysis';
import type { DocumentAnalysis } from '../analysis/pipeline';
import { makeAnalyzedDocument, type AnalyzedDocument } from '../features/document';
import { analysisOptions, type CollideSettings } from '../features/settings';
import { levelFormatOf, lowerLevelSteps, readLevelSteps, type LevelHost } from '../readers/index';
import { LineIndex } from '../syntax/positions';
import { pathOfUri, samePath } from './level-paths';

/**
 * Level files (Godot scenes, Tiled maps) in the language server: each is read, lowered to its
 * .collide text (readers/lower.ts), and that text analyzed by the document's own
 * IncrementalAnalyzer, so that an edit of an open level is analyzed again as an edit of a scene
 * is: lowering keeps each body's statement where it was, the analyzer finds the changed stretch
 * (the common prefix and suffix of the two lowered texts) and tests again only the pairs of the
 * bodies in it. The results come back into the level file through the lowering's source map
 * (analysis/level-analysis.ts).
 *
 * What a level reads besides itself (tilesets, shape resources, sub-scenes, project.godot) is
 * taken from the open documents first, then from the disk (`LevelFiles`, injected by
 * node/main.ts: lsp/ uses no Node API); `dependentsOf` says which open levels to check again
 * when such a file changes.
 */
export interface LevelFiles {
  /**
   * The text of a file by absolute '/'-separated path, or undefined when it cannot be read;
   * `near` is the URI of the level that reads it (whose scheme and authority the path is in).
   */
  readFile(path: string, near: string): string | undefined;
  /** zlib or gzip data inflated (Tiled's compressed layers), or undefined when malformed. */
  inflate(data: Uint8Array, format: 'zlib' | 'gzip'): Uint8Array | undefined;
  /**
   * For files read asynchronously (a browser worker asks its client, browser/level-files.ts):
   * `readFile` and `inflate` answer what they do not have yet as unreadable and start getting
   * it; this waits until everything started is had, true when anything was started since the
   * last call (so that the level is read again).
   */
  settle?(): Promise<boolean>;
  /** The file at `uri` changed on disk: what was kept of it is dropped. */
  forget?(uri: string): void;
}

/** One version of an open level, analyzed. */
export interface AnalyzedLevel {
  /**
   * The level file as the editor holds it: its text and line index, and its diagnostics in
   * level offsets (analysis.diagnostics; the rest of `analysis` is the lowered text's). It is
   * what is published and what code actions match the editor's diagnostics against; no scene
   * feature runs on it.
   */
  readonly view: AnalyzedDocument;
  /** The lowered text's analysis, which hover and quick fixes read (offsets into the lowered text). */
  readonly lowered: AnalyzedDocument;
  /** The level scene, its lowering, and the findings and diagnostics in level terms. */
  readonly level: LevelAnalysis;
}

/** What a document is to the server: a scene, a level, or a JSON file that is no Tiled map (left alone). */
export type DocumentKind = 'scene' | 'level' | 'none';

/** Longest stretch of reading or lowering between two turns of the event loop, in milliseconds. */
const SLICE_MS = 8;

/** Most reads of a level whose files come in asynchronously (LevelFiles.settle): nested sub-scenes. */
const READ_LAPS = 8;

/** Steps run with a turn of the event loop every SLICE_MS; undefined once `isStale` says so. */
async function sliced<T>(steps: Generator<void, T, void>, isStale: () => boolean): Promise<T | undefined> {
  let since = clock();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (clock() - since < SLICE_MS) continue;
    await nextTurn();
    if (isStale()) return undefined;
    since = clock();
  }
}

export class LevelDocuments {
  /** The views made by `analyze`, to find their level again from the document a request got. */
  private readonly levels = new WeakMap<AnalyzedDocument, AnalyzedLevel>();
  /** Open level URI → the paths its last analysis read. */
  private readonly dependencies = new Map<string, readonly string[]>();

  constructor(
    /** The text of an open document at `path`, if one is open there. */
    private readonly openText: (path: string) => string | undefined,
    private readonly files?: LevelFiles,
  ) {}

  /** A `.tscn`, `.tmx` or `.tmj` file is a level, a `.json` file when its text is a Tiled map; any other document a scene. */
  kindOf(uri: string, text: string): DocumentKind {
    const path = pathOfUri(uri);
    if (path === undefined || !/\.(tscn|tmx|tmj|json)$/i.test(path)) return 'scene';
    return levelFormatOf(path, text) === undefined ? 'none' : 'level';
  }

  /** Whether `uri` names a level by its extension alone (a `.json` file may or may not be one). */
  isLevelUri(uri: string): boolean {
    const path = pathOfUri(uri);
    return path !== undefined && /\.(tscn|tmx|tmj|json)$/i.test(path);
  }

  /**
   * Reads, lowers and analyzes one version of a level; undefined when `isStale` said so at a
   * pause of the analysis. Never throws for a bad file: the reader reports it.
   */
  async analyze(
    uri: string,
    version: number,
    text: string,
    settings: CollideSettings,
    analyzer: IncrementalAnalyzer,
    isStale: () => boolean,
  ): Promise<AnalyzedLevel | undefined> {
    // Reading and lowering a large map take a good part of a second: the event loop gets a turn
    // first, so that a newer version already sent drops this one before it starts, then every
    // few milliseconds of their steps (a Tiled map's file model is still read in one step).
    await nextTurn();
    if (isStale()) return undefined;
    const path = pathOfUri(uri) ?? uri;
    const host = this.host(uri);
    let scene = await sliced(readLevelSteps(text, path, host), isStale);
    // Files had asynchronously come in after a first read (LevelFiles.settle), which is read
    // again with them; a sub-scene names files of its own, found one lap later.
    for (let lap = 0; scene !== undefined && lap < READ_LAPS && this.files?.settle !== undefined && (await this.files.settle()); lap++) {
      if (isStale()) return undefined;
      scene = await sliced(readLevelSteps(text, path, host), isStale);
    }
    if (scene === undefined) return undefined;
    this.dependencies.set(uri, scene.dependencies);
    const lowered = await sliced(lowerLevelSteps(scene, text), isStale);
    if (lowered === undefined || isStale()) return undefined;
    const run = await analyzer.analyzeAsync(lowered.text, { isCanceled: isStale }, analysisOptions(settings));
    if (run.state === 'canceled') return undefined;
    const level = mapLevelAnalysis(lowered, run.analysis, new LineIndex(text));
    return this.remember(uri, version, text, settings, level);
  }

  /** The level a view of `analyze` belongs to (undefined for a scene's analysis). */
  levelOf(doc: AnalyzedDocument): AnalyzedLevel | undefined {
    return this.levels.get(doc);
  }

  /** The open levels (other than `uri` itself) whose last analysis read the file `uri` names. */
  dependentsOf(uri: string): string[] {
    const path = pathOfUri(uri);
    if (path === undefined) return [];
    const out: string[] = [];
    for (const [level, paths] of this.dependencies) if (level !== uri && paths.some((p) => samePath(p, path))) out.push(level);
    return out;
  }

  /** The level was closed. */
  forget(uri: string): void {
    this.dependencies.delete(uri);
  }

  private host(uri: string): LevelHost {
    const files = this.files;
    return {
      readFile: (path) => this.openText(path) ?? files?.readFile(path, uri),
      inflate: (data, format) => files?.inflate(data, format),
    };
  }

  private remember(uri: string, version: number, text: string, settings: CollideSettings, level: LevelAnalysis): AnalyzedLevel {
    const analysis = level.analysis;
    const lowered = makeAnalyzedDocument(uri, version, analysis, settings);
    // The level's own list: the incremental analyzer's change record describes the lowered one.
    const viewAnalysis: DocumentAnalysis = { parse: analysis.parse, semantics: analysis.semantics, findings: analysis.findings, diagnostics: level.diagnostics };
    const view: AnalyzedDocument = { uri, version, text, analysis: viewAnalysis, lines: level.lines, settings };
    const analyzed: AnalyzedLevel = { view, lowered, level };
    this.levels.set(view, analyzed);
    return analyzed;
  }
}
