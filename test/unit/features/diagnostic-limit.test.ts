import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { DEFAULT_SETTINGS, parseSettings, type CollideSettings } from '../../../server/src/features/configuration';
import { publishedDiagnostics } from '../../../server/src/features/diagnostics';
import { limitedDiagnostics } from '../../../server/src/features/diagnostic-limit';
import { PROBLEM_LIMIT_CODE, type ProblemLimitData } from '../../../protocol/lsp';
import { scene } from './fixture';

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

describe('features/diagnostic-limit', () => {
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
        assert.match(note!.message as string, new RegExp(`^Showing ${limit - 1} of the ${whole.length} problems in this file \\(collide.diagnostics.limit is ${limit}\\)`));
        const chosen = vscodeChoice(whole, limit - 1);
        assert.deepEqual(shown.map(key), whole.filter((d) => chosen.has(d)).map(key));
      }),
      { numRuns: 60 },
    );
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

  it('writes large counts with thousands separators', () => {
    const lines = ['body a box(1, 1) at (0, 0)'];
    for (let i = 0; i < 1100; i++) lines.push(`let unused${i} = ${i}`);
    const got = limitedDiagnostics(scene(lines.join('\n'), withLimit(1000)))!;
    assert.match(got[0]!.message as string, /^Showing 999 of the 1,100 problems in this file \(collide.diagnostics.limit is 1,000\)/);
    assert.equal(got.length, 1000);
  });
});
