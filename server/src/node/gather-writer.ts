import type { Writable } from 'node:stream';
import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-languageserver/node';
import { encodeMessageParts } from '../lsp/encode/diagnostics-json';

/**
 * vscode-jsonrpc's stream writer (WriteableStreamMessageWriter) with one change: a message goes
 * out as a gather write (writev, scatter/gather I/O as in POSIX writev(2)) of its pieces, so a
 * publication's diagnostics, kept as byte chunks by lsp/publish/published-diagnostics.ts, reach the stream as
 * they are instead of being copied with their envelope into one array per edit (plus the
 * allocation and collection of that array), and so do the chunks of a large response built as
 * bytes (the outline, the code lenses: lsp/encode/response-lists.ts). What reaches the
 * stream is byte for byte what the library's writer with encodeMessage as its encoder writes:
 * `Content-Length: N\r\n\r\n` and the UTF-8 JSON (tests compare both over random messages).
 * The chunks are never modified once made (EncodedJsonList), so the stream may hold them as
 * long as its write takes.
 *
 * Order: each message is encoded and handed to the stream in the call to `write`, and a Node
 * Writable writes its chunks in the order they were given, so messages leave in the order they
 * were written, the pieces of one never interleaved with another's (they are given together,
 * between cork and uncork, which also makes them one writev). The library gets the same order by
 * a one-slot semaphore that waits for each write's callback before encoding the next message; here the
 * stream's own buffer is that queue, without the library's setImmediate turn per message.
 *
 * `write` resolves once the stream has written the message (its last piece's callback), and
 * rejects with the error otherwise, which is also reported through onError with the message and
 * the running error count, as the library does; the stream's own error and close events are
 * reported through onError and onClose. A message that cannot be encoded (JSON.stringify throws:
 * a cycle, a BigInt) is reported and rejected and nothing of it is written.
 */
export class GatherMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private errorCount = 0;
  private inFlight = 0;

  /**
   * Messages handed to the stream and not yet written (their callback not yet called): while
   * any is, the stream holds their pieces, which must stay as they are (published chunks are
   * not released meanwhile: lsp/encode/chunk-store.ts).
   */
  get pendingWrites(): number {
    return this.inFlight;
  }

  constructor(
    private readonly stream: Writable,
    /** Called as each message is handed to the stream (the server's activity, node/idle-memory.ts). */
    private readonly onWrite?: () => void,
  ) {
    super();
    stream.on('error', (error: unknown) => this.fireError(error));
    stream.on('close', () => this.fireClose());
  }

  write(msg: Message): Promise<void> {
    let parts;
    try {
      parts = encodeMessageParts(msg);
    } catch (error) {
      this.fireError(error);
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const { pieces, byteLength } = parts;
    this.onWrite?.();
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      this.inFlight++;
      const done = (error?: Error | null): void => {
        if (settled) return;
        settled = true;
        this.inFlight--;
        if (error === undefined || error === null) resolve();
        else {
          this.errorCount++;
          this.fireError(error, msg, this.errorCount);
          reject(error);
        }
      };
      const stream = this.stream;
      stream.cork();
      try {
        stream.write(`Content-Length: ${byteLength}\r\n\r\n`, 'ascii');
        const last = pieces.length - 1;
        for (let k = 0; k < last; k++) stream.write(pieces[k]);
        stream.write(pieces[last], done);
      } catch (error) {
        // A stream that throws rather than calling back (not a Node Writable's way, but the
        // stream is the caller's): the message is failed.
        done(error instanceof Error ? error : new Error(String(error)));
      } finally {
        stream.uncork();
      }
    });
  }

  end(): void {
    this.stream.end();
  }
}
