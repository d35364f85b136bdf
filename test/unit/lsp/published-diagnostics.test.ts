import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { parseSettings } from '../../../server/src/lsp/configuration';
import { analysisOptions, DEFAULT_SETTINGS, type CollideSettings } from '../../../server/src/features/settings';
import { publishedDiagnostics } from '../../../server/src/lsp/diagnostics';
import { EncodedDiagnostics, encodeMessage, messageJson, utf8Length } from '../../../server/src/lsp/encode/diagnostics-json';
import { FindingDiagnostic } from '../../../server/src/analysis/finding-diagnostic';
import { makeAnalyzedDocument, type AnalyzedDocument } from '../../../server/src/features/document';
import { PublishedDiagnostics } from '../../../server/src/lsp/publish/published-diagnostics';
import { CHUNK_BYTES, MIN_CHUNK_BYTES } from '../../../server/src/lsp/publish/snapshot';

const URI = 'file:///published.collide';

/** The server's path: one incremental analyzer and one publication cache for the document. */
class Session {
  private readonly analyzer = new IncrementalAnalyzer();
  readonly published = new PublishedDiagnostics();
  version = 0;

  next(text: string, settings: CollideSettings = DEFAULT_SETTINGS): { doc: AnalyzedDocument; lsp: LspDiagnostic[]; encoded: EncodedDiagnostics; json: string } {
    const doc = makeAnalyzedDocument(URI, ++this.version, this.analyzer.analyze(text, analysisOptions(settings)), settings);
    const encoded = this.published.publish(doc);
    const json = Buffer.from(encoded.json).toString('utf8');
    const lsp = JSON.parse(json) as LspDiagnostic[];
    assert.equal(encoded.length, lsp.length);
    return { doc, lsp, encoded, json };
  }

  /** An analysis that is not published. */
  analyzeOnly(text: string, settings: CollideSettings = DEFAULT_SETTINGS): void {
    this.analyzer.analyze(text, analysisOptions(settings));
  }

  /** A run on `text` abandoned after its first pause, as a newer version would abandon it: nothing is published. */
  async abandon(text: string, settings: CollideSettings = DEFAULT_SETTINGS): Promise<void> {
    let polls = 0;
    const run = await this.analyzer.analyzeAsync(text, { isCanceled: () => ++polls > 1, yieldControl: () => Promise.resolve() }, analysisOptions(settings));
    assert.equal(run.state, 'canceled');
  }
}

/** What a fresh conversion gives: the reference every reused publication must equal. */
function fresh(doc: AnalyzedDocument): LspDiagnostic[] {
  return publishedDiagnostics(doc);
}

/** How many diagnostics a chunk's bytes hold: its text is their JSON joined by commas. */
function chunkCount(chunk: Uint8Array): number {
  return (JSON.parse(`[${Buffer.from(chunk).toString('utf8')}]`) as unknown[]).length;
}

/** `n` bodies on `n` lines: a grid of overlapping boxes, about two overlaps per body, ~300 bytes each. */
const scene = (n: number): string[] => Array.from({ length: n }, (_, i) => `body b${i} box(1, 1) at (${(i % 20) * 0.9}, ${Math.floor(i / 20) * 0.9})`);

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

