import { strict as assert } from 'node:assert';
import { pairLenses } from '../../../server/src/features/code-lens';
import { foldingRanges } from '../../../server/src/features/folding-ranges';
import { inlayHints } from '../../../server/src/features/inlay-hints';
import { semanticTokens, TOKEN_MODIFIERS, TOKEN_TYPES } from '../../../server/src/features/semantic-tokens';
import { scene } from './fixture';

/** Decodes LSP's relative token encoding back to [line, char, length, type, modifiers...]. */
function decode(data: readonly number[]): string[] {
  const out: string[] = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i]!;
    char = data[i]! === 0 ? char + data[i + 1]! : data[i + 1]!;
    const mods = TOKEN_MODIFIERS.filter((_, k) => (data[i + 4]! >> k) & 1);
    out.push(`${line}:${char}:${data[i + 2]} ${TOKEN_TYPES[data[i + 3]!]}${mods.length ? `.${mods.join('.')}` : ''}`);
  }
  return out;
}

describe('features/presentation', () => {
  it('semantic tokens tell bodies, shapes, constants, layers and functions apart', () => {
    const doc = scene('let r = sqrt(2)\nshape s = circle(r)\nlayer L\nbody b s layer L\nbody c box(q, 1)\n');
    assert.deepEqual(decode(semanticTokens(doc).data), [
      '0:4:1 variable.declaration.readonly',
      '0:8:4 function.defaultLibrary',
      '1:6:1 type.declaration',
      '1:17:1 variable.readonly',
      '2:6:1 namespace.declaration',
      '3:5:1 class.declaration',
      '3:7:1 type',
      '3:15:1 namespace',
      '4:5:1 class.declaration',
    ]);
    // A range request gets only the tokens of that range.
    assert.deepEqual(decode(semanticTokens(doc, { start: doc.text.indexOf('body b'), end: doc.text.indexOf('body c') - 1 }).data), [
      '3:5:1 class.declaration',
      '3:7:1 type',
      '3:15:1 namespace',
    ]);
  });

  it('folds multi-line statements, block comments, comment runs and regions', () => {
    const doc = scene(['// one', '// two', '// #region walls', 'body a compound(', '  box(1, 1),', '  circle(1)', ')', '/* a', '   b */', '// #endregion', 'body c circle(1) // alone'].join('\n'));
    assert.deepEqual(
      foldingRanges(doc).map((f) => `${f.startLine}-${f.endLine}${f.kind ? ` ${f.kind}` : ''}`),
      ['0-1 comment', '2-9 region', '3-6', '7-8 comment'],
    );
  });

  it('inlay hints give computed values and the first time of impact after a velocity', () => {
    const doc = scene('dt 1/60\nlet w = 2 * 3\nbody wall static box(0.1, 4) at (2, 0) angle 30deg\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)\n');
    const hints = inlayHints(doc).map((h) => {
      const p = doc.lines.positionAt(h.offset);
      return `${p.line}:${p.character} ${h.label}`;
    });
    assert.deepEqual(hints.slice(0, 3), ['0:7 = 0.0166667 s', '1:13 = 6', '2:50 = 0.523599 rad']);
    // The wall is turned by 30 degrees, so its corner is hit a little before 0.00483 s.
    // Worded as the diagnostic words the time: in seconds and in steps of dt.
    assert.match(hints[3]!, /^3:51 tunnels through wall at t = 0\.00480755 s \(0\.288453 of a step of 0\.0166667 s\)$/);
    const d = doc.analysis.diagnostics.find((x) => x.code === 'tunnelling')!;
    assert.ok(d.message.includes('t = 0.00480755 s (0.288453 of a step of 0.0166667 s)'), d.message);
    assert.equal(hints.length, 4, 'no hint for literal numbers and vectors');
    assert.equal(inlayHints(doc, { start: 0, end: 8 }).length, 1, 'only hints inside the requested range');
  });

  it('words a collision that starts from resting contact by the step that first sees it deeper than slop', () => {
    // The review's case: resting on the floor at t = 0, sinking slowly; step 30001 is the first end deeper than slop.
    const doc = scene('frames 100000\nbody floor static box(100, 1) at (0, -0.5)\nbody sink circle(0.5) at (30, 0.5) velocity (0, -0.00001)\n');
    const hint = inlayHints(doc).map((h) => String(h.label)).find((l) => l.includes('floor'));
    assert.equal(hint, 'in resting contact with floor, deeper than slop at the end of step 30001 (t = 500.017 s)');
    assert.deepEqual(pairLenses(doc).map((l) => [doc.lines.lineAt(l.range.start), l.title]), [
      [1, '$(info) in resting contact with sink, deeper than slop at the end of step 30001 · show in preview'],
      [2, '$(info) in resting contact with floor, deeper than slop at the end of step 30001 · show in preview'],
    ]);
  });
});
