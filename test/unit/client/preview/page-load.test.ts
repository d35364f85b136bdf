/**
 * The host's posting to a webview page that is still loading (client/src/preview/page-load.ts),
 * with SceneSync as the panel uses them, against a fake of VS Code's webview: it holds what is
 * posted until the page has loaded, then hands it over in order, or loses it (a VS Code that
 * drops it, or hands it over before the page listens); the fake page behaves as the real one
 * (webview/src/ui/app.ts, scene-inbox.ts) does with scene messages, whole or in parts.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { PageLoad } from '../../../../client/src/preview/page-load';
import { SceneParts } from '../../../../client/src/preview/scene-parts';
import { SceneSync } from '../../../../client/src/preview/scene-sync';
import { applySceneDelta } from '../../../../protocol/preview-delta';
import type { PreviewScenePart } from '../../../../protocol/preview-lsp';
import { isHostToWebview, type HostToWebview } from '../../../../protocol/preview-messages';
import type { PreviewScene } from '../../../../protocol/preview-model';
import { decodeSceneBytes } from '../../../../protocol/preview-scene-bytes';
import { SceneInbox } from '../../../../webview/src/ui/scene-inbox';
import { sampleScene, sceneDelta } from '../../../browser/fixtures';
import { partNotes, partsAnswer } from '../../../browser/scene-parts';

/**
 * A page: what it holds, and its `ready`s (to the host, at once). Its messages go through the
 * page's own inbox, which reads a scene in parts as they come and hands it on with the last as
 * one `scene`; the Rig's scenes and parts are not deflated, so it hands each on at once.
 */
class FakePage {
  scene: PreviewScene | null = null;
  private readonly inbox = new SceneInbox((m) => this.handle(m));
  constructor(private readonly ready: () => void) {}
  receive(m: HostToWebview): void {
    assert.ok(isHostToWebview(m), 'every message fits the protocol');
    this.inbox.receive(m);
    assert.ok(!this.inbox.pending, 'handed on at once');
  }
  private handle(m: HostToWebview): void {
    if (m.type === 'scene') this.scene = m.scene;
    else if (m.type === 'sceneBytes') this.scene = decodeSceneBytes(m.bytes) ?? this.scene;
    else if (m.type === 'sceneDelta') {
      const next = this.scene ? applySceneDelta(this.scene, m.delta) : null;
      if (next) this.scene = next;
      else if (this.scene) this.ready();
    } else if (m.type === 'sceneSent' && !this.scene && !this.inbox.assembling) this.ready();
  }
}

/** The server's scenes, one per version, each the delta of the one before applied. */
class FakeServer {
  readonly scenes: PreviewScene[] = [sampleScene()];
  /** The versions it no longer knows as a base (a server started again). */
  private forgotten = 0;
  get latest(): PreviewScene {
    return this.scenes[this.scenes.length - 1]!;
  }
  edit(): void {
    const s = this.latest;
    this.scenes.push(applySceneDelta(s, sceneDelta(s, { errorCount: this.scenes.length }))!);
  }
  /** Started again: it knows no scene before the latest as a base. */
  forget(): void {
    this.forgotten = this.latest.version + 1;
  }
  /**
   * collide/previewScene: a delta from `base` when it is a version held, the whole scene
   * otherwise, in parts of `stream` (the notifications it sends before the answer) when asked so.
   */
  answer(base: number | undefined, stream?: number): { notes: PreviewScenePart[]; result: unknown } {
    const s = this.latest;
    const from = base !== undefined && base >= this.forgotten ? this.scenes.find((x) => x.version === base) : undefined;
    if (from) return { notes: [], result: sceneDelta(from, { version: s.version, errorCount: s.errorCount }) };
    if (stream === undefined) return { notes: [], result: s };
    const notes = partNotes(s, stream, { plain: true });
    return { notes, result: partsAnswer(s, notes.length) };
  }
}

