import { AbstractMessageReader, type DataCallback, type Disposable, type Message, type MessageReader } from 'vscode-languageserver/node';

/** The most bytes a message's header block may take, its blank line included. */
export const MAX_HEADER_BYTES = 8 * 1024;
/** The largest body accepted: a 20 MB scene sent whole, with room to spare for JSON escapes. */
export const MAX_CONTENT_LENGTH = 512 * 1024 * 1024;

/** The stream broke the base protocol's framing: nothing after it can be trusted to be a message. */
export class FramingError extends Error {}

const CR = 0x0d;
const LF = 0x0a;
const COLON = 0x3a;

/** RFC 9110's tchar, the characters of a header name. */
function isTokenChar(b: number): boolean {
  if (b >= 0x30 && b <= 0x39) return true;
  if ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a) return true;
  return "!#$%&'*+-.^_`|~".includes(String.fromCharCode(b));
}

/** RFC 9110's field-vchar plus the space and tab a value may hold; all ASCII. */
function isValueChar(b: number): boolean {
  return (b >= 0x20 && b <= 0x7e) || b === 0x09;
}

/**
 * Reads LSP base-protocol messages (`Content-Length: N\r\n\r\n` then N bytes of UTF-8 JSON) from
 * a stream, strictly: header lines end in CRLF and hold only header characters, the header block
 * ends within MAX_HEADER_BYTES, Content-Length is present once, a decimal integer of at most
 * MAX_CONTENT_LENGTH, a Content-Type names no charset but UTF-8, and the body is valid UTF-8
 * holding one JSON object. The first violation fires one FramingError and the reader reads no
 * further: a byte stream that lost its framing has no point to resynchronize at (a body may hold
 * any header text), so the owner ends the process and the editor starts a fresh one.
 *
 * A body that stops short of its Content-Length is waited for, as from a slow client: a client
 * paused in a debugger looks the same, and a message after it shows the error.
 *
 * vscode-jsonrpc's ReadableStreamMessageReader is lenient where this is not: it looks for
 * CRLFCRLF and waits forever for a header that ends in LF only, waits for as many bytes as any
 * Content-Length says, and stops reading after a bad header or body without closing.
 */
