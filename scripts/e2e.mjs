// `npm run test:e2e`: the end-to-end checks on the PACKAGED extension, in a real VS Code.
//   1. `npm run package` (unless --no-package and the .vsix exists),
//   2. esbuild compiles test/e2e (the mocha suite that runs inside the extension host) to out/e2e,
//   3. code-server (a real VS Code 1.139, from npm; installed into .cache/e2e on first use) with
//      the .vsix installed into a temporary extensions folder runs that suite through its test
//      hook, driven by headless Chromium; the suite's result is the run's result,
//   4. the UI check (scripts/e2e-ui.mjs): squiggles, Problems panel and preview, with screenshots
//      in artifacts/e2e/,
//   5. the web check (scripts/e2e-web.mjs): the same .vsix in the browser's web worker extension
//      host, as on vscode.dev: squiggles, hover, outline, a level's external tileset, preview,
//   6. the same suite under @vscode/test-electron when VSCODE_EXECUTABLE_PATH names a desktop VS
//      Code (scripts/e2e-electron.mjs); skipped with one line otherwise.
// Flags: --no-package, --only=host|ui|web|electron (repeatable), --keep (leave the temp profile).
import * as esbuild from 'esbuild';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, artifactsDir, installVsix, makeProfile, makeWorkspace, removeProfile, root, startCodeServer } from './e2e-codeserver.mjs';
import { packageExtension, vsixPath } from './package.mjs';
import { ensureCodeServer } from './e2e-setup.mjs';

export const testsOut = join(root, 'out', 'e2e');
/** Bound on one in-host suite run; a run normally takes 10 to 20 s. */
const SUITE_TIMEOUT_MS = 5 * 60_000;
/** Start-up messages of code-server's workbench that say nothing about the suite. */
const WORKBENCH_NOISE = /^(Ignoring fetching additional builtin extensions|Updating additional builtin extensions cache|Resolv(ing|ed) connection token|Creating a socket|\[(reconnection-grace-time|Service Worker|AgentHost:remote|AccountPolicyGate)\]|Timed out waiting for authentication provider)/;

