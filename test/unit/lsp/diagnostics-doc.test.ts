import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseSettings } from '../../../server/src/lsp/configuration';
import { limitedList } from '../../../server/src/lsp/publish/diagnostic-limit';
import { PROBLEM_LIMIT_CODE } from '../../../protocol/lsp';
import { scene } from '../features/fixture';
import { analyzeLevel } from '../../../server/src/analysis/level-analysis';
import { readLevel, type LevelHost } from '../../../server/src/readers';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * How a reader file that only stands in for a reader being written elsewhere begins (its one
 * diagnostic says so, and it is replaced when the reader is merged).
 */
const PLACEHOLDER = '// Placeholder so that the branch compiles';
/** A level example reads no other file. */
const NO_FILES: LevelHost = { readFile: () => undefined, inflate: () => undefined };

/** Every diagnostic code the front end and the analysis can emit, read from their sources. */
function codesInSources(): Set<string> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  for (const d of ['syntax', 'semantics', 'readers', 'analysis']) walk(path.join(ROOT, 'server', 'src', d));
  const codes = new Set<string>(['overlap', 'tunnelling', 'collision']);
  const re = /(?:code: |\b(?:error|warning|report|unexpected)\((?:[^'()]|\([^()]*\))*?)'([a-z]+(?:-[a-z]+)+)'/g;
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8');
    if (text.startsWith(PLACEHOLDER)) continue;
    for (const m of text.matchAll(re)) codes.add(m[1]!);
  }
  return codes;
}

describe('docs/diagnostics.md', () => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'diagnostics.md'), 'utf8');
  const sections = new Map<string, string>();
  for (const part of doc.split(/^### /m).slice(1)) {
    const m = /^`([a-z-]+)`/.exec(part);
    if (m) sections.set(m[1]!, part);
  }

  it('has a section for every code the server can report', () => {
    const codes = codesInSources();
    assert.ok(codes.size > 40, `found ${codes.size} codes`);
    const missing = [...codes].filter((c) => !sections.has(c));
    assert.deepEqual(missing, []);
  });

  it('links every code from the index at the top, the problem limit\'s note included', () => {
    // The note is made by the language server, not the analysis (lsp/publish/diagnostic-limit.ts):
    // codesInSources does not see it, and its section is the limit's.
    const index = doc.slice(0, doc.indexOf('\n## '));
    const unlisted = [...sections.keys()].filter((c) => !index.includes(`[\`${c}\`](#${c})`));
    assert.deepEqual(unlisted, []);
    assert.ok(index.includes(`[\`${PROBLEM_LIMIT_CODE}\`](#the-problem-limit)`), 'the index links the problem-limit note');
    assert.match(doc, /^## The problem limit$/m);
  });

  it('quotes the problem limit\'s note as the server words it', () => {
    const quote = /^## The problem limit\n[\s\S]*?\n((?:> .*\n)+)/m.exec(doc);
    assert.ok(quote, 'a quoted note in the section');
    const quoted = quote[1]!.replace(/^> /gm, '').replace(/\n/g, ' ').trim();
    // Overlapping pairs past a limit of 3, so that every count is plural as in the quote.
    const text = Array.from({ length: 4 }, (_, i) => `body a${i} box(1, 1) at (${3 * i}, 0)\nbody b${i} box(1, 1) at (${3 * i + 0.5}, 0)`).join('\n');
    const note = limitedList(scene(text, parseSettings({ diagnostics: { limit: 3 } })))![0]!;
    assert.equal(note.code, PROBLEM_LIMIT_CODE);
    const numbers = (s: string) => s.replace(/\d[\d,]*/g, 'N');
    assert.equal(numbers(quoted), numbers(note.message));
  });

  it('gives each code an example that produces it', () => {
    for (const [code, section] of sections) {
      const example = /```collide\n([\s\S]*?)```/.exec(section);
      const levelExample = /```(tmx|tmj|tscn)\n([\s\S]*?)```/.exec(section);
      if (code.endsWith('-internal-error')) {
        assert.equal(example ?? levelExample, null, `${code} cannot be produced on purpose`);
        continue;
      }
      if (levelExample) {
        // A level file's example, checked as `collide check` checks it (readers/index.ts).
        const text = levelExample[2]!;
        const level = readLevel(text, `/docs/example.${levelExample[1]!}`, NO_FILES);
        if (level.diagnostics.some((d) => d.code === 'reader-not-built')) continue; // the reader is not merged yet
        const produced = analyzeLevel(level, text).diagnostics.map((d) => d.code);
        assert.ok(produced.includes(code), `${code}: the example produces ${produced.join(', ') || 'nothing'}`);
        continue;
      }
      assert.ok(example, `${code} has an example`);
      const produced = scene(example[1]!).analysis.diagnostics.map((d) => d.code);
      assert.ok(produced.includes(code), `${code}: the example produces ${produced.join(', ') || 'nothing'}`);
    }
  });
});
