import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeLevel } from '../../../server/src/analysis/level-analysis';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { makeCheckCommand } from '../../../server/src/cli/check';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE } from '../../../server/src/cli/command';
import { makeConvertCommand } from '../../../server/src/cli/convert';
import { runCli } from '../../../server/src/cli/cli';
import { nodeLevelHost } from '../../../server/src/cli/level-host';
import type { LevelBody, LevelPart, LevelScene } from '../../../server/src/readers/level-scene';
import { levelBody, levelScene } from '../readers/level-fixture';

/**
 * A made-up level format read by a fake reader, so that the CLI is tested without the real
 * readers: after a first line (which the map's JSON detection looks at), one body a line,
 * `<name> <x> <y> <half size> [static] [cell]`: a box, its part a tile cell (3, 4) with `cell`,
 * and a line `!` is a reader error on that line.
 */
function fakeRead(text: string): LevelScene {
  const bodies: LevelBody[] = [];
  const diagnostics: LevelScene['diagnostics'][number][] = [];
  let at = text.indexOf('\n') + 1;
  for (const line of text.slice(at).split('\n')) {
    const start = at;
    at += line.length + 1;
    if (line.trim() === '') continue;
    if (line === '!') {
      diagnostics.push({ range: { start, end: start + 1 }, severity: 'error', code: 'fake-reader-error', message: 'the fake reader says no' });
      continue;
    }
    const [name, x, y, half, ...flags] = line.split(' ');
    const part: LevelPart = { shape: { kind: 'box', width: 2 * Number(half), height: 2 * Number(half), x: 0, y: 0, angle: 0 }, range: { start, end: start + line.length }, ...(flags.includes('cell') ? { cell: [3, 4] as const } : {}) };
    bodies.push(levelBody(name!, [part], { x: Number(x), y: Number(y), isStatic: flags.includes('static'), range: { start, end: start + line.length }, nameRange: { start, end: start + name!.length } }));
  }
  return levelScene(bodies, { diagnostics });
}

const LEVEL = '<map tiledversion="1.11">\nWalls/Wall3 0 0 10 static cell\nObjects#12 5 5 2\n';
const FILES: Record<string, string> = {
  'a.collide': 'body a circle(1)\nbody b circle(1) at (0.5, 0)\n',
  'levels/world.tmx': LEVEL,
  'levels/broken.tscn': '[gd_scene]\n!\nBox 0 0 1\n',
  'levels/map.json': '{ "tiledversion": "1.11",\nPlayer 0 0 1\nCrate 1 0 1\n',
  'levels/package.json': '{ "name": "not a map" }\n',
};

