import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analysisOptions, DEFAULT_SETTINGS, parseSettings, type CollideSettings } from '../../../server/src/features/configuration';
import { publishedDiagnostics } from '../../../server/src/features/diagnostics';
import { encodeMessage, messageJson } from '../../../server/src/features/diagnostics-json';
import { makeAnalyzedDocument, type AnalyzedDocument } from '../../../server/src/features/document';
import { PublishedDiagnostics } from '../../../server/src/features/published-diagnostics';

const URI = 'file:///published.collide';

/** The server's path: one incremental analyzer and one publication cache for the document. */
class Session {
  private readonly analyzer = new IncrementalAnalyzer();
  readonly published = new PublishedDiagnostics();
  version = 0;

  next(text: string, settings: CollideSettings = DEFAULT_SETTINGS): { doc: AnalyzedDocument; lsp: LspDiagnostic[] } {
    const doc = makeAnalyzedDocument(URI, ++this.version, this.analyzer.analyze(text, analysisOptions(settings)), settings);
    return { doc, lsp: this.published.publish(doc) };
  }
}

/** What a fresh conversion gives: the reference every reused publication must equal. */
function fresh(doc: AnalyzedDocument): LspDiagnostic[] {
  return publishedDiagnostics(doc);
}

const SCENE = [
  'dt 1/60',
  '// a comment with spaces in it',
  'body floor static box(20, 1) at (0, -0.5)',
  'body a box(1, 1) at (0, 0.45)',
  'body b box(1, 1) at (0.8, 0.45)',
  'body wall static box(0.1, 4) at (2, 0)',
  'body shot circle(0.05) at (-1, 0) velocity (600, 0)',
  'body cup polygon((0, 0), (1, 0), (0.5, 0.2), (1, 1), (0, 1)) at (9, 9)',
  'let unused = 1',
  '',
].join('\n');

