import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import type { TextRange } from '../../../server/src/common/diagnostic';
import { codeLenses, codeLensStubs, resolveCodeLens } from '../../../server/src/lsp/code-lens';
import { completionContext } from '../../../server/src/features/completion';
import { analysisOptions, DEFAULT_SETTINGS } from '../../../server/src/features/settings';
import { analyzeText, findingOf, makeAnalyzedDocument, type AnalyzedDocument } from '../../../server/src/features/document';
import { documentHighlights } from '../../../server/src/features/document-highlights';
import { outline } from '../../../server/src/features/document-symbols';
import { foldingRanges } from '../../../server/src/features/folding-ranges';
import { hover } from '../../../server/src/features/hover';
import { inlayHints } from '../../../server/src/features/inlay-hints';
import { findPolygonContaining, polygonAt } from '../../../server/src/features/quick-fixes';
import { semanticTokens, semanticTokensEdits } from '../../../server/src/features/semantic-tokens';
import { signatureHelp } from '../../../server/src/features/signature-help';
import { DefinitionTable, type SymbolReference } from '../../../server/src/semantics/symbols';
import type { Statement } from '../../../server/src/syntax/ast';
import { ValueTable } from '../../../server/src/semantics/value-table';
import { statementIndexOf, type StatementIndex } from '../../../server/src/syntax/statement-index';
import * as oldCompletion from './oracle/completion';
import * as oldHighlights from './oracle/document-highlights';
import * as oldSymbols from './oracle/document-symbols';
import * as oldFinders from './oracle/finders';
import * as oldFolding from './oracle/folding-ranges';
import * as oldHover from './oracle/hover';
import * as oldInlay from './oracle/inlay-hints';
import * as oldTokens from './oracle/semantic-tokens';
import { WHOLE_VALUES, wholeValues } from './oracle/values';
import * as oldSignature from './oracle/signature-help';

/**
 * The features that read only the statements a request touches (syntax/statement-index.ts)
 * against their whole-file versions (oracle/, as of 576ff7e), on random documents and positions:
 * documents analyzed from scratch (the pipeline's parse result, whose statement index is made by
 * a streaming parse) and after edits by the incremental analyzer (the front end's own outline),
 * as the language server holds them.
 */

/** Statements and fragments: settings, definitions with calls, layers, bodies of every kind, comments, mistakes. */
const LINES = [
  'dt = 1/60',
  'frames = 3',
  'slop = 0.01',
  'let k = 2',
  'let w = sqrt(4) * k',
  'let v = (1, hypot(3, 4))',
  'let a = 30deg',
  'let u = k +',
  'shape s = box(w, 1)',
  'shape t = compound(circle(1) at (1, 0), box(1, 1) angle a)',
  'layer red collides blue',
  'layer blue',
  'body b1 circle(1) at (0, 0)',
  'body b2 box(2, 1) at (0.5, 0) angle 10deg velocity (300, 0)',
  'body b3 static s at (k, 0.2) layer red',
  'body b4 sensor t at (1, 1)',
  'body b5 polygon((0, 0), (2, 0), (1, 0.5), (2, 2), (0, 2)) at (0, 1)',
  'body b6 polygon((0, 0), (0, 1), (1, 0)) at (3, 0)',
  'body b7 polygon((0, 0), (1, 0), (2, 0), (1, 1)) at (w, sqrt(2))',
  // A vertex left out at the statement's end: the missing argument is an empty node at the very
  // offset where the statement ends, so a look-up that starts one character late misses it.
  'body b0 polygon((0, 0), (1, 0),',
  'body b8 capsule(1, 0.2) at (0, 0) spin 3\n  layer blue',
  'body b9 segment((0, 0), (1, hypot(1, 1))) at (0.2, 0.1) velocity (0, -400)',
  'body b1 circle(0.5)',
  'body bb bullet box(0.1, 0.1) at (-3, 0) velocity (900, 0)',
  '// note (with a paren)',
  '/* block\n comment */',
  '// #region walls',
  '// #endregion',
  'body',
  'let = ',
  'box(1, 2) @',
  'body z circle(unknown_name)',
  'body y sircle(1)',
];

/** What an edit inserts: fragments that break and mend statements, comments and calls. */
const INSERTS = ['', ' ', 'x', '7', '(', ')', ',', '\n', '\r\n', '/*', '*/', '//', 'body ', 'layer ', ' at (1, 1)', 'sqrt(', 'let q = 1\n', 'é'];