export class FramedMessageReader extends AbstractMessageReader implements MessageReader {
  private callback: DataCallback | undefined;
  private failed = false;
  // The header being read: its text, its size so far, whether a CR was just read, whether the
  // current line has passed its colon, and the Content-Length found in it.
  private line = '';
  private headerBytes = 0;
  private afterCr = false;
  private inValue = false;
  private contentLength: number | undefined;
  // The body being read: its length (undefined while in the header) and the chunks received.
  private bodyLength: number | undefined;
  private bodyChunks: Buffer[] = [];
  private bodyReceived = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(private readonly input: NodeJS.ReadableStream) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer | string) => this.feed(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    const onError = (e: Error) => this.fireError(e);
    const onClose = () => this.fireClose();
    this.input.on('data', onData);
    this.input.on('error', onError);
    this.input.on('end', onClose);
    this.input.on('close', onClose);
    return {
      dispose: () => {
        this.input.off('data', onData);
        this.input.off('error', onError);
        this.input.off('end', onClose);
        this.input.off('close', onClose);
        this.callback = undefined;
      },
    };
  }

  /** Consumes one chunk of the stream: any number of messages and parts of messages. */
  private feed(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.failed) {
      if (this.bodyLength === undefined) at = this.readHeader(chunk, at);
      else at = this.readBody(chunk, at);
    }
  }

  /** Reads header bytes from `at` up to the end of the block or of the chunk; returns where it stopped. */
  private readHeader(chunk: Buffer, at: number): number {
    for (; at < chunk.length; at++) {
      const b = chunk[at]!;
      if (++this.headerBytes > MAX_HEADER_BYTES) return this.fail(`the header is longer than ${MAX_HEADER_BYTES} bytes`);
      if (this.afterCr) {
        if (b !== LF) return this.fail('a CR in the header is not followed by LF');
        this.afterCr = false;
        if (this.line === '') {
          if (!this.endHeader()) return chunk.length;
          return at + 1;
        }
        if (!this.headerLine(this.line)) return chunk.length;
        this.line = '';
        this.inValue = false;
      } else if (b === CR) {
        this.afterCr = true;
      } else if (b === LF) {
        return this.fail('a header line ends in LF without CR');
      } else if (this.inValue ? isValueChar(b) : isTokenChar(b) || (b === COLON && this.line !== '')) {
        if (b === COLON) this.inValue = true;
        this.line += String.fromCharCode(b);
      } else {
        return this.fail(`byte 0x${b.toString(16).padStart(2, '0')} at ${this.headerBytes - 1} in a header ${this.inValue ? 'value' : 'name'}`);
      }
    }
    return at;
  }

  /** One complete `Name: value` line; false when it is refused. */
  private headerLine(line: string): boolean {
    if (!this.inValue) {
      this.fail(`the header line '${line}' has no colon`);
      return false;
    }
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') {
      if (!/^\d+$/.test(value)) {
        this.fail(`Content-Length '${value}' is not a non-negative integer`);
        return false;
      }
      const length = Number(value);
      if (length > MAX_CONTENT_LENGTH) {
        this.fail(`Content-Length ${length} is over the maximum of ${MAX_CONTENT_LENGTH} bytes`);
        return false;
      }
      if (this.contentLength !== undefined && this.contentLength !== length) {
        this.fail(`two Content-Length headers (${this.contentLength} and ${length})`);
        return false;
      }
      this.contentLength = length;
    } else if (name === 'content-type') {
      const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(value)?.[1]?.toLowerCase();
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        this.fail(`unsupported charset '${charset}' (only utf-8)`);
        return false;
      }
    }
    return true;
  }

  /** The blank line: the body follows, of the length the header gave. */
  private endHeader(): boolean {
    if (this.contentLength === undefined) {
      this.fail('a header without Content-Length');
      return false;
    }
    this.bodyLength = this.contentLength;
    this.contentLength = undefined;
    this.headerBytes = 0;
    if (this.bodyLength === 0) this.endBody();
    return !this.failed;
  }

  private readBody(chunk: Buffer, at: number): number {
    const take = Math.min(chunk.length - at, this.bodyLength! - this.bodyReceived);
    this.bodyChunks.push(chunk.subarray(at, at + take));
    this.bodyReceived += take;
    if (this.bodyReceived === this.bodyLength) this.endBody();
    return at + take;
  }

  private endBody(): void {
    const bytes = this.bodyChunks.length === 1 ? this.bodyChunks[0]! : Buffer.concat(this.bodyChunks, this.bodyReceived);
    this.bodyChunks = [];
    this.bodyReceived = 0;
    this.bodyLength = undefined;
    let text: string;
    try {
      text = this.decoder.decode(bytes);
    } catch {
      this.fail('the body is not valid UTF-8');
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (e) {
      this.fail(`the body is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      this.fail('the body is not a JSON object');
      return;
    }
    this.callback?.(message as Message);
  }

  /** Fires the error once and stops reading; returns an index past any chunk, which ends the loops. */
  private fail(reason: string): number {
    if (!this.failed) {
      this.failed = true;
      this.bodyChunks = [];
      this.fireError(new FramingError(reason));
    }
    return Number.MAX_SAFE_INTEGER;
  }
}

/** The exit code of a server whose client broke the framing (1 is a client that went away unannounced). */
export const EXIT_BAD_FRAMING = 2;

/**
 * stdin as the connection's reader, for `--stdio`: a framing error is written to stderr in one
 * line and ends the process with EXIT_BAD_FRAMING, so the editor sees a crash (VS Code's client
 * restarts the server) rather than a server that no longer hears it. The end of stdin ends the
 * process as vscode-languageserver does for a stream: 0 after a shutdown request, 1 otherwise.
 */
export function stdinReader(shutdownRequested: () => boolean): FramedMessageReader {
  const reader = new FramedMessageReader(process.stdin);
  reader.onError((e) => {
    const what = e instanceof FramingError ? `bad message framing from the client: ${e.message}` : `reading from the client failed: ${e.message}`;
    process.stderr.write(`collide: ${what}; exiting\n`);
    process.exit(e instanceof FramingError ? EXIT_BAD_FRAMING : 1);
  });
  reader.onClose(() => process.exit(shutdownRequested() ? 0 : 1));
  return reader;
}
