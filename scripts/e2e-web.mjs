// The web check: the packaged extension in the BROWSER's extension host (a web worker, no Node),
// as on vscode.dev and github.dev, driven in code-server and read from the workbench's DOM
// (screenshots in artifacts/e2e/web-*.png).
//
// code-server installs the .vsix on its host, where the extension would run in the Node
// extension host (package.json `main`). The user setting `remote.extensionKind` set to `["web"]`
// for the extension makes the workbench run it in its web worker extension host instead
// (package.json `browser`: dist/web/client.js), which starts the server as a web worker
// (dist/web/server.js). That it runs there is checked twice: the extension's output says so, and
// no Node process runs the installed extension's dist/server.js.
//   - the overlap fixture shows a warning squiggle and the status-bar count,
//   - hovering body `a` shows its shape and its overlap with `b`,
//   - the code lenses show the overlap, and the quick fixes offer to move `b` out of `a`,
//   - the outline (Go to Symbol in Editor) lists the scene's bodies,
//   - a Tiled map whose tiles' shapes are in an external tileset shows the overlap with a tile
//     (the tileset read through the client, collide/readFile and vscode.workspace.fs),
//   - Restart Language Server starts a fresh worker that checks the scene again,
//   - the preview opens and shows the tunnelling scene with its finding.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir } from './e2e-codeserver.mjs';
import { inWorkbench, openFile, runAsScript, runCommand, showTunnellingPreview } from './e2e-ui.mjs';
import { vsixPath } from './package.mjs';

const BOUND_MS = 30_000;
const EXTENSION_ID = 'collide.collide';

/** The command lines of the processes that run `script` (an absolute path). */
function processesRunning(script) {
  const r = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return (r.stdout ?? '').split('\n').filter((l) => l.includes(script));
}

/**
 * Brings the open editor `name` to the front by its tab and focuses its text. (Quick open may
 * take Enter while it still lists the recent files, the last one first.)
 */
async function showTab(page, name) {
  await page.locator('.tab', { hasText: name }).first().click();
  await page.locator('.tab.active', { hasText: name }).waitFor({ timeout: BOUND_MS });
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
  await page.locator('.editor-group-container.active .monaco-editor.focused').first().waitFor({ timeout: BOUND_MS });
}

/** The text of the panel's output view (the channel shown last), as rendered. */
async function outputText(page) {
  return page.locator('.part.panel .monaco-editor .view-lines').first().innerText().catch(() => '');
}

