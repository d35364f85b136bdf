import { strict as assert } from 'node:assert';
import { completion } from '../../../server/src/features/completion';
import { signatureHelp } from '../../../server/src/features/signature-help';
import { cursor } from './fixture';

function labels(marked: string, snippets = true): string[] {
  const { doc, offset } = cursor(marked);
  return completion(doc, offset, { snippets }).map((i) => i.label);
}

const STATEMENTS = ['dt', 'frames', 'slop', 'let', 'shape', 'layer', 'body', 'tiles'];

describe('features/completion', () => {
  it('offers statement keywords at the start of a line', () => {
    assert.deepEqual(labels('|'), STATEMENTS);
    assert.deepEqual(labels('body a circle(1)\nbo|'), [...STATEMENTS, 'at', 'angle', 'velocity', 'spin']);
  });

  it('offers modifiers and shapes (snippets with placeholders, named shapes) after a body name', () => {
    const { doc, offset } = cursor('shape crate = box(1, 1)\nbody a static |');
    const items = completion(doc, offset, { snippets: true });
    const names = items.map((i) => i.label);
    assert.deepEqual(names.slice(0, 2), ['sensor', 'bullet'], 'static is written already');
    for (const s of ['circle', 'box', 'polygon', 'capsule', 'segment', 'compound', 'crate']) assert.ok(names.includes(s), s);
    const box = items.find((i) => i.label === 'box')!;
    assert.equal(box.insertText, 'box(${1:w}, ${2:h})');
    assert.equal(box.snippet, true);
    // Without snippet support, the constructor and its parenthesis only.
    const plain = completion(doc, offset, { snippets: false }).find((i) => i.label === 'box')!;
    assert.equal(plain.insertText, 'box(');
  });

  it('offers the property keywords a body has not written yet after its shape', () => {
    assert.deepEqual(labels('body a circle(1) at (0, 0) |').slice(0, 4), ['angle', 'velocity', 'spin', 'layer']);
  });

  it('offers layer names after a body\'s `layer` and after `collides`', () => {
    assert.deepEqual(labels('layer world\nlayer player\nbody a circle(1) layer |'), ['world', 'player']);
    assert.deepEqual(labels('layer world\nlayer player collides w|'), ['world', 'player']);
    assert.ok(labels('layer world |').includes('collides'));
  });

  it('offers constants, pi and functions in expressions', () => {
    const names = labels('let r = 2\nbody a circle(|');
    assert.ok(names.includes('r') && names.includes('pi') && names.includes('sqrt'));
    assert.ok(!names.includes('circle'), 'no shapes inside an expression');
    assert.ok(labels('let r = 2\nbody a box(1, 1) at (r * |').includes('r'));
    assert.ok(labels('let r = 2\nlet s = |').includes('r'));
    assert.ok(labels('dt |').includes('pi'));
  });

  it('offers shapes inside a compound and `at`/`angle` after a part', () => {
    const names = labels('body a compound(box(1, 1), |');
    assert.ok(names.includes('circle'));
    assert.deepEqual(labels('body a compound(box(1, 1) |'), ['at', 'angle']);
    assert.ok(labels('shape s = |').includes('polygon'));
  });

  it('offers nothing where a new name or a number is being written, or inside a comment', () => {
    assert.deepEqual(labels('body |'), []);
    assert.deepEqual(labels('let |'), []);
    assert.deepEqual(labels('body a circle(1|'), []);
    assert.deepEqual(labels('// body a |'), []);
  });
});

describe('features/signature-help', () => {
  function help(marked: string) {
    const { doc, offset } = cursor(marked);
    return signatureHelp(doc, offset);
  }

  it('shows the constructor and the active parameter', () => {
    assert.deepEqual(help('body a box(1, |'), { shape: 'box', parameter: 1 });
    assert.deepEqual(help('body a capsule(|'), { shape: 'capsule', parameter: 0 });
  });

  it('keeps the polygon vertex parameter active for every vertex, even inside a vertex', () => {
    assert.deepEqual(help('body a polygon((0, 0), (1, 0), (1, |'), { shape: 'polygon', parameter: 0 });
  });

  it('helps with the innermost constructor of a compound', () => {
    assert.equal(help('body a compound(box(1, 1), circle(|')!.shape, 'circle');
    assert.equal(help('body a compound(box(1, 1), |')!.shape, 'compound');
  });

  it('is silent outside constructors', () => {
    assert.equal(help('body a box(1, 1) at (|'), null);
    assert.equal(help('let x = sqrt(|'), null);
    assert.equal(help('body a box(1, 1)\nbody b |'), null);
  });
});