describe('lsp/published-diagnostics: reusing unchanged LSP diagnostics', () => {
  it('publishes the bytes of a fresh conversion, and copies every diagnostic of an unchanged document', () => {
    const s = new Session();
    const first = s.next(SCENE);
    assert.equal(first.json, JSON.stringify(fresh(first.doc)));
    assert.ok(first.lsp.some((d) => d.code === 'overlap') && first.lsp.some((d) => d.code === 'tunnelling') && first.lsp.some((d) => d.code === 'polygon-not-convex'));
    assert.deepEqual(s.published.stats, { reused: 0, converted: first.lsp.length });
    const again = s.next(SCENE);
    assert.equal(again.json, JSON.stringify(fresh(again.doc)));
    assert.equal(again.json, first.json);
    assert.deepEqual(s.published.stats, { reused: first.lsp.length, converted: 0 });
  });

  it('sends no data: quick fixes find theirs in the analysis', () => {
    const doc = new Session().next(SCENE);
    const polygon = doc.doc.analysis.diagnostics.find((d) => d.code === 'polygon-not-convex')!;
    assert.notEqual(polygon.data, undefined, 'the plain diagnostic has the fix data');
    assert.ok(doc.lsp.length > 0 && doc.lsp.every((d) => !('data' in d)), `${doc.lsp.length} diagnostics`);
  });

  it('never serves a stale range: a line break inserted above moves every diagnostic below it', () => {
    const s = new Session();
    const before = s.next(SCENE);
    // Same length, same offsets for everything after the comment, one more line.
    const comment = SCENE.indexOf('with spaces');
    const text = `${SCENE.slice(0, comment + 4)}\n${SCENE.slice(comment + 5)}`;
    assert.equal(text.length, SCENE.length);
    const after = s.next(text);
    assert.equal(after.json, JSON.stringify(fresh(after.doc)));
    const overlapBefore = before.lsp.find((d) => d.code === 'overlap')!;
    const overlapAfter = after.lsp.find((d) => d.code === 'overlap')!;
    assert.equal(overlapAfter.range.start.line, overlapBefore.range.start.line + 1);
    // Only the diagnostics above the new line break keep their bytes.
    const above = before.lsp.filter((d) => d.range.end.line <= 1).length;
    assert.equal(s.published.stats.reused, above);
  });

  it('never serves a stale related location, severity, or message', () => {
    const s = new Session();
    const base = s.next(SCENE);
    // Spaces before the floor's name move the related location of the overlap on `a` only.
    const shifted = s.next(SCENE.replace('body floor', 'body   floor'));
    assert.equal(shifted.json, JSON.stringify(fresh(shifted.doc)));
    const related = (ds: LspDiagnostic[]) => ds.find((d) => d.code === 'overlap' && d.relatedInformation?.[0]?.message.startsWith('floor'))!;
    assert.equal(related(shifted.lsp).relatedInformation![0]!.location.range.start.character, related(base.lsp).relatedInformation![0]!.location.range.start.character + 2);
    // A severity setting changes the published severity of the same diagnostic.
    const loud = parseSettings({ severity: { overlap: 'error' } });
    const louder = s.next(SCENE.replace('body floor', 'body   floor'), loud);
    assert.equal(louder.json, JSON.stringify(fresh(louder.doc)));
    const overlaps = louder.lsp.filter((d) => d.code === 'overlap');
    assert.ok(overlaps.length > 0 && overlaps.every((d) => d.severity === 1), `${overlaps.length} overlaps`);
    // Moving a body changes its numbers, hence its message.
    const moved = s.next(SCENE.replace('at (0, 0.45)', 'at (0, 0.4)'));
    assert.equal(moved.json, JSON.stringify(fresh(moved.doc)));
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
          const { doc, json, encoded } = s.next(current.join('\n'), settings);
          assert.equal(json, JSON.stringify(fresh(doc)));
          // And on the wire, byte for byte, through this writer and through any other.
          const message = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: URI, version: s.version, diagnostics: encoded } };
          const reference = JSON.stringify({ ...message, params: { ...message.params, diagnostics: fresh(doc) } });
          assert.equal(messageJson(message), reference);
          assert.equal(JSON.stringify(message), reference);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a one-body edit in a large scene reuses every diagnostic it does not touch', () => {
    const rows = scene(400);
    const s = new Session();
    const before = s.next(rows.join('\n') + '\n');
    rows[210] = rows[210]!.replace(/at \(([-\d.]+),/, (_, x: string) => `at (${Number(x) + 0.05},`);
    const after = s.next(rows.join('\n') + '\n');
    assert.equal(after.json, JSON.stringify(fresh(after.doc)));
    const { reused } = s.published.stats;
    assert.equal(before.lsp.length > 0, true);
    const touching = after.lsp.filter((d) => /\bb210\b/.test(String(d.message))).length;
    assert.ok(after.lsp.length > 300, `a scene full of overlaps (${after.lsp.length})`);
    assert.ok(reused >= after.lsp.length - touching - 8, `reused ${reused} of ${after.lsp.length} (${touching} about b210)`);
  });

  it('converts a diagnostic with several related locations every time, and never serves it stale', () => {
    // Nothing in the pipeline makes one today; the publisher must still write it exactly.
    const publisher = new PublishedDiagnostics();
    const withSeveral = (text: string, version: number): AnalyzedDocument => {
      const doc = makeAnalyzedDocument(URI, version, new IncrementalAnalyzer().analyze(text, analysisOptions(DEFAULT_SETTINGS)), DEFAULT_SETTINGS);
      const bodies = doc.analysis.semantics.scene.bodies;
      const several = {
        range: bodies[1]!.nameRange,
        severity: 'warning' as const,
        code: 'overlap',
        message: 'three related',
        related: bodies.slice(2, 5).map((b) => ({ range: b.nameRange, message: `${b.name} is related` })),
      };
      const diagnostics = [...doc.analysis.diagnostics, several].sort((x, y) => x.range.start - y.range.start || x.range.end - y.range.end);
      return { ...doc, analysis: { ...doc.analysis, diagnostics } };
    };
    const json = (doc: AnalyzedDocument) => Buffer.from(publisher.publish(doc).json).toString('utf8');
    const first = withSeveral(SCENE, 1);
    assert.equal(json(first), JSON.stringify(fresh(first)));
    // The same objects again: all but the one with several related locations are copied.
    assert.equal(json(first), JSON.stringify(fresh(first)));
    assert.deepEqual(publisher.stats, { reused: first.analysis.diagnostics.length - 1, converted: 1 });
    // A related body's name moves on its line: the related location moves with it.
    const shifted = withSeveral(SCENE.replace('body wall', 'body  wall'), 2);
    assert.equal(json(shifted), JSON.stringify(fresh(shifted)));
  });

  it('recognizes a finding whose bodies were renumbered by its numbers, without making its message again', () => {
    // A body inserted at the top renumbers every body below it: their findings are relabeled
    // (new objects sharing their numbers), and their diagnostics are copied, not converted.
    const rows = scene(200);
    const s = new Session();
    // The new body replaces a comment, so that the lines and characters below stay as they were.
    const before = s.next(['// the first body goes here', ...rows].join('\n'));
    const after = s.next(['body first circle(0.1) at (-50, -50)', ...rows].join('\n'));
    assert.equal(after.json, JSON.stringify(fresh(after.doc)));
    assert.ok(before.lsp.length > 300, `a scene full of overlaps (${before.lsp.length})`);
    assert.notEqual(after.doc.analysis.findings[0], before.doc.analysis.findings[0], 'relabeled');
    assert.deepEqual(s.published.stats, { reused: before.lsp.length, converted: 0 });
    // Renaming a body changes its findings' words: those are converted again.
    const renamed = s.next(['body first circle(0.1) at (-50, -50)', ...rows.map((r) => r.replace('body b7 ', 'body seven '))].join('\n'));
    assert.equal(renamed.json, JSON.stringify(fresh(renamed.doc)));
    const aboutSeven = renamed.lsp.filter((d) => String(d.message).includes('seven') || d.relatedInformation?.some((r) => r.message === 'seven')).length;
    assert.ok(aboutSeven > 0 && s.published.stats.converted >= aboutSeven, `${aboutSeven} about seven, ${s.published.stats.converted} converted`);
  });

  it('recognizes the copies a length-changing edit makes by their findings, and never serves them at stale places', () => {
    // A grid of overlapping boxes; spaces added to an early body's line move every name after it
    // in the text (same lines): the analysis hands back copies at the new offsets with the same
    // findings, which the publication copies without converting.
    const rows = scene(300);
    const s = new Session();
    const before = s.next(rows.join('\n'));
    rows[3] = rows[3]!.replace(' box', '    box');
    const after = s.next(rows.join('\n'));
    assert.equal(after.json, JSON.stringify(fresh(after.doc)));
    const copies = after.doc.analysis.diagnostics.filter((d, k) => {
      const was = before.doc.analysis.diagnostics[k] as FindingDiagnostic | undefined;
      return d instanceof FindingDiagnostic && was !== undefined && d !== was && d.finding === was.finding && d.start !== was.start;
    }).length;
    assert.ok(copies > 300, `most diagnostics are copies at new offsets with the same finding (${copies} of ${after.lsp.length})`);
    assert.deepEqual(s.published.stats, { reused: after.lsp.length, converted: 0 });
    // The same kind of edit with a line break: every copy below it is on another line now.
    rows[3] = `${rows[3]!.replace('    box', ' box')}\n`;
    const broken = s.next(rows.join('\n'));
    assert.equal(broken.json, JSON.stringify(fresh(broken.doc)));
    const below = broken.lsp.filter((d) => d.range.start.line > 3 || (d.relatedInformation?.[0]?.location.range.start.line ?? 0) > 3).length;
    assert.ok(below > 300 && s.published.stats.converted >= below, `${below} moved to other lines, ${s.published.stats.converted} converted`);
    // A length-changing edit under new settings: the same findings, another severity.
    rows[3] = rows[3]!.replace(' box', '  box');
    const loud = s.next(rows.join('\n'), parseSettings({ severity: { overlap: 'error' } }));
    assert.equal(loud.json, JSON.stringify(fresh(loud.doc)));
    assert.ok(loud.lsp.length > 300 && loud.lsp.every((d) => d.code !== 'overlap' || d.severity === 1));
    // Then bodies renumbered (one inserted at the top) and names moved again: still exact.
    const renumbered = s.next(['body first circle(0.1) at (-50, -50)', ...rows].join('\n'), parseSettings({ severity: { overlap: 'error' } }));
    assert.equal(renumbered.json, JSON.stringify(fresh(renumbered.doc)));
    const again = s.next(['body first  circle(0.1) at (-50, -50)', ...rows].join('\n'), parseSettings({ severity: { overlap: 'error' } }));
    assert.equal(again.json, JSON.stringify(fresh(again.doc)));
    assert.equal(s.published.stats.converted, 0);
  });

  it('writes the URI of the document as published: the same analysis reopened under another URI is converted again', () => {
    const s = new Session();
    const first = s.next(SCENE);
    const elsewhere = makeAnalyzedDocument('file:///elsewhere.collide', 1, first.doc.analysis, DEFAULT_SETTINGS);
    const json = Buffer.from(s.published.publish(elsewhere).json).toString('utf8');
    assert.equal(json, JSON.stringify(fresh(elsewhere)));
    assert.ok(json.includes('file:///elsewhere.collide') && !json.includes(URI));
    assert.deepEqual(s.published.stats, { reused: 0, converted: first.lsp.length });
  });

  it('starts over after clear()', () => {
    const s = new Session();
    const first = s.next(SCENE);
    s.published.clear();
    const second = s.next(SCENE);
    assert.equal(second.json, first.json);
    assert.deepEqual(s.published.stats, { reused: 0, converted: first.lsp.length });
  });
});

