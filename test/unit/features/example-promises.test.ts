/**
 * The examples promise quick fixes by their titles ("apply the quick fix "..."" in a comment): each
 * promised title is the start of a fix that the example's own diagnostics offer. The crates
 * example once promised "Move out of the overlap", a title no fix had.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quickFixes } from '../../../server/src/features/quick-fixes';
import { scene } from './fixture';

const examples = join(__dirname, '..', '..', '..', 'examples');

describe('examples: every quick fix a comment promises is offered under that title', () => {
  it('finds each promised title among the fixes of the file', () => {
    let promises = 0;
    for (const name of readdirSync(examples).filter((f) => f.endsWith('.collide'))) {
      const text = readFileSync(join(examples, name), 'utf8');
      // The comments as one text, so that a title may wrap onto the next comment line.
      const comments = text
        .split('\n')
        .filter((l) => l.trimStart().startsWith('//'))
        .map((l) => l.trimStart().slice(2).trim())
        .join(' ');
      const doc = scene(text);
      const titles = doc.analysis.diagnostics.flatMap((d) => quickFixes(doc, d).map((f) => f.title));
      for (const m of comments.matchAll(/quick fix "([^"]+)"/g)) {
        promises++;
        assert.ok(titles.some((t) => t.startsWith(m[1]!)), `${name} promises "${m[1]}"; offered: ${JSON.stringify(titles)}`);
      }
    }
    assert.ok(promises >= 2, `promises found: ${promises}`);
  });
});
