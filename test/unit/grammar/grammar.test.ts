// The TextMate grammar (syntaxes/collide.tmLanguage.json), checked two ways: scope assertions in
// the vscode-tmgrammar-test fixture format (fixtures/*.collide, run through its CLI exactly as a
// contributor would from a shell), and a sweep of every example scene through vscode-textmate
// (the engine VS Code itself uses) so that no valid scene shows an "invalid" color.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const grammarPath = join(root, 'syntaxes', 'collide.tmLanguage.json');
const fixtures = join(__dirname, 'fixtures');
const cli = join(root, 'node_modules', 'vscode-tmgrammar-test', 'dist', 'unit.js');

function runFixtures(files: string[]): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [cli, '--compact', '-g', grammarPath, ...files], { cwd: root, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('grammar: TextMate scopes', () => {
  const files = readdirSync(fixtures).filter((f) => f.endsWith('.collide')).sort();

  it('has fixtures to check', () => {
    assert.ok(files.length >= 3, `expected the fixture files in ${fixtures}`);
  });

  for (const file of files) {
    it(`fixture ${file}`, () => {
      const { status, output } = runFixtures([join(fixtures, file)]);
      assert.equal(status, 0, output);
    });
  }

  it('reports a wrong scope as a failure (the harness can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'collide-grammar-'));
    try {
      const bad = join(dir, 'wrong.collide');
      writeFileSync(bad, '// SYNTAX TEST "source.collide" "deliberately wrong"\nbody a circle(1)\n// <---- keyword.other.setting.collide\n');
      const { status, output } = runFixtures([bad]);
      assert.notEqual(status, 0, output);
      assert.match(output, /missing required scopes: \[? ?keyword\.other\.setting\.collide/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('grammar: manifest wiring', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

  it('contributes the grammar for the collide language with scope source.collide', () => {
    const g = pkg.contributes.grammars.find((x: { language?: string }) => x.language === 'collide');
    assert.ok(g, 'no grammar contribution for collide');
    assert.equal(g.scopeName, 'source.collide');
    assert.equal(JSON.parse(readFileSync(join(root, g.path), 'utf8')).scopeName, 'source.collide');
  });

  it('language configuration has comments, brackets, pairs and region folding markers', () => {
    const lang = pkg.contributes.languages.find((x: { id: string }) => x.id === 'collide');
    assert.deepEqual(lang.extensions, ['.collide']);
    const conf = JSON.parse(readFileSync(join(root, lang.configuration), 'utf8'));
    assert.equal(conf.comments.lineComment, '//');
    assert.deepEqual(conf.comments.blockComment, ['/*', '*/']);
    assert.deepEqual(conf.brackets, [['(', ')']]);
    assert.ok(conf.autoClosingPairs.some((p: { open: string }) => p.open === '('));
    assert.ok(conf.surroundingPairs.some((p: string[]) => p[0] === '('));
    const start = new RegExp(conf.folding.markers.start);
    const end = new RegExp(conf.folding.markers.end);
    assert.ok(start.test('  // #region walls') && start.test('// region'));
    assert.ok(end.test('// #endregion') && !end.test('// #region'));
    assert.ok(!start.test('body region circle(1)'));
    const word = new RegExp(`^(?:${conf.wordPattern})$`);
    for (const w of ['crate_2', '30deg', '-0.5', '1e-3']) assert.ok(word.test(w), w);
  });

  it('snippets offer a body of each shape', () => {
    const s = pkg.contributes.snippets.find((x: { language: string }) => x.language === 'collide');
    const snippets = JSON.parse(readFileSync(join(root, s.path), 'utf8')) as Record<string, { body: string[] }>;
    const bodies = Object.values(snippets).map((x) => x.body.join('\n'));
    for (const shape of ['circle', 'box', 'polygon', 'capsule', 'segment', 'compound']) {
      assert.ok(bodies.some((b) => new RegExp(`^body \\$\\{1:\\w+\\}.*\\b${shape}\\(`).test(b)), `no body snippet for ${shape}`);
    }
  });
});

describe('grammar: example scenes', () => {
  const examples = join(root, 'examples');
  const scenes = existsSync(examples) ? readdirSync(examples).filter((f) => f.endsWith('.collide')).sort() : [];
  // The concave-polygon example is a semantic error, not a lexical one: it must color cleanly too.
  let tokenizeLines: ((text: string) => { line: number; text: string; scopes: string[] }[]) | undefined;

  before(async function () {
    // Scaffolding once skipped here while examples/ was empty; now an empty folder is a failure,
    // not a silent pass.
    assert.ok(scenes.length >= 7, `examples/ should hold the bundled scenes, found ${scenes.length}`);
    const req = createRequire(require.resolve('vscode-tmgrammar-test/package.json'));
    const tm = req('vscode-textmate');
    const onig = req('vscode-oniguruma');
    const wasm = readFileSync(join(req.resolve('vscode-oniguruma'), '..', 'onig.wasm'));
    await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new tm.Registry({
      onigLib: Promise.resolve({ createOnigScanner: (p: string[]) => new onig.OnigScanner(p), createOnigString: (s: string) => new onig.OnigString(s) }),
      loadGrammar: async (scope: string) => (scope === 'source.collide' ? tm.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null),
    });
    const grammar = await registry.loadGrammar('source.collide');
    tokenizeLines = (text) => {
      const out: { line: number; text: string; scopes: string[] }[] = [];
      let stack = tm.INITIAL;
      text.split(/\r?\n/).forEach((line, i) => {
        const r = grammar.tokenizeLine(line, stack);
        for (const t of r.tokens) out.push({ line: i + 1, text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
        stack = r.ruleStack;
      });
      return out;
    };
  });

  for (const scene of scenes) {
    it(`${scene} has no invalid tokens`, () => {
      const tokens = tokenizeLines!(readFileSync(join(examples, scene), 'utf8'));
      const bad = tokens.filter((t) => t.scopes.some((s) => s.startsWith('invalid.')));
      assert.deepEqual(bad.map((t) => `${t.line}: ${JSON.stringify(t.text)} ${t.scopes.join(' ')}`), []);
      assert.ok(tokens.some((t) => t.scopes.some((s) => s.startsWith('storage.type.body'))), 'no body keyword colored');
    });
  }
});