describe('cli: level files in collide check and collide convert', () => {
  let dir = '';
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collide-levels-'));
    for (const [name, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const check = makeCheckCommand(analyzeDocument, (text, _absolute, options) => analyzeLevel(fakeRead(text), text, options));
  function run(command: typeof check, args: string[]): { code: unknown; stdout: string; stderr: string } {
    let stdout = '';
    let stderr = '';
    const code = command.run(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: dir });
    return { code, stdout, stderr };
  }

  it('picks level files up in folders, a .json one only when it is a Tiled map, and points into them', () => {
    const r = run(check, ['.']);
    const lines = r.stdout.trim().split('\n');
    assert.deepEqual(lines, [
      'a.collide:2:6: warning [overlap] b overlaps a by 1.5: move it by (1.5, 0) to separate',
      `${path.join('levels', 'broken.tscn')}:2:1: error [fake-reader-error] the fake reader says no`,
      `${path.join('levels', 'map.json')}:3:1: warning [overlap] Crate overlaps Player by 1: move it by (1, 0) to separate`,
      `${path.join('levels', 'world.tmx')}:3:1: warning [overlap] Objects#12 overlaps Walls/Wall3 by 7 (Objects#12 against cell (3, 4) of Walls/Wall3): move it by (0, 7) to separate`,
      '4 files checked: 1 error, 3 warnings, 0 information, 0 hints.',
    ]);
    assert.equal(r.code, EXIT_ERRORS);
    assert.equal(r.stderr, '');
  });

  it('reports a level in JSON with level names, level positions and the cell of a tile part', () => {
    const r = run(check, ['--format', 'json', 'levels/world.tmx']);
    assert.equal(r.code, EXIT_OK);
    const file = (JSON.parse(r.stdout) as { files: { path: string; diagnostics: { range: { start: { line: number } } }[]; findings: Record<string, unknown>[] }[] }).files[0]!;
    assert.equal(file.path, 'levels/world.tmx');
    assert.deepEqual(file.diagnostics.map((d) => d.range.start.line), [2]);
    assert.equal(file.findings.length, 1);
    const f = file.findings[0]!;
    assert.deepEqual([f.kind, f.a, f.b, f.cell], ['overlap', 'Walls/Wall3', 'Objects#12', [3, 4]]);
    assert.deepEqual(Object.keys(f), ['kind', 'a', 'b', 'depth', 'normal', 'points', 'cell']);
    // Laid out as the rest of the report: JSON.stringify's, two spaces a level.
    assert.equal(r.stdout, `${JSON.stringify(JSON.parse(r.stdout), null, 2)}\n`);
  });

  it('points SARIF results into the level file', () => {
    const r = run(check, ['--format', 'sarif', 'levels/world.tmx']);
    const result = (JSON.parse(r.stdout) as { runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number; endColumn: number } } }[] }[] }[] }).runs[0]!.results[0]!;
    assert.equal(result.ruleId, 'overlap');
    const location = result.locations[0]!.physicalLocation;
    assert.equal(location.artifactLocation.uri, 'levels/world.tmx');
    assert.deepEqual([location.region.startLine, location.region.startColumn, location.region.endColumn], [3, 1, 11]);
  });

  it('checks a non-level .json file named on the command line as a .collide scene, as any other file', () => {
    const r = run(check, ['levels/package.json']);
    assert.match(r.stdout, /^levels\/package\.json:1:1: error \[/);
  });

  const convert = makeConvertCommand(nodeLevelHost, (text) => fakeRead(text));

  it('converts a level to .collide text, naming the level bodies in comments', () => {
    const r = run(convert, ['levels/world.tmx']);
    assert.equal(r.code, EXIT_OK);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /\n\/\/ Walls\/Wall3\nbody Walls_Wall3 static box\(20, 20\)\n\/\/ Objects#12\nbody Objects_12 box\(4, 4\) at \(5, 5\)\n$/);
    // Checking the conversion finds what checking the level finds.
    const converted = analyzeDocument(r.stdout).findings.map((f) => [f.kind, f.data]);
    const level = analyzeLevel(fakeRead(LEVEL), LEVEL).findings.map((f) => [f.kind, f.data]);
    assert.equal(converted.length, 1);
    assert.deepEqual(converted, level);
  });

  it("writes the conversion to a file with -o, the reader's errors on stderr with exit 1", () => {
    const r = run(convert, ['levels/broken.tscn', '-o', 'out.collide']);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, 'levels/broken.tscn:2:1: error [fake-reader-error] the fake reader says no\n');
    assert.equal(r.code, EXIT_ERRORS);
    assert.match(fs.readFileSync(path.join(dir, 'out.collide'), 'utf8'), /\nbody Box box\(2, 2\)\n$/);
  });

  it('refuses an unreadable file (exit 2) and a file of no level format (usage, exit 2)', async () => {
    const missing = run(convert, ['levels/missing.tmx']);
    assert.equal(missing.code, EXIT_USAGE);
    assert.match(missing.stderr, /^collide convert: cannot read 'levels\/missing\.tmx'/);
    let stderr = '';
    const code = await runCli(['convert', path.join(dir, 'a.collide')], { stdout: () => undefined, stderr: (t) => (stderr += t), cwd: dir });
    assert.equal(code, EXIT_USAGE);
    assert.match(stderr, /is not a level file/);
  });

  it('lists convert in the help, and says in check\'s help that it takes level files', async () => {
    let stdout = '';
    await runCli(['--help'], { stdout: (t) => (stdout += t), stderr: () => undefined, cwd: dir });
    assert.match(stdout, /\n {2}convert +Print the \.collide scene/);
    assert.match(check.usage, /\.tscn/);
  });
});
