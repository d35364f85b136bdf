import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Spelling {
  britishForms(text: string): { line: number; column: number; word: string; us: string }[];
  checkedFiles(): string[];
  check(): { file: string; line: number; column: number; word: string; us: string }[];
}

describe('spelling: US English throughout (scripts/spelling.mjs)', () => {
  let spelling: Spelling;
  before(async () => {
    spelling = (await import(pathToFileURL(join(__dirname, '../../scripts/spelling.mjs')).href)) as Spelling;
  });

  it('finds British forms in prose and inside identifiers, and only those (control cases)', () => {
    const found = spelling.britishForms('// the centre of a polygon\nconst analysedDocument = normaliseColour(x);\nconst analysis = tunnelling;\n');
    assert.deepEqual(
      found.map((f) => [f.line, f.word, f.us]),
      [
        [1, 'centre', 'center'],
        [2, 'analysed', 'analyzed'],
        [2, 'normalise', 'normalize'],
        [2, 'Colour', 'color'],
      ],
    );
    assert.deepEqual(
      spelling.britishForms('relabelled unnormalised').map((f) => f.us),
      ['relabeled', 'unnormalized'],
    );
    assert.deepEqual(spelling.britishForms('center analyzed normalize color rise promise fulfill reanalysis unrealistic'), []);
  });

  it('reads the tracked sources and docs, and finds no British form in them', () => {
    const files = spelling.checkedFiles();
    assert.ok(files.length > 200, `only ${files.length} files checked`);
    assert.ok(files.includes('README.md') && files.includes('core/index.ts'));
    // This file's control cases are British on purpose, as are scripts/spelling.mjs's tables.
    const problems = spelling.check().filter((p) => p.file !== 'test/unit/spelling.test.ts');
    assert.deepEqual(
      problems.slice(0, 20).map((p) => `${p.file}:${p.line}:${p.column}: ${p.word} → ${p.us}`),
      [],
      `${problems.length} British forms; \`node scripts/spelling.mjs --fix\` rewrites them`,
    );
  });
});
