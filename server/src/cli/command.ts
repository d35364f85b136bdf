/**
 * The shape of a `collide` subcommand. Subcommands are rows of one table (commands.ts), so that
 * `check`, `lsp` and `render` plug in the same way: each parses its own arguments and returns an
 * exit code (scene-language.md: 0 clean, 1 an error diagnostic, 2 bad usage or an unreadable
 * file), or 'running' when it keeps the process alive (the language server).
 */
export interface CliIo {
  /** Standard output: results only (in JSON mode nothing else ever goes here). */
  readonly stdout: (text: string) => void;
  /** Standard error: usage errors, unreadable paths, progress. */
  readonly stderr: (text: string) => void;
  /** Working directory that relative paths are resolved against. */
  readonly cwd: string;
}

export type CommandResult = number | 'running';

export interface CliCommand {
  readonly name: string;
  /** One line for `collide --help`. */
  readonly summary: string;
  /** Full usage text for `collide <name> --help`. */
  readonly usage: string;
  run(args: readonly string[], io: CliIo): CommandResult | Promise<CommandResult>;
}

/** Bad usage: reported on stderr with a pointer to --help, exit code 2. */
export class UsageError extends Error {}

export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;
