// `npm run package`: the .vsix a user installs (`code --install-extension collide-<version>.vsix`,
// or "Install from VSIX..." on vscode.dev): the same package serves the desktop (`main`) and the
// web extension host (`browser`).
// Builds the production (minified, map-free) bundles, then packs them with @vscode/vsce using the
// allow-list in .vscodeignore. `--no-dependencies`: esbuild has already bundled every runtime
// dependency into dist/, so vsce must not walk node_modules (which would also pull in the CLI-only
// native dependencies). `--skip-license` only when there is no LICENSE file, since vsce would
// otherwise stop at an interactive prompt; package.json's `license` field still says MIT.
// `--no-rewrite-relative-links`: the repository URL is not a public GitHub one, so vsce cannot
// turn the README's relative links into absolute ones; they stay relative and resolve inside the
// installed extension, which ships the pictures and docs they point at (.vscodeignore).
//
// @vscode/vsce-sign (a vsce dependency whose postinstall is not in package.json's allowScripts) is
// not needed here: it is called only to sign or verify a package for the Marketplace, never by
// `vsce package`.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The path of the .vsix `npm run package` writes for the current package.json version. */
export function vsixPath() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return join(root, `${pkg.name}-${pkg.version}.vsix`);
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${[cmd, ...args].join(' ')} failed with exit code ${r.status ?? r.signal}`);
}

/** Builds and packs; returns the .vsix path. */
export function packageExtension() {
  run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--production']);
  // The desktop's client and server (package.json main), and the web's (browser): one .vsix for both.
  for (const bundle of ['client', 'server', 'web/client', 'web/server']) {
    if (!existsSync(join(root, 'dist', `${bundle}.js`))) throw new Error(`dist/${bundle}.js was not built; the extension cannot work without it`);
  }
  const out = vsixPath();
  const args = [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', out];
  if (!existsSync(join(root, 'LICENSE')) && !existsSync(join(root, 'LICENSE.md')) && !existsSync(join(root, 'LICENSE.txt'))) args.push('--skip-license');
  run(process.execPath, args);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const out = packageExtension();
    const kib = statSync(out).size / 1024;
    console.log(`package: ${relative(process.cwd(), out) || out} (${kib >= 1024 ? `${(kib / 1024).toFixed(2)} MiB` : `${kib.toFixed(1)} KiB`})`);
  } catch (e) {
    console.error(`package: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
