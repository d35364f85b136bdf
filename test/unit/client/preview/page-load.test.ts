/**
 * The host's posting to a webview page that is still loading (client/src/preview/page-load.ts),
 * with SceneSync as the panel uses them, against a fake of VS Code's webview: it holds what is
 * posted until the page has loaded, then hands it over in order, or loses it (a VS Code that
 * drops it, or hands it over before the page listens); the fake page behaves as the real one
 * (webview/src/ui/app.ts) does with scene messages.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { PageLoad } from '../../../../client/src/preview/page-load';
import { SceneSync } from '../../../../client/src/preview/scene-sync';
import { applySceneDelta } from '../../../../protocol/preview-delta';
import { isHostToWebview, type HostToWebview } from '../../../../protocol/preview-messages';
import type { PreviewScene } from '../../../../protocol/preview-model';
import { decodeSceneBytes } from '../../../../protocol/preview-scene-bytes';
import { sampleScene, sceneDelta } from '../../../browser/fixtures';

/** A page: what it holds, and its `ready`s (to the host, at once). */
class FakePage {
  scene: PreviewScene | null = null;
  constructor(private readonly ready: () => void) {}
  receive(m: HostToWebview): void {
    assert.ok(isHostToWebview(m), 'every message fits the protocol');
    if (m.type === 'sceneBytes') this.scene = decodeSceneBytes(m.bytes) ?? this.scene;
    else if (m.type === 'sceneDelta') {
      const next = this.scene ? applySceneDelta(this.scene, m.delta) : null;
      if (next) this.scene = next;
      else if (this.scene) this.ready();
    } else if (m.type === 'sceneSent' && !this.scene) this.ready();
  }
}

/** The server's scenes, one per version, each the delta of the one before applied. */
class FakeServer {
  readonly scenes: PreviewScene[] = [sampleScene()];
  get latest(): PreviewScene {
    return this.scenes[this.scenes.length - 1]!;
  }
  edit(): void {
    const s = this.latest;
    this.scenes.push(applySceneDelta(s, sceneDelta(s, { errorCount: this.scenes.length }))!);
  }
  /** collide/previewScene: a delta from `base` when it is a version held, the whole scene otherwise. */
  answer(base: number | undefined): unknown {
    const s = this.latest;
    const from = this.scenes.find((x) => x.version === base);
    return from ? sceneDelta(from, { version: s.version, errorCount: s.errorCount }) : s;
  }
}

/** One panel: the host's SceneSync and PageLoad, VS Code's queue for the page, the page. */
class Rig {
  readonly server = new FakeServer();
  readonly sync = new SceneSync();
  readonly posted: HostToWebview[] = [];
  /** Posted, not handed to the page yet (it has not loaded). */
  private queue: HostToWebview[] = [];
  private loaded = false;
  /** Whole scenes posted to the current page load. */
  wholeToPage = 0;
  page: FakePage = this.newPage();
  private draining = false;
  readonly host = new PageLoad(this.sync, (m) => {
    this.posted.push(m);
    if (m.type === 'sceneBytes') this.wholeToPage++;
    this.queue.push(m);
    this.drain();
    return Promise.resolve();
  });
  /** Hands the page what was posted, in order (what it posts meanwhile goes behind). */
  private drain(): void {
    if (!this.loaded || this.draining) return;
    this.draining = true;
    for (let m = this.queue.shift(); m; m = this.queue.shift()) this.page.receive(m);
    this.draining = false;
  }
  private newPage(): FakePage {
    return new FakePage(() => this.host.ready());
  }
  /** The host fetches and posts, as PreviewPanel.update does. */
  fetch(): void {
    const uri = this.server.latest.uri;
    const answer = this.sync.accept(uri, this.server.answer(this.sync.base(uri)));
    assert.notEqual(answer.kind, 'invalid');
    if (answer.kind === 'refetch') return this.fetch();
    if (answer.kind === 'scene') void this.host.offer(answer.message);
  }
  /** The page's script runs (`ready`), then it loads and is handed what was held, or loses it. */
  load(lose = false): void {
    const held = this.queue.splice(0);
    this.host.ready(); // said when the page's script runs, answered after what was held
    if (!lose) this.queue.unshift(...held);
    this.loaded = true;
    this.drain();
  }
  /** The page is loaded again (VS Code drops what it held for the old one). */
  reload(): void {
    this.page = this.newPage();
    this.loaded = false;
    this.queue = [];
    this.wholeToPage = 0;
  }
}

const wholes = (ms: readonly HostToWebview[]) => ms.filter((m) => m.type === 'sceneBytes' || m.type === 'scene').length;

