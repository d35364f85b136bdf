import { analyzeDocument } from '../analysis/pipeline';
import { levelFormatOf } from '../readers';
import { checkLevelOnDisk, type LevelCheck } from './level-host';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from './command';
import { collectSceneFiles, readSceneFile } from './files';
import { countBySeverity, formatSarif, formatText, JsonReport, OUTPUT_FORMATS, type FileReport, type OutputFormat } from './report';
import { VERSION } from './version';

const USAGE = `Usage: collide check [options] PATH...

Checks scene files: syntax, semantics, overlaps at t = 0 and, over frames * dt, tunnelling and
collisions. Each PATH is a .collide file, a level file, or a folder (searched recursively for
*.collide and level files, in sorted order; hidden folders and node_modules are skipped).

Level files are checked in place: Godot 4 text scenes (.tscn) and Tiled maps (.tmx, .tmj, and
.json files that are Tiled maps). Their bodies are named as in the level (Walls/Wall3,
Objects#12), and every format's positions point into the level file. See docs/levels.md.

Options:
  -f, --format <text|json|sarif>  Output format (default: text). text: one line per
                                  diagnostic, file:line:col: severity [code] message, then a
                                  summary. json: the documented JSON (zero-based ranges).
                                  sarif: SARIF 2.1.0 for code-scanning services.
      --no-continuous             Skip the continuous check (tunnelling and collision).
  -h, --help                      Show this help.

Exit status: 0 when no file has an error, 1 when one does, 2 for bad usage, an unreadable path,
or a file the check itself failed on (an internal error, reported on stderr; the other files are
still checked and reported).
`;

interface CheckOptions {
  format: OutputFormat;
  continuous: boolean;
  paths: string[];
}

function parseArgs(args: readonly string[]): CheckOptions | 'help' {
  const options: CheckOptions = { format: 'text', continuous: true, paths: [] };
  const setFormat = (value: string | undefined) => {
    if (value === undefined || value === '') throw new UsageError("option '--format' needs a value: text, json or sarif");
    if (!(OUTPUT_FORMATS as readonly string[]).includes(value)) {
      throw new UsageError(`unknown format '${value}' for '--format' (use text, json or sarif)`);
    }
    options.format = value as OutputFormat;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      options.paths.push(...args.slice(i + 1));
      break;
    }
    if (a === '-h' || a === '--help') return 'help';
    if (a === '-f' || a === '--format') setFormat(args[++i]);
    else if (a.startsWith('--format=')) setFormat(a.slice('--format='.length));
    else if (a === '--no-continuous') options.continuous = false;
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option '${a}'`);
    else options.paths.push(a);
  }
  if (options.paths.length === 0) throw new UsageError('no PATH given: name the .collide files or folders to check');
  return options;
}

/**
 * `collide check`, analyzing each .collide file with `analyze` (analyzeDocument; tests hand in
 * one that fails) and each level file with `checkLevel` (its reader on the disk, then
 * analyzeLevel; tests hand in a fake reader). A file whose analysis throws (a bug of Collide's, never the scene's: a bad scene gets
 * diagnostics) is named on stderr with the error and left out of the report, which stays whole
 * and well-formed for the other files (the JSON report is written as each file is analyzed, so
 * an exception let through would leave a truncated document on stdout); the exit code is then 2.
 */
export function makeCheckCommand(analyze: typeof analyzeDocument = analyzeDocument, checkLevel: LevelCheck = checkLevelOnDisk): CliCommand {
  return {
    name: 'check',
    summary: 'Check .collide and level files and folders; print diagnostics as text, JSON or SARIF.',
    usage: USAGE,
    run: (args, io) => runCheck(args, io, analyze, checkLevel),
  };
}

export const checkCommand: CliCommand = makeCheckCommand();

function runCheck(args: readonly string[], io: CliIo, analyze: typeof analyzeDocument, checkLevel: LevelCheck): number {
  const options = parseArgs(args);
  if (options === 'help') {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  const { files, unreadable } = collectSceneFiles(options.paths, io.cwd);
  // Every file is read before any is analyzed, so that unreadable paths are reported before
  // any output. The JSON report is then written as each file is analyzed, in pieces (report.ts
  // JsonReport), so no file's analysis outlives its report; the text and SARIF reports, whose
  // layout needs every file, are written at the end.
  // A level file is told by its extension (and a .json one by its text); anything else given by
  // name is read as a .collide scene, whatever its extension.
  const texts: ({ path: string; absolute: string; text: string; level: boolean } | null)[] = [];
  for (const file of files) {
    const read = readSceneFile(file);
    if ('error' in read) {
      unreadable.push({ path: file.path, reason: read.error });
      continue;
    }
    const level = levelFormatOf(file.path, read.text) !== undefined;
    if (file.ifTiledMap && !level) continue;
    texts.push({ path: file.path, absolute: file.absolute, text: read.text, level });
  }
  for (const u of unreadable) io.stderr(`collide check: cannot read '${u.path}': ${u.reason}\n`);
  if (texts.length === 0 && unreadable.length === 0) io.stderr('collide check: no .collide or level files found\n');

  const json = options.format === 'json' ? new JsonReport(io.stdout) : undefined;
  const reports: FileReport[] = [];
  let errors = 0;
  let failed = 0;
  for (let i = 0; i < texts.length; i++) {
    const { path, absolute, text, level } = texts[i]!;
    texts[i] = null; // the analysis holds the text from here on, and lets it go once reported
    // The reports read diagnostics and line positions only: nothing editor features would (hovers,
    // references, outline details), which is a visible share of a large file's time and memory.
    let report: FileReport;
    try {
      const analysisOptions = { continuous: options.continuous, editorData: false };
      if (level) {
        const checked = checkLevel(text, absolute, analysisOptions);
        report = { path, analysis: checked.analysis, level: checked };
      } else {
        report = { path, analysis: analyze(text, analysisOptions) };
      }
    } catch (e) {
      failed++;
      io.stderr(`collide check: internal error while checking '${path}' (please report it): ${e instanceof Error ? e.message : String(e)}\n`);
      continue;
    }
    errors += countBySeverity([report]).error;
    if (json) json.file(report);
    else reports.push(report);
  }

  if (json) json.end();
  else if (options.format === 'sarif') io.stdout(formatSarif(reports, VERSION));
  else io.stdout(formatText(reports));

  if (unreadable.length > 0 || failed > 0) return EXIT_USAGE;
  return errors > 0 ? EXIT_ERRORS : EXIT_OK;
}