/** One panel: the host's SceneSync and PageLoad, VS Code's queue for the page, the page. */
class Rig {
  /** `inParts`: the host asks for whole scenes in parts, as PreviewPanel does. */
  constructor(readonly inParts = false) {}
  readonly server = new FakeServer();
  private readonly parts = new SceneParts();
  private streams = 0;
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
    if (m.type === 'sceneBytes' && (m.part?.index ?? 0) === 0) this.wholeToPage++;
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
    const f = this.begin();
    while (f.part());
    f.end();
  }
  /**
   * A fetch taken a step at a time: the server's notifications one by one (`part`, false when
   * none is left), each posted as it comes, then its answer (`end`).
   */
  begin(): { part(): boolean; end(): void } {
    const uri = this.server.latest.uri;
    const stream = this.streams++;
    if (this.inParts) this.parts.start(stream);
    const { notes, result } = this.server.answer(this.sync.base(uri), this.inParts ? stream : undefined);
    let k = 0;
    const part = (): boolean => {
      const note = notes[k++];
      const p = note ? this.parts.add(note) : null;
      if (p) this.host.offerPart(p.message, p.uri, p.version);
      return k < notes.length;
    };
    const end = (): void => {
      while (k < notes.length) part();
      const answer = this.sync.accept(uri, result, this.parts.take(stream));
      assert.notEqual(answer.kind, 'invalid');
      if (answer.kind === 'refetch') return this.fetch();
      if (answer.kind === 'scene') void (answer.message ? this.host.offer(answer.message) : this.host.partsAccepted());
    };
    return { part, end };
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

const wholes = (ms: readonly HostToWebview[]) => ms.filter((m) => (m.type === 'sceneBytes' && (m.part?.index ?? 0) === 0) || m.type === 'scene').length;

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
    const v = rig.sync.version!;
    rig.host.drawn(v - 1);
    assert.equal(rig.host.mayRead, false, "a late note of an older scene's frame");
    rig.host.drawn(v);
    assert.equal(rig.host.mayRead, true);
    rig.server.edit();
    rig.fetch();
    assert.equal(rig.posted.at(-1)!.type, 'sceneDelta');
    assert.equal(rig.host.mayRead, true, 'a delta is read at once');
    rig.sync.webviewReset();
    rig.fetch();
    assert.equal(rig.posted.at(-1)!.type, 'sceneBytes');
    assert.equal(rig.host.mayRead, false, 'a whole scene again');
    rig.host.drawn(rig.sync.version!);
    assert.equal(rig.host.mayRead, true);
    rig.reload();
    rig.load();
    assert.equal(rig.posted.at(-1)!.type, 'sceneBytes', 'the page loaded again is posted the whole scene');
    assert.equal(rig.host.mayRead, false, 'and draws it before the host reads');
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
  const partsOf = (ms: readonly HostToWebview[]) => ms.map((m) => (m.type === 'sceneBytes' && m.part ? `part ${m.part.index}/${m.part.count}` : m.type));

  it('posts a scene in parts as they come, before the answer, to a page that says `ready` between them', () => {
    const rig = new Rig(true);
    const f = rig.begin();
    f.part();
    f.part();
    assert.deepEqual(partsOf(rig.posted), ['part 0/4', 'part 1/4'], 'posted while the page loads, before the answer');
    rig.load();
    while (f.part());
    assert.deepEqual(partsOf(rig.posted), ['part 0/4', 'part 1/4', 'sceneSent', 'part 2/4', 'part 3/4'], 'the page reading the parts does not ask again');
    f.end();
    assert.equal(rig.posted.length, 5, 'the answer posts nothing more');
    assert.deepStrictEqual(rig.page.scene, rig.server.latest);
    rig.fetch(); // the fetch `ready` starts: nothing newer
    rig.reload();
    rig.load();
    assert.deepEqual(partsOf(rig.posted.slice(5)), ['part 0/4', 'part 1/4', 'part 2/4', 'part 3/4'], 'a page loaded again is posted the parts again');
    assert.deepStrictEqual(rig.page.scene, rig.server.latest);
  });

  it('posts a page loaded again between the parts no part after its `ready`, and the whole scene once accepted', () => {
    const rig = new Rig(true);
    rig.fetch();
    rig.load();
    rig.server.edit();
    rig.server.forget(); // the next answer is whole
    const f = rig.begin();
    f.part();
    rig.reload();
    rig.load(); // answered with the scene held, of the version before
    const held = rig.posted.length;
    while (f.part());
    assert.equal(rig.posted.length, held, 'the new page would drop them');
    f.end();
    assert.deepEqual(partsOf(rig.posted.slice(held)), ['part 0/4', 'part 1/4', 'part 2/4', 'part 3/4']);
    assert.deepStrictEqual(rig.page.scene, rig.server.latest);
  });

  it('posts no part of a scene the page holds (a server started again sends it whole)', () => {
    const rig = new Rig(true);
    rig.fetch();
    rig.load();
    const posted = rig.posted.length;
    rig.server.forget();
    rig.fetch();
    assert.equal(rig.posted.length, posted);
    assert.deepStrictEqual(rig.page.scene, rig.server.latest);
  });

  // In parts, a fetch is taken a step at a time: the page may load, or load again, or the text
  // change, between its parts.
  it('property: the page ends with the latest scene, posted whole once to the first page load unless lost', () => {
    type Step = 'edit' | 'fetch' | 'load' | 'loadLosing' | 'reload' | 'part' | 'restart';
    const step = fc.constantFrom<Step>('edit', 'fetch', 'fetch', 'load', 'loadLosing', 'reload', 'part', 'part', 'restart');
    let once = 0;
    let withDeltas = 0;
    let inPartsOnce = 0;
    fc.assert(
      fc.property(fc.boolean(), fc.array(step, { minLength: 1, maxLength: 30 }), (inParts, steps) => {
        const rig = new Rig(inParts);
        let loaded = false;
        let unchecked = false;
        let restarted = false;
        let pending: ReturnType<Rig['begin']> | null = null;
        const finish = () => {
          pending?.end();
          pending = null;
        };
        for (const s of steps) {
          if (s === 'edit') rig.server.edit();
          else if (s === 'fetch') {
            finish();
            rig.fetch();
          } else if (s === 'part') {
            pending ??= rig.begin();
            if (!pending.part()) finish();
          } else if (s === 'restart') {
            rig.server.forget();
            restarted = true;
          } else if (s === 'reload') {
            rig.reload();
            loaded = false;
            unchecked = true;
          } else if (!loaded) {
            rig.load(s === 'loadLosing');
            loaded = true;
            unchecked ||= s === 'loadLosing';
          }
          if (!unchecked && !restarted) assert.ok(rig.wholeToPage <= 1, `whole scenes posted to one page load: ${rig.wholeToPage}`);
        }
        finish();
        if (!loaded) rig.load();
        rig.fetch();
        assert.deepStrictEqual(rig.page.scene, rig.server.latest, 'deltas applied in order give the latest scene');
        if (!unchecked && !restarted) {
          assert.equal(rig.wholeToPage, 1, 'the first page load got the whole scene once');
          once++;
          if (inParts && steps.includes('part')) inPartsOnce++;
        }
        if (rig.posted.some((m) => m.type === 'sceneDelta')) withDeltas++;
      }),
    );
    assert.ok(once > 0 && withDeltas > 0 && inPartsOnce > 0, `runs with one page load checked: ${once} (in parts, a step at a time: ${inPartsOnce}), with deltas posted: ${withDeltas}`);
  });
});
