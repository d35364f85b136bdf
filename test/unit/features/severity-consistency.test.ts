/**
 * One finding, one severity, one icon: the code lens draws the codicon and the hover the glyph of
 * the severity its diagnostic has (protocol/severity-icons.ts); the inlay hint words an impact's
 * time as the diagnostic does; and no quick fix moves a static body out of an overlap while the
 * other body can move.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { pairLenses } from '../../../server/src/features/code-lens';
import { hover } from '../../../server/src/features/hover';
import { inlayHints } from '../../../server/src/features/inlay-hints';
import { quickFixes } from '../../../server/src/features/quick-fixes';
import { mostSevere } from '../../../client/src/severity-summary';
import { SEVERITY_ICONS, SEVERITY_ORDER } from '../../../protocol/severity-icons';
import { scene, SHOTS } from './fixture';

describe('features: one icon per severity in lenses and hovers', () => {
  it("gives each finding's lens the codicon of its diagnostic's severity (a bullet's tunnelling is information)", () => {
    const doc = scene(SHOTS);
    const seen = new Set<string>();
    for (const d of doc.analysis.diagnostics) {
      if (!['overlap', 'tunnelling', 'collision'].includes(d.code)) continue;
      const name = doc.text.slice(d.range.start, d.range.end);
      const lenses = pairLenses(doc).filter((l) => doc.text.slice(l.range.start, l.range.end).endsWith(` ${name}`));
      assert.equal(lenses.length, 1, `${name}: ${JSON.stringify(lenses)}`);
      assert.ok(lenses[0]!.title.startsWith(`$(${SEVERITY_ICONS[d.severity].codicon}) `), `${name} (${d.severity}): ${lenses[0]!.title}`);
      seen.add(`${d.code} ${d.severity}`);
    }
    assert.deepEqual([...seen].sort(), ['collision information', 'overlap warning', 'tunnelling information', 'tunnelling warning']);
  });

  it("marks each finding of a hover with the glyph of its diagnostic's severity", () => {
    const doc = scene(SHOTS);
    const at = (name: string) => hover(doc, doc.text.indexOf(`body ${name} `) + 5)!.markdown;
    assert.match(at('dart'), new RegExp(`${SEVERITY_ICONS.information.glyph} \\*\\*tunnelling\\*\\*`));
    assert.match(at('shot'), new RegExp(`${SEVERITY_ICONS.warning.glyph} \\*\\*tunnelling\\*\\*`));
    assert.match(at('crate'), new RegExp(`${SEVERITY_ICONS.warning.glyph} \\*\\*overlap\\*\\*`));
  });

  it('gives the status bar the icon of the most severe counted finding', () => {
    // VS Code's DiagnosticSeverity numbers: Error 0, Warning 1, Information 2, Hint 3.
    assert.equal(mostSevere([2, 2]), 'information');
    assert.equal(mostSevere([2, 1, 3]), 'warning');
    assert.equal(mostSevere([3, 0]), 'error');
    assert.equal(mostSevere([]), undefined);
    assert.deepEqual(SEVERITY_ORDER, ['error', 'warning', 'information', 'hint']);
  });

  it("words an impact's inlay hint with the diagnostic's own time, in steps of dt", () => {
    // The report's case: a crate hit exactly at a step end read "0 of step 16".
    const doc = scene('dt 1/60\nframes 20\nbody crate static box(1, 1) at (0, 0)\nbody ball circle(0.5) at (-2, 0) velocity (4, 0)\n');
    const hint = inlayHints(doc).find((h) => h.kind === 'impact')!;
    assert.ok(hint, 'an impact hint');
    const time = /at (t = .*)$/.exec(hint.label)![1]!;
    assert.doesNotMatch(hint.label, / of step \d/);
    const d = doc.analysis.diagnostics.find((x) => x.code === 'collision')!;
    assert.ok(d.message.includes(time), `${hint.label} | ${d.message}`);
    assert.equal(hint.label, 'hits crate at t = 0.25 s (15 steps of 0.0166667 s)');
  });
});

describe('features/quick-fixes: a static body is never moved out of an overlap', () => {
  it('moves the dynamic crate declared before the static floor, and says so in the message and title', () => {
    const doc = scene('body crate box(1, 1) at (0, 0.45)\nbody floor static box(20, 1) at (0, -0.5)\n');
    const d = doc.analysis.diagnostics.find((x) => x.code === 'overlap')!;
    assert.equal(d.message, 'floor overlaps crate by 0.05: move crate by (0, 0.05) to separate (floor is static)');
    assert.deepEqual(
      quickFixes(doc, d).map((f) => f.title),
      ["Move 'crate' out of 'floor' to (0, 0.5)"],
    );
  });

  it('offers no move of a static body when the other can move, over random scenes', () => {
    let checked = 0;
    const body = fc.record({
      isStatic: fc.boolean(),
      circle: fc.boolean(),
      w: fc.integer({ min: 2, max: 20 }),
      h: fc.integer({ min: 2, max: 20 }),
      x: fc.integer({ min: -15, max: 15 }),
      y: fc.integer({ min: -15, max: 15 }),
      at: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(body, { minLength: 2, maxLength: 6 }), (bodies) => {
        const lines = bodies.map((b, i) => {
          const shape = b.circle ? `circle(${b.w / 10})` : `box(${b.w / 10}, ${b.h / 10})`;
          const at = b.at || b.x !== 0 || b.y !== 0 ? ` at (${b.x / 10}, ${b.y / 10})` : '';
          return `body b${i}${b.isStatic ? ' static' : ''} ${shape}${at}`;
        });
        const doc = scene(lines.join('\n') + '\n');
        const bs = doc.analysis.semantics.scene.bodies;
        for (const d of doc.analysis.diagnostics) {
          if (d.code !== 'overlap') continue;
          const names = [doc.text.slice(d.range.start, d.range.end), d.related![0]!.message];
          const pair = names.map((n) => bs.find((b) => b.name === n)!);
          const bothStatic = pair.every((b) => b.isStatic);
          for (const fix of quickFixes(doc, d)) {
            for (const e of fix.edits) {
              const moved = bs.find((b) => b.start <= e.range.start && e.range.end <= b.end)!;
              assert.ok(moved, `${fix.title}: an edit inside a body`);
              assert.ok(fix.title.startsWith(`Move '${moved.name}' `), `the title names the body that moves: ${fix.title}`);
              if (pair.some((b) => b.isStatic)) checked++;
              if (!bothStatic) assert.ok(!moved.isStatic, `${fix.title} moves static ${moved.name}\n${doc.text}`);
            }
          }
        }
      }),
      { numRuns: 200 },
    );
    assert.ok(checked > 20, `fixes of overlaps with a static body checked: ${checked}`);
  });
});
