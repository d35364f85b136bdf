import { appendFileSync, writeFileSync } from 'node:fs';
import type { Message, MessageReader, MessageStrategy, MessageWriter } from 'vscode-languageserver/node';

/**
 * A timeline of the server's messages, for attributing an editor's latency (the editor bench,
 * scripts/bench-editor.mjs): with `COLLIDE_TIMELINE=FILE` in its environment, the server appends
 * one line per message to FILE, tab-separated:
 *
 *   epoch-ms  event  method  id  version  queued-ms
 *
 * `read` when a message's bytes are parsed, `dispatch` when the connection hands it to its
 * handler (the gap is time spent waiting behind work on the message loop), `write` when a
 * message is handed to the writer. `version` is a document version where the message names one
 * (didChange, publishDiagnostics), `queued-ms` on a dispatch is its wait since it was read.
 * Times are on the epoch clock with sub-millisecond precision (performance.timeOrigin + now),
 * the clock a browser page and the extension host also read.
 */
export class MessageTimeline {
  private readonly readAt = new WeakMap<Message, number>();

  constructor(private readonly file: string) {
    writeFileSync(file, '');
  }

  reader(reader: MessageReader): MessageReader {
    const listen = reader.listen.bind(reader);
    reader.listen = (callback) =>
      listen((message) => {
        const t = now();
        this.readAt.set(message, t);
        this.line(t, 'read', message, '');
        callback(message);
      });
    return reader;
  }

  strategy(inner: MessageStrategy): MessageStrategy {
    return {
      handleMessage: (message, next) => {
        const t = now();
        const read = this.readAt.get(message);
        this.line(t, 'dispatch', message, read === undefined ? '' : (t - read).toFixed(1));
        inner.handleMessage(message, next);
      },
    };
  }

  writer<W extends MessageWriter>(writer: W): W {
    const write = writer.write.bind(writer);
    writer.write = (message) => {
      this.line(now(), 'write', message, '');
      return write(message);
    };
    return writer;
  }

  private line(t: number, event: string, message: Message, extra: string): void {
    const m = message as { method?: unknown; id?: unknown; params?: unknown };
    const method = typeof m.method === 'string' ? m.method : 'response';
    const id = typeof m.id === 'number' || typeof m.id === 'string' ? String(m.id) : '';
    const p = m.params as { textDocument?: { version?: unknown }; version?: unknown } | undefined;
    const version = p?.textDocument?.version ?? p?.version;
    // Synchronous so the lines of a crash are kept; only ever on while measuring.
    appendFileSync(this.file, `${t.toFixed(2)}\t${event}\t${method}\t${id}\t${typeof version === 'number' ? version : ''}\t${extra}\n`);
  }
}

function now(): number {
  return performance.timeOrigin + performance.now();
}
