// The in-host suite under @vscode/test-electron, for machines with VS Code desktop: set
// VSCODE_EXECUTABLE_PATH to its executable (e.g. /usr/share/code/code). test-electron would
// otherwise download VS Code from Microsoft's update server, which our machines cannot reach, so
// without the variable this runner skips with one line and the code-server runner is the one CI
// uses. Like that runner, it installs the PACKAGED .vsix into a temporary extensions folder and
// tests the installed copy.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveCliArgsFromVSCodeExecutablePath, runTests } from '@vscode/test-electron';
import { root } from './e2e-codeserver.mjs';
import { vsixPath } from './package.mjs';

/** Resolves with the exit code: 0 passed (or skipped), anything else failed. */
export async function runInElectron({ vsix = vsixPath(), testsIndex, keep = false }) {
  const exe = process.env.VSCODE_EXECUTABLE_PATH;
  if (!exe) {
    console.log('e2e-electron: skipped: VSCODE_EXECUTABLE_PATH is not set (no VS Code desktop here; the code-server run covers the same suite)');
    return 0;
  }
  if (!existsSync(exe)) {
    console.error(`e2e-electron: VSCODE_EXECUTABLE_PATH=${exe} does not exist`);
    return 1;
  }
  const dir = mkdtempSync(join(tmpdir(), 'collide-e2e-electron-'));
  try {
    const extensionsDir = join(dir, 'ext');
    const userDataDir = join(dir, 'user');
    const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(exe);
    const r = spawnSync(cli, [...cliArgs, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', vsix, '--force'], { encoding: 'utf8', shell: process.platform === 'win32' });
    if (r.status !== 0) {
      console.error(`e2e-electron: installing ${vsix} failed:\n${r.stdout}${r.stderr}`);
      return 1;
    }
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const prefix = `${pkg.publisher}.${pkg.name}-`.toLowerCase();
    const installed = readdirSync(extensionsDir).find((f) => f.toLowerCase().startsWith(prefix));
    if (!installed) {
      console.error(`e2e-electron: no ${prefix}* folder in ${extensionsDir} after installing`);
      return 1;
    }
    const { fixtureWorkspace } = await import('./e2e.mjs');
    const workspace = fixtureWorkspace({ dir });
    try {
      await runTests({
        vscodeExecutablePath: exe,
        extensionDevelopmentPath: join(extensionsDir, installed),
        extensionTestsPath: testsIndex,
        launchArgs: [workspace, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
      });
      return 0;
    } catch (e) {
      console.error(`e2e-electron: ${e instanceof Error ? e.message : e}`);
      return 1;
    }
  } finally {
    if (keep) console.log(`e2e-electron: kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { compileSuite } = await import('./e2e.mjs');
  const testsIndex = await compileSuite();
  process.exit(await runInElectron({ testsIndex, keep: process.argv.includes('--keep') }));
}
