/**
 * The documents the client serves (client/src/selectors.ts, levels.ts): scenes and levels in
 * every scheme VS Code keeps files under, the web's (github.dev's vscode-vfs, @vscode/test-web's
 * vscode-test-web) as well as the desktop's and a remote host's.
 */
import { strict as assert } from 'node:assert';
import Module from 'node:module';
import { FILE_SCHEMES, LEVEL_SELECTORS, SCENE_SELECTORS } from '../../../client/src/selectors';

type Levels = typeof import('../../../client/src/levels');

/** client/src/levels.ts, loaded with an empty stand-in for the `vscode` module it imports. */
function loadLevels(): Levels {
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = loader._load;
  loader._load = function (this: unknown, request: string, ...rest: unknown[]) {
    return request === 'vscode' ? {} : load.call(this, request, ...rest);
  };
  try {
    return require('../../../client/src/levels') as Levels;
  } finally {
    loader._load = load;
  }
}

const WEB_SCHEMES = ['vscode-vfs', 'vscode-test-web'];

describe('client/selectors: the documents the server is sent', () => {
  it('selects scenes in every file scheme, the web’s included, and unsaved ones', () => {
    const schemes = SCENE_SELECTORS.map((s) => s.scheme);
    for (const s of ['file', 'untitled', 'vscode-remote', ...WEB_SCHEMES]) assert.ok(schemes.includes(s), s);
    assert.ok(SCENE_SELECTORS.length > 0 && SCENE_SELECTORS.every((s) => s.language === 'collide' && s.pattern === undefined));
  });

  it('selects levels and JSON maps by pattern in every file scheme, the web’s included', () => {
    for (const scheme of ['file', 'vscode-remote', ...WEB_SCHEMES]) {
      const patterns = LEVEL_SELECTORS.filter((s) => s.scheme === scheme).map((s) => s.pattern);
      assert.deepEqual(patterns, ['**/*.{tscn,tmx,tmj}', '**/*.json'], scheme);
    }
    assert.ok(LEVEL_SELECTORS.length > 0 && LEVEL_SELECTORS.every((s) => s.language === undefined));
  });

  it('leaves out views of a file at another time, whose findings would stand beside the file’s', () => {
    const schemes = new Set([...SCENE_SELECTORS, ...LEVEL_SELECTORS].map((s) => s.scheme));
    for (const s of ['git', 'gitlens', 'vscode-scm', 'output']) assert.ok(!schemes.has(s), s);
    assert.ok(!FILE_SCHEMES.includes('untitled'), 'an unsaved document is a scene, never a level');
  });

  it('takes a level in github.dev’s repository for a level, as the status bar and the preview ask', () => {
    const { isLevelDocument } = loadLevels();
    const doc = (uri: string) => {
      const [, scheme, path] = /^([\w-]+):\/\/[^/]*(\/.*)$/.exec(uri)!;
      return { uri: { scheme, path, toString: () => uri } } as never;
    };
    const none = { has: () => false };
    const mapsChecked = { has: () => true };
    for (const scheme of ['file', 'vscode-remote', ...WEB_SCHEMES]) {
      assert.ok(isLevelDocument(doc(`${scheme}://host/levels/main.tscn`), none), `${scheme} .tscn`);
      assert.ok(isLevelDocument(doc(`${scheme}://host/levels/map.json`), mapsChecked), `${scheme} checked .json`);
      assert.ok(!isLevelDocument(doc(`${scheme}://host/package.json`), none), `${scheme} unchecked .json`);
    }
    assert.ok(!isLevelDocument(doc('git://host/levels/main.tscn'), none));
  });

  it('previews and summarizes a scene in any scheme, a checked level, and nothing else', () => {
    const { isSceneOrLevel } = loadLevels();
    const doc = (uri: string, languageId: string) => {
      const [, scheme, path] = /^([\w-]+):\/\/[^/]*(\/.*)$/.exec(uri)!;
      return { languageId, uri: { scheme, path, toString: () => uri } } as never;
    };
    const none = { has: () => false };
    assert.ok(isSceneOrLevel(doc('untitled://host/Untitled-1', 'collide'), none), 'an unsaved scene');
    assert.ok(isSceneOrLevel(doc('vscode-vfs://host/a.collide', 'collide'), undefined), 'a scene, with no record of checks');
    assert.ok(isSceneOrLevel(doc('file://host/levels/main.tscn', 'godot'), none), 'a level');
    assert.ok(!isSceneOrLevel(doc('file://host/package.json', 'json'), none), 'an unchecked .json');
    assert.ok(!isSceneOrLevel(doc('file://host/notes.md', 'markdown'), none));
    assert.ok(!isSceneOrLevel(undefined, none), 'no document');
  });
});
