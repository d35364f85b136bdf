// Renders images/icon.svg (the source of the extension's icon) to the 256×256 images/icon.png the
// Marketplace and VS Code's extension view need (they do not accept SVG icons). Uses Debian's
// headless Chromium through playwright-core, already needed by the browser tests, rather than a
// native image library. Run it after editing the SVG and commit both files.
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'images', 'icon.svg'), 'utf8');
const profile = mkdtempSync(join(tmpdir(), 'collide-icon-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  viewport: { width: 256, height: 256 },
  deviceScaleFactor: 1,
});
try {
  const page = await browser.newPage();
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const png = await page.locator('svg').screenshot({ omitBackground: true });
  writeFileSync(join(root, 'images', 'icon.png'), png);
  console.log(`icon: wrote images/icon.png (${png.length} bytes)`);
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
