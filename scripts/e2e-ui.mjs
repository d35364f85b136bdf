// The UI check: what a user sees in code-server with the packaged extension installed, read from
// the workbench's DOM and kept as screenshots (artifacts/e2e/, git-ignored, uploaded by CI).
//   - opening the overlap fixture shows a warning squiggle and the status-bar count,
//   - the Problems panel lists the overlap with its code,
//   - "Collide: Open Preview to the Side" opens a webview whose page shows the scene's bodies and
//     its findings (read inside the webview's frame), and follows a body typed into the text,
//   - the pair inspector live: a crate dragged with the mouse changes its depth and push-out
//     before the release (the heading says "dragged"), the release writes the text and the
//     inspector then shows the server's answer; a step of the time bar moves its instant,
//   - the reveal both ways: a code lens's "show in preview" moves the preview's view to its pair,
//     and a body clicked in the preview is selected in the text editor,
//   - a Tiled map (opened by its path, beside the workspace) shows its squiggle and count, stays
//     XML, and opens in the preview with the level's names.
// Every wait is on a DOM condition with a bound; a missed bound fails with a screenshot.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, artifactsDir, installVsix, makeProfile, removeProfile, startCodeServer } from './e2e-codeserver.mjs';
import { fixtureWorkspace } from './e2e.mjs';
import { vsixPath } from './package.mjs';

const BOUND_MS = 30_000;

export class Check {
  constructor(page) {
    this.page = page;
    this.failures = [];
  }
  async step(name, fn) {
    try {
      await fn();
      console.log(`  ✔ ${name}`);
    } catch (e) {
      const shot = join(artifactsDir, `failed-${this.failures.length + 1}.png`);
      await this.page.screenshot({ path: shot }).catch(() => {});
      console.log(`  ✘ ${name}\n    ${String(e instanceof Error ? e.message : e).split('\n').join('\n    ')}\n    (screenshot: ${shot})`);
      this.failures.push(name);
    }
  }
}

/**
 * Opens the palette on the command `title` and leaves it for the caller's Enter. A command whose
 * `when` reads the focused editor (editorLangId) is listed only once the workbench has updated
 * its context keys after the last focus change, and the palette filters what it has when it
 * opens; so a palette that does not list the command is closed and opened again, within the
 * same overall bound. So is one whose input does not take the text (F1 pressed with the focus
 * in a webview may leave it inert).
 */
export async function paletteOn(page, title) {
  const input = page.locator('.quick-input-widget input');
  // The focused row: Enter runs it, and until the list is filtered it may be another command.
  const row = page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title }).first();
  const listed = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  const deadline = Date.now() + BOUND_MS;
  for (;;) {
    const left = () => Math.min(5000, Math.max(1, deadline - Date.now()));
    try {
      await page.keyboard.press('F1');
      await input.waitFor({ state: 'visible', timeout: left() });
      await input.fill(`>${title}`, { timeout: left() });
      await listed.waitFor({ timeout: left() });
      // The fuzzy match may rank a longer title first ("Open Locked Preview to the Side").
      for (let down = 0; down < 8 && (await row.count()) === 0; down++) await page.keyboard.press('ArrowDown');
      await row.waitFor({ timeout: left() });
      return;
    } catch (e) {
      if (Date.now() >= deadline) throw e;
      await page.keyboard.press('Escape');
    }
  }
}

export async function runCommand(page, title) {
  await paletteOn(page, title);
  await page.keyboard.press('Enter');
}

/** Opens `name` through quick open (typing `query`: a name, or an absolute path) and focuses its text editor. */
export async function openFile(page, name, query = name) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: BOUND_MS });
  await input.fill(query);
  // The row must be the focused one: the list of recent files shows before the filtered one,
  // and an Enter then opens whatever it has focused.
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).first().waitFor({ timeout: BOUND_MS });
  await page.keyboard.press('Enter');
  // By the file's name: the preview, following the active editor, names its tab after it too.
  await page.locator(`.tab.active[data-resource-name="${name}"]`).first().waitFor({ timeout: BOUND_MS });
  // The text editor itself must hold the focus (after the Problems panel had it), so that the
  // commands whose `when` reads editorLangId apply.
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
  await page.locator('.editor-group-container.active .monaco-editor.focused').first().waitFor({ timeout: BOUND_MS });
}

