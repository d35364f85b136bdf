import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver';
import { TextDocument, type Position, type Range } from 'vscode-languageserver-textdocument';
import { LineIndex } from './syntax/positions';

/**
 * The open documents' texts as the Node server keeps them (main.ts hands `bufferDocuments` to
 * startServer; server.ts itself uses no Node API, and a browser server keeps the library's
 * documents). Behaviour is vscode-languageserver-textdocument's (TextDocument.update and its
 * positions, which test/unit/protocol checks against it over random edits); what differs is
 * how a new version of a large text is made.
 *
 * The library makes each version as `before + inserted + after`, a rope (V8 cons string) that
 * the first read flattens: a copy of the whole text into a fresh large-object allocation on
 * every keystroke, ~0.7 ms of an edit of a 10k-body scene (1.7 MB), most of it page faults on
 * the fresh pages rather than the copy. Here a text of Latin-1 characters only (every scene the
 * benchmarks and the examples have, and any ASCII file) is also kept as its bytes, one byte a
 * character, in a buffer with room to grow: an edit moves the bytes after it (memmove) and
 * writes the inserted ones, and the version's string is made from the buffer, which Node makes,
 * above a megabyte, an external one-byte string copied into memory its allocator reuses
 * (StringBytes::Encode). Together ~0.1 ms. The first character outside Latin-1 (a comment in
 * another script, say) drops the buffer for good: the document is then kept as the library
 * keeps it. The buffer is made on the first edit of a large text, so an open document that is
 * never edited costs nothing more; afterwards it is one more copy of the text.
 *
 * Line starts are a LineIndex, updated by LineIndex.edited as the library updates its line
 * offsets (in O(lines) number moves), and made on first use.
 */
export class BufferDocument implements TextDocument {
  private text: string;
  private index: LineIndex | null = null;
  /** The text's bytes (Latin-1, one a character) in bytes[0, length), or null: the text alone is kept. */
  private bytes: Buffer | null = null;
  private length = 0;
  /** False once the text has held a character outside Latin-1: no buffer from then on. */
  private latin1 = true;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    private currentVersion: number,
    text: string,
    /** Texts shorter than this are kept as strings only (see BUFFER_FROM). */
    private readonly bufferFrom = BUFFER_FROM,
  ) {
    this.text = text;
  }

  get version(): number {
    return this.currentVersion;
  }

  /** The line index of getText() (the same string): the analysis takes it instead of making one (server.ts). */
  get lineIndex(): LineIndex {
    return this.lines();
  }

  get lineCount(): number {
    return this.lines().lineCount;
  }

  getText(range?: Range): string {
    if (range === undefined) return this.text;
    return this.text.substring(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  positionAt(offset: number): Position {
    return this.lines().positionAt(offset);
  }

  offsetAt(position: Position): number {
    return this.lines().offsetAt(position);
  }

  getLineRange(line: number): Range {
    const lines = this.lines();
    const count = lines.lineCount;
    if (line >= count) {
      const last = count - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.text.length - lines.lineStart(last) } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return { start: { line, character: 0 }, end: { line, character: lines.lineEnd(line) - lines.lineStart(line) } };
  }

  getEOLCharacters(line: number): string {
    const lines = this.lines();
    if (line >= lines.lineCount || line < 0) return '';
    return this.text.substring(lines.lineEnd(line), line + 1 < lines.lineCount ? lines.lineStart(line + 1) : this.text.length);
  }

  /** Applies the changes in order, as TextDocument.update does, and takes the version. */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change && change.range !== undefined) {
        const { start, end } = wellFormed(change.range);
        const from = this.offsetAt(start);
        const to = this.offsetAt(end);
        this.replace(from, to, change.text);
        this.index = LineIndex.edited(this.lines(), this.text, from, to, from + change.text.length);
      } else if ('text' in change && typeof change.text === 'string') {
        this.text = change.text;
        this.index = null;
        this.bytes = null;
        this.latin1 = true;
      } else {
        throw new Error('Unknown change event received');
      }
    }
    this.currentVersion = version;
  }

  /** text[from, to) becomes `inserted`. */
  private replace(from: number, to: number, inserted: string): void {
    const text = this.text;
    if (!this.latin1 || text.length < this.bufferFrom || !isLatin1(inserted)) {
      this.bytes = null;
      if (!isLatin1(inserted)) this.latin1 = false;
      this.text = text.substring(0, from) + inserted + text.substring(to);
      return;
    }
    let bytes = this.bytes;
    if (bytes === null) {
      if (!isLatin1(text)) {
        this.latin1 = false;
        this.text = text.substring(0, from) + inserted + text.substring(to);
        return;
      }
      bytes = Buffer.allocUnsafe(text.length + (text.length >> 3) + inserted.length);
      this.length = bytes.write(text, 0, 'latin1');
    }
    const length = this.length + inserted.length - (to - from);
    if (length > bytes.length) {
      const grown = Buffer.allocUnsafe(length + (length >> 3));
      bytes.copy(grown, 0, 0, this.length);
      bytes = grown;
    }
    bytes.copyWithin(from + inserted.length, to, this.length);
    bytes.write(inserted, from, 'latin1');
    this.bytes = bytes;
    this.length = length;
    this.text = bytes.toString('latin1', 0, length);
  }

  private lines(): LineIndex {
    this.index ??= new LineIndex(this.text);
    return this.index;
  }
}

/**
 * Texts shorter than this are kept as strings only: below about a megabyte Node makes a string
 * of a buffer on V8's heap (StringBytes::Encode's EXTERN_APEX), as large a fresh allocation as
 * the library's flattening, so the buffer would only add a copy.
 */
const BUFFER_FROM = 1 << 20;

/** What TextDocuments needs to keep its documents as BufferDocuments (texts from `bufferFrom` UTF-16 units on get a buffer). */
export function bufferDocuments(bufferFrom = BUFFER_FROM): TextDocumentsConfiguration<TextDocument> {
  return {
    create: (uri, languageId, version, content) => new BufferDocument(uri, languageId, version, content, bufferFrom),
    update(document, changes, version) {
      if (document instanceof BufferDocument) {
        document.update(changes, version);
        return document;
      }
      return TextDocument.update(document, changes, version);
    },
  };
}

const NOT_LATIN1 = /[^\u0000-\u00ff]/;

function isLatin1(s: string): boolean {
  return !NOT_LATIN1.test(s);
}

/** The range with its start before its end (the library's getWellformedRange). */
function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}