interface Edit {
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}

const editArb: fc.Arbitrary<Edit> = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), remove: fc.nat({ max: 8 }), insert: fc.constantFrom(...INSERTS) });

function applyEdit(text: string, e: Edit): string {
  const at = Math.floor(e.at * text.length);
  return text.slice(0, at) + e.insert + text.slice(at + e.remove);
}

interface Case {
  readonly base: string;
  readonly edits: readonly Edit[];
  readonly offsets: readonly number[];
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  base: fc.tuple(fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 14 }), fc.constantFrom('\n', '\r\n', '\n\n')).map(([lines, eol]) => lines.join(eol) + eol),
  edits: fc.array(editArb, { maxLength: 3 }),
  offsets: fc.array(fc.double({ min: 0, max: 1.02, noNaN: true }), { minLength: 1, maxLength: 6 }),
});

/** The document analyzed from scratch and by the incremental analyzer after the edits. */
function documentsOf(c: Case): { text: string; docs: AnalyzedDocument[] } {
  const analyzer = new IncrementalAnalyzer();
  const options = analysisOptions(DEFAULT_SETTINGS);
  let text = c.base;
  analyzer.analyze(text, options);
  for (const e of c.edits) {
    text = applyEdit(text, e);
    analyzer.analyze(text, options);
  }
  const incremental = makeAnalyzedDocument('file:///test.collide', 2, analyzer.analyze(text, options), DEFAULT_SETTINGS);
  return { text, docs: [analyzeText(text), incremental] };
}

function offsetsOf(c: Case, text: string): number[] {
  return c.offsets.map((f) => Math.floor(f * text.length));
}

/** Everything that reads syntax, new against old, at `offset` and on ranges around it. */
function checkAt(doc: AnalyzedDocument, offset: number): void {
  const where = `at ${offset} of ${JSON.stringify(doc.text)}`;
  assert.deepStrictEqual(hover(doc, offset), oldHover.hover(doc, offset), `hover ${where}`);
  assert.deepStrictEqual(completionContext(doc, offset), oldCompletion.completionContext(doc, offset), `completion ${where}`);
  assert.deepStrictEqual(boundedSignatureHelp(doc, offset), oldSignature.signatureHelp(doc, offset), `signature help ${where}`);
  assert.deepStrictEqual(documentHighlights(doc, offset), oldHighlights.documentHighlights(doc, offset), `highlights ${where}`);
  const index = statementIndexOf(doc.analysis.parse);
  const statements = doc.analysis.parse.file.statements;
  for (const width of [0, 1, 9, 40]) {
    const range: TextRange = { start: offset, end: offset + width };
    assert.deepStrictEqual(semanticTokens(doc, range), oldTokens.semanticTokens(doc, range), `range tokens ${width} ${where}`);
    assert.deepStrictEqual(inlayHints(doc, range), oldInlay.inlayHints(doc, range), `inlay hints ${width} ${where}`);
    assert.deepStrictEqual(polygonAt(doc, range), oldFinders.polygonAt(doc, range), `polygon ${width} ${where}`);
    assert.deepStrictEqual(findPolygonContaining(doc, range), oldFinders.findPolygonContaining(doc, range), `vertex ${width} ${where}`);
    // The statements that range tokens and code actions walk, checked on their own: a statement
    // starts with a keyword, where no call or polygon begins, so the features' answers cannot
    // tell whether the one starting exactly at the range's end was left out.
    assert.deepStrictEqual(
      index.touching(range.start, range.end).map((s) => s.range),
      statements.filter((s) => !(s.range.end < range.start || s.range.start > range.end)).map((s) => s.range),
      `statements touching ${width} ${where}`,
    );
  }
}

/**
 * Signature help with a bound on the token windows it asks the statement index for. It widens
 * its window twice as far back each time (signature-help.ts), so from statement k it needs at
 * most floor(log2(k + 1)) + 2 windows before the one that starts at the text's start, which
 * always answers; past that bound the walk would never end, and the test fails instead of hanging.
 */
