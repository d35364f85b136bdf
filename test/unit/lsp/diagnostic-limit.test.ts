import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { parseSettings } from '../../../server/src/lsp/configuration';
import { DEFAULT_SETTINGS, type CollideSettings } from '../../../server/src/features/settings';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analysisOptions } from '../../../server/src/features/settings';
import { publishedDiagnostics } from '../../../server/src/lsp/diagnostics';
import { limitedDiagnostics, limitedList } from '../../../server/src/lsp/publish/diagnostic-limit';
import { makeAnalyzedDocument } from '../../../server/src/features/document';
import { PublishedDiagnostics } from '../../../server/src/lsp/publish/published-diagnostics';
import { PROBLEM_LIMIT_CODE, type ProblemLimitData } from '../../../protocol/lsp';
import { zlibCodec } from '../../../server/src/node/zlib-codec';
import { scene } from '../features/fixture';

/**
 * A scene with problems of every severity, spread so that document order and severity order
 * disagree: warnings (overlaps, a tunnelling body passing two walls), errors (an unknown name, a
 * syntax error at the very end) and hints (unused lets).
 */
const TEXT = [
  'let unusedA = 1',
  'body a box(1, 1) at (0, 0)',
  'body b box(1, 1) at (0.5, 0)',
  'body c box(1, 1) at (nowhere, 0)',
  'body d box(1, 1) at (10, 0)',
  'body e box(1, 1) at (10.5, 0)',
  'body wall1 static box(0.1, 4) at (30, 0)',
  'body wall2 static box(0.1, 4) at (32, 0)',
  'body shot circle(0.05) at (28, 0) velocity (900, 0)',
  'let unusedB = 2',
  'body f box(1, 1) at (20, 0)',
  'body g box(1, 1) at (20.5, 0)',
  'body h circle(1) at (',
].join('\n');

function withLimit(limit: number, more: object = {}): CollideSettings {
  return parseSettings({ diagnostics: { limit }, ...more });
}

/** What VS Code shows of a list longer than `room` (extHostDiagnostics.ts): by severity, then as sent. */
function vscodeChoice(all: readonly LspDiagnostic[], room: number): Set<LspDiagnostic> {
  const chosen = new Set<LspDiagnostic>();
  for (const severity of [1, 2, 3, 4]) {
    for (const d of all) {
      if (chosen.size === room) return chosen;
      if (d.severity === severity) chosen.add(d);
    }
  }
  return chosen;
}

const key = (d: LspDiagnostic) => JSON.stringify(d);

