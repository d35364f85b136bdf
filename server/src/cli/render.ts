import * as fs from 'node:fs';
import * as path from 'node:path';
import { fitBounds, type Viewport } from '../../../render/viewport';
import { DEBUG_LAYERS, isDebugLayerName, ScenePainter, type DebugLayerName } from '../../../render/scene/scene-painter';
import { formatNumber as fmt } from '../../../protocol/format';
import { drawPair } from '../../../render/pair-painter';
import { pairInstant } from '../../../render/pair-live';
import { SvgPainter, svgDocument } from '../../../render/svg-painter';
import { DARK_THEME, LIGHT_THEME, type Theme } from '../../../render/theme';
import type { PairDetail, PreviewScene } from '../../../protocol/preview-model';
import type { LevelAnalysis } from '../analysis/level-analysis';
import { analyzeDocument } from '../analysis/pipeline';
import { levelPairDetail, levelPreviewSource, relabelPreviewScene } from '../preview/level-preview';
import { buildPairDetail } from '../preview/pair-detail';
import { buildPreviewScene, type PreviewSource } from '../preview/scene-model';
import { levelFormatOf } from '../readers';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from './command';
import { readSceneFile } from './files';
import { checkLevelOnDisk } from './level-host';

const USAGE = `Usage: collide render FILE --out PICTURE.svg|PICTURE.png [options]

Draws a scene the way the preview does (same drawing code): bodies by kind, overlaps with their
push-out arrows, tunnelling pairs with their swept areas and ghosts. With --pair, the pair's
configuration space (B ⊖ A, closest point, push-out, relative-velocity ray and time of impact)
is drawn beside the scene. For docs and CI artifacts. FILE is a .collide scene or a level file
(.tscn, .tmx, .tmj), which is drawn y down, as the game shows it, its bodies by their level names.

Options:
  -o, --out <file>        Output picture; the extension picks the format (.svg or .png).
      --pair <a,b>        Also draw the configuration space of bodies a and b.
      --time <seconds>    Draw the bodies at this time, within [0, frames * dt] (default 0).
      --width <px>        Width of the scene view (default 960).
      --height <px>       Height of the picture (default 600).
      --theme <light|dark>  Colors (default light).
      --show <list>       Debug overlays, comma-separated: aabb (bounding and swept boxes),
                          broadphase (the broad phase's grid cells), velocity (velocity and
                          spin arrows), contacts (contact points and normals), vertices
                          (polygon vertex numbers), or all. Default: none.
  -h, --help              Show this help.

Exit status: 0 when the picture was written (a scene with errors is still drawn, and its error
count is reported on stderr), 2 for bad usage, an unreadable file or an unwritable output.
`;

export interface RenderOptions {
  readonly width?: number;
  readonly height?: number;
  readonly time?: number;
  readonly pair?: readonly [string, string];
  readonly theme?: Theme;
  /** Shown in the picture's caption. */
  readonly name?: string;
  /** Debug-draw overlays (render/scene/debug-layer.ts); none when absent. */
  readonly show?: readonly DebugLayerName[];
  /**
   * The scene's y axis points down (a level file's frame): the picture is drawn so, and the
   * model says so (PreviewSource.yDown). Absent or false: y up, as a `.collide` scene.
   */
  readonly yDown?: boolean;
}

export interface RenderResult {
  readonly svg: string;
  readonly scene: PreviewScene;
  readonly pair: PairDetail | null;
}

const PAIR_WIDTH = 420;

/**
 * Analyze `text` and draw it as SVG with the preview's ScenePainter (and pairs' drawPair).
 * Throws UsageError for a time outside the interval or an unknown pair.
 */
export function renderSceneSvg(text: string, options: RenderOptions = {}): RenderResult {
  // The picture reads the scene, findings and diagnostics only: no editor data (hovers, references).
  const analysis = analyzeDocument(text, { editorData: false });
  const source: PreviewSource = {
    scene: analysis.semantics.scene,
    findings: analysis.findings,
    diagnostics: analysis.diagnostics,
    ...(options.yDown ? { yDown: true } : {}),
  };
  return renderSourceSvg(source, options);
}

/**
 * Draw an analyzed scene as renderSceneSvg does, in the frame the source says (`yDown` there or
 * in the options): the entry for a scene that is not `.collide` text, such as a lowered level.
 */
export function renderSourceSvg(analyzed: PreviewSource, options: RenderOptions = {}): RenderResult {
  const source: PreviewSource = options.yDown && !analyzed.yDown ? { ...analyzed, yDown: true } : analyzed;
  const scene = buildPreviewScene('file:///' + (options.name ?? 'scene.collide'), 0, source);
  const time = checkedTime(scene, options);
  let pair: PairDetail | null = null;
  if (options.pair) {
    pair = buildPairDetail(scene.uri, 0, source, options.pair[0], options.pair[1]);
    if (!pair) throw new UsageError(`--pair ${options.pair.join(',')}: the scene has no two bodies with these names`);
  }
  return drawPreviewSvg(scene, pair, { ...options, time });
}

