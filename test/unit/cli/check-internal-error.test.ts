import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { makeCheckCommand } from '../../../server/src/cli/check';
import { EXIT_ERRORS, EXIT_USAGE } from '../../../server/src/cli/command';

/**
 * A file the check itself fails on (a bug, simulated: an analysis that throws for one file) is
 * named on stderr and left out, and the report of the others stays whole: in JSON mode stdout
 * is still one well-formed document, whatever the failing file's place among the others.
 */
describe('cli: collide check when the analysis of one file fails', () => {
  const FILES: Record<string, string> = {
    'a.collide': 'body a circle(1)\nbody b circle(1) at (0.5, 0)\n', // one overlap
    'b.collide': 'body c circle(1)\n', // clean
    'c.collide': 'body d box(1, 1)\nbody e circle(1) at (10, 0)\nlet x = \n', // a syntax error
  };
  const NAMES = Object.keys(FILES);
  let dir = '';
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collide-check-fail-'));
    for (const name of NAMES) fs.writeFileSync(path.join(dir, name), FILES[name]!);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The analysis, throwing for the file `name`. */
  const failingOn =
    (name: string): typeof analyzeDocument =>
    (text, options) => {
      if (text === FILES[name]) throw new Error('simulated failure');
      return analyzeDocument(text, options);
    };

  function check(format: string, analyze: typeof analyzeDocument): { code: unknown; stdout: string; stderr: string } {
    let stdout = '';
    let stderr = '';
    const code = makeCheckCommand(analyze).run(['--format', format, '.'], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: dir });
    return { code, stdout, stderr };
  }

  type JsonFile = { path: string; diagnostics: unknown[]; findings: unknown[] };
  const jsonFiles = (stdout: string): JsonFile[] => (JSON.parse(stdout) as { files: JsonFile[] }).files;

  for (const failed of NAMES) {
    const others = NAMES.filter((n) => n !== failed);

    it(`json, ${failed} failing: a whole document of the other files as they are without a failure, the failure on stderr, exit 2`, () => {
      const whole = jsonFiles(check('json', analyzeDocument).stdout);
      const r = check('json', failingOn(failed));
      assert.deepEqual(
        jsonFiles(r.stdout),
        whole.filter((f) => f.path !== failed),
      );
      assert.equal(r.stderr, `collide check: internal error while checking '${failed}' (please report it): simulated failure\n`);
      assert.equal(r.code, EXIT_USAGE);
    });

    it(`text and sarif, ${failed} failing: the other files reported, the failure on stderr, exit 2`, () => {
      for (const format of ['text', 'sarif']) {
        const r = check(format, failingOn(failed));
        if (format === 'sarif') assert.doesNotThrow(() => JSON.parse(r.stdout));
        // a.collide has a finding and c.collide an error: each is named where reported, b.collide (clean) nowhere.
        for (const name of others.filter((n) => n !== 'b.collide')) assert.ok(r.stdout.includes(name), `${format}: ${name} reported`);
        assert.ok(!r.stdout.includes(failed), `${format}: ${failed} left out`);
        assert.match(r.stderr, new RegExp(`internal error while checking '${failed.replace('.', '\\.')}'`));
        assert.equal(r.code, EXIT_USAGE);
      }
    });
  }

  it('with no failure the same files give the ordinary exit code', () => {
    const r = check('json', analyzeDocument);
    const files = jsonFiles(r.stdout);
    assert.deepEqual(
      files.map((f) => f.path),
      NAMES,
    );
    assert.equal(files[0]!.findings.length, 1, "a.collide's overlap");
    assert.ok(files[2]!.diagnostics.length > 0, "c.collide's syntax error");
    assert.equal(r.stderr, '');
    assert.equal(r.code, EXIT_ERRORS, "c.collide's syntax error");
  });
});
