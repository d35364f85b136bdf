import { strict as assert } from 'node:assert';
import { byPosition } from '../../../server/src/common/diagnostic';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';

describe('analysis: the order of diagnostics', () => {
  it('byPosition (common/diagnostic.ts) is the one order of diagnostics: start, then end, in every list the analysis merges', () => {
    const at = (start: number, end: number) => ({ range: { start, end } });
    assert.ok(byPosition(at(1, 9), at(2, 3)) < 0);
    assert.ok(byPosition(at(2, 3), at(2, 5)) < 0);
    assert.ok(byPosition(at(2, 5), at(2, 3)) > 0);
    assert.equal(byPosition(at(4, 4), at(4, 4)), 0);
    // Syntax, semantic and finding diagnostics of one file, each list in that order and so the merge.
    const analysis = analyzeDocument(
      'body floor static box(10, 1)\nbody crate box(1, 1) at (0, 0.8)\nbody q circle(1) @\nbody c circle(k) at (20, 0)\n' +
        'let u = 1 / 0\nbody r circle(1) @\nbody d box(1, 1) at (40, 0)\nbody e box(1, 1) at (40, 0.5)\n',
    );
    const lists = [analysis.parse.diagnostics, analysis.semantics.diagnostics, analysis.diagnostics];
    for (const list of lists) assert.ok(list.length >= 2, JSON.stringify(list.map((d) => d.code)));
    assert.equal(analysis.diagnostics.filter((d) => d.code === 'overlap').length, 2, 'findings before and after the others');
    for (const list of lists) for (let k = 1; k < list.length; k++) assert.ok(byPosition(list[k - 1]!, list[k]!) <= 0, JSON.stringify([list[k - 1], list[k]]));
  });
});
