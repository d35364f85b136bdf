import { runCli } from './cli';

/**
 * Entry point of dist/cli.js (launched by bin/collide.js). A command that ends (all but `lsp`)
 * ends the process, with its exit code, once stdout and stderr hold nothing unwritten; while
 * they do, the exit code is only set, so that a large JSON report is flushed completely even
 * when stdout is a pipe. A reader that goes away early (`collide check . | head`) ends the
 * output quietly instead of crashing, and the process then exits as soon as the command has its
 * exit code (the JSON report is written while the check runs, so the reader may leave before
 * the check has finished).
 */
let finished: Promise<unknown> = Promise.resolve();
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') {
      void finished.then(() => process.exit(process.exitCode ?? 0));
      return;
    }
    throw e;
  });
}

// `collide check` writes its JSON report in pieces while it still works (report.ts JsonReport),
// all within one turn of the event loop. Node writes to a pipe without blocking: once the pipe
// is full (64 KB on Linux), every later piece waits in memory until the check returns to the
// event loop, survives the scavenges meanwhile, and the reader gets it all at the end. Blocking
// writes (what Node does for files, and libuv's uv_stream_set_blocking for pipes) hand each piece
// to the reader as it is made, which drains the pipe while the check goes on. Only for `check`:
// `collide lsp --stdio` speaks over stdout, where a slow client must not stall the server.
if (process.argv[2] === 'check') {
  const handle = (process.stdout as unknown as { _handle?: { setBlocking?: (on: boolean) => number } })._handle;
  if (typeof handle?.setBlocking === 'function') handle.setBlocking(true);
}

// A stream whose reader has gone is destroyed: what is still written to it is dropped.
finished = runCli(process.argv.slice(2), {
  stdout: (text) => void (process.stdout.destroyed || process.stdout.write(text)),
  stderr: (text) => void (process.stderr.destroyed || process.stderr.write(text)),
  cwd: process.cwd(),
}).then(
  (result) => {
    if (result === 'running') return;
    process.exitCode = result;
    // Everything written has reached the operating system (files and terminals are written
    // synchronously, and so is a pipe for `check`, above): what Node would still do is tear the
    // heap and the isolate down piece by piece, memory the exit releases at once anyway.
    if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) process.exit(result);
  },
  (e: unknown) => {
    process.stderr.write(`collide: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  },
);
