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
  let dir = '';
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collide-check-fail-'));
    fs.writeFileSync(path.join(dir, 'a.collide'), 'body a circle(1)\nbody b circle(1) at (0.5, 0)\n');
    fs.writeFileSync(path.join(dir, 'b.collide'), '// the analysis of this one throws\nbody c circle(1)\n');
    fs.writeFileSync(path.join(dir, 'c.collide'), 'body d box(1, 1)\nbody e circle(1) at (10, 0)\nlet x = \n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const failing: typeof analyzeDocument = (text, options) => {
    if (text.includes('throws')) throw new Error('simulated failure');
    return analyzeDocument(text, options);
  };

  function check(format: string, failOn = failing): { code: unknown; stdout: string; stderr: string } {
    let stdout = '';
    let stderr = '';
    const code = makeCheckCommand(failOn).run(['--format', format, '.'], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: dir });
    return { code, stdout, stderr };
  }

  it('json: a whole document of the other files, the failure on stderr, exit 2', () => {
    const r = check('json');
    const report = JSON.parse(r.stdout) as { files: { path: string; diagnostics: unknown[]; findings: unknown[] }[] };
    assert.deepEqual(
      report.files.map((f) => f.path),
      ['a.collide', 'c.collide'],
    );
    assert.equal(report.files[0]!.findings.length, 1, "the files after the failing one are still analysed in full");
    assert.ok(report.files[1]!.diagnostics.length > 0);
    assert.match(r.stderr, /internal error while checking 'b\.collide' \(please report it\): simulated failure/);
    assert.equal(r.code, EXIT_USAGE);
  });

  it('text and sarif: the other files reported, exit 2', () => {
    const text = check('text');
    assert.match(text.stdout, /a\.collide/);
    assert.match(text.stdout, /c\.collide/);
    assert.doesNotMatch(text.stdout, /b\.collide/);
    assert.equal(text.code, EXIT_USAGE);
    const sarif = check('sarif');
    assert.doesNotThrow(() => JSON.parse(sarif.stdout));
    assert.equal(sarif.code, EXIT_USAGE);
  });

  it('with no failure the same files give the ordinary exit code', () => {
    const r = check('json', analyzeDocument);
    assert.equal((JSON.parse(r.stdout) as { files: unknown[] }).files.length, 3);
    assert.equal(r.stderr, '');
    assert.equal(r.code, EXIT_ERRORS, "c.collide's syntax error");
  });
});
