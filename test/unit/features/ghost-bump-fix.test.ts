import { strict as assert } from 'node:assert';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { quickFixes, type QuickFix } from '../../../server/src/features/quick-fixes';
import { scene } from './fixture';

function applied(text: string, fix: QuickFix): string {
  const edits = [...fix.edits].sort((x, y) => y.range.start - x.range.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}

function fixesOf(text: string): { fixes: QuickFix[] } {
  const doc = scene(text);
  const d = doc.analysis.diagnostics.filter((x) => x.code === 'ghost-bump');
  assert.ok(d.length > 0, 'a ghost-bump diagnostic');
  return { fixes: quickFixes(doc, d[0]!) };
}

describe('features/ghost-bump-fix: one shape instead of flush pieces', () => {
  it('replaces flush boxes whose union is a rectangle by one box, and the bump is gone', () => {
    const text = [
      'frames 60',
      'body f1 static box(2, 1) at (0, -0.5) layer ground',
      'body f2 static box(2, 1) at (2, -0.5)',
      '// the crate',
      'body crate box(0.5, 0.5) at (0, 0.252) velocity (3, 0)',
      'body f3 static box(2, 1) at (4, -0.5)',
      'layer ground',
    ].join('\n');
    const { fixes } = fixesOf(text);
    assert.equal(fixes.length, 1);
    assert.match(fixes[0]!.title, /Replace f1, f2, f3 by one box/);
    const out = applied(text, fixes[0]!);
    assert.equal(
      out,
      ['frames 60', 'body f1 static box(6, 1) at (2, -0.5) layer ground', '// the crate', 'body crate box(0.5, 0.5) at (0, 0.252) velocity (3, 0)', 'layer ground'].join('\n'),
    );
    assert.deepEqual(analyzeDocument(out).findings.filter((f) => f.kind === 'ghost-bump'), []);
    assert.deepEqual(analyzeDocument(out).diagnostics.filter((d) => d.severity === 'error'), []);
  });

  it('does so for a wall of stacked boxes in a rotated frame', () => {
    const c = Math.cos(0.5);
    const sn = Math.sin(0.5);
    const rot = (x: number, y: number): string => `(${c * x - sn * y}, ${sn * x + c * y})`;
    const text = `frames 60\nbody w1 static box(1, 2) at ${rot(0, 1)} angle 0.5\nbody w2 static box(1, 2) at ${rot(0, 3)} angle 0.5\nbody crate box(0.5, 0.5) at ${rot(0.751, 1)} angle 0.5 velocity ${rot(0, 3)}`;
    const { fixes } = fixesOf(text);
    assert.match(fixes[0]!.title, /Replace w1, w2 by one box/);
    const out = applied(text, fixes[0]!);
    assert.ok(out.includes('body w1 static box(1, 4) at (-0.958851077, 1.755165124) angle 0.5'), out);
    assert.deepEqual(analyzeDocument(out).findings.filter((f) => f.kind === 'ghost-bump'), []);
  });

  it('offers one chain loop around an outline that is not a rectangle', () => {
    const text = 'frames 60\nbody f1 static box(2, 1) at (0, -0.5)\nbody f2 static box(2, 2) at (2, -1)\nbody crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)';
    const { fixes } = fixesOf(text);
    assert.equal(fixes.length, 1);
    assert.match(fixes[0]!.title, /one chain/);
    const out = applied(text, fixes[0]!);
    // In f1's frame: its `at` stays.
    assert.equal(out, 'frames 60\nbody f1 static chain((-1, -0.5), (1, -0.5), (1, -1.5), (3, -1.5), (3, 0.5), (-1, 0.5)) loop at (0, -0.5)\nbody crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)');
  });

  it('declines the chain for pieces that overlap', () => {
    const text = 'frames 60\nbody f1 static box(2, 1) at (0, -0.5)\nbody f2 static box(2, 2) at (2, -1)\nbody f3 static polygon((2.5, -1.5), (5, -1), (5, 0), (3, 0))\nbody crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)';
    assert.deepEqual(fixesOf(text).fixes, []);
  });
});
