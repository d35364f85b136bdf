import { strict as assert } from 'node:assert';
import { hover } from '../../../server/src/features/hover';
import { cursor } from './fixture';

function hoverText(marked: string): string | undefined {
  const { doc, offset } = cursor(marked);
  const h = hover(doc, offset);
  return h ? h.markdown : undefined;
}

describe('features/hover', () => {
  it('shows a body with its shape, size, area, bounds, pose, motion and findings with numbers', () => {
    const text = hoverText('body floor static box(20, 1) at (0, -0.5)\nbody su|nk box(1, 1) at (0, 0.45) velocity (2, 0) spin 90deg\n')!;
    assert.match(text, /\*\*body\*\* `sunk` · dynamic/);
    assert.match(text, /shape: box 1 × 1/);
    assert.match(text, /area: 1\b/);
    assert.match(text, /bounds at t = 0: \(-0\.5, -0\.05\) to \(0\.5, 0\.95\)/);
    assert.match(text, /pose: at \(0, 0\.45\), angle 0/);
    assert.match(text, /velocity \(2, 0\) \(speed 2\), spin 1\.5708 rad\/s/);
    assert.match(text, /\*\*overlap\*\* with `floor`: depth 0\.05, push-out \(0, 0\.05\)/);
  });

  it('gives the push-out vector of the body that moves: a static body never does', () => {
    const text = hoverText('body flo|or static box(20, 1) at (0, -0.5)\nbody sunk box(1, 1) at (0, 0.45)\n')!;
    // The floor is static: the push-out named is the crate's.
    assert.match(text, /overlap\*\* with `sunk`: depth 0\.05, push-out of `sunk` \(0, 0\.05\) \(this body is static\)/);
  });

  it('shows the time of impact and the fraction of the step of a tunnelling body', () => {
    const text = hoverText('body wall static box(0.1, 4) at (2, 0)\nbody sh|ot circle(0.05) at (-1, 0) velocity (600, 0)\n')!;
    assert.match(text, /⚠ \*\*tunnelling\*\* with `wall`: first contact at t = 0\.00483333 s \(0\.29 of a step of 0\.0166667 s\)/);
  });

  it('says when a body has no findings, or is left out of the analysis by an error', () => {
    assert.match(hoverText('body a| circle(1)\n')!, /No findings\./);
    assert.match(hoverText('body a| circle(-1)\n')!, /Not analyzed until the errors/);
  });

  it('gives a tile grid the area of its solid ground, and a chain none', () => {
    const grid = hoverText('tiles gro|und cell (2, 0.5) at (0, 3)\n  "#..#"\n  "#./#"\n  "F#7\\"\n')!;
    // 5 whole cells and 4 triangles: 7 cells of 2 × 0.5, each of area 1.
    assert.match(grid, /shape: tile grid/);
    assert.match(grid, /area: 7\b/);
    assert.match(hoverText('body le|dge static chain((9, 2), (6, 2))\n')!, /area: 0\b/);
  });

  it('shows a constant with its value at its use', () => {
    const text = hoverText('let w = 2 * 3\nbody a box(w|, 1)\n')!;
    assert.match(text, /\*\*constant\*\* `w` = 6/);
    assert.match(text, /let w = 2 \* 3/);
  });

  it('shows a layer with the layers it collides with and its bodies', () => {
    const text = hoverText('layer world\nlayer play|er collides world\nbody a circle(1) layer player\n')!;
    assert.match(text, /Collides with: `world`/);
    assert.match(text, /Bodies \(1\): `a`/);
    const alone = hoverText('layer lone|ly\n')!;
    assert.match(alone, /Collides with no layer/);
  });

  it('shows a named shape with its source and geometry', () => {
    const text = hoverText('shape cra|te = box(2, 1)\nbody a crate\n')!;
    assert.match(text, /shape crate = box\(2, 1\)/);
    assert.match(text, /box 2 × 1, area 2/);
    assert.match(text, /Used by 1 body: `a`/);
    const unused = hoverText('shape whe|el = circle(0.5)\nshape car = compound(box(2, 1), wheel at (1, 0))\n')!;
    assert.match(unused, /circle of radius 0\.5, area 0\.785398/);
    assert.match(hoverText('shape wheel = circle(0.5)\nshape c|ar = compound(box(2, 1), wheel at (1, 0))\n')!, /compound of 2 parts \(1 box, 1 circle\)/);
  });

  it('documents keywords and built-in functions in one line', () => {
    assert.match(hoverText('body a static| circle(1)\n')!, /never moves/);
    assert.match(hoverText('body a circle(sq|rt(2))\n')!, /square root/);
    assert.match(hoverText('body a circ|le(1)\n')!, /circle\(r\)/);
  });

  it('shows the value of an angle with a unit', () => {
    assert.match(hoverText('body a box(1, 1) angle 30d|eg\n')!, /= 0\.523599 rad \(30°\)/);
  });

  it('shows nothing in whitespace, comments or on a plain number', () => {
    assert.equal(hoverText('body a circle(1)\n|\n'), undefined);
    assert.equal(hoverText('// a com|ment\n'), undefined);
    assert.equal(hoverText('body a circle(1|2)\n'), undefined);
  });
});
