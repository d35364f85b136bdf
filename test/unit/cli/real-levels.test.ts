import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeCheckCommand } from '../../../server/src/cli/check';
import type { CliCommand } from '../../../server/src/cli/command';
import { makeConvertCommand } from '../../../server/src/cli/convert';
import { nodeLevelHost } from '../../../server/src/cli/level-host';
import { levelFormatOf, lowerLevel, readLevel, slashed } from '../../../server/src/readers';

// `collide check` and `collide convert` on real public levels (test/fixtures/levels, each
// folder's SOURCE.md says where from) and on the examples written for docs/levels.md.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const FIXTURES = 'test/fixtures/levels';

interface Position { line: number; character: number }
interface JsonDiagnostic { range: { start: Position; end: Position }; severity: string; code: string; message: string }
interface JsonFinding { kind: string; a: string; b: string; depth?: number; toi?: number; normal?: [number, number]; cell?: [number, number] }
interface JsonFile { path: string; diagnostics: JsonDiagnostic[]; findings: JsonFinding[] }

async function run(command: CliCommand, args: string[], cwd = ROOT): Promise<{ code: unknown; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await command.run(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

async function checkJson(args: string[], cwd = ROOT): Promise<JsonFile[]> {
  const r = await run(makeCheckCommand(), ['--format', 'json', ...args], cwd);
  return (JSON.parse(r.stdout) as { files: JsonFile[] }).files;
}

/** The text of `file` (relative to the root) between two LSP positions (UTF-16, as JS strings). */
function textAt(file: string, range: JsonDiagnostic['range']): string {
  const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  assert.equal(range.start.line, range.end.line, 'a name range is on one line');
  return lines[range.start.line]!.slice(range.start.character, range.end.character);
}

/** Every level file under a folder (relative to the root), a .json one only when it is a Tiled map. */
function levelFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, d), { withFileTypes: true })) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (levelFormatOf(p, p.endsWith('.json') ? fs.readFileSync(path.join(ROOT, p), 'utf8') : undefined) !== undefined) out.push(p);
    }
  };
  walk(folder);
  return out.sort();
}

const close = (x: number, y: number) => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));

/**
 * The overlaps of the fixtures, each checked by hand from the files' numbers (the sums are in
 * the comments): file, a, b, depth, the cell of a tile part, and the text the diagnostic's
 * range covers in the file (the `name="..."` of the node that moves, or of the node that
 * instances it).
 */
const HAND_CHECKED: { file: string; a: string; b: string; depth: number; cell?: [number, number]; at: string }[] = [
  // MovingPlatform2 at x = 88.3493 with a 16 px box reaches x = 96.3493; the TileMapLayer's
  // cell (6, 18) (16 px tiles, polygon ±8 about (6.5, 18.5) · 16) starts at x = 96.
  { file: 'godot/kinematic_character/world.tscn', a: 'TileMapLayer', b: 'MovingPlatform2', depth: 0.3493, cell: [6, 18], at: '"MovingPlatform2"' },
  // OneWay4 at x = 487, a 20 x 8 box, reaches x = 497; cell (31, 19) starts at 31 · 16 = 496.
  { file: 'godot/kinematic_character/world.tscn', a: 'TileMapLayer', b: 'OneWay4', depth: 1, cell: [31, 19], at: '"OneWay4"' },
  // OneWay1..4 at x = 440, 456, 472, 487, 20 px wide: 430–450, 446–466, 462–482, 477–497.
  { file: 'godot/kinematic_character/world.tscn', a: 'OneWay1', b: 'OneWay2', depth: 4, at: '"OneWay2"' },
  { file: 'godot/kinematic_character/world.tscn', a: 'OneWay2', b: 'OneWay3', depth: 4, at: '"OneWay3"' },
  { file: 'godot/kinematic_character/world.tscn', a: 'OneWay3', b: 'OneWay4', depth: 5, at: '"OneWay4"' },
  // The seesaw's Plank (RigidBody2D, 128 x 8 at the origin: y −4..4) and Pillar (StaticBody2D,
  // 16 x 27 at (0, 12.5): y −1..26) overlap 5 px in y; a PinJoint2D holds them so in the game.
  { file: 'godot/physics_platformer/background/seesaw.tscn', a: 'Plank', b: 'Pillar', depth: 5, at: '"Pillar"' },
  { file: 'godot/physics_platformer/stage.tscn', a: 'Props/Seesaw/Plank', b: 'Props/Seesaw/Pillar', depth: 5, at: '"Seesaw"' },
  { file: 'godot/physics_platformer_4.2/background/seesaw.tscn', a: 'Plank', b: 'Pillar', depth: 5, at: '"Pillar"' },
  { file: 'godot/physics_platformer_4.2/stage.tscn', a: 'Props/Seesaw/Plank', b: 'Props/Seesaw/Pillar', depth: 5, at: '"Seesaw"' },
];