export function runWebCheck({ vsix = vsixPath(), keep = false } = {}) {
  const settings = {
    'remote.extensionKind': { [EXTENSION_ID]: ['web'] },
    'workbench.colorTheme': 'Default Dark Modern',
    'editor.minimap.enabled': false,
    'editor.hover.delay': 100,
  };
  return inWorkbench('web', { vsix, keep, settings }, async ({ page, check, extFolder }) => {
    await check.step('the overlap fixture shows a warning squiggle and the status-bar count', async () => {
      await openFile(page, 'overlap.collide');
      await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: BOUND_MS });
      await page.locator('.statusbar-item', { hasText: /\b1 overlap\b/ }).first().waitFor({ timeout: BOUND_MS });
      await page.screenshot({ path: join(artifactsDir, 'web-squiggles.png') });
    });

    await check.step('the extension and its server run in the browser, not in Node', async () => {
      // Monaco draws spaces as no-break spaces: \s matches both.
      const said = page.locator('.part.panel .monaco-editor .view-lines', { hasText: /\bin\sa\sweb\sworker\b/ }).first();
      // The command again while the panel does not show: on a loaded machine the workbench has
      // been seen to take the palette's Enter and never open the output.
      const deadline = Date.now() + BOUND_MS;
      for (;;) {
        await runCommand(page, 'Collide: Show Language Server Output');
        try {
          await said.waitFor({ timeout: Math.min(10_000, Math.max(1, deadline - Date.now())) });
          break;
        } catch {
          if (Date.now() >= deadline) throw new Error(`the Collide output does not say the server runs in a web worker:\n${await outputText(page)}`);
          await page.keyboard.press('Escape');
        }
      }
      writeFileSync(join(artifactsDir, 'web-output.txt'), await outputText(page));
      const node = processesRunning(join(extFolder, 'dist', 'server.js'));
      if (node.length > 0) throw new Error(`a Node process runs the installed extension's server:\n${node.join('\n')}`);
    });

    await check.step('hovering body a shows its shape and its overlap with b', async () => {
      await openFile(page, 'overlap.collide');
      // Line 4 is `body a box(2, 2) at (0, 1)`: the cursor on the name, then Show Hover.
      await page.keyboard.press('Control+G');
      await page.keyboard.type('4:6');
      await page.keyboard.press('Enter');
      const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: /overlap/i }).first();
      const deadline = Date.now() + BOUND_MS;
      for (;;) {
        await page.keyboard.press('Control+K');
        await page.keyboard.press('Control+I');
        try {
          await hover.waitFor({ timeout: Math.min(5000, Math.max(1, deadline - Date.now())) });
          break;
        } catch (e) {
          if (Date.now() >= deadline) throw e;
          await page.keyboard.press('Escape');
        }
      }
      const text = await hover.innerText();
      writeFileSync(join(artifactsDir, 'web-hover.txt'), text);
      if (!/\bbox\b/i.test(text) || !/\bb\b/.test(text)) throw new Error(`the hover on body a does not show its box and b:\n${text}`);
      await page.screenshot({ path: join(artifactsDir, 'web-hover.png') });
      await page.keyboard.press('Escape');
    });

    await check.step('the code lenses and the quick fix of the overlap', async () => {
      await page.locator('.monaco-editor .codelens-decoration', { hasText: /overlaps\sb\sby\s0\.5/ }).first().waitFor({ timeout: BOUND_MS });
      // Line 5 is `body b box(2, 2) at (1.5, 1)`, whose name carries the squiggle.
      await openFile(page, 'overlap.collide');
      await page.keyboard.press('Control+G');
      await page.keyboard.type('5:6');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+.');
      const fix = page.locator('.action-widget .monaco-list-row', { hasText: /Move 'b' out of 'a'/ }).first();
      try {
        await fix.waitFor({ timeout: BOUND_MS });
      } catch {
        throw new Error(`no "Move 'b' out of 'a'" in the quick fixes: ${JSON.stringify(await page.locator('.action-widget').allInnerTexts().catch(() => []))}`);
      }
      await page.screenshot({ path: join(artifactsDir, 'web-quick-fix.png') });
      await page.keyboard.press('Escape');
    });

    await check.step('the outline lists the scene’s bodies', async () => {
      await openFile(page, 'overlap.collide');
      await page.keyboard.press('Control+Shift+O');
      const rows = page.locator('.quick-input-list .monaco-list-row');
      // Each row's label is `<name> (<kind>)`, the first with the count after it.
      await page.locator('.quick-input-list .monaco-list-row[aria-label^="floor ("]').first().waitFor({ timeout: BOUND_MS });
      const labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      const names = labels.map((l) => l.split(' (')[0]);
      await page.screenshot({ path: join(artifactsDir, 'web-outline.png') });
      await page.keyboard.press('Escape');
      for (const n of ['floor', 'a', 'b']) if (!names.includes(n)) throw new Error(`the outline has no ${n}: ${JSON.stringify(names)}`);
    });

    await check.step('a Tiled map with an external tileset shows the overlap with a tile', async () => {
      await openFile(page, 'cave.tmx');
      await page.locator('.statusbar-item', { hasText: /\b2 overlaps\b/ }).first().waitFor({ timeout: BOUND_MS });
      await runCommand(page, 'View: Focus Problems');
      const row = page.locator('.markers-panel .monaco-list-row', { hasText: /Chest overlaps Ground/ }).first();
      try {
        await row.waitFor({ timeout: BOUND_MS });
      } catch {
        throw new Error(`the Problems panel has no "Chest overlaps Ground" (the tile's shape is in terrain.tsx):\n${await page.locator('.markers-panel').innerText().catch(() => '')}`);
      }
      writeFileSync(join(artifactsDir, 'web-problems.txt'), await page.locator('.markers-panel').innerText());
      await page.screenshot({ path: join(artifactsDir, 'web-level.png') });
    });

    await check.step('Restart Language Server starts a fresh worker, which checks the scene again', async () => {
      await showTab(page, 'overlap.collide');
      await runCommand(page, 'Collide: Restart Language Server');
      await runCommand(page, 'Collide: Show Language Server Output');
      const lines = async () => (await outputText(page)).split('\n');
      const deadline = Date.now() + BOUND_MS;
      while ((await lines()).filter((l) => /\bserver\sready\b/.test(l)).length < 2) {
        if (Date.now() > deadline) throw new Error(`no second start in the Collide output:\n${(await lines()).join('\n')}`);
        await page.waitForTimeout(100);
      }
      const starts = (await lines()).filter((l) => /\bin\sa\sweb\sworker\b/.test(l));
      if (starts.length !== 2) throw new Error(`expected two starts in a web worker, the output has:\n${(await lines()).join('\n')}`);
      await showTab(page, 'overlap.collide');
      await page.locator('.statusbar-item', { hasText: /\b1 overlap\b/ }).first().waitFor({ timeout: BOUND_MS });
      await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: BOUND_MS });
    });

    await check.step('the preview shows the tunnelling scene with its finding', () => showTunnellingPreview(page, 'web-'));
  });
}

runAsScript(import.meta.url, 'e2e-web', runWebCheck);
