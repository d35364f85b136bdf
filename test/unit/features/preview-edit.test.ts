import { strict as assert } from 'node:assert';
import { analyzeText } from '../../../server/src/features/document';
import { previewBodyEdits } from '../../../server/src/features/preview-edit';
import type { PreviewBodyChange, PreviewEditResult } from '../../../protocol/preview-lsp';

/** The text after a handle drag's edits, or the refusal. */
function edited(text: string, body: string, change: Omit<PreviewBodyChange, 'decimals'>, decimals = 2): string {
  const r: PreviewEditResult = previewBodyEdits(analyzeText(text), body, { ...change, decimals });
  assert.ok(r !== null);
  if ('refused' in r) return `refused: ${r.refused}`;
  let out = text;
  for (const e of r.edits.slice().sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

describe('features: preview handle edits', () => {
  it('writes a circle radius, a box size and a capsule length or radius into their arguments', () => {
    assert.equal(edited('body b circle(0.5) at (1, 2)\n', 'b', { radius: 1.23456 }), 'body b circle(1.23) at (1, 2)\n');
    assert.equal(edited('body b static box(2, 1)\n', 'b', { size: [3.004, 0.5] }), 'body b static box(3, 0.5)\n');
    assert.equal(edited('body c capsule(2, 0.25)\n', 'c', { length: 4 }), 'body c capsule(4, 0.25)\n');
    assert.equal(edited('body c capsule(2, 0.25)\n', 'c', { radius: 0.125 }, 3), 'body c capsule(2, 0.125)\n');
  });

  it('moves a segment\'s ends and scales a polygon written in numbers about the origin', () => {
    assert.equal(edited('body s static segment((0, 0), (4, 0))\n', 's', { ends: [[-1, 0.5], [4.5, -0]] }), 'body s static segment((-1, 0.5), (4.5, 0))\n');
    assert.equal(edited('body p polygon((0, 0), (2, 0), (0, -1))\n', 'p', { scale: 1.5 }), 'body p polygon((0, 0), (3, 0), (0, -1.5))\n');
    assert.match(edited('let w = 2\nbody p polygon((0, 0), (w, 0), (0, 1))\n', 'p', { scale: 2 }), /^refused: .*plain numbers/);
  });

  it('replaces a written velocity or spin, and inserts one after the shape when none is written', () => {
    assert.equal(edited('body b circle(1) velocity (1, 0) at (0, 0)\n', 'b', { velocity: [2.5, -1] }), 'body b circle(1) velocity (2.5, -1) at (0, 0)\n');
    assert.equal(edited('body b circle(1) at (0, 0)\n', 'b', { velocity: [3, 0] }), 'body b circle(1) velocity (3, 0) at (0, 0)\n');
    assert.equal(edited('body b box(1, 1)\n', 'b', { spin: 1.25 }), 'body b box(1, 1) spin 1.25\n');
    // A spin written in degrees stays in degrees.
    assert.equal(edited('body b box(1, 1) spin 90deg\n', 'b', { spin: Math.PI }), 'body b box(1, 1) spin 180deg\n');
  });

  it('refuses a shape given by name, motion of a static body, a change of another shape kind, an unknown body and a compound', () => {
    assert.match(edited('shape sq = box(1, 1)\nbody a sq\nbody b sq at (2, 0)\n', 'a', { size: [2, 2] }), /^refused: .*named shape 'sq'/);
    assert.match(edited('body f static box(4, 1)\n', 'f', { velocity: [1, 0] }), /^refused: .*static/);
    assert.equal(edited('body b circle(1)\n', 'b', { size: [1, 1] }), 'refused: a circle has no such handle');
    assert.equal(edited('body b circle(1)\n', 'nobody', { radius: 2 }), "refused: no body 'nobody' in this version");
    assert.equal(edited('body b compound(circle(1), box(1, 1) at (2, 0))\n', 'b', { radius: 2 }), "refused: the shape of 'b' cannot be resized from the preview");
  });

  it('finds the statement of a body among others', () => {
    const text = 'dt 1/60\nbody a circle(1)\n// box(9, 9)\nbody b box(2, 1) at (5, 0)\n';
    assert.equal(edited(text, 'b', { size: [4, 2] }), 'dt 1/60\nbody a circle(1)\n// box(9, 9)\nbody b box(4, 2) at (5, 0)\n');
  });
});