function boundedSignatureHelp(doc: AnalyzedDocument, offset: number): ReturnType<typeof signatureHelp> {
  const real = statementIndexOf(doc.analysis.parse);
  const bound = Math.floor(Math.log2(real.count + 1)) + 2;
  let windows = 0;
  const counting: StatementIndex = Object.create(real);
  counting.tokens = (first, to) => {
    if (++windows > bound) throw new Error(`signature help at ${offset} asked for more than ${bound} token windows (the last from statement ${first} of ${real.count}): its walk back does not reach the start of the text`);
    return real.tokens(first, to);
  };
  const parse = new Proxy(doc.analysis.parse, { get: (target, key) => (key === 'statementIndex' ? counting : Reflect.get(target, key, target)) });
  return signatureHelp({ ...doc, analysis: { ...doc.analysis, parse } }, offset);
}

function checkWhole(doc: AnalyzedDocument): void {
  const what = JSON.stringify(doc.text);
  assert.deepStrictEqual(outline(doc), oldSymbols.outline(doc), `symbols of ${what}`);
  assert.deepStrictEqual(foldingRanges(doc), oldFolding.foldingRanges(doc), `folding of ${what}`);
  assert.deepStrictEqual(semanticTokens(doc), oldTokens.semanticTokens(doc), `tokens of ${what}`);
  assert.deepStrictEqual(inlayHints(doc), oldInlay.inlayHints(doc), `inlay hints of ${what}`);
  const stubs = codeLensStubs(doc, 7);
  assert.ok(stubs.every((l) => l.command === undefined));
  assert.deepStrictEqual(stubs.map((l) => resolveCodeLens(doc, l)), codeLenses(doc), `lenses of ${what}`);
  for (const d of doc.analysis.diagnostics) {
    assert.equal(findingOf(doc, d), oldFinders.findingOf(doc, d), `finding of ${d.code} at ${d.range.start} in ${what}`);
    // The polygon fixes look up the call by the diagnostic's range.
    assert.deepStrictEqual(polygonAt(doc, d.range), oldFinders.polygonAt(doc, d.range));
    assert.deepStrictEqual(findPolygonContaining(doc, d.range), oldFinders.findPolygonContaining(doc, d.range));
  }
}

describe('features: statement-local syntax equals the whole-file path', () => {
  it('on random documents, edited or not, at random offsets', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { text, docs } = documentsOf(c);
        for (const doc of docs) {
          checkWhole(doc);
          for (const offset of offsetsOf(c, text)) checkAt(doc, offset);
        }
      }),
      { numRuns: 250 },
    );
  });

  it('at every offset of a document with every kind of statement', () => {
    const text = LINES.join('\n') + '\nlet z = f\n(2)\nbody c circle(hypot /* c */ (1, 2))\nlayer\n  red collides red\n/* open';
    for (const doc of [analyzeText(text), analyzeText(text.replace(/\n/g, '\r\n'))]) {
      checkWhole(doc);
      // Not vacuous: the polygon look-ups find calls, and some findings are matched.
      const polygons = doc.analysis.diagnostics.filter((d) => d.code.startsWith('polygon-'));
      assert.ok(polygons.some((d) => polygonAt(doc, d.range)) && polygons.some((d) => findPolygonContaining(doc, d.range)));
      assert.ok(doc.analysis.diagnostics.some((d) => findingOf(doc, d)));
      assert.ok(semanticTokens(doc).data.some((_, i, data) => i % 5 === 3 && data[i] === 4), 'a function call token');
      for (let offset = 0; offset <= doc.text.length + 1; offset++) checkAt(doc, offset);
    }
  });
});

/**
 * The document with a value and a reference added at each statement's first character. Every
 * statement of today's grammar begins with a keyword, so no parsed document has either; but the
 * look-ups assume only what their comments say (a value or reference lies inside its statement),
 * and one that starts one character past a statement's start differs from the whole-file look-up
 * only on such tables. The entries go into copies of the document's own tables, in table order.
 */