/** The frame of the Collide preview's page: the innermost webview frame that has its status line. */
export async function previewFrame(page) {
  const deadline = Date.now() + BOUND_MS;
  while (Date.now() < deadline) {
    for (const f of page.frames()) {
      if (!/webview/i.test(f.url())) continue;
      const text = await f.evaluate(() => document.body?.innerText ?? '').catch(() => '');
      if (/\bbodies\b/.test(text)) return { frame: f, text };
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no webview frame with the preview's status line within ${BOUND_MS} ms; frames: ${page.frames().map((f) => f.url()).join(', ')}`);
}

/**
 * Opens the tunnelling fixture's preview beside it and checks what it shows: the status line's
 * numbers, the finding's bodies, and a scene canvas that is drawn (not one flat color). Its text
 * and screenshot go to artifacts/e2e/<prefix>preview.{txt,png}.
 */
export async function showTunnellingPreview(page, prefix) {
  await openFile(page, 'tunnelling.collide');
  await runCommand(page, 'Collide: Open Preview to the Side');
  const { frame } = await previewFrame(page);
  // The status line is written when the scene message arrives; wait for its numbers.
  await frame.waitForFunction(() => /2 bodies · 0 overlaps · 1 tunnelling/.test(document.body.innerText), null, { timeout: BOUND_MS });
  const text = await frame.evaluate(() => document.body.innerText);
  writeFileSync(join(artifactsDir, `${prefix}preview.txt`), text);
  if (!/shot/.test(text) || !/wall/.test(text)) throw new Error(`the preview's findings do not name shot and wall:\n${text}`);
  // Something is drawn: the scene canvas is not a single flat color. The status line and the
  // drawing are updated in different frames, so this is waited for as well.
  // Runs in the page: the number of distinct colors sampled, or 0 while it is below `min`.
  const distinctColors = (min) => {
    const c = document.querySelector('canvas#scene');
    if (!(c instanceof HTMLCanvasElement) || c.width === 0) return 0;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length && seen.size < 64; i += 4 * 97) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size >= min ? seen.size : 0;
  };
  try {
    await frame.waitForFunction(distinctColors, 3, { timeout: BOUND_MS, polling: 100 });
  } catch {
    throw new Error(`the scene canvas looks empty (${await frame.evaluate(distinctColors, 0).catch(() => '?')} distinct colors)`);
  }
  await page.screenshot({ path: join(artifactsDir, `${prefix}preview.png`) });
}

/**
 * Runs `steps({ page, check, profile, extFolder })` in code-server's workbench, in a fresh
 * profile (its `settings`) with the .vsix installed and the fixture workspace open, then stops
 * everything and removes the profile (unless `keep`). True when every step passed; otherwise
 * code-server's log is kept as artifacts/e2e/NAME-code-server.log.
 */
export async function inWorkbench(name, { vsix, keep, settings }, steps) {
  mkdirSync(artifactsDir, { recursive: true });
  const profile = makeProfile(`collide-e2e-${name}-`, settings);
  let server;
  let browser;
  try {
    const extFolder = installVsix(profile, vsix);
    const workspace = fixtureWorkspace(profile);
    server = await startCodeServer(profile);
    browser = await chromium.launch({ ...CHROMIUM, headless: true });
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    page.setDefaultTimeout(BOUND_MS);
    const check = new Check(page);
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    // The explorer lists the folder once the workspace is ready for quick open.
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'e2e' }).first().waitFor({ timeout: 60_000 });
    await steps({ page, check, profile, extFolder });
    if (check.failures.length > 0) writeFileSync(join(artifactsDir, `${name}-code-server.log`), server.log());
    return check.failures.length === 0;
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
    if (keep) console.log(`e2e-${name}: kept ${profile.dir}`);
    else removeProfile(profile);
  }
}