describe('features/published-diagnostics: reusing unchanged LSP diagnostics', () => {
  it('publishes what a fresh conversion gives, and reuses the objects of an unchanged document', () => {
    const s = new Session();
    const first = s.next(SCENE);
    assert.deepStrictEqual(first.lsp, fresh(first.doc));
    assert.ok(first.lsp.some((d) => d.code === 'overlap') && first.lsp.some((d) => d.code === 'tunnelling') && first.lsp.some((d) => d.code === 'polygon-not-convex'));
    const again = s.next(SCENE);
    assert.deepStrictEqual(again.lsp, fresh(again.doc));
    assert.equal(again.lsp.length, first.lsp.length);
    // The finding diagnostics keep their messages, so their objects come back.
    for (let k = 0; k < first.lsp.length; k++) if (/^(overlap|tunnelling)$/.test(String(first.lsp[k]!.code))) assert.equal(again.lsp[k], first.lsp[k]);
  });

  it('never serves a stale range: a line break inserted above moves every diagnostic below it', () => {
    const s = new Session();
    const before = s.next(SCENE);
    // Same length, same offsets for everything after the comment, one more line.
    const comment = SCENE.indexOf('with spaces');
    const text = `${SCENE.slice(0, comment + 4)}\n${SCENE.slice(comment + 5)}`;
    assert.equal(text.length, SCENE.length);
    const after = s.next(text);
    assert.deepStrictEqual(after.lsp, fresh(after.doc));
    const overlapBefore = before.lsp.find((d) => d.code === 'overlap')!;
    const overlapAfter = after.lsp.find((d) => d.code === 'overlap')!;
    assert.equal(overlapAfter.range.start.line, overlapBefore.range.start.line + 1);
    assert.notEqual(overlapAfter, overlapBefore);
  });

  it('never serves a stale related location, severity, or message', () => {
    const s = new Session();
    const base = s.next(SCENE);
    // Spaces before the floor's name move the related location of the overlap on `a` only.
    const shifted = s.next(SCENE.replace('body floor', 'body   floor'));
    assert.deepStrictEqual(shifted.lsp, fresh(shifted.doc));
    const related = (ds: LspDiagnostic[]) => ds.find((d) => d.code === 'overlap' && d.relatedInformation?.[0]?.message.startsWith('floor'))!;
    assert.equal(related(shifted.lsp).relatedInformation![0]!.location.range.start.character, related(base.lsp).relatedInformation![0]!.location.range.start.character + 2);
    // A severity setting changes the published severity of the same diagnostic.
    const loud = parseSettings({ severity: { overlap: 'error' } });
    const louder = s.next(SCENE.replace('body floor', 'body   floor'), loud);
    assert.deepStrictEqual(louder.lsp, fresh(louder.doc));
    assert.ok(louder.lsp.filter((d) => d.code === 'overlap').every((d) => d.severity === 1));
    // Moving a body changes its numbers, hence its message.
    const moved = s.next(SCENE.replace('at (0, 0.45)', 'at (0, 0.4)'));
    assert.deepStrictEqual(moved.lsp, fresh(moved.doc));
  });

  it('property: after any sequence of edits, every publication equals a fresh conversion', () => {
    const lines = SCENE.split('\n');
    const edit = fc.oneof(
      // Move a body: its findings' numbers change.
      fc.record({ kind: fc.constant('move' as const), line: fc.integer({ min: 2, max: 7 }), dx: fc.integer({ min: -20, max: 20 }) }),
      // Insert or remove a blank line or spaces: positions change, messages do not.
      fc.record({ kind: fc.constant('newline' as const), line: fc.integer({ min: 0, max: 8 }) }),
      fc.record({ kind: fc.constant('indent' as const), line: fc.integer({ min: 2, max: 7 }), n: fc.integer({ min: 1, max: 3 }) }),
      // Rename a body: messages of its findings and of the related locations change.
      fc.record({ kind: fc.constant('rename' as const), line: fc.integer({ min: 2, max: 7 }), name: fc.constantFrom('p', 'q', 'longer_name') }),
      fc.record({ kind: fc.constant('severity' as const), off: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 12 }), (edits) => {
        const s = new Session();
        const current = lines.slice();
        let settings = DEFAULT_SETTINGS;
        s.next(current.join('\n'), settings);
        for (const e of edits) {
          if (e.kind === 'move') current[e.line] = current[e.line]!.replace(/at \(([-\d.]+),/, (_, x: string) => `at (${(Number(x) + e.dx / 100).toFixed(2)},`);
          else if (e.kind === 'newline') current.splice(Math.min(e.line, current.length - 1), 0, '');
          else if (e.kind === 'indent') current[e.line] = ' '.repeat(e.n) + current[e.line]!;
          else if (e.kind === 'rename') current[e.line] = current[e.line]!.replace(/^(\s*body )\w+/, `$1${e.name}${e.line}`);
          else settings = parseSettings(e.off ? { severity: { overlap: 'off', 'unused-definition': 'warning' } } : {});
          const { doc, lsp } = s.next(current.join('\n'), settings);
          assert.deepStrictEqual(lsp, fresh(doc));
          // And on the wire, byte for byte.
          const message = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: URI, version: s.version, diagnostics: lsp } };
          assert.equal(messageJson(message), JSON.stringify(message));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a one-body edit in a large scene reuses every diagnostic it does not touch', () => {
    const rows: string[] = [];
    for (let i = 0; i < 400; i++) rows.push(`body b${i} box(1, 1) at (${(i % 20) * 0.9}, ${Math.floor(i / 20) * 0.9})`);
    const s = new Session();
    const before = s.next(rows.join('\n') + '\n');
    rows[210] = rows[210]!.replace(/at \(([-\d.]+),/, (_, x: string) => `at (${Number(x) + 0.05},`);
    const after = s.next(rows.join('\n') + '\n');
    assert.deepStrictEqual(after.lsp, fresh(after.doc));
    const old = new Set(before.lsp);
    const reused = after.lsp.filter((d) => old.has(d)).length;
    const touching = after.lsp.filter((d) => /\bb210\b/.test(String(d.message))).length;
    assert.ok(after.lsp.length > 300, `a scene full of overlaps (${after.lsp.length})`);
    assert.ok(reused >= after.lsp.length - touching - 8, `reused ${reused} of ${after.lsp.length} (${touching} about b210)`);
  });

  it('starts over after clear()', () => {
    const s = new Session();
    const first = s.next(SCENE);
    s.published.clear();
    const second = s.next(SCENE);
    assert.deepStrictEqual(second.lsp, first.lsp);
    assert.ok(second.lsp.every((d, k) => d !== first.lsp[k]));
  });
});

describe('features/diagnostics-json: the wire bytes of a message', () => {
  const bytesOf = (message: unknown) => Buffer.from(JSON.stringify(message), 'utf8');

  it('are the UTF-8 of JSON.stringify, for any message, publications included', () => {
    // Full UTF-16 units (surrogate pairs and lone halves, control characters): the encoder sizes
    // its buffer from each fragment's UTF-8 length.
    const text = fc.string({ unit: 'binary' });
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, text, fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(tie('value')), fc.dictionary(text, tie('value'))),
    })).value;
    fc.assert(
      fc.property(fc.dictionary(text, json), fc.array(fc.oneof(fc.dictionary(text, json), json)), fc.boolean(), (params, diagnostics, publication) => {
        const message = { jsonrpc: '2.0', method: publication ? 'textDocument/publishDiagnostics' : 'window/logMessage', params: { ...params, diagnostics } };
        assert.deepEqual(Buffer.from(encodeMessage(message)), bytesOf(message));
        // Twice: the second time from the fragments kept the first time.
        assert.deepEqual(Buffer.from(encodeMessage(message)), bytesOf(message));
        assert.equal(messageJson(message), JSON.stringify(message));
      }),
      { numRuns: 300 },
    );
    for (const odd of [null, 'text', 42, [], { method: 'textDocument/publishDiagnostics' }, { method: 'textDocument/publishDiagnostics', params: { diagnostics: 'x' } }]) {
      assert.deepEqual(Buffer.from(encodeMessage(odd)), bytesOf(odd));
    }
    const unicode = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///é.collide', diagnostics: [{ message: 'ä → 😀 \u0000 \ud800' }, { message: '' }] } };
    assert.deepEqual(Buffer.from(encodeMessage(unicode)), bytesOf(unicode));
  });

  it('serialises a new diagnostic object anew, whatever an equal-looking one was', () => {
    const d1 = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: 'x overlaps y by 1' };
    const d2 = { ...d1, range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } } };
    const at = (ds: object[]) => messageJson({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: URI, diagnostics: ds } });
    assert.equal(at([d1]), JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: URI, diagnostics: [d1] } }));
    assert.match(at([d2]), /"line":1/);
    assert.doesNotMatch(at([d2]), /"line":0/);
  });
});
