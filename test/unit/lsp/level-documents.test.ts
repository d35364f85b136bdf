/**
 * lsp/level-documents.ts: which documents are levels, what a level reads, and that an edit of an
 * open level is analyzed incrementally (the document's IncrementalAnalyzer sees the lowered
 * text's edit: one body changed, a handful of pairs tested again) with the same result as a
 * level analyzed from scratch.
 */
import { strict as assert } from 'node:assert';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analyzeLevel } from '../../../server/src/analysis/level-analysis';
import { DEFAULT_SETTINGS } from '../../../server/src/features/settings';
import { LevelDocuments } from '../../../server/src/lsp/level-documents';
import { pathOfUri, samePath, uriOfPath } from '../../../server/src/lsp/level-paths';
import { readLevel } from '../../../server/src/readers/index';

/** A Tiled map of `n` crates on a grid, 40 px apart, none touching; `moved` shifts crate k by dx. */
function grid(n: number, moved?: { k: number; dx: number }): string {
  const objects: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = (i % 20) * 40 + (moved?.k === i ? moved.dx : 0);
    const y = Math.floor(i / 20) * 40;
    objects.push(`  <object id="${i + 1}" name="crate${i}" x="${x}" y="${y}" width="20" height="20"/>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down" width="40" height="40" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="${n + 1}">
 <objectgroup id="1" name="Crates">
${objects.join('\n')}
 </objectgroup>
</map>
`;
}

const URI = 'file:///levels/grid.tmx';
const NO_FILES = { readFile: () => undefined, inflate: () => undefined };

describe('lsp/level-documents: open levels', () => {
  it('tells levels, JSON files that are no map, and scenes apart', () => {
    const levels = new LevelDocuments(() => undefined);
    assert.equal(levels.kindOf('file:///a/b.tmx', ''), 'level');
    assert.equal(levels.kindOf('file:///a/B.TSCN', ''), 'level');
    assert.equal(levels.kindOf('file:///a/b.tmj', '{}'), 'level');
    assert.equal(levels.kindOf('file:///a/map.json', '{ "type": "map", "orientation": "orthogonal", "layers": [] }'), 'level');
    assert.equal(levels.kindOf('file:///a/package.json', '{ "name": "x" }'), 'none');
    assert.equal(levels.kindOf('file:///a/b.collide', ''), 'scene');
    assert.equal(levels.kindOf('untitled:Untitled-1', ''), 'scene');
  });

  it('turns URIs into the paths readers use', () => {
    assert.equal(pathOfUri('file:///home/me/my%20levels/a.tmx'), '/home/me/my levels/a.tmx');
    assert.equal(pathOfUri('file:///c%3A/game/a.tscn'), 'c:/game/a.tscn');
    assert.equal(pathOfUri('vscode-remote://ssh-remote%2Bbox/srv/a.tmx'), '/srv/a.tmx');
    assert.equal(pathOfUri('untitled:Untitled-1'), undefined);
    assert.ok(samePath('c:/Game/a.tsx', 'C:/game/A.tsx'));
    assert.ok(!samePath('/game/a.tsx', '/Game/a.tsx'));
  });

  it('knows levels in any hierarchical scheme (github.dev), and names their files in it', () => {
    const levels = new LevelDocuments(() => undefined);
    assert.equal(pathOfUri('vscode-vfs://github/me/game/levels/a%20b.tscn'), '/me/game/levels/a b.tscn');
    assert.equal(levels.kindOf('vscode-vfs://github/me/game/a.tscn', ''), 'level');
    assert.equal(levels.kindOf('vscode-test-web://mount/a.tmx', ''), 'level');
    assert.equal(uriOfPath('/me/game/levels/a b.tscn', 'vscode-vfs://github/me/game/x.tscn'), 'vscode-vfs://github/me/game/levels/a%20b.tscn');
    assert.equal(uriOfPath('/srv/tiles.tsx', 'vscode-remote://ssh-remote%2Bbox/srv/a.tmx'), 'vscode-remote://ssh-remote%2Bbox/srv/tiles.tsx');
    assert.equal(uriOfPath('c:/game/tiles.tsx', 'file:///c%3A/game/a.tmx'), 'file:///c%3A/game/tiles.tsx');
    for (const uri of ['file:///home/me/my%20levels/a.tmx', 'file:///c%3A/game/a.tscn', 'vscode-vfs://github/me/game/levels/a%20b.tscn']) {
      assert.equal(uriOfPath(pathOfUri(uri)!, uri), uri);
    }
  });

  it('analyzes an edit of one object incrementally, with the result of a whole analysis', async () => {
    const levels = new LevelDocuments(() => undefined);
    const analyzer = new IncrementalAnalyzer();
    const first = grid(200);
    const one = await levels.analyze(URI, 1, first, DEFAULT_SETTINGS, analyzer, () => false);
    assert.ok(one);
    assert.equal(one.view.analysis.diagnostics.length, 0);
    // crate5 slides onto crate6: one body changed, a few pairs tested again.
    const second = grid(200, { k: 5, dx: 30 });
    const two = await levels.analyze(URI, 2, second, DEFAULT_SETTINGS, analyzer, () => false);
    assert.ok(two);
    const stats = analyzer.stats!;
    assert.equal(stats.mode, 'incremental');
    assert.equal(stats.changed, 1);
    assert.ok(stats.testedPairs <= 8, `tested ${stats.testedPairs} pairs`);
    const whole = analyzeLevel(readLevel(second, '/levels/grid.tmx', NO_FILES), second);
    const plain = (ds: readonly { code: string; range: { start: number; end: number }; message: string }[]) => ds.map((d) => [d.code, d.range.start, d.range.end, d.message]);
    assert.deepEqual(plain(two.view.analysis.diagnostics), plain(whole.diagnostics));
    assert.equal(two.view.analysis.diagnostics.filter((d) => d.code === 'overlap').length, 1);
    assert.equal(levels.levelOf(two.view), two);
    assert.equal(levels.levelOf(two.lowered), undefined);
  });

  it('pauses while reading and lowering a large level, and drops a version that went stale there', async () => {
    const levels = new LevelDocuments(() => undefined);
    const text = grid(20000);
    // Never stale: the first turn, then the pauses of reading and lowering (and the analyzer's).
    let polls = 0;
    const done = await levels.analyze(URI, 1, text, DEFAULT_SETTINGS, new IncrementalAnalyzer(), () => (polls++, false));
    assert.ok(done);
    assert.equal(done.level.lowered.bodies.length, 20000);
    assert.ok(polls >= 3, `${polls} polls`);
    // Stale at the second poll, a pause of reading or lowering: dropped there.
    polls = 0;
    const none = await levels.analyze(URI, 2, text, DEFAULT_SETTINGS, new IncrementalAnalyzer(), () => ++polls > 1);
    assert.equal(none, undefined);
    assert.equal(polls, 2);
  });

  it('reads what a level uses from the open documents first, and says which levels use a file', async () => {
    const tileset = '/levels/tiles.tsx';
    const read: string[] = [];
    const levels = new LevelDocuments(
      (path) => (path === tileset ? '<tileset/>' : undefined),
      { readFile: (path) => (read.push(path), undefined), inflate: () => undefined },
    );
    const map = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="2" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="tiles.tsx"/>
 <tileset firstgid="100" source="other.tsx"/>
 <layer id="1" name="Ground" width="2" height="2"><data encoding="csv">1,0,0,1</data></layer>
</map>
`;
    await levels.analyze(URI, 1, map, DEFAULT_SETTINGS, new IncrementalAnalyzer(), () => false);
    assert.ok(!read.includes(tileset), 'an open tileset was read from the disk');
    assert.ok(read.includes('/levels/other.tsx'), `read from the disk: ${read.join(', ')}`);
    assert.deepEqual(levels.dependentsOf('file:///levels/tiles.tsx'), [URI]);
    assert.deepEqual(levels.dependentsOf('file:///levels/unused.tsx'), []);
    levels.forget(URI);
    assert.deepEqual(levels.dependentsOf('file:///levels/tiles.tsx'), []);
  });
});
