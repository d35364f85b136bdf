import type { TextRange } from '../../common/diagnostic';
import type { AnalyzedDocument } from '../../features/document';
import { bodyEntry, forEachOutlineEntry, forEachOutlineItem, type OutlineEntry } from '../../features/document-symbols';
import { SceneBody } from '../../semantics/scene';
import { forEachLensedBody, lensCount, lensOf } from '../../features/code-lens';
import type { Finding } from '../../analysis/findings';
import { SHOW_PAIR_IN_PREVIEW_COMMAND } from '../../../../protocol/lsp';
import { forEachBodyWithLenses } from '../../features/code-lens';
import { toDocumentSymbol, toSymbolInformation } from '../document-symbols';
import type { EncodedJsonList } from './encoded-json-list';
import { encodeJsonList, JsonBytes } from './json-bytes';
import { arrayOf, number, optional, record, shapeWriter, shared, string } from './json-shape';
import { finish } from '../../common/steps';
import { KeptList } from './kept-list';
import { MAX_LENSES_PER_BODY } from '../../features/code-lens';

/** Slots below this show a finding each; the one at it counts the rest. */
const MAX_SLOT = MAX_LENSES_PER_BODY;

/**
 * The results that grow with the document and are asked for after every edit, as the response's
 * JSON bytes (encoded-json-list.ts): each element is serialized as the feature finds it, so the
 * handler never holds a large scene's elements as objects, and the bytes are JSON.stringify's of
 * the feature's list. The shapes below are the records' keys in the order their builders
 * (document-symbols.ts, code-lens.ts) create them.
 */

const position = record({ line: number, character: number });
const range = record({ start: position, end: position });

/** The shapes of the elements of the lists below; a body's lenses share their range object. */
export const RESPONSE_SHAPES = {
  documentSymbol: record({ name: string, detail: optional(string), kind: number, range, selectionRange: range }),
  symbolInformation: record({ name: string, kind: number, location: record({ uri: shared(string), range }) }),
  codeLensStub: record({ range: shared(range), data: arrayOf(number) }),
  codeLens: record({
    range: shared(range),
    command: record({ title: string, command: string, arguments: arrayOf(record({ uri: shared(string), a: string, b: string })) }),
  }),
};

/** The outline: `documentSymbols(doc)`, or `symbolInformation` of each for a client without hierarchical symbols. */
export function encodedDocumentSymbols(doc: AnalyzedDocument, hierarchical: boolean): EncodedJsonList {
  if (hierarchical) return encodeJsonList(RESPONSE_SHAPES.documentSymbol, (emit) => forEachOutlineEntry(doc, (e) => emit(toDocumentSymbol(doc.lines, e))));
  return encodeJsonList(RESPONSE_SHAPES.symbolInformation, (emit) => forEachOutlineEntry(doc, (e) => emit(toSymbolInformation(doc.uri, doc.lines, e))));
}

/** The code lenses without their commands: `codeLensStubs(doc, document, generation)`. */
export function encodedCodeLensStubs(doc: AnalyzedDocument, document: number, generation = 0): EncodedJsonList {
  return finish(codeLensStubSteps(doc, document, generation));
}

const writeDocumentSymbol = shapeWriter(RESPONSE_SHAPES.documentSymbol);
const writeSymbolInformation = shapeWriter(RESPONSE_SHAPES.symbolInformation);

/**
 * The outline of successive versions of one document, `encodedDocumentSymbols` byte for byte,
 * keeping each answer's chunks for the next (kept-list.ts): a body of the scene is an item with
 * its statement's span (its entry depends on that text, and on the named shapes it may name), any
 * other entry an item without one. The kept answer's key holds the source of those other entries,
 * whose change may change a body's detail, with the client's kind of answer and the URI.
 */
export class KeptOutline {
  private readonly kept: KeptList;
  private readonly scratch = new Scratch();

  constructor(chunkBytes?: number) {
    this.kept = new KeptList(chunkBytes);
  }

  answer(doc: AnalyzedDocument, hierarchical: boolean): EncodedJsonList {
    return finish(this.steps(doc, hierarchical));
  }

  /** `answer` in steps (kept-list.ts, `KeptList.steps`). */
  *steps(doc: AnalyzedDocument, hierarchical: boolean): Generator<void, EncodedJsonList, void> {
    const items: (SceneBody | OutlineEntry)[] = [];
    const others: string[] = [hierarchical ? 'tree' : 'flat', doc.uri];
    forEachOutlineItem(
      doc,
      (body) => items.push(body),
      (e) => {
        items.push(e);
        others.push(`${e.kind} ${e.range.end - e.range.start} ${doc.text.slice(e.range.start, e.range.end)}`);
      },
    );
    const n = items.length;
    const spans = this.scratch.take(2 * n);
    for (let i = 0; i < n; i++) {
      const it = items[i]!;
      const body = it instanceof SceneBody;
      spans[2 * i] = body ? it.start : -1;
      spans[2 * i + 1] = body ? it.end : -1;
    }
    const entry = (i: number): OutlineEntry => {
      const it = items[i]!;
      return it instanceof SceneBody ? bodyEntry(it) : it;
    };
    const write = hierarchical
      ? (out: Parameters<typeof writeDocumentSymbol>[0], i: number) => writeDocumentSymbol(out, toDocumentSymbol(doc.lines, entry(i)) as never)
      : (out: Parameters<typeof writeDocumentSymbol>[0], i: number) => writeSymbolInformation(out, toSymbolInformation(doc.uri, doc.lines, entry(i)) as never);
    const list = yield* this.kept.steps(doc.text, doc.lines, others.join('\n'), { count: n, spans, write });
    this.scratch.give(spans);
    return list;
  }