/** Compiles the in-host suite: index.js (the `extensionTestsPath`) and suite/*.js, CommonJS. */
export async function compileSuite() {
  const suiteDir = join(root, 'test', 'e2e', 'suite');
  const entryPoints = [join(root, 'test', 'e2e', 'index.ts'), ...readdirSync(suiteDir).filter((f) => f.endsWith('.test.ts')).map((f) => join(suiteDir, f))];
  await esbuild.build({
    entryPoints,
    outdir: testsOut,
    outbase: join(root, 'test', 'e2e'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // `vscode` is provided by the extension host; mocha is loaded from the repository's
    // node_modules at run time (its reporters are required dynamically, which bundling breaks).
    external: ['vscode', 'mocha'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return join(testsOut, 'index.js');
}

/**
 * The workspace folder the suite opens, and beside it (outside it) `levels/`, the level files
 * the suite opens by path: inside the workspace they would activate the extension at start-up
 * (package.json's workspaceContains events), and the suite's first test proves that opening a
 * scene is what activates it.
 */
export function fixtureWorkspace(profile) {
  cpSync(join(root, 'test', 'e2e', 'levels'), join(profile.dir, 'levels'), { recursive: true });
  return makeWorkspace(profile, [{ from: join(root, 'test', 'e2e', 'workspace'), to: 'e2e' }]);
}

/** Runs the in-host suite in code-server; resolves with VS Code's exit code (0 = all passed). */
export async function runInCodeServer({ vsix, testsIndex, keep = false }) {
  const profile = makeProfile();
  let server;
  let browser;
  try {
    const extFolder = installVsix(profile, vsix);
    const workspace = fixtureWorkspace(profile);
    server = await startCodeServer(profile, { testHooks: true });
    const remote = (p) => `vscode-remote://127.0.0.1:${server.port}${p}`;
    const payload = [['extensionDevelopmentPath', remote(extFolder)], ['extensionTestsPath', remote(testsIndex)]];
    const url = `${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    browser = await chromium.launch({ ...CHROMIUM, headless: true });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    let settle;
    const exited = new Promise((r) => { settle = r; });
    // The workbench's smoke-test driver calls these: the suite's console output, then its result.
    // Everything goes to artifacts/e2e/host-suite.log; the terminal gets the suite's own output,
    // without the workbench's start-up chatter.
    mkdirSync(artifactsDir, { recursive: true });
    const logFile = join(artifactsDir, 'host-suite.log');
    writeFileSync(logFile, '');
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const text = format(...(Array.isArray(args) ? args : [args]));
      appendFileSync(logFile, `[${type}] ${text}\n`);
      if (!WORKBENCH_NOISE.test(text)) process.stdout.write(`${text}\n`);
    });
    await page.exposeFunction('codeAutomationExit', (code) => settle(typeof code === 'number' ? code : 1));
    page.on('pageerror', (e) => console.error(`e2e: workbench page error: ${e.message}`));
    console.log(`e2e: code-server ${server.url} running the suite on ${extFolder}`);
    await page.goto(url);
    let timer;
    const timeout = new Promise((r) => { timer = setTimeout(() => r('timeout'), SUITE_TIMEOUT_MS); });
    const code = await Promise.race([exited, timeout]);
    // The suite's own end settles the race; a pending timer would hold the process open for the
    // rest of SUITE_TIMEOUT_MS after "all passed".
    clearTimeout(timer);
    if (code === 'timeout') {
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: join(artifactsDir, 'host-suite-timeout.png') }).catch(() => {});
      writeFileSync(join(artifactsDir, 'host-suite-timeout.log'), server.log());
      console.error(`e2e: the suite did not finish within ${SUITE_TIMEOUT_MS / 1000} s (screenshot and code-server log in artifacts/e2e/)`);
      return 1;
    }
    return code;
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
    if (keep) console.log(`e2e: kept ${profile.dir}`);
    else removeProfile(profile);
  }
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.filter((a) => a.startsWith('--only=')).map((a) => a.slice(7));
  const want = (k) => only.length === 0 || only.includes(k);
  const keep = args.includes('--keep');
  let vsix = vsixPath();
  if (!args.includes('--no-package') || !existsSync(vsix)) vsix = packageExtension();
  const testsIndex = await compileSuite();
  const failures = [];

  if (want('host')) {
    ensureCodeServer();
    console.log('e2e: [1/4] the in-host suite in code-server');
    const code = await runInCodeServer({ vsix, testsIndex, keep });
    if (code !== 0) failures.push(`in-host suite in code-server (exit code ${code})`);
  }
  if (want('ui')) {
    console.log('e2e: [2/4] the UI check in code-server');
    const { runUiCheck } = await import('./e2e-ui.mjs');
    const ok = await runUiCheck({ vsix, keep });
    if (!ok) failures.push('UI check in code-server');
  }
  if (want('web')) {
    console.log('e2e: [3/4] the web check: the extension in code-server\'s web worker extension host');
    const { runWebCheck } = await import('./e2e-web.mjs');
    const ok = await runWebCheck({ vsix, keep });
    if (!ok) failures.push('web check in code-server');
  }
  if (want('electron')) {
    console.log('e2e: [4/4] the in-host suite in VS Code desktop (@vscode/test-electron)');
    const { runInElectron } = await import('./e2e-electron.mjs');
    const code = await runInElectron({ vsix, testsIndex, keep });
    if (code !== 0) failures.push(`in-host suite in VS Code desktop (exit code ${code})`);
  }
  if (failures.length > 0) {
    console.error(`e2e: FAILED: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('e2e: all passed');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(`e2e: ${e instanceof Error ? e.stack ?? e.message : e}`);
    process.exit(1);
  });
}