function withEntriesAtStatementStarts(doc: AnalyzedDocument): AnalyzedDocument {
  const { file, tokens } = doc.analysis.parse;
  const { symbols } = doc.analysis.semantics;
  const valueTable = wholeValues(doc);
  const values = new ValueTable();
  for (let i = 0; i < valueTable.count; i++) {
    const v = valueTable.get(i);
    values.push(v.range, v.value, v.role);
  }
  const references: SymbolReference[] = [...symbols.references];
  const definition = symbols.definitions[0]!;
  for (const s of file.statements) {
    // A value as long as its statement (hover shows it where no smaller one lies, inlay hints
    // after it), and a reference as the statement's first token.
    values.push(s.range, 0.25, 'constant');
    const token = tokens.find((t) => t.start === s.range.start)!;
    const first = { start: token.start, end: token.end };
    const at = references.findIndex((r) => r.range.start >= first.start);
    references.splice(at < 0 ? references.length : at, 0, { kind: definition.kind, name: definition.name, range: first, definition });
  }
  values.sort();
  // On request, the values that lie in the statements asked for, in table order.
  const valuesOf = (statements: readonly Statement[]): ValueTable => {
    const out = new ValueTable();
    const from = statements[0]?.range.start ?? Infinity;
    const to = statements.at(-1)?.range.end ?? -Infinity;
    for (let i = values.lowerBound(from); i < values.count && values.start(i) <= to; i++) out.push(values.get(i).range, values.value(i), values.role(i));
    return out;
  };
  const semantics = { ...doc.analysis.semantics, valuesOf, symbols: new DefinitionTable(symbols.entries, references) };
  const analysis = { ...doc.analysis, semantics };
  WHOLE_VALUES.set(analysis, values);
  return { ...doc, analysis };
}

describe('features: statement-local look-ups at the edges of statements', () => {
  it('find table entries that start at a statement\'s first character', () => {
    const text = 'let k = 2\nlet a = 30deg\nbody b circle(k) at (1, 0) angle a\nshape s = box(k, 1)\n';
    const doc = withEntriesAtStatementStarts(analyzeText(text));
    // Not vacuous: each statement's value and first-token reference are in the tables the features read.
    const { symbols } = doc.analysis.semantics;
    const valueTable = wholeValues(doc);
    for (const { range } of doc.analysis.parse.file.statements) {
      assert.ok(symbols.references.some((r) => r.range.start === range.start));
      const first = valueTable.lowerBound(range.start);
      assert.ok(first < valueTable.count && valueTable.start(first) === range.start);
    }
    for (let offset = 0; offset <= text.length + 1; offset++) checkAt(doc, offset);
  });

  it('signature help reaches the start of the text through statements that do not stop its walk', () => {
    // `layer` is no statement keyword for the walk, and a parenthesis after a name opens no
    // shape, so from the end the walk passes every statement and needs the text's first token.
    const text = Array.from({ length: 12 }, (_, i) => `layer l${i} (${i}, `).join('\n');
    for (const doc of [analyzeText(text), analyzeText('// lead\n' + text)]) {
      assert.ok(statementIndexOf(doc.analysis.parse).count >= 12);
      for (let offset = 0; offset <= doc.text.length + 1; offset++) checkAt(doc, offset);
    }
  });
});

describe('features: semantic token deltas', () => {
  it('one edit turns the previous tokens into the next', () => {
    const data = fc.array(fc.nat({ max: 5 }), { maxLength: 40 });
    fc.assert(
      fc.property(data, data, (previous, next) => {
        const edits = semanticTokensEdits(previous, next);
        const applied = [...previous];
        for (const e of edits) applied.splice(e.start, e.deleteCount, ...(e.data ?? []));
        assert.deepStrictEqual(applied, next);
        assert.equal(edits.length, previous.length === next.length && previous.every((x, i) => x === next[i]) ? 0 : 1);
        // The server keeps the tokens it sent as 32-bit integers (server.ts): the same edits.
        assert.deepStrictEqual(semanticTokensEdits(Uint32Array.from(previous), next), edits);
      }),
      { numRuns: 2000 },
    );
  });

  it('sends only the changed run after an edit that renames one body', () => {
    const before = analyzeText('let k = 1\nbody a circle(k) at (0, 0)\nbody b circle(k) at (5, 0)\n');
    const after = analyzeText('let k = 1\nbody a circle(k) at (0, 0)\nbody bee circle(k) at (5, 0)\n');
    const edits = semanticTokensEdits(semanticTokens(before).data, semanticTokens(after).data);
    // The body name's length, and the start of the next token on its line (relative to the name's).
    assert.deepStrictEqual(edits, [{ start: 17, deleteCount: 5, data: [3, 0, 1, 0, 11] }]);
  });
});
