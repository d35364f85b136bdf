import { runCli } from './cli';

/**
 * Entry point of dist/cli.js (launched by bin/collide.js). The exit code is set rather than
 * forced, so that a large JSON report is flushed completely even when stdout is a pipe; a reader
 * that goes away early (`collide check . | head`) ends the output quietly instead of crashing.
 */
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

runCli(process.argv.slice(2), {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  cwd: process.cwd(),
}).then(
  (result) => {
    if (result !== 'running') process.exitCode = result;
  },
  (e: unknown) => {
    process.stderr.write(`collide: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  },
);