describe('cli: real levels', () => {
  it('reports the hand-checked overlaps of the fixtures, with level names and ranges on the named nodes', async () => {
    const files = await checkJson([FIXTURES]);
    assert.ok(files.length >= 30, `${files.length} files checked`);
    const found = files.flatMap((f) => f.findings.map((x) => ({ file: f.path.slice(FIXTURES.length + 1), ...x })));
    const overlaps = found.filter((x) => x.kind === 'overlap');
    assert.deepEqual(
      overlaps.map((x) => `${x.file}: ${x.a} / ${x.b}`).sort(),
      HAND_CHECKED.map((x) => `${x.file}: ${x.a} / ${x.b}`).sort(),
    );
    assert.deepEqual(found.filter((x) => x.kind !== 'overlap'), [], 'no tunnelling or collision in the fixtures');
    for (const expected of HAND_CHECKED) {
      const file = files.find((f) => f.path === `${FIXTURES}/${expected.file}`)!;
      const finding = file.findings.find((x) => x.a === expected.a && x.b === expected.b)!;
      assert.ok(Math.abs(finding.depth! - expected.depth) < 1e-9, `${expected.b}: depth ${finding.depth}`);
      assert.deepEqual(finding.cell, expected.cell);
      // Its diagnostic names both bodies and sits on the node that moves (or instances it).
      const diagnostic = file.diagnostics.filter((d) => d.code === 'overlap' && d.message.startsWith(`${expected.b} overlaps ${expected.a} by `));
      assert.equal(diagnostic.length, 1, `one diagnostic for ${expected.b} / ${expected.a}`);
      assert.equal(textAt(file.path, diagnostic[0]!.range), expected.at);
      if (expected.cell) assert.ok(diagnostic[0]!.message.includes(`cell (${expected.cell.join(', ')}) of ${expected.a}`));
    }
  });

  it('reads the Tiled fixtures\' bodies, and finds no overlap among them', async () => {
    // Their dynamic objects stand clear of the static layers: orthogonal-infinite's Objects#4
    // (x 128.134–144.134, y 95.847–111.847) is 2.134 px from Solid's box (x 114–126, y 114–128).
    const files = (await checkJson([`${FIXTURES}/tiled`])).filter((f) => levelFormatOf(f.path) === 'tiled');
    assert.ok(files.length >= 10, `${files.length} Tiled files`);
    const convert = makeConvertCommand();
    let dynamic = 0;
    for (const f of files) {
      const r = await run(convert, [f.path]);
      dynamic += r.stdout.split('\n').filter((l) => l.startsWith('body ') && !/^body \S+ static /.test(l)).length;
      assert.deepEqual(f.findings, [], f.path);
    }
    assert.ok(dynamic >= 6, `${dynamic} dynamic Tiled bodies`);
  });

  it('round-trips through collide convert: the .collide scene gives the level\'s findings', async () => {
    const levels = [...levelFiles(FIXTURES), ...levelFiles('examples/levels')];
    assert.ok(levels.length >= 30, `${levels.length} levels`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collide-roundtrip-'));
    let compared = 0;
    try {
      const convert = makeConvertCommand();
      for (const [i, level] of levels.entries()) {
        const converted = await run(convert, [level]);
        const scene = path.join(dir, `${i}.collide`);
        fs.writeFileSync(scene, converted.stdout);
        const absolute = slashed(path.join(ROOT, level));
        const text = fs.readFileSync(absolute, 'utf8');
        const names = lowerLevel(readLevel(text, absolute, nodeLevelHost), text).names.byIdentifier;
        const mine = (await checkJson([level]))[0]!.findings;
        const theirs = (await checkJson([scene], dir))[0]!.findings.map((f) => ({ ...f, a: names.get(f.a) ?? `?${f.a}`, b: names.get(f.b) ?? `?${f.b}` }));
        const key = (f: JsonFinding) => `${f.kind} ${f.a} ${f.b}`;
        assert.deepEqual(theirs.map(key).sort(), mine.map(key).sort(), level);
        for (const f of theirs) {
          const g = mine.find((x) => key(x) === key(f))!;
          if (f.depth !== undefined || g.depth !== undefined) assert.ok(close(f.depth!, g.depth!), `${level} ${key(f)}: depth ${f.depth} vs ${g.depth}`);
          if (f.toi !== undefined || g.toi !== undefined) assert.ok(close(f.toi!, g.toi!), `${level} ${key(f)}: toi ${f.toi} vs ${g.toi}`);
          assert.ok(f.normal !== undefined && g.normal !== undefined, `${level} ${key(f)}: a normal`);
          assert.ok(close(f.normal[0], g.normal[0]) && close(f.normal[1], g.normal[1]), `${level} ${key(f)}: normal ${f.normal} vs ${g.normal}`);
          compared++;
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.ok(compared >= 15, `${compared} findings compared`);
  });
});
