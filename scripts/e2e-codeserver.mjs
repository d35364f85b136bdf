// Shared code-server plumbing for the end-to-end suite, the UI check and `npm run demo`: a
// throw-away profile (user data, extensions folder), installing the packaged .vsix into it,
// starting code-server in its own process group and stopping the whole group again.
// The recipe and why each flag is there: ../shared/design/vscode-e2e.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCodeServer } from './e2e-setup.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const artifactsDir = join(root, 'artifacts', 'e2e');

/** Chromium flags from the recipe: headless, no sandbox (containers), and nothing that phones home. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const QUIET_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'chat.disableAIFeatures': true,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'files.autoSave': 'off',
  'git.enabled': false,
};

/**
 * A fresh profile under the OS temp folder: `{ dir, userDataDir, extensionsDir, config }`.
 * `settings` are merged over the quiet defaults.
 */
export function makeProfile(prefix = 'collide-e2e-', settings = {}) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const userDataDir = join(dir, 'user');
  const extensionsDir = join(dir, 'ext');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  // An empty config keeps code-server from writing one (with a password) into the home folder.
  const config = join(dir, 'config.yaml');
  writeFileSync(config, '');
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2));
  return { dir, userDataDir, extensionsDir, config };
}

function codeServerEnv(tools) {
  // EXTENSIONS_GALLERY='{}' stops every Marketplace look-up: the machines are offline.
  return { ...process.env, EXTENSIONS_GALLERY: '{}', PATH: `${dirname(tools.node)}:${process.env.PATH}` };
}

/** Installs a .vsix into the profile's extensions folder the way a user would; returns the unpacked folder. */
export function installVsix(profile, vsix, tools = ensureCodeServer()) {
  const r = spawnSync(tools.node, [tools.codeServer, '--config', profile.config, '--user-data-dir', profile.userDataDir,
    '--extensions-dir', profile.extensionsDir, '--install-extension', vsix, '--force'],
  { env: codeServerEnv(tools), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`installing ${vsix} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const prefix = `${pkg.publisher}.${pkg.name}-`.toLowerCase();
  const folder = readdirSync(profile.extensionsDir).find((f) => f.toLowerCase().startsWith(prefix));
  if (!folder) throw new Error(`${vsix} installed, but no ${prefix}* folder appeared in ${profile.extensionsDir}:\n${r.stdout}`);
  return join(profile.extensionsDir, folder);
}

/** Copies the example scenes (and optional extra fixture folders) into a fresh workspace folder. */
export function makeWorkspace(profile, extra = []) {
  const ws = join(profile.dir, 'workspace');
  mkdirSync(ws, { recursive: true });
  if (existsSync(join(root, 'examples'))) cpSync(join(root, 'examples'), join(ws, 'examples'), { recursive: true });
  for (const { from, to } of extra) cpSync(from, join(ws, to), { recursive: true });
  return ws;
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited with code ${child.exitCode} before listening`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs} ms (${last})`);
}

/**
 * Starts code-server on 127.0.0.1 in its own process group. `testHooks` adds the smoke-test
 * driver option, without which the workbench ignores the `payload` that runs an extension's
 * tests. Returns `{ url, port, pid, log(), stop() }`; stop() ends the whole group, because
 * killing only the parent leaves its file watchers behind.
 */
export async function startCodeServer(profile, { port, testHooks = false, logTo } = {}) {
  const tools = ensureCodeServer();
  port ??= await freePort();
  const args = [tools.codeServer, '--config', profile.config, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none',
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override',
    '--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir];
  if (testHooks) args.push('--vscode-option', 'enable-smoke-test-driver');
  const child = spawn(tools.node, args, { env: codeServerEnv(tools), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
    logTo?.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
      const timer = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    await waitForHealth(url, child, 30_000);
  } catch (e) {
    await stop();
    throw new Error(`${e.message}\n--- code-server output ---\n${output}`);
  }
  return { url, port, pid: child.pid, log: () => output, stop };
}

export function removeProfile(profile) {
  rmSync(profile.dir, { recursive: true, force: true, maxRetries: 3 });
}