/**
 * Draw an analyzed level as the preview shows it: y down, in the level's units, its bodies and
 * pairs by their level names (preview/level-preview.ts).
 */
export function renderLevelSvg(level: LevelAnalysis, options: RenderOptions = {}): RenderResult {
  const uri = 'file:///' + (options.name ?? 'level');
  const scene = relabelPreviewScene(buildPreviewScene(uri, 0, levelPreviewSource(level)), level);
  const time = checkedTime(scene, options);
  let pair: PairDetail | null = null;
  if (options.pair) {
    pair = levelPairDetail(uri, 0, level, options.pair[0], options.pair[1]);
    if (!pair) throw new UsageError(`--pair ${options.pair.join(',')}: the level has no two bodies with these names`);
  }
  return drawPreviewSvg(scene, pair, { ...options, time });
}

/** The options' time, or a UsageError when it is outside the scene's interval [0, frames dt]. */
function checkedTime(scene: PreviewScene, options: RenderOptions): number {
  const T = scene.frames * scene.dt;
  const time = options.time ?? 0;
  if (!(time >= 0 && time <= T * (1 + 1e-12))) {
    throw new UsageError(`--time ${time} is outside the scene's interval [0, ${fmt(T)}] (frames × dt)`);
  }
  return time;
}

/**
 * Draw a preview model, and a pair's configuration space beside it, as SVG in the model's frame
 * (y down when `scene.yDown`): for a model made and relabeled elsewhere (a level's). The options'
 * `pair` and `yDown` are not read here. Throws UsageError for a time outside the interval.
 */
export function drawPreviewSvg(scene: PreviewScene, pair: PairDetail | null, options: RenderOptions = {}): RenderResult {
  const theme = { ...(options.theme ?? LIGHT_THEME), fontFamily: 'DejaVu Sans, Liberation Sans, Arial, sans-serif' };
  const width = options.width ?? 960;
  const height = options.height ?? 600;
  const time = checkedTime(scene, options);
  const painter = new ScenePainter(scene);
  const view: Viewport = { cx: 0, cy: 0, zoom: 1, width, height, ...(scene.yDown ? { yDown: true } : {}) };
  fitBounds(view, scene.bounds);
  const svg = new SvgPainter(width, height, theme.fontFamily);
  painter.draw(svg, view, theme, {
    time,
    highlighted: new Set(),
    selected: -1,
    hovered: -1,
    pair: pair ? [pair.ia, pair.ib] : null,
    showSweeps: true,
    caption: `${options.name ?? 'scene'} · t = ${fmt(time)} s`,
    ...(options.show && options.show.length > 0 ? { show: new Set(options.show) } : {}),
  });
  if (!pair) return { svg: svg.toString(), scene, pair };
  const side = new SvgPainter(PAIR_WIDTH, height, theme.fontFamily);
  // The pair at the picture's time: B ⊖ A, distance and push-out where the scene shows the bodies.
  const now = time > 0 ? pairInstant(scene, pair, time, null) : null;
  const shown = now ? { ...pair, minkowski: now.minkowski ?? pair.minkowski, distance: now.distance, closest: now.closest, pushOut: now.pushOut } : pair;
  drawPair(side, shown, theme, { step: null, caption: pairCaption(shown, time), time, ...(scene.yDown ? { yDown: true } : {}) });
  const doc = svgDocument(width + PAIR_WIDTH, height, [
    { content: svg.content(), x: 0, y: 0, width, height },
    { content: side.content(), x: width, y: 0, width: PAIR_WIDTH, height },
    `<line x1="${width + 0.5}" y1="0" x2="${width + 0.5}" y2="${height}" stroke="${theme.grid}" stroke-width="1"/>`,
  ]);
  return { svg: doc, scene, pair };
}

/**
 * SVG → PNG with resvg (@resvg/resvg-js: a Rust SVG renderer whose prebuilt binary ships in
 * the npm package itself, nothing downloaded at install). Loaded on demand so that `check` and
 * `lsp` never pay for it; kept outside the bundle because it is a native module.
 */
export function svgToPng(svg: string): Buffer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Resvg } = require('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  const r = new Resvg(svg, {
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
    shapeRendering: 2,
    textRendering: 1,
  });
  return r.render().asPng();
}

interface Args {
  file: string;
  out: string;
  pair?: [string, string];
  time?: number;
  width?: number;
  height?: number;
  theme: Theme;
  show?: DebugLayerName[];
}