/** Runs `check({ keep })` when `url` (the caller's import.meta.url) is the script node was started with. */
export function runAsScript(url, name, check) {
  if (url !== pathToFileURL(process.argv[1] ?? '').href) return;
  check({ keep: process.argv.includes('--keep') }).then((ok) => process.exit(ok ? 0 : 1), (e) => {
    console.error(`${name}: ${e instanceof Error ? e.stack ?? e.message : e}`);
    process.exit(1);
  });
}

export function runUiCheck({ vsix = vsixPath(), keep = false } = {}) {
  const settings = { 'workbench.colorTheme': 'Default Dark Modern', 'editor.minimap.enabled': false };
  return inWorkbench('ui', { vsix, keep, settings }, async ({ page, check, profile }) => {
    await check.step('the overlap fixture shows a warning squiggle and the status-bar count', async () => {
      await openFile(page, 'overlap.collide');
      await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: BOUND_MS });
      // The summary says "checking" until the server's first publish reaches the extension host,
      // which may be a moment after the editor has drawn the squiggle; wait for the count itself.
      const status = page.locator('.statusbar-item', { hasText: /\b1 overlap\b/ }).first();
      try {
        await status.waitFor({ timeout: BOUND_MS });
      } catch {
        const items = await page.locator('.statusbar-item').allInnerTexts();
        const ours = items.map((t) => t.trim()).filter((t) => /collide|overlap|tunnell/i.test(t));
        throw new Error(`the status bar never said "1 overlap"; it says ${JSON.stringify(ours)}`);
      }
      await page.screenshot({ path: join(artifactsDir, 'editor-squiggles.png') });
    });

    await check.step('the Problems panel lists the overlap with its code', async () => {
      await runCommand(page, 'View: Focus Problems');
      const row = page.locator('.markers-panel .monaco-list-row', { hasText: /overlap/i }).first();
      await row.waitFor({ timeout: BOUND_MS });
      const panel = await page.locator('.markers-panel').innerText();
      writeFileSync(join(artifactsDir, 'problems.txt'), panel);
      if (!/overlap\.collide/.test(panel)) throw new Error(`the Problems panel does not name the file:\n${panel}`);
      if (!/\boverlap\b/.test(panel) || !/\b(a overlaps b|b overlaps a)\b/.test(panel)) throw new Error(`the Problems panel has no overlap of a and b:\n${panel}`);
      await page.screenshot({ path: join(artifactsDir, 'problems-panel.png') });
    });

    await check.step('the preview shows the tunnelling scene with its finding', () => showTunnellingPreview(page, ''));

    await check.step('the preview follows an edit of the text (a scene delta)', async () => {
      const { frame } = await previewFrame(page);
      // The text editor (the preview opened beside it without taking the focus): a body typed at
      // the end reaches the preview as a delta against the scene it holds.
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('\nbody extra circle(0.5) at (20, 20)');
      await frame.waitForFunction(() => /3 bodies · 0 overlaps · 1 tunnelling/.test(document.body.innerText), null, { timeout: BOUND_MS });
      // Through deltas, not the whole scene again (collidePreview is the webview's test hook).
      const { scenes, deltas } = await frame.evaluate(() => globalThis.collidePreview.debugState());
      if (!(deltas > 0)) throw new Error(`the edit reached the preview as ${scenes} whole scenes and ${deltas} deltas`);
      await page.screenshot({ path: join(artifactsDir, 'preview-edited.png') });
    });

    await check.step('unlocked, a drag of a handle in the preview writes one edit, and Ctrl+Z there undoes it', async () => {
      await openFile(page, 'handles.collide');
      const { frame } = await previewFrame(page);
      await frame.waitForFunction(() => /^2 bodies\b/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: BOUND_MS });
      await frame.locator('#edit-lock').click();
      const box = await frame.locator('#scene').boundingBox();
      // The ball's origin on the canvas (collidePreview is the webview's test hook): a click selects it.
      const [bx, by] = await frame.evaluate(() => {
        const app = globalThis.collidePreview;
        const v = app.view;
        const b = app.state.scene.bodies.find((x) => x.name === 'ball');
        return [(b.position[0] - v.cx) * v.zoom + v.width / 2, v.height / 2 - (b.position[1] - v.cy) * v.zoom];
      });
      await page.mouse.click(box.x + bx, box.y + by);
      const knob = await frame.evaluate(() => globalThis.collidePreview.state.overlay()?.handles.find((h) => h.kind === 'radius'));
      if (!knob) throw new Error('the selected ball shows no radius handle');
      await page.mouse.move(box.x + knob.x, box.y + knob.y);
      await page.mouse.down();
      for (let k = 1; k <= 4; k++) await page.mouse.move(box.x + knob.x, box.y + knob.y - 8 * k);
      await page.mouse.up();
      // Runs in the webview (a function, not a string: its CSP has no unsafe-eval): whether the
      // ball's radius in the scene shown is larger than 0.5, or is 0.5 again.
      const ballRadius = (larger) => {
        const r = globalThis.collidePreview.state.scene.bodies.find((x) => x.name === 'ball').parts[0].radius;
        return larger ? r > 0.5 : r === 0.5;
      };
      await frame.waitForFunction(ballRadius, true, { timeout: BOUND_MS });
      const editor = page.locator('.editor-group-container').first().locator('.view-lines');
      const written = await editor.innerText();
      if (/circle\(0\.5\)/.test(written)) throw new Error(`the text still says circle(0.5):\n${written}`);
      await page.screenshot({ path: join(artifactsDir, 'preview-handle.png') });
      // The canvas has the focus after the drag: Ctrl+Z goes to the preview, which asks for undo.
      await page.keyboard.press('Control+z');
      await frame.waitForFunction(ballRadius, false, { timeout: BOUND_MS });
      const undone = await editor.innerText();
      if (!/circle\(0\.5\)/.test(undone)) throw new Error(`Ctrl+Z in the preview did not restore circle(0.5):\n${undone}`);
    });

    await check.step('the pair inspector follows a drag live, then the server, and the time bar', async () => {
      // From the text's group (the drag left the focus in the preview's): the fixture opens
      // there, and the preview beside it follows.
      await page.locator('.editor-group-container').first().locator('.monaco-editor .view-lines').first().click();
      await openFile(page, 'crates.collide');
      const { frame } = await previewFrame(page);
      await frame.waitForFunction(() => /^4 bodies · 2 overlaps/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: BOUND_MS });
      // The overlapping crates, chosen in the findings list: the inspector opens with the server's answer.
      await frame.locator('#findings-list button', { hasText: 'sunk – pushed' }).click();
      const heading = frame.locator('#pair-numbers tr.heading th').first();
      const depth = frame.locator('#pair-numbers td[data-key^="Penetration depth at"]');
      const pushOut = frame.locator('#pair-numbers td[data-key^="Push-out (move B) at"]');
      await frame.waitForFunction(() => document.querySelector('#inspector h2')?.textContent === 'pushed ⊖ sunk' && document.querySelector('#pair-numbers td[data-key="Penetration depth at t = 0 s"]')?.textContent === '0.2', null, { timeout: BOUND_MS });
      const rest = { depth: await depth.textContent(), pushOut: await pushOut.textContent(), heading: await heading.textContent() };
      if (rest.heading !== 'At t = 0 s') throw new Error(`the inspector's first heading at rest is ${JSON.stringify(rest.heading)}`);
      if (!(await frame.evaluate(() => globalThis.collidePreview.debugState().editable))) await frame.locator('#edit-lock').click();
      if ((await frame.locator('#edit-lock').textContent()) !== 'Editing') throw new Error('the lock did not switch to Editing');
      // The crates at a known zoom (100 px a unit) about `pushed`, so that a drag of 10 px is 0.1.
      await frame.evaluate(() => {
        const app = globalThis.collidePreview;
        Object.assign(app.view, { cx: 0.8, cy: 0.5, zoom: 100 });
        // As a user's pan would: the pair's reveal no longer follows the panel's resizes.
        app.revealed = null;
        app.invalidate();
      });
      const box = await frame.locator('#scene').boundingBox();
      const v = (await frame.evaluate(() => globalThis.collidePreview.debugState())).view;
      // Inside `pushed` only (x 0.3 to 1.3; `sunk` ends at x = 0.5), half way up.
      const [px, py] = [box.x + (1.0 - v.cx) * v.zoom + v.width / 2, box.y + v.height / 2 - (0.5 - v.cy) * v.zoom];
      await page.mouse.move(px, py);
      await page.mouse.down();
      for (let k = 1; k <= 5; k++) await page.mouse.move(px + 2 * k, py);
      // Before the release: the numbers are the dragged pose's, computed in the webview.
      try {
        await frame.waitForFunction(() => {
          const cell = document.querySelector('#pair-numbers td[data-key^="Penetration depth at"]');
          return /dragged/.test(document.querySelector('#pair-numbers tr.heading th')?.textContent ?? '') && cell?.textContent !== '0.2';
        }, null, { timeout: BOUND_MS, polling: 50 });
      } catch {
        throw new Error(`the inspector did not follow the drag: ${JSON.stringify(await frame.locator('#pair-numbers').innerText())}`);
      }
      const live = { depth: Number(await depth.textContent()), pushOut: await pushOut.textContent(), heading: await heading.textContent() };
      if (!(Math.abs(live.depth - 0.1) < 0.02)) throw new Error(`the depth while dragged 0.1 clear is ${live.depth}`);
      if (live.pushOut === rest.pushOut) throw new Error(`the push-out while dragged stayed ${live.pushOut}`);
      if (live.heading !== 'At t = 0 s, dragged') throw new Error(`the heading while dragged is ${JSON.stringify(live.heading)}`);
      // The picture too: nothing has been written yet.
      // The editor's text, its spaces as typed (Monaco draws them as no-break spaces).
      const editor = page.locator('.editor-group-container').first().locator('.view-lines');
      const textOf = async () => (await editor.innerText()).replace(/\u00a0/g, ' ');
      if (!/at \(0\.8, 0\.5\)/.test(await textOf())) throw new Error('the text changed before the release');
      await page.screenshot({ path: join(artifactsDir, 'preview-inspector-live-drag.png') });
      await page.mouse.up();
      // Released: one edit of the text, and the inspector shows the server's answer for it.
      try {
        await frame.waitForFunction(() => {
          const app = globalThis.collidePreview;
          const detail = app.inspector.detail;
          const cell = document.querySelector('#pair-numbers td[data-key="Penetration depth at t = 0 s"]');
          return detail && detail.version === app.state.scene.version && app.state.drag === null && cell && cell.textContent !== '0.2';
        }, null, { timeout: BOUND_MS, polling: 100 });
      } catch {
        throw new Error(`the inspector did not show the server's answer after the release: ${JSON.stringify(await frame.locator('#pair-numbers').innerText())}`);
      }
      const written = await textOf();
      if (/at \(0\.8, 0\.5\)/.test(written) || !/body pushed box\(1, 1\) at \(0\.9\d*, 0\.5\)/.test(written)) throw new Error(`the text does not have pushed moved to x ≈ 0.9:\n${written}`);
      const served = Number(await depth.textContent());
      if (!(Math.abs(served - live.depth) < 0.011)) throw new Error(`the server says depth ${served}, the drag showed ${live.depth}`);
      if ((await heading.textContent()) !== 'At t = 0 s') throw new Error(`the heading after the release is ${JSON.stringify(await heading.textContent())}`);
      await page.screenshot({ path: join(artifactsDir, 'preview-inspector-released.png') });

      // The time bar: one step forward, and the inspector's numbers are at that instant.
      await frame.locator('#time-forward').click();
      await frame.waitForFunction(() => globalThis.collidePreview.debugState().time > 0, null, { timeout: BOUND_MS });
      const t = await frame.evaluate(() => globalThis.collidePreview.debugState().time);
      const label = await frame.locator('#time-label').innerText();
      const stepped = await heading.textContent();
      const m = /^At t = ([-\d.e]+) s$/.exec(stepped ?? '');
      if (!m || Math.abs(Number(m[1]) - t) > 1e-4 * Math.max(1, t)) throw new Error(`after one step to t = ${t} (bar: ${label}) the heading says ${JSON.stringify(stepped)}`);
      if ((await frame.locator('#pair-numbers td[data-key^="Penetration depth at t = 0 s"]').count()) !== 0) throw new Error('a depth still says t = 0 s after the step');
      await page.screenshot({ path: join(artifactsDir, 'preview-inspector-stepped.png') });
      // Back to the start with the keyboard, the scene focused.
      await page.mouse.click(box.x + 5, box.y + 5);
      await page.keyboard.press('Home');
      await frame.waitForFunction(() => document.querySelector('#pair-numbers tr.heading th')?.textContent === 'At t = 0 s', null, { timeout: BOUND_MS });
      // The focus back in the text's group, so that the next file opens there, not over the preview.
      await page.locator('.editor-group-container').first().locator('.monaco-editor .view-lines').first().click();
    });

    await check.step('a code lens "show in preview" moves the preview\'s view to its pair', async () => {
      // The overlap fixture in the text editor; the preview, beside it, follows it.
      await openFile(page, 'overlap.collide');
      // The lenses in view (the click that focused the editor may have scrolled them away).
      await page.keyboard.press('Control+Home');
      const { frame } = await previewFrame(page);
      await frame.waitForFunction(() => /3 bodies · 1 overlap/.test(document.body.innerText), null, { timeout: BOUND_MS });
      // Look far away first, zoomed in, as after panning through a large scene.
      await frame.evaluate(() => {
        const app = globalThis.collidePreview;
        Object.assign(app.view, { cx: 500, cy: 500, zoom: 200 });
        app.invalidate();
      });
      const lens = page.locator('.editor-group-container.active .codelens-decoration a', { hasText: /show in preview/ }).first();
      await lens.click();
      // Both crates, a (x 0 to 2) and b (x 0.5 to 2.5), y 0 to 2, on the preview's screen.
      const pairShown = () => {
        const d = globalThis.collidePreview.debugState();
        const v = d.view;
        const sx = (x) => (x - v.cx) * v.zoom + v.width / 2;
        const sy = (y) => v.height / 2 - (y - v.cy) * v.zoom;
        const shown = sx(-1) >= 0 && sx(2.5) <= v.width && sy(2) >= 0 && sy(0) <= v.height;
        return d.pair && d.pair.join() === 'a,b' && shown;
      };
      try {
        await frame.waitForFunction(pairShown, null, { timeout: BOUND_MS, polling: 100 });
      } catch {
        throw new Error(`the preview did not show the pair: ${JSON.stringify(await frame.evaluate(() => globalThis.collidePreview.debugState()))}`);
      }
      await page.screenshot({ path: join(artifactsDir, 'preview-revealed-pair.png') });
    });

    // Runs in the test: clicks the preview's canvas at world point (x, y) (the scene is y up).
    const clickWorld = async (frame, x, y) => {
      const canvas = await frame.locator('#scene').boundingBox();
      const v = (await frame.evaluate(() => globalThis.collidePreview.debugState())).view;
      await page.mouse.click(canvas.x + (x - v.cx) * v.zoom + v.width / 2, canvas.y + v.height / 2 - (y - v.cy) * v.zoom);
    };
    // Waits for the status bar to show the editor's selection on line `line`, one character long.
    const selectionOn = async (line, what) => {
      const selection = page.locator('.statusbar-item', { hasText: new RegExp(`Ln ${line}, Col \\d+ \\(1 selected\\)`) }).first();
      try {
        await selection.waitFor({ timeout: BOUND_MS });
      } catch {
        const items = (await page.locator('.statusbar-item').allInnerTexts()).map((t) => t.trim()).filter((t) => /Ln \d/.test(t));
        throw new Error(`the editor's selection is not on ${what}: the status bar says ${JSON.stringify(items)}`);
      }
    };

    await check.step('a body clicked in the preview is selected in the text editor beside it', async () => {
      const { frame } = await previewFrame(page);
      // The cursor elsewhere first: on the first line.
      await page.locator('.editor-group-container .monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+Home');
      // Inside b only (b spans x 0.5 to 2.5, a ends at x = 1); `body b` is line 5, its name one
      // character long.
      await clickWorld(frame, 2.2, 1);
      await selectionOn(5, "b's name");
      await page.screenshot({ path: join(artifactsDir, 'editor-revealed-body.png') });
    });

    await check.step('a body clicked in a preview that covers its text opens the text beside it, selected', async () => {
      // The preview moved into the text's group, in front of it: the text is not visible.
      await page.locator('.tab', { hasText: 'Preview overlap.collide' }).first().click();
      // The pointer off the tab: its hover, left open, can make the palette's input inert.
      await page.mouse.move(150, 500);
      await runCommand(page, 'View: Move Editor into Previous Group');
      await page.locator('.editor-group-container', { hasText: 'Preview overlap.collide' }).locator('.tab.active', { hasText: 'Preview overlap.collide' }).first().waitFor({ timeout: BOUND_MS });
      const { frame } = await previewFrame(page);
      await frame.waitForFunction(() => /3 bodies · 1 overlap/.test(document.body.innerText), null, { timeout: BOUND_MS });
      await clickWorld(frame, -0.5, 1);
      // `body a` is line 4; the preview stays in front in its group, the text opens in another.
      await selectionOn(4, "a's name");
      const previewShown = await page.locator('.tab.active', { hasText: 'Preview overlap.collide' }).count();
      const bothShown = await page.locator('.tab.active', { hasText: 'overlap.collide' }).count();
      if (previewShown !== 1 || bothShown !== 2) throw new Error(`the preview and the text are not both in front (${bothShown} tabs of overlap.collide in front)`);
      await page.screenshot({ path: join(artifactsDir, 'editor-revealed-beside.png') });
    });

    await check.step('a Tiled map shows its overlap, stays XML, and opens in the preview with its names', async () => {
      await openFile(page, 'overlap.tmx', join(profile.dir, 'levels', 'overlap.tmx'));
      // The crate's line in view (the click that focused the editor may have scrolled it away).
      await page.keyboard.press('Control+Home');
      await page.locator('.editor-group-container.active .monaco-editor .squiggly-warning').first().waitFor({ timeout: BOUND_MS });
      await page.locator('.statusbar-item', { hasText: /\b1 overlap\b/ }).first().waitFor({ timeout: BOUND_MS });
      // The language indicator: VS Code's XML, not Collide.
      const items = (await page.locator('.statusbar-item').allInnerTexts()).map((t) => t.trim());
      if (!items.includes('XML')) throw new Error(`the status bar shows no XML language: ${JSON.stringify(items)}`);
      await page.screenshot({ path: join(artifactsDir, 'level-squiggles.png') });
      await runCommand(page, 'Collide: Open Preview to the Side');
      const { frame } = await previewFrame(page);
      await frame.waitForFunction(() => /3 bodies · 1 overlap/.test(document.body.innerText), null, { timeout: BOUND_MS });
      const text = await frame.evaluate(() => document.body.innerText);
      writeFileSync(join(artifactsDir, 'preview-level.txt'), text);
      if (!/crate/.test(text) || !/floor/.test(text)) throw new Error(`the level preview's findings do not name crate and floor:\n${text}`);
      await page.screenshot({ path: join(artifactsDir, 'preview-level.png') });
    });
  });
}

runAsScript(import.meta.url, 'e2e-ui', runUiCheck);
