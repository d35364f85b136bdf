import { strict as assert } from 'node:assert';
import { forEachBodyWithLenses, forEachLensedBody, lensAt, lensCutoff, pairLenses } from '../../../server/src/features/code-lens';
import { DEFAULT_SETTINGS } from '../../../server/src/features/settings';
import { scene } from './fixture';

/** Ten pairs of circles, each pair overlapping, with a lone body between pairs: 20 lensed bodies of 30. */
function pairs(): string {
  const lines: string[] = [];
  for (let k = 0; k < 10; k++) {
    lines.push(`body a${k} circle(1) at (${10 * k}, 0)`, `body b${k} circle(1) at (${10 * k + 1}, 0)`, `body lone${k} circle(1) at (${10 * k + 5}, 50)`);
  }
  return `${lines.join('\n')}\n`;
}

const lensedNames = (text: string, limit: number, codeLensLimit = 0): string[] => {
  const doc = scene(text, { ...DEFAULT_SETTINGS, diagnosticsLimit: limit, codeLensLimit });
  const names = new Set<string>();
  for (const l of pairLenses(doc)) names.add(doc.text.slice(l.range.start, l.range.end).replace(/^body /, ''));
  return [...names];
};

describe('features/code-lens: lenses stop where the diagnostics limit stops', () => {
  it('puts lenses above the first `limit` bodies with findings, in document order', () => {
    const text = pairs();
    const all = lensedNames(text, 0);
    assert.equal(all.length, 20, 'every body of an overlapping pair has lenses without a limit');
    assert.deepEqual(lensedNames(text, 5), all.slice(0, 5));
    assert.deepEqual(lensedNames(text, 20), all);
    assert.deepEqual(lensedNames(text, 1000), all);
  });

  it('stops at the smaller of the code lens limit and the diagnostics limit, 0 standing for none', () => {
    const text = pairs();
    const all = lensedNames(text, 0);
    assert.equal(all.length, 20);
    assert.deepEqual(lensedNames(text, 0, 3), all.slice(0, 3), 'the code lens limit alone');
    assert.deepEqual(lensedNames(text, 1000, 3), all.slice(0, 3), 'the code lens limit under the diagnostics limit');
    assert.deepEqual(lensedNames(text, 4, 12), all.slice(0, 4), 'the diagnostics limit under the code lens limit');
    assert.deepEqual(lensedNames(text, 0, 0), all, 'no limit at all');
    const doc = scene(text);
    assert.equal(DEFAULT_SETTINGS.codeLensLimit, 200);
    assert.equal(new Set(pairLenses(doc).map((l) => l.range.start)).size, 20, 'the default limit leaves a small scene whole');
  });

  it('gives every lens iterator and the resolver the same cut', () => {
    const doc = scene(pairs(), { ...DEFAULT_SETTINGS, diagnosticsLimit: 7 });
    const cutoff = lensCutoff(doc);
    assert.ok(Number.isFinite(cutoff));
    const stubs: number[] = [];
    forEachBodyWithLenses(doc, (body, _range, slots) => {
      for (let s = 0; s < slots; s++) stubs.push(body);
    });
    const kept: number[] = [];
    forEachLensedBody(doc, (body) => void kept.push(body.index));
    assert.equal(new Set(stubs).size, 7);
    assert.deepEqual([...new Set(stubs)], kept);
    assert.equal(stubs.length, pairLenses(doc).length);
    assert.ok(stubs.length > 0 && stubs.every((b) => b <= cutoff));
    assert.ok(lensAt(doc, kept[kept.length - 1]!, 0), 'the last lensed body resolves');
    const after = doc.analysis.semantics.scene.bodies.find((b) => b.index > cutoff && b.name.startsWith('a'));
    assert.ok(after, 'a body with findings past the cut');
    assert.equal(lensAt(doc, after.index, 0), undefined, 'a body past the cut has no lens to resolve');
  });
});