describe('lsp/published-diagnostics: chunks shared between publications', () => {
  const moved = (rows: string[], i: number, dx: number) => rows.map((r, k) => (k === i ? r.replace(/at \(([-\d.]+),/, (_, x: string) => `at (${(Number(x) + dx).toFixed(2)},`) : r));

  it('shares every chunk an edit did not touch, and writes new ones only around it', () => {
    const s = new Session();
    let rows = scene(1000);
    const first = s.next(rows.join('\n'));
    assert.ok(first.encoded.chunks.length >= 10, `a list of many chunks (${first.encoded.chunks.length})`);
    rows = moved(rows, 500, 0.1);
    const second = s.next(rows.join('\n'));
    assert.equal(second.json, JSON.stringify(fresh(second.doc)));
    const before = new Set(first.encoded.chunks);
    const made = second.encoded.chunks.filter((c) => !before.has(c));
    assert.ok(made.length >= 1 && made.length <= 3, `${made.length} new chunks`);
    assert.ok(second.encoded.chunks.length - made.length >= first.encoded.chunks.length - 3, 'the others are the same memory');
  });

  it('never changes a list once published', () => {
    const s = new Session();
    let rows = scene(300);
    const lists: { encoded: EncodedDiagnostics; json: string }[] = [];
    for (let edit = 0; edit < 6; edit++) {
      lists.push(s.next(rows.join('\n')));
      rows = moved(rows, edit * 37, 0.15);
    }
    for (const { encoded, json } of lists) assert.equal(Buffer.from(encoded.json).toString('utf8'), json, 'bytes as published');
  });

  it('cuts a first publication into chunks as they fill, and one whose new diagnostics come first the same as a fresh conversion', () => {
    const s = new Session();
    // Overlaps first, then an unused definition and a tunnelling pair the settings below leave alone.
    const rows = [...scene(400), 'let unused = 1', 'body wall static box(0.1, 4) at (200, 0)', 'body shot circle(0.05) at (190, 0) velocity (900, 0)'];
    const first = s.next(rows.join('\n'));
    assert.equal(first.json, JSON.stringify(fresh(first.doc)));
    const chunks = first.encoded.chunks;
    assert.ok(chunks.length >= 5, `${chunks.length} chunks`);
    // Each chunk but the last ends with the diagnostic that filled it past CHUNK_BYTES.
    let at = 0;
    for (let c = 0; c < chunks.length; c++) {
      const texts = first.lsp.slice(at, at + chunkCount(chunks[c]!)).map((d) => Buffer.byteLength(JSON.stringify(d)));
      at += texts.length;
      const size = texts.reduce((a, b) => a + b, 0);
      if (c + 1 < chunks.length) assert.ok(size >= CHUNK_BYTES && size - texts[texts.length - 1]! < CHUNK_BYTES, `chunk ${c}: ${size} bytes`);
    }
    assert.equal(at, first.lsp.length);
    // Published without overlaps, then with: every overlap new, the two after them recognized.
    const t = new Session();
    const quiet = t.next(rows.join('\n'), parseSettings({ severity: { overlap: 'off' } }));
    assert.equal(quiet.lsp.length, 2);
    const all = t.next(rows.join('\n'));
    assert.equal(all.json, first.json);
    const overlaps = all.lsp.filter((d) => d.code === 'overlap').length;
    assert.ok(overlaps * 300 > 2 * CHUNK_BYTES && overlaps + 2 === all.lsp.length, `${overlaps} of ${all.lsp.length}`);
    assert.deepEqual(t.published.stats, { reused: 2, converted: overlaps });
  });

  it('property: over any edits, every publication equals a fresh conversion, no earlier list changes, and every chunk but the last is at least MIN_CHUNK_BYTES', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ row: fc.nat({ max: 299 }), dx: fc.integer({ min: -30, max: 30 }), grow: fc.integer({ min: -40, max: 40 }) }), { minLength: 1, maxLength: 10 }),
        (edits) => {
          const s = new Session();
          let rows = scene(300);
          const held: { encoded: EncodedDiagnostics; json: string }[] = [s.next(rows.join('\n'))];
          for (const e of edits) {
            rows = moved(rows, e.row, e.dx / 100);
            // Lists that grow and shrink at the end, as well as change in the middle.
            for (let k = 0; k < e.grow; k++) rows.push(`body extra${rows.length} box(2, 2) at (${e.dx / 10 + k * 0.5}, 1)`);
            for (let k = 0; k < -e.grow && rows.length > 30; k++) rows.pop();
            const published = s.next(rows.join('\n'));
            assert.equal(published.json, JSON.stringify(fresh(published.doc)));
            const chunks = published.encoded.chunks;
            for (let c = 0; c + 1 < chunks.length; c++) assert.ok(chunks[c]!.length >= MIN_CHUNK_BYTES, `chunk ${c} of ${chunks.length}: ${chunks[c]!.length} bytes`);
            held.push(published);
          }
          for (const { encoded, json } of held) assert.equal(Buffer.from(encoded.json).toString('utf8'), json);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('lsp/published-diagnostics: a publication from the analysis\'s change record', () => {
  const check = (s: Session, published: { doc: AnalyzedDocument; json: string; encoded: EncodedDiagnostics }): void => {
    assert.equal(published.json, JSON.stringify(fresh(published.doc)));
    const chunks = published.encoded.chunks;
    for (let c = 0; c + 1 < chunks.length; c++) assert.ok(chunks[c]!.length >= MIN_CHUNK_BYTES, `chunk ${c} of ${chunks.length}: ${chunks[c]!.length} bytes`);
    assert.equal(s.published.stats.reused + s.published.stats.converted, published.encoded.length);
  };

  it('shares every chunk a same-line edit left alone without converting, and writes only those around it', () => {
    const s = new Session();
    const rows = scene(1000);
    const first = s.next(rows.join('\n'));
    // A longer number on one line: every name after it moves in the text, none to another line.
    rows[500] = rows[500]!.replace(/at \(([-\d.]+),/, (_, x: string) => `at (${(Number(x) + 0.012345).toFixed(6)},`);
    const second = s.next(rows.join('\n'));
    check(s, second);
    assert.equal(s.published.lastPath, 'change');
    const before = new Set(first.encoded.chunks);
    const made = second.encoded.chunks.filter((c) => !before.has(c));
    assert.ok(made.length >= 1 && made.length <= 3, `${made.length} new chunks`);
    assert.ok(second.encoded.chunks.length - made.length >= first.encoded.chunks.length - 3, 'the others are the same memory');
    const about = second.lsp.filter((d) => /\bb500\b/.test(String(d.message)) || d.relatedInformation?.some((r) => r.message === 'b500')).length;
    assert.ok(s.published.stats.converted <= about, `${s.published.stats.converted} converted, ${about} about b500`);
    // A finding that changes while its place does not (the same length, another size).
    rows[600] = rows[600]!.replace('box(1, 1)', 'box(1, 2)');
    const third = s.next(rows.join('\n'));
    check(s, third);
    assert.equal(s.published.lastPath, 'change');
    assert.notEqual(third.json, second.json);
  });

  it('edits inside and across chunk boundaries, at the start and the end of the list', () => {
    const s = new Session();
    const rows = scene(600);
    const first = s.next(rows.join('\n'));
    // Rows whose diagnostics open or close a chunk, and the first and last rows.
    const edges: number[] = [0, rows.length - 1];
    let at = 0;
    for (const chunk of first.encoded.chunks) {
      const count = chunkCount(chunk);
      for (const k of [at, at + count - 1]) {
        const line = first.lsp[k]?.range.start.line;
        if (line !== undefined) edges.push(line);
      }
      at += count;
    }
    for (const row of edges) {
      rows[row] = rows[row]!.replace('box(1, 1)', 'box(1.05, 1)');
      check(s, s.next(rows.join('\n')));
      assert.equal(s.published.lastPath, 'change', `row ${row}`);
      // Two rows at once (one edit spanning both lines): a chunk end between them.
      if (row + 1 < rows.length) {
        rows[row] = rows[row]!.replace('box(1.05, 1)', 'box(1, 1)');
        rows[row + 1] = `${rows[row + 1]!} `;
        check(s, s.next(rows.join('\n')));
        assert.equal(s.published.lastPath, 'change', `rows ${row} and ${row + 1}`);
      }
    }
  });

  it('a body inserted on a line and removed again, the lines unchanged, publishes from the record', () => {
    const s = new Session();
    const rows = scene(500);
    const first = s.next(rows.join('\n'));
    // A body appended to an existing line: its overlaps are new, the bodies after it renumbered.
    rows[250] = `${rows[250]!} body added box(3, 3) at (${(250 % 20) * 0.9}, ${Math.floor(250 / 20) * 0.9})`;
    const inserted = s.next(rows.join('\n'));
    check(s, inserted);
    assert.equal(s.published.lastPath, 'change');
    assert.ok(inserted.lsp.length > first.lsp.length, 'the new body overlaps its neighbors');
    rows[250] = rows[250]!.replace(/ body added.*$/, '');
    const removed = s.next(rows.join('\n'));
    check(s, removed);
    assert.equal(s.published.lastPath, 'change');
    assert.equal(removed.json, first.json);
  });

  it('takes the full path for an edit that adds a line, new settings, another URI, or a list it did not publish', async () => {
    const s = new Session();
    const rows = scene(300);
    s.next(rows.join('\n'));
    rows.splice(100, 0, '');
    check(s, s.next(rows.join('\n')));
    assert.equal(s.published.lastPath, 'all', 'a line more');
    rows[120] = rows[120]!.replace('box(1, 1)', 'box(1, 1.5)');
    check(s, s.next(rows.join('\n')));
    assert.equal(s.published.lastPath, 'change');
    const loud = parseSettings({ severity: { overlap: 'error' } });
    rows[121] = rows[121]!.replace('box(1, 1)', 'box(1, 1.5)');
    check(s, s.next(rows.join('\n'), loud));
    assert.equal(s.published.lastPath, 'all', 'other settings');
    rows[122] = rows[122]!.replace('box(1, 1)', 'box(1, 1.5)');
    const same = s.next(rows.join('\n'), loud);
    check(s, same);
    assert.equal(s.published.lastPath, 'change');
    // The same analysis under another URI (a document reopened elsewhere), then back.
    const elsewhere = makeAnalyzedDocument('file:///elsewhere.collide', 9, same.doc.analysis, loud);
    assert.equal(Buffer.from(s.published.publish(elsewhere).json).toString('utf8'), JSON.stringify(fresh(elsewhere)));
    assert.equal(s.published.lastPath, 'all', 'another URI');
    rows[123] = rows[123]!.replace('box(1, 1)', 'box(1, 1.5)');
    check(s, s.next(rows.join('\n'), loud));
    assert.equal(s.published.lastPath, 'all', 'its previous list was published under another URI');
    // An analysis not published (the server found it stale): the next one's record is relative to it.
    rows[124] = rows[124]!.replace('box(1, 1)', 'box(1, 1.5)');
    s.analyzeOnly(rows.join('\n'), loud);
    rows[125] = rows[125]!.replace('box(1, 1)', 'box(1, 1.5)');
    const after = s.next(rows.join('\n'), loud);
    check(s, after);
    assert.notEqual(after.doc.analysis.change, undefined);
    assert.equal(s.published.lastPath, 'all', 'the previous list was not published');
    // Canceled by a newer version: the run after it is checked whole.
    await s.abandon(rows.join('\n'), loud);
    rows[127] = rows[127]!.replace('box(1, 1)', 'box(1, 1.5)');
    check(s, s.next(rows.join('\n'), loud));
    assert.equal(s.published.lastPath, 'all', 'after an abandoned run');
  });

  it('property: over any edits (lines of two bodies, syntax and semantic diagnostics among them), settings, URIs and abandoned runs, every publication equals a fresh conversion, and every chunk but the last is at least MIN_CHUNK_BYTES', async () => {
    const kinds = ['move', 'move', 'digit', 'indent', 'indent', 'pair', 'rename', 'replace', 'blank', 'remove', 'settings', 'uri', 'abandon'] as const;
    let changes = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ kind: fc.constantFrom(...kinds), row: fc.nat({ max: 299 }), n: fc.nat({ max: 9 }) }), { minLength: 1, maxLength: 12 }), async (edits) => {
        const s = new Session();
        // Every seventh line holds a second body, whose name an edit of the first moves along the
        // line; an unused definition and a syntax error sit among the findings.
        let rows = scene(300).map((row, i) => (i % 7 === 3 ? `${row} body c${i} box(1, 1) at (${(i % 20) * 0.9 + 0.45}, ${Math.floor(i / 20) * 0.9})` : i === 150 ? 'body (' : row));
        rows.unshift('let spare = 2');
        let settings = DEFAULT_SETTINGS;
        const held: { encoded: EncodedDiagnostics; json: string }[] = [s.next(rows.join('\n'))];
        for (const e of edits) {
          const r = e.row % rows.length;
          rows = rows.slice();
          if (e.kind === 'move') rows[r] = rows[r]!.replace(/at \(([-\d.]+),/, (_, x: string) => `at (${(Number(x) + (e.n - 5) / 23).toFixed(1 + (e.n % 4))},`);
          else if (e.kind === 'digit') rows[r] = rows[r]!.replace(/box\((\d)/, (_, d: string) => `box(${(Number(d) % 9) + 1}`);
          else if (e.kind === 'indent') rows[r] = rows[r]!.replace(/ (box|circle)/, `${' '.repeat(1 + (e.n % 3))}$1`);
          else if (e.kind === 'pair' && r + 1 < rows.length) {
            rows[r] = `${rows[r]!}${' '.repeat(e.n % 2)}`;
            rows[r + 1] = rows[r + 1]!.replace(/at \(([-\d.]+),/, (_, x: string) => `at (${Number(x) + 0.25},`);
          } else if (e.kind === 'rename') rows[r] = rows[r]!.replace(/^body \w+/, `body n${e.n}r${r}`);
          else if (e.kind === 'replace') rows[r] = `body other${e.n}r${r} circle(0.6) at (${(e.n % 10) * 1.8}, ${(e.n % 5) * 0.9})`;
          else if (e.kind === 'blank') rows.splice(r, 0, '');
          else if (e.kind === 'remove' && rows.length > 40) rows.splice(r, 1);
          else if (e.kind === 'settings') settings = parseSettings(e.n % 2 === 0 ? { severity: { overlap: 'error' } } : {});
          else if (e.kind === 'uri') {
            const last = s.next(rows.join('\n'), settings);
            const elsewhere = makeAnalyzedDocument(`file:///other${e.n}.collide`, 1, last.doc.analysis, settings);
            assert.equal(Buffer.from(s.published.publish(elsewhere).json).toString('utf8'), JSON.stringify(fresh(elsewhere)));
          } else if (e.kind === 'abandon') await s.abandon(rows.map((x, k) => (k === r ? `${x} ` : x)).join('\n'), settings);
          const published = s.next(rows.join('\n'), settings);
          check(s, published);
          if (s.published.lastPath === 'change') changes++;
          held.push(published);
        }
        for (const { encoded, json } of held) assert.equal(Buffer.from(encoded.json).toString('utf8'), json, 'no earlier list changes');
      }),
      { numRuns: 40 },
    );
    // About 40% of some 260 publications take the change path; the guard only asks that it is well exercised.
    assert.ok(changes > 40, `${changes} publications from a change record`);
  });
});

describe('lsp/diagnostics-json: the wire bytes of a message', () => {
  const bytesOf = (message: unknown) => Buffer.from(JSON.stringify(message), 'utf8');
  /** The list in chunks of `per` diagnostics each. */
  const encode = (list: readonly unknown[], per = 2) => {
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < list.length; i += per) chunks.push(new TextEncoder().encode(JSON.stringify(list.slice(i, i + per)).slice(1, -1)));
    return new EncodedDiagnostics(chunks, list.length);
  };

  it('are the UTF-8 of JSON.stringify, for any message, encoded publications included', () => {
    // Full UTF-16 units (surrogate pairs and lone halves, control characters) in keys and values.
    const text = fc.string({ unit: 'binary' });
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, text, fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(tie('value')), fc.dictionary(text, tie('value'))),
    })).value;
    fc.assert(
      fc.property(fc.dictionary(text, json), fc.array(fc.oneof(fc.dictionary(text, json), json)), fc.boolean(), fc.boolean(), (params, list, publication, encoded) => {
        const diagnostics = encoded ? encode(list) : list;
        const message = { jsonrpc: '2.0', method: publication ? 'textDocument/publishDiagnostics' : 'window/logMessage', params: { ...params, diagnostics } };
        // JSON.stringify goes through EncodedDiagnostics.toJSON: what any other transport sends.
        const reference = bytesOf({ ...message, params: { ...message.params, diagnostics: JSON.parse(JSON.stringify(list)) as unknown } });
        assert.deepEqual(bytesOf(message), reference);
        assert.deepEqual(Buffer.from(encodeMessage(message)), reference);
        assert.equal(messageJson(message), reference.toString('utf8'));
      }),
      { numRuns: 300 },
    );
    const odd: unknown[] = [null, 'text', 42, [], { method: 'textDocument/publishDiagnostics' }, { method: 'textDocument/publishDiagnostics', params: { diagnostics: 'x' } }];
    // A toJSON on the message or its parameters decides what is written, as for JSON.stringify.
    odd.push({ method: 'textDocument/publishDiagnostics', params: { diagnostics: encode([1]) }, toJSON: () => 'replaced' });
    odd.push({ method: 'textDocument/publishDiagnostics', params: { diagnostics: encode([1]), toJSON: () => ({ other: true }) } });
    for (const m of odd) assert.deepEqual(Buffer.from(encodeMessage(m)), bytesOf(m));
    const unicode = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///é.collide', diagnostics: encode([{ message: 'ä → 😀 \u0000 \ud800' }, { message: '' }]) } };
    assert.equal(messageJson(unicode), JSON.stringify(unicode));
    assert.match(messageJson(unicode), /"uri":"file:\/\/\/é.collide","diagnostics":\[\{"message":"ä → 😀 \\u0000 \\ud800"\},\{"message":""\}\]\}\}$/);
  });

  it('measure UTF-8 lengths as the encoder writes them, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => assert.equal(utf8Length(s), new TextEncoder().encode(s).length)),
      { numRuns: 500 },
    );
    for (const s of ['', 'a', 'é', '€', '😀', '\ud800', '\udc00', '\ud800a', 'a\udfff\ud83d\ude00']) assert.equal(utf8Length(s), new TextEncoder().encode(s).length, JSON.stringify(s));
  });
});