describe('client/preview/page-load', () => {
  it('posts the whole scene before `ready`, once, and answers the `ready` with `sceneSent`', () => {
    const rig = new Rig();
    rig.fetch();
    assert.deepEqual(
      rig.posted.map((m) => m.type),
      ['sceneBytes'],
      'posted while the page loads',
    );
    rig.load();
    assert.deepEqual(
      rig.posted.map((m) => m.type),
      ['sceneBytes', 'sceneSent'],
      'not posted again',
    );
    rig.fetch(); // the fetch `ready` starts: nothing newer
    assert.equal(wholes(rig.posted), 1);
    assert.deepStrictEqual(rig.page.scene, rig.server.latest);
  });

  it('answers a `ready` with the whole scene when none was posted to the page yet', () => {
    const rig = new Rig();
    rig.load();
    assert.equal(rig.posted.length, 0, 'nothing held yet');
    rig.fetch();
    assert.deepEqual(
      rig.posted.map((m) => m.type),
      ['sceneBytes'],
    );
    assert.deepStrictEqual(rig.page.scene, rig.server.latest);
  });

  it('posts the whole scene again to a page loaded again (a second `ready`)', () => {
    const rig = new Rig();
    rig.fetch();
    rig.load();
    rig.reload();
    rig.load();
    assert.deepEqual(
      rig.posted.map((m) => m.type),
      ['sceneBytes', 'sceneSent', 'sceneBytes'],
    );
    assert.deepStrictEqual(rig.page.scene, rig.server.latest);
  });

  it('gives the scene again to a page that lost the one posted before its `ready`', () => {
    const rig = new Rig();
    rig.fetch();
    rig.load(true);
    assert.deepEqual(
      rig.posted.map((m) => m.type),
      ['sceneBytes', 'sceneSent', 'sceneBytes'],
      '`sceneSent` found the page empty, and it asked again',
    );
    assert.deepStrictEqual(rig.page.scene, rig.server.latest);
  });

  it("holds the host's reads of the scene while the page draws a whole one, until it says it drew", () => {
    const rig = new Rig();
    assert.equal(rig.host.mayRead, true, 'nothing posted yet');
    rig.fetch();
    assert.equal(rig.host.mayRead, false, 'a whole scene posted to the loading page');
    rig.load();
    assert.equal(rig.host.mayRead, false, 'loaded, not drawn yet');
    rig.host.drawn();
    assert.equal(rig.host.mayRead, true);
    rig.server.edit();
    rig.fetch();
    assert.equal(rig.posted.at(-1)!.type, 'sceneDelta');
    assert.equal(rig.host.mayRead, true, 'a delta is read at once');
    rig.sync.webviewReset();
    rig.fetch();
    assert.equal(rig.posted.at(-1)!.type, 'sceneBytes');
    assert.equal(rig.host.mayRead, false, 'a whole scene again');
  });

  it('posts the deltas that follow the early scene in order, before and after `ready`', () => {
    const rig = new Rig();
    rig.fetch();
    rig.server.edit();
    rig.fetch();
    rig.load();
    rig.server.edit();
    rig.fetch();
    assert.deepEqual(
      rig.posted.map((m) => m.type),
      ['sceneBytes', 'sceneDelta', 'sceneSent', 'sceneDelta'],
    );
    assert.deepStrictEqual(rig.page.scene, rig.server.latest);
  });

  // After a reload the host posts as to the page it knew until the new page says `ready`: what it
  // posts meanwhile may reach the new page, which the `ready` then gives the whole scene anyway.
  it('property: the page ends with the latest scene, posted whole once to the first page load unless lost', () => {
    type Step = 'edit' | 'fetch' | 'load' | 'loadLosing' | 'reload';
    const step = fc.constantFrom<Step>('edit', 'fetch', 'fetch', 'load', 'loadLosing', 'reload');
    let once = 0;
    let withDeltas = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        const rig = new Rig();
        let loaded = false;
        let unchecked = false;
        for (const s of steps) {
          if (s === 'edit') rig.server.edit();
          else if (s === 'fetch') rig.fetch();
          else if (s === 'reload') {
            rig.reload();
            loaded = false;
            unchecked = true;
          } else if (!loaded) {
            rig.load(s === 'loadLosing');
            loaded = true;
            unchecked ||= s === 'loadLosing';
          }
          if (!unchecked) assert.ok(rig.wholeToPage <= 1, `whole scenes posted to one page load: ${rig.wholeToPage}`);
        }
        if (!loaded) rig.load();
        rig.fetch();
        assert.deepStrictEqual(rig.page.scene, rig.server.latest, 'deltas applied in order give the latest scene');
        if (!unchecked) {
          assert.equal(rig.wholeToPage, 1, 'the first page load got the whole scene once');
          once++;
        }
        if (rig.posted.some((m) => m.type === 'sceneDelta')) withDeltas++;
      }),
    );
    assert.ok(once > 0 && withDeltas > 0, `runs with one page load checked: ${once}, with deltas posted: ${withDeltas}`);
  });
});
