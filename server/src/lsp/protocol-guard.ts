import {
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ErrorCodes,
  ExitNotification,
  InitializeRequest,
  Message,
  ResponseError,
  ShutdownRequest,
  type Connection,
  type MessageStrategy,
  type NotificationMessage,
  type RequestMessage,
} from 'vscode-languageserver';

/** The method a refused request is turned into, answered by the guard's own handler. */
const REFUSED = '$/collide/refused';

interface Refusal {
  readonly code: number;
  readonly message: string;
}

/**
 * The lifecycle rules of LSP 3.17 that vscode-languageserver leaves to the server, applied to
 * every incoming message before it is dispatched (vscode-jsonrpc's MessageStrategy):
 * - before `initialize`, a request is answered with ServerNotInitialized (-32002) and a
 *   notification other than `exit` is dropped ("Initialize Request" in the specification);
 * - a second `initialize` is answered with InvalidRequest: the server is initialized once;
 * - after `shutdown`, every request is answered with InvalidRequest ("Shutdown Request");
 * - a `didChange` whose version is not newer than the open document's is dropped, with a log
 *   line: versions only increase (VersionedTextDocumentIdentifier), and applying an older
 *   change would corrupt the text every later incremental change is applied to.
 *
 * A strategy can only pass a message on or drop it, so a refused request is passed on as a
 * request to REFUSED with the same id, which `attach` answers with the refusal's error: the
 * answer goes out through the connection like any other. Transport-neutral: the Node entry and
 * a browser worker both give it to createConnection and then attach it.
 */
export class ProtocolGuard implements MessageStrategy {
  private initializeReceived = false;
  private shutdownReceived = false;
  /** The version of each open document, as the messages let through have set it. */
  private readonly versions = new Map<string, number>();
  private log: (message: string) => void = () => undefined;

  /** Whether a `shutdown` request was let through (the exit code when the input ends). */
  get shutdownRequested(): boolean {
    return this.shutdownReceived;
  }

  /** Answers the refused requests on `connection`, and logs there. */
  attach(connection: Connection): void {
    this.log = (message) => connection.console.log(message);
    connection.onRequest(REFUSED, (refusal: Refusal) => new ResponseError(refusal.code, refusal.message));
  }

  handleMessage(message: Message, next: (message: Message) => void): void {
    if (Message.isRequest(message)) next(this.request(message));
    else if (!Message.isNotification(message) || this.admits(message)) next(message);
  }

  private request(message: RequestMessage): RequestMessage {
    const method = message.method;
    if (method === REFUSED) return refuse(message, ErrorCodes.MethodNotFound, `Unhandled method ${method}`);
    if (method === InitializeRequest.method) {
      if (this.initializeReceived) return refuse(message, ErrorCodes.InvalidRequest, 'initialize was already received: the server is initialized once');
      this.initializeReceived = true;
      return message;
    }
    if (!this.initializeReceived) return refuse(message, ErrorCodes.ServerNotInitialized, `${method} before initialize: the server is not initialized`);
    if (this.shutdownReceived) return refuse(message, ErrorCodes.InvalidRequest, `${method} after shutdown: the server is shutting down`);
    if (method === ShutdownRequest.method) this.shutdownReceived = true;
    return message;
  }

  private admits(message: NotificationMessage): boolean {
    if (!this.initializeReceived) return message.method === ExitNotification.method;
    const document = (message.params as { textDocument?: { uri?: unknown; version?: unknown } } | undefined)?.textDocument;
    const uri = document?.uri;
    const version = document?.version;
    if (typeof uri !== 'string') return true;
    switch (message.method) {
      case DidOpenTextDocumentNotification.method:
        if (typeof version === 'number') this.versions.set(uri, version);
        return true;
      case DidCloseTextDocumentNotification.method:
        this.versions.delete(uri);
        return true;
      case DidChangeTextDocumentNotification.method: {
        const current = this.versions.get(uri);
        if (current === undefined || typeof version !== 'number') return true;
        if (version <= current) {
          this.log(`Ignored a change to ${uri} with version ${version}: the document is at version ${current} already.`);
          return false;
        }
        this.versions.set(uri, version);
        return true;
      }
      default:
        return true;
    }
  }
}

function refuse(message: RequestMessage, code: number, text: string): RequestMessage {
  const refusal: Refusal = { code, message: text };
  return { jsonrpc: message.jsonrpc, id: message.id, method: REFUSED, params: refusal };
}