describe('lsp/diagnostic-limit', () => {
  const whole = publishedDiagnostics(scene(TEXT));

  it('has problems of several severities, out of severity order, in the fixture', () => {
    const severities = whole.map((d) => d.severity);
    assert.ok(whole.length >= 8, `${whole.length} problems`);
    for (const s of [1, 2, 4]) assert.ok(severities.includes(s as 1 | 2 | 4), `severity ${s} in ${severities.join(',')}`);
    assert.equal(whole[whole.length - 1]!.severity, 1, 'the last problem is an error');
  });

  it('publishes the whole list (null) when it fits, or when the limit is 0', () => {
    assert.equal(limitedDiagnostics(scene(TEXT, withLimit(0))), null);
    assert.equal(limitedDiagnostics(scene(TEXT, withLimit(whole.length))), null);
    assert.equal(limitedDiagnostics(scene(TEXT, DEFAULT_SETTINGS)), null);
    // Codes turned off do not count towards the limit.
    const off = withLimit(whole.length - 1, { severity: { overlap: 'off' } });
    assert.equal(limitedDiagnostics(scene(TEXT, off)), null);
  });

  it('shows what VS Code would show, in document order, after a note that counts the whole list', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: whole.length - 1 }), (limit) => {
        const got = limitedDiagnostics(scene(TEXT, withLimit(limit)))!;
        assert.ok(got, `limit ${limit}`);
        assert.equal(got.length, limit);
        const [note, ...shown] = got;
        assert.equal(note!.code, PROBLEM_LIMIT_CODE);
        assert.equal(note!.severity, 3);
        assert.equal(note!.source, 'collide');
        assert.deepEqual(note!.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
        const data = note!.data as ProblemLimitData;
        assert.deepEqual(data, {
          shown: limit - 1,
          total: whole.length,
          overlaps: whole.filter((d) => d.code === 'overlap').length,
          tunnellingBodies: new Set(whole.filter((d) => d.code === 'tunnelling').map((d) => `${d.range.start.line}:${d.range.start.character}`)).size,
        });
        const tunnelling = data.tunnellingBodies === 1 ? '1 tunnelling body' : `${data.tunnellingBodies} tunnelling bodies`;
        assert.equal(
          note!.message,
          `Showing ${limit - 1} of the ${whole.length} problems in this file (collide.diagnostics.limit is ${limit}); in all, ${data.overlaps} overlaps and ${tunnelling}. ` +
            'Raise the limit, or 0 to show them all, or run `collide check` on the file for the whole list.',
        );
        const chosen = vscodeChoice(whole, limit - 1);
        assert.deepEqual(shown.map(key), whole.filter((d) => chosen.has(d)).map(key));
      }),
      { numRuns: 60 },
    );
  });

  it('shows what VS Code would show under any severity settings: mixes, ties, codes and the note turned off', () => {
    const level = fc.constantFrom('error', 'warning', 'information', 'hint', 'off');
    const codes = ['overlap', 'tunnelling', 'unused-definition', 'unknown-name', PROBLEM_LIMIT_CODE];
    fc.assert(
      fc.property(fc.array(fc.option(level, { nil: undefined }), { minLength: codes.length, maxLength: codes.length }), fc.integer({ min: 0, max: whole.length + 1 }), (levels, limit) => {
        const severity = Object.fromEntries(codes.flatMap((c, i) => (levels[i] === undefined ? [] : [[c, levels[i]]])));
        const settings = withLimit(limit, { severity });
        const all = publishedDiagnostics(scene(TEXT, settings));
        const got = limitedDiagnostics(scene(TEXT, settings));
        if (limit === 0 || all.length <= limit) {
          assert.equal(got, null);
          return;
        }
        const noteShown = severity[PROBLEM_LIMIT_CODE] !== 'off';
        const room = noteShown ? limit - 1 : limit;
        assert.ok(got);
        assert.equal(got.length, limit);
        const shown = noteShown ? got.slice(1) : got;
        if (noteShown) {
          assert.equal(got[0]!.code, PROBLEM_LIMIT_CODE);
          assert.equal(got[0]!.severity, { error: 1, warning: 2, information: 3, hint: 4 }[(severity[PROBLEM_LIMIT_CODE] ?? 'information') as 'error']);
          assert.equal((got[0]!.data as ProblemLimitData).total, all.length);
        } else assert.ok(got.every((d) => d.code !== PROBLEM_LIMIT_CODE));
        const chosen = vscodeChoice(all, room);
        assert.deepEqual(shown.map(key), all.filter((d) => chosen.has(d)).map(key));
      }),
      { numRuns: 300 },
    );
  });

  it('chooses once per analyzed document (the code actions of each cursor move ask again)', () => {
    const doc = scene(TEXT, withLimit(3));
    assert.equal(limitedList(doc), limitedList(doc));
    assert.notEqual(limitedList(scene(TEXT, withLimit(3))), limitedList(doc), 'another version, chosen anew');
  });

  it('shows the syntax error at the end of the file before any warning', () => {
    const got = limitedDiagnostics(scene(TEXT, withLimit(3)))!;
    assert.deepEqual(got.slice(1).map((d) => d.severity), [1, 1]);
    assert.match(got[2]!.code as string, /^syntax-/);
  });

  it('counts two walls passed by one body as one tunnelling body', () => {
    const tunnelling = whole.filter((d) => d.code === 'tunnelling');
    assert.equal(tunnelling.length, 2, 'the shot tunnels through both walls');
    assert.equal((limitedDiagnostics(scene(TEXT, withLimit(2)))![0]!.data as ProblemLimitData).tunnellingBodies, 1);
  });

  it('follows the severity settings: other codes, and the note itself', () => {
    const quiet = limitedDiagnostics(scene(TEXT, withLimit(4, { severity: { [PROBLEM_LIMIT_CODE]: 'off', 'unknown-name': 'hint' } })))!;
    // No note, and still the limit: four problems (the note's place too), errors and warnings first.
    assert.equal(quiet.length, 4);
    assert.ok(quiet.every((d) => d.code !== PROBLEM_LIMIT_CODE));
    assert.ok(!quiet.some((d) => d.code === 'unknown-name'), 'a hint now, after the warnings');
    const loud = limitedDiagnostics(scene(TEXT, withLimit(4, { severity: { [PROBLEM_LIMIT_CODE]: 'warning' } })))!;
    assert.equal(loud[0]!.severity, 2);
  });

  it('publishes through the incremental publication the bytes of a fresh conversion, reusing what an edit left alone', () => {
    // The server's path (server.ts): one analyzer and one publication cache, the settings one
    // object until they change (as settingsFor keeps them), the limit changing between edits:
    // 0 and above the ~416 problems (the whole list, from the analysis's change record when the
    // settings stayed), around them (lists that shrink under the limit and grow past it), under.
    const rows = Array.from({ length: 120 }, (_, i) => `body b${i} box(1, 1) at (${(i % 12) * 0.9}, ${Math.floor(i / 12) * 0.9})`);
    const settingsOf = new Map<number, CollideSettings>();
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.array(
          // `same`: the settings unchanged, as between most edits; a line inserted now and then.
          fc.record({ body: fc.nat(119), dx: fc.integer({ min: -3, max: 3 }), limit: fc.oneof(fc.constantFrom(0, 1, 2, 1000), fc.integer({ min: 3, max: 260 }), fc.integer({ min: 400, max: 430 })), same: fc.boolean(), line: fc.nat(3).map((n) => n === 0) }),
          { minLength: 1, maxLength: 12 },
        ),
        (edits) => {
          const analyzer = new IncrementalAnalyzer();
          const published = new PublishedDiagnostics();
          const lines = rows.slice();
          let version = 0;
          let was = 'none';
          let limit = edits[0]!.limit;
          for (const e of edits) {
            lines[e.body] = `body b${e.body} box(1, 1) at (${(e.body % 12) * 0.9 + e.dx * 0.3}, ${Math.floor(e.body / 12) * 0.9})`;
            if (e.line) lines.splice(e.body, 0, '// a line above');
            if (!e.same) limit = e.limit;
            if (!settingsOf.has(limit)) settingsOf.set(limit, withLimit(limit));
            const settings = settingsOf.get(limit)!;
            const doc = makeAnalyzedDocument('file:///limit.collide', ++version, analyzer.analyze(lines.join('\n'), analysisOptions(settings)), settings);
            const limited = limitedList(doc);
            const json = Buffer.from(published.publish(doc, limited ?? undefined).json).toString('utf8');
            assert.equal(json, JSON.stringify(limitedDiagnostics(doc) ?? publishedDiagnostics(doc)));
            const now = limited === null ? 'whole' : 'limited';
            seen.add(`${was}->${now}:${published.lastPath}`);
            was = now;
          }
        },
      ),
      { numRuns: 40 },
    );
    for (const step of ['whole->whole:change', 'whole->limited:all', 'limited->whole:all', 'limited->limited:all']) assert.ok(seen.has(step), `${step} among ${[...seen].join(', ')}`);
  });

  it('publishes a list that shrinks under the limit and grows past it again, the settings unchanged', () => {
    // 416 problems; b0 moved away has 3 fewer. The limit 414 falls between.
    const rows = Array.from({ length: 120 }, (_, i) => `body b${i} box(1, 1) at (${(i % 12) * 0.9}, ${Math.floor(i / 12) * 0.9})`);
    const away = 'body b0 box(1, 1) at (-5, -5)';
    const analyzer = new IncrementalAnalyzer();
    const published = new PublishedDiagnostics();
    const settings = withLimit(414);
    const steps: [string, string, 'limited' | 'whole', 'change' | 'all'][] = [
      [rows[0]!, rows[1]!, 'limited', 'all'],
      [away, rows[1]!, 'whole', 'all'],
      [away, 'body b1 box(1, 1) at (0.95, 0)', 'whole', 'change'],
      [rows[0]!, rows[1]!, 'limited', 'all'],
      [away, rows[1]!, 'whole', 'all'],
    ];
    steps.forEach(([b0, b1, kind, path], version) => {
      const text = [b0, b1, ...rows.slice(2)].join('\n');
      const doc = makeAnalyzedDocument('file:///limit.collide', version, analyzer.analyze(text, analysisOptions(settings)), settings);
      const limited = limitedList(doc);
      assert.equal(limited === null ? 'whole' : 'limited', kind, `step ${version}: ${doc.analysis.diagnostics.length} problems`);
      const json = Buffer.from(published.publish(doc, limited ?? undefined).json).toString('utf8');
      assert.equal(json, JSON.stringify(limitedDiagnostics(doc) ?? publishedDiagnostics(doc)), `step ${version}`);
      assert.equal(published.lastPath, path, `step ${version}`);
    });
  });

  it('reuses the bytes of the problems a one-body edit left alone under the limit', () => {
    const rows = Array.from({ length: 120 }, (_, i) => `body b${i} box(1, 1) at (${(i % 12) * 0.9}, ${Math.floor(i / 12) * 0.9})`);
    const analyzer = new IncrementalAnalyzer();
    const published = new PublishedDiagnostics();
    const settings = withLimit(100);
    const publish = (version: number) => {
      const doc = makeAnalyzedDocument('file:///limit.collide', version, analyzer.analyze(rows.join('\n'), analysisOptions(settings)), settings);
      return Buffer.from(published.publish(doc, limitedList(doc)!).json).toString('utf8');
    };
    publish(1);
    assert.equal(published.stats.converted, 100);
    rows[110] = 'body b110 box(1, 1) at (40, 40)';
    publish(2);
    // b110 is past the hundredth problem: the 99 problems shown are as before, the note is new.
    assert.deepEqual(published.stats, { reused: 99, converted: 1 });
  });

  it('never serves the data of an earlier publication of a diagnostic with the same words', () => {
    // The note's message spells its data today; a publication must not depend on that.
    const doc = scene('body a box(1, 1) at (0, 0)\n');
    const published = new PublishedDiagnostics();
    const note = (shown: number | undefined) => ({ range: { start: 0, end: 0 }, severity: 'information' as const, code: PROBLEM_LIMIT_CODE, message: 'Showing some problems.', sentData: shown === undefined ? undefined : { shown } });
    for (const shown of [1, 2, 2, undefined, 3]) {
      const json = Buffer.from(published.publish(doc, [note(shown)]).json).toString('utf8');
      assert.deepEqual(JSON.parse(json)[0].data, shown === undefined ? undefined : { shown }, `data ${shown}`);
    }
  });

  it('writes the whole list into slabs when the limit is lifted, so that compressing it while idle gives its memory back', () => {
    // As a first publication of a large list is (chunk-store.ts): the limited list before it was
    // too small to be written there, and nearly all of the whole list is converted afresh.
    const rows = Array.from({ length: 400 }, (_, i) => `body b${i} box(1, 1) at (${(i % 20) * 0.9}, ${Math.floor(i / 20) * 0.9})`).join('\n');
    const analyzer = new IncrementalAnalyzer();
    const published = new PublishedDiagnostics(zlibCodec, { minDiagnostics: 100, minBytes: 0, slabBytes: 64 * 1024 });
    let version = 0;
    for (const limit of [50, 0]) {
      const settings = withLimit(limit);
      const doc = makeAnalyzedDocument('file:///limit.collide', ++version, analyzer.analyze(rows, analysisOptions(settings)), settings);
      const json = Buffer.from(published.publish(doc, limitedList(doc) ?? undefined).json).toString('utf8');
      assert.equal(json, JSON.stringify(limitedDiagnostics(doc) ?? publishedDiagnostics(doc)));
    }
    const size = published.chunkSizes.reduce((a, b) => a + b, 0);
    assert.ok(size > 64 * 1024, `${size} bytes`);
    assert.ok(published.memory.slabs >= size, `${published.memory.slabs} bytes of slabs for ${size}`);
    assert.equal(published.compact(() => false), true);
    assert.ok(published.release() >= size);
    assert.equal(published.memory.raw, 0);
  });

  it('writes large counts with thousands separators', () => {
    const lines = ['body a box(1, 1) at (0, 0)'];
    for (let i = 0; i < 1100; i++) lines.push(`let unused${i} = ${i}`);
    const got = limitedDiagnostics(scene(lines.join('\n'), withLimit(1000)))!;
    assert.match(got[0]!.message as string, /^Showing 999 of the 1,100 problems in this file \(collide.diagnostics.limit is 1,000\); in all, 0 overlaps and 0 tunnelling bodies\./);
    assert.equal(got.length, 1000);
  });
});
