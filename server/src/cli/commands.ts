import type { CliCommand } from './command';
import { checkCommand } from './check';
import { convertCommand } from './convert';
import { lspCommand } from './lsp';
import { renderCommand } from './render';

/**
 * Every `collide` subcommand. To add one (for example `render`), export a CliCommand from its
 * own file in this folder and list it here; help and dispatch pick it up.
 */
export const COMMANDS: readonly CliCommand[] = [checkCommand, convertCommand, lspCommand, renderCommand];
