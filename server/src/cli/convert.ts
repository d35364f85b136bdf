import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from '../common/diagnostic';
import { annotatedText, levelFormatOf, lowerLevel, readLevel, slashed, type LevelHost, type LevelScene } from '../readers';
import { LineIndex } from '../syntax/positions';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from './command';
import { readSceneFile } from './files';
import { nodeLevelHost } from './level-host';

const USAGE = `Usage: collide convert FILE [-o OUT]

Prints the Collide scene (.collide text) equivalent to a level file: a Godot 4 text scene
(.tscn) or a Tiled map (.tmx, .tmj, or a Tiled .json map). Checking the printed scene gives the
same findings as checking the level itself. Bodies are named by identifiers made from their
level names (every character outside A-Z, a-z, 0-9 and _ becomes _); a comment line above a
body gives its level name when the two differ. See docs/levels.md.

What the reader or the conversion could not use (a malformed node or object, an unusable
polygon) is reported on stderr, as collide check reports it, and left out of the scene.

Options:
  -o, --out <file>  Write the scene to this file instead of stdout.
  -h, --help        Show this help.

Exit status: 0 when converted, 1 when something in the level was reported as an error (the
rest is still converted), 2 for bad usage, an unreadable file or an unwritable output.
`;

interface ConvertArgs {
  readonly file: string;
  readonly out: string | undefined;
}

function parseArgs(args: readonly string[]): ConvertArgs | 'help' {
  let file: string | undefined;
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-h' || a === '--help') return 'help';
    if (a === '-o' || a === '--out') {
      out = args[++i];
      if (out === undefined || out === '') throw new UsageError(`option '${a}' needs a file name`);
    } else if (a.startsWith('--out=')) out = a.slice('--out='.length);
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option '${a}'`);
    else if (file === undefined) file = a;
    else throw new UsageError(`one FILE at a time (got '${file}' and '${a}')`);
  }
  if (file === undefined) throw new UsageError('no FILE given: name the level file to convert');
  return { file, out };
}

/** `collide convert`, reading other files through `host` (the disk; tests hand in a fake). */
export function makeConvertCommand(host: LevelHost = nodeLevelHost, read: typeof readLevel = readLevel): CliCommand {
  return {
    name: 'convert',
    summary: 'Print the .collide scene equivalent to a Godot scene or a Tiled map.',
    usage: USAGE,
    run: (args, io) => runConvert(args, io, host, read),
  };
}

export const convertCommand: CliCommand = makeConvertCommand();

function runConvert(args: readonly string[], io: CliIo, host: LevelHost, read: typeof readLevel): number {
  const options = parseArgs(args);
  if (options === 'help') {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  const absolute = path.resolve(io.cwd, options.file);
  const file = readSceneFile({ path: options.file, absolute });
  if ('error' in file) {
    io.stderr(`collide convert: cannot read '${options.file}': ${file.error}\n`);
    return EXIT_USAGE;
  }
  if (levelFormatOf(options.file, file.text) === undefined) {
    throw new UsageError(`'${options.file}' is not a level file (.tscn, .tmx, .tmj, or a Tiled .json map)`);
  }
  const scene: LevelScene = read(file.text, slashed(absolute), host);
  const lowered = lowerLevel(scene, file.text);
  const reported = [...scene.diagnostics, ...lowered.diagnostics].sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  const lines = new LineIndex(file.text);
  for (const d of reported) io.stderr(diagnosticLine(options.file, lines, d));
  const text = annotatedText(lowered);
  if (options.out === undefined) io.stdout(text);
  else {
    try {
      fs.writeFileSync(path.resolve(io.cwd, options.out), text);
    } catch (e) {
      io.stderr(`collide convert: cannot write '${options.out}': ${(e as Error).message}\n`);
      return EXIT_USAGE;
    }
  }
  return reported.some((d) => d.severity === 'error') ? EXIT_ERRORS : EXIT_OK;
}

/** A diagnostic as `collide check` writes it in text (report.ts formatText). */
function diagnosticLine(file: string, lines: LineIndex, d: Diagnostic): string {
  const p = lines.positionAt(d.range.start);
  return `${file}:${p.line + 1}:${p.character + 1}: ${d.severity} [${d.code}] ${d.message.replace(/\s*\r?\n\s*/g, ' ')}\n`;
}
