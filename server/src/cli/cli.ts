import { EXIT_OK, EXIT_USAGE, UsageError, type CliIo, type CommandResult } from './command';
import { COMMANDS } from './commands';
import { VERSION } from './version';

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const rows = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return `Usage: collide <command> [options]

Collide checks 2D collision scenes for overlaps and tunnelling: .collide files, and the
collision shapes of Godot 4 scenes (.tscn) and Tiled maps (.tmx, .tmj, .json) in place.

Commands:
${rows}

Options:
  -h, --help     Show this help (or a command's help: collide <command> --help).
  -v, --version  Show the version.

Examples:
  collide check examples
  collide check --format json scene.collide
  collide check levels/world.tmx
  collide convert level.tscn -o level.collide
`;
}

/**
 * Runs the CLI on `argv` (without the node and script paths). Never throws: usage problems are
 * reported on stderr with exit code 2, and an unexpected failure is reported as such.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<CommandResult> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr(usage());
    return EXIT_USAGE;
  }
  if (first === '-h' || first === '--help' || first === 'help') {
    const topic = first === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    io.stdout(topic ? topic.usage : usage());
    return EXIT_OK;
  }
  if (first === '-v' || first === '--version') {
    io.stdout(`${VERSION}\n`);
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (!command) {
    const what = first.startsWith('-') ? `unknown option '${first}'` : `unknown command '${first}'`;
    io.stderr(`collide: ${what}. Commands: ${COMMANDS.map((c) => c.name).join(', ')}. See 'collide --help'.\n`);
    return EXIT_USAGE;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`collide ${command.name}: ${e.message}. See 'collide ${command.name} --help'.\n`);
      return EXIT_USAGE;
    }
    io.stderr(`collide ${command.name}: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT_USAGE;
  }
}
