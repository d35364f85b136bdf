/**
 * The packaged extension is web-capable (package.json, .vscodeignore, the web client bundle): a
 * `browser` entry beside `main`, both bundles of the web shipped in the .vsix, virtual and
 * untrusted workspaces declared, and a web client bundle that asks its host for nothing but
 * `vscode`. `npm test` builds dist/ first.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;

/** Whether .vscodeignore's allow-list ships `file` (the list is `**` then `!` lines). */
function shipped(file: string): boolean {
  const lines = readFileSync(join(ROOT, '.vscodeignore'), 'utf8').split('\n').map((l) => l.trim());
  const glob = (g: string) => new RegExp(`^${g.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\0').replace(/\*/g, '[^/]*').replace(/\0/g, '.*')}$`);
  return lines.some((l) => l.startsWith('!') && glob(l.slice(1)).test(file));
}

describe('scripts: the web extension', () => {
  it('has a browser entry beside main, and ships both with the web worker server', () => {
    assert.equal(pkg['main'], './dist/client.js');
    assert.equal(pkg['browser'], './dist/web/client.js');
    for (const f of ['dist/client.js', 'dist/server.js', 'dist/web/client.js', 'dist/web/server.js', 'dist/webview.js']) assert.ok(shipped(f), `${f} is left out of the .vsix`);
    assert.ok(!shipped('dist/web/client.js.map'));
  });

  it('declares virtual and untrusted workspaces supported, and no kind that keeps it off the web', () => {
    const capabilities = pkg['capabilities'] as { virtualWorkspaces?: unknown; untrustedWorkspaces?: { supported?: unknown } } | undefined;
    assert.equal(capabilities?.virtualWorkspaces, true);
    assert.equal(capabilities?.untrustedWorkspaces?.supported, true);
    const kind = pkg['extensionKind'] as string[] | undefined;
    assert.ok(kind === undefined || kind.includes('web') || kind.includes('workspace'));
  });

  it('builds a web client that requires nothing but vscode', () => {
    const bundle = join(ROOT, 'dist', 'web', 'client.js');
    assert.ok(existsSync(bundle), 'dist/web/client.js is built (npm run build)');
    const required = new Set([...readFileSync(bundle, 'utf8').matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]));
    assert.deepEqual([...required], ['vscode']);
  });
});