  /** Forgets the kept answer (the server drops it while idle: it is as large as the answer). */
  drop(): void {
    this.kept.drop();
  }
}

const writeCodeLens = shapeWriter(RESPONSE_SHAPES.codeLens);

/**
 * The code lenses of successive versions of one document with their commands, `codeLenses(doc)`
 * byte for byte, keeping each answer's chunks for the next (kept-list.ts): a lens is an item with
 * its body's statement as its span, keyed by the finding it shows (findings are immutable, and an
 * unchanged pair keeps its finding), or for a body's last lens, which counts the rest, by that
 * count and its pair. Answered whole, a lens needs no `codeLens/resolve`, which VS Code sends
 * only for the lenses on screen and after a delay, showing a blank line until then.
 */
export class KeptCodeLenses {
  private readonly kept: KeptList;
  private readonly scratch = new Scratch();

  constructor(chunkBytes?: number) {
    this.kept = new KeptList(chunkBytes);
  }

  /** The lenses, or undefined when there are more than `limit` (the caller sends stubs then). */
  answer(doc: AnalyzedDocument, limit = Infinity): EncodedJsonList | undefined {
    return finish(this.steps(doc, limit));
  }

  /** `answer` in steps (kept-list.ts, `KeptList.steps`). */
  *steps(doc: AnalyzedDocument, limit = Infinity): Generator<void, EncodedJsonList | undefined, void> {
    if (limit !== Infinity) {
      // Counted first (without titles or keys): past the limit the caller sends stubs.
      let total = 0;
      forEachBodyWithLenses(doc, (_body, _range, slots) => void (total += slots));
      if (total > limit) return undefined;
      yield;
    }
    const bodies: SceneBody[] = [];
    const slots: number[] = [];
    const keys: unknown[] = [];
    const lists: Finding[][] = [];
    const counts: number[] = [];
    forEachLensedBody(doc, (body, first, count) => {
      const n = lensCount(count);
      const list = first.slice(0, n);
      for (let slot = 0; slot < n; slot++) {
        bodies.push(body);
        slots.push(slot);
        lists.push(list);
        counts.push(count);
        keys.push(slot < MAX_SLOT ? list[slot] : JSON.stringify([count, list[slot]!.a, list[slot]!.b]));
      }
    });
    const n = bodies.length;
    const spans = this.scratch.take(2 * n);
    for (let i = 0; i < n; i++) {
      spans[2 * i] = bodies[i]!.start;
      spans[2 * i + 1] = bodies[i]!.end;
    }
    let lastBody: SceneBody | undefined;
    let lastRange: ReturnType<typeof doc.lines.rangeOf> | undefined;
    const write = (out: Parameters<typeof writeCodeLens>[0], i: number) => {
      const body = bodies[i]!;
      // A body's lenses share their range object, as codeLenses' do (and so their bytes).
      if (body !== lastBody) {
        lastBody = body;
        lastRange = doc.lines.rangeOf({ start: body.start, end: body.nameEnd });
      }
      const l = lensOf(doc.analysis.semantics.scene, body.index, lists[i]!, counts[i]!, slots[i]!);
      writeCodeLens(out, { range: lastRange!, command: { title: l.title, command: SHOW_PAIR_IN_PREVIEW_COMMAND, arguments: [{ uri: doc.uri, a: l.a, b: l.b }] } });
    };
    const list = yield* this.kept.steps(doc.text, doc.lines, doc.uri, { count: n, spans, keys, write });
    this.scratch.give(spans);
    return list;
  }

  /** Forgets the kept answer (the server drops it while idle: it is as large as the answer). */
  drop(): void {
    this.kept.drop();
  }
}

/**
 * A scratch array of spans for one answer at a time: an answer in steps may be under way while
 * another starts, which then gets an array of its own.
 */
class Scratch {
  private spare: Int32Array | null = new Int32Array(0);

  take(n: number): Int32Array {
    const s = this.spare;
    this.spare = null;
    return s !== null && s.length >= n ? s : new Int32Array(n + (n >> 2));
  }

  give(s: Int32Array): void {
    this.spare = s;
  }
}

const writeCodeLensStub = shapeWriter(RESPONSE_SHAPES.codeLensStub);

/** Stubs between two pauses of `codeLensStubSteps`. */
const STUB_SLICE = 2048;

/** `encodedCodeLensStubs` in steps, pausing every STUB_SLICE stubs (kept-list.ts, `KeptList.steps`). */
export function* codeLensStubSteps(doc: AnalyzedDocument, document: number, generation = 0): Generator<void, EncodedJsonList, void> {
  const bodies: number[] = [];
  const ranges: TextRange[] = [];
  const slots: number[] = [];
  forEachBodyWithLenses(doc, (body, range, n) => {
    bodies.push(body);
    ranges.push(range);
    slots.push(n);
  });
  const out = new JsonBytes();
  // One record refilled for every stub (only the range is a shared value, json-shape.ts).
  const data = [document, doc.version, generation, 0, 0];
  const stub = { range: doc.lines.rangeOf({ start: 0, end: 0 }), data };
  let written = 0;
  for (let k = 0; k < bodies.length; k++) {
    stub.range = doc.lines.rangeOf(ranges[k]!);
    data[3] = bodies[k]!;
    for (let slot = 0; slot < slots[k]!; slot++) {
      data[4] = slot;
      out.add(writeCodeLensStub, stub);
      if (++written % STUB_SLICE === 0) yield;
    }
  }
  return out.finish();
}