function parseArgs(args: readonly string[]): Args | 'help' {
  let file: string | undefined;
  let out: string | undefined;
  const result: Partial<Args> = { theme: LIGHT_THEME };
  const value = (name: string, v: string | undefined): string => {
    if (v === undefined || v === '') throw new UsageError(`option '${name}' needs a value`);
    return v;
  };
  const size = (name: string, v: string): number => {
    const x = Number(v);
    if (!Number.isInteger(x) || x < 64 || x > 8192) throw new UsageError(`${name} must be a whole number of pixels from 64 to 8192`);
    return x;
  };
  for (let i = 0; i < args.length; i++) {
    let a = args[i]!;
    let inline: string | undefined;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) {
      inline = a.slice(eq + 1);
      a = a.slice(0, eq);
    }
    const next = () => value(a, inline ?? args[++i]);
    if (a === '-h' || a === '--help') return 'help';
    else if (a === '-o' || a === '--out') out = next();
    else if (a === '--pair') {
      const parts = next().split(',').map((s) => s.trim());
      if (parts.length !== 2 || !parts[0] || !parts[1]) throw new UsageError("--pair takes two body names: '--pair a,b'");
      result.pair = [parts[0], parts[1]];
    } else if (a === '--time') {
      const t = Number(next());
      if (!Number.isFinite(t)) throw new UsageError('--time takes a number of seconds');
      result.time = t;
    } else if (a === '--width') result.width = size('--width', next());
    else if (a === '--height') result.height = size('--height', next());
    else if (a === '--show') result.show = parseShow(next());
    else if (a === '--theme') {
      const t = next();
      if (t !== 'light' && t !== 'dark') throw new UsageError("--theme is 'light' or 'dark'");
      result.theme = t === 'light' ? LIGHT_THEME : DARK_THEME;
    } else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option '${a}'`);
    else if (file === undefined) file = a;
    else throw new UsageError(`one FILE only ('${file}' and '${a}' given)`);
  }
  if (file === undefined) throw new UsageError('no FILE given: name the .collide file to draw');
  if (out === undefined) throw new UsageError('no output given: add --out picture.svg or --out picture.png');
  const ext = path.extname(out).toLowerCase();
  if (ext !== '.svg' && ext !== '.png') throw new UsageError(`--out must end in .svg or .png (got '${out}')`);
  return { ...result, file, out } as Args;
}

/** `--show`'s list: known overlay names (or `all`), each once, in the order given. */
function parseShow(list: string): DebugLayerName[] {
  const out: DebugLayerName[] = [];
  for (const raw of list.split(',')) {
    const name = raw.trim();
    if (name === 'all') out.push(...DEBUG_LAYERS);
    else if (isDebugLayerName(name)) out.push(name);
    else throw new UsageError(`--show: unknown overlay '${name}' (one of ${DEBUG_LAYERS.join(', ')}, or all)`);
  }
  return [...new Set(out)];
}

export const renderCommand: CliCommand = {
  name: 'render',
  summary: 'Draw a scene (and a pair\'s configuration space) as SVG or PNG, like the preview.',
  usage: USAGE,
  run(args: readonly string[], io: CliIo): number {
    const options = parseArgs(args);
    if (options === 'help') {
      io.stdout(USAGE);
      return EXIT_OK;
    }
    // Read as `collide check` reads (files.ts): a byte-order mark dropped, reasons worded alike.
    const read = readSceneFile({ path: options.file, absolute: path.resolve(io.cwd, options.file) });
    if ('error' in read) {
      io.stderr(`collide render: cannot read '${options.file}': ${read.error}\n`);
      return EXIT_USAGE;
    }
    const renderOptions: RenderOptions = {
      ...(options.width !== undefined ? { width: options.width } : {}),
      ...(options.height !== undefined ? { height: options.height } : {}),
      ...(options.time !== undefined ? { time: options.time } : {}),
      ...(options.pair ? { pair: options.pair } : {}),
      ...(options.show ? { show: options.show } : {}),
      theme: options.theme,
      name: path.basename(options.file),
    };
    // A level file is told as collide check tells it: by its extension (a .json one by its text).
    const result =
      levelFormatOf(options.file, read.text) !== undefined
        ? renderLevelSvg(checkLevelOnDisk(read.text, path.resolve(io.cwd, options.file), { editorData: false }), renderOptions)
        : renderSceneSvg(read.text, renderOptions);
    if (result.scene.errorCount > 0) {
      io.stderr(`collide render: ${options.file} has ${result.scene.errorCount} error(s); drawing what could be built (see 'collide check').\n`);
    }
    const output = path.resolve(io.cwd, options.out);
    try {
      const data = path.extname(output).toLowerCase() === '.png' ? svgToPng(result.svg) : result.svg;
      fs.writeFileSync(output, data);
    } catch (e) {
      io.stderr(`collide render: cannot write '${options.out}': ${(e as Error).message}\n`);
      return EXIT_USAGE;
    }
    io.stderr(`collide render: wrote ${options.out}\n`);
    return EXIT_OK;
  },
};

/** The caption under a pair's picture: its depth or distance, push-out and time of impact. */
export function pairCaption(pair: PairDetail, time = 0): string[] {
  // At t = 0 the instant goes without saying (the picture's caption says t = 0 s).
  const at = time > 0 ? ` at t = ${fmt(time)} s` : '';
  return [
    (pair.distance < 0 ? `depth ${fmt(-pair.distance)}` : `distance ${fmt(pair.distance)}`) + at,
    ...(pair.pushOut ? [`push-out (${fmt(pair.pushOut[0])}, ${fmt(pair.pushOut[1])})${at}`] : []),
    ...(pair.toi ? [pair.toi.state === 'hit' ? `time of impact ${fmt(pair.toi.t)} s (${pair.toi.method})` : `no impact (${pair.toi.state})`] : []),
  ];
}
