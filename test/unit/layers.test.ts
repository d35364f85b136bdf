/**
 * The import graph keeps the rooms of docs/architecture.md: data flows one way (core ← syntax ←
 * semantics ← analysis ← features ← LSP edge ← Node room), the collision library and the
 * painters know nothing of editors, and only the tops touch Node or the LSP library. A rule
 * that no file exercises is itself a failure, so a rename cannot make the test pass vacuously.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const SOURCE_DIRS = ['core', 'render', 'protocol', 'server/src', 'webview/src', 'client/src'];

export interface Import {
  readonly from: string; // repository-relative path of the importing file
  readonly spec: string; // the specifier as written
  readonly target: string | undefined; // repository-relative path it resolves to, for relative specifiers
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const SPECIFIER = /(?:^|[^\w.$])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.$])import\s*['"]([^'"]+)['"]|(?:^|[^\w.$])(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import, export-from, side-effect import, dynamic import and require in a source text. */
export function importsOf(from: string, text: string): Import[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
  const found: Import[] = [];
  for (const m of code.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? '';
    const target = spec.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(from), spec)).replace(/\\/g, '/') : undefined;
    found.push({ from, spec, target });
  }
  return found;
}

export interface Rule {
  readonly name: string;
  /** The importing files the rule governs. */
  readonly applies: (file: string) => boolean;
  /** The reason an import breaks the rule, or undefined when it is allowed. */
  readonly forbids: (i: Import) => string | undefined;
}

const under = (prefix: string) => (path: string | undefined) => path !== undefined && (path === prefix || path.startsWith(`${prefix}/`));
const isNodeBuiltin = (spec: string) =>
  spec.startsWith('node:') ||
  /^(fs|path|os|url|util|zlib|crypto|child_process|worker_threads|stream|events|buffer|http|https|net|v8|vm|perf_hooks|process|readline|assert)(\/|$)/.test(spec);
const isPackage = (spec: string) => !spec.startsWith('.') && !spec.startsWith('/');

const SERVER = 'server/src';
const serverRoom = (room: string) => under(`${SERVER}/${room}`);
/** Rooms of the server, lowest first: a room may import only the rooms before it. */
const SERVER_ORDER = ['common', 'syntax', 'semantics', 'readers', 'analysis', 'preview', 'features', 'lsp', 'node', 'browser'];

export const RULES: readonly Rule[] = [
  {
    name: 'core imports nothing outside itself',
    applies: under('core'),
    forbids: (i) => (isPackage(i.spec) ? 'a package' : under('core')(i.target) ? undefined : 'a file outside core/'),
  },
  {
    name: 'outside core, core is reached only through its front door',
    applies: (f) => !under('core')(f),
    forbids: (i) => (under('core')(i.target) && i.target !== 'core' && i.target !== 'core/index' ? `core internals (${i.spec})` : undefined),
  },
  {
    name: 'render paints without editors, Node or the DOM build',
    applies: under('render'),
    forbids: (i) => (isPackage(i.spec) ? 'a package' : under('render')(i.target) || i.target === 'core' || i.target === 'core/index' || under('protocol')(i.target) ? undefined : 'a file outside render/, core and protocol'),
  },
  ...SERVER_ORDER.map(
    (room, k): Rule => ({
      name: `server/${room} imports no room above it`,
      applies: serverRoom(room),
      forbids: (i) => {
        const above = SERVER_ORDER.slice(k + 1).concat('cli').find((r) => serverRoom(r)(i.target) || i.target === `${SERVER}/main` || i.target === `${SERVER}/${r}`);
        return above === undefined ? undefined : `server/${above}`;
      },
    }),
  ),
  {
    name: 'only the LSP edge, the Node room and the browser room import the LSP library',
    applies: (f) => !serverRoom('lsp')(f) && !serverRoom('node')(f) && !serverRoom('browser')(f) && !under('client')(f),
    // Any vscode-languageserver* package: -types and -protocol are the LSP library too.
    forbids: (i) => (/^vscode-languageserver[\w-]*(\/|$)/.test(i.spec) ? i.spec : undefined),
  },
  {
    // The worker's top stands beside the Node room, not on it: what it builds must run without Node.
    name: 'the browser room uses neither the Node room nor the Node flavor of a library',
    applies: serverRoom('browser'),
    forbids: (i) => (serverRoom('node')(i.target) ? 'server/node' : /^vscode-(languageserver|jsonrpc)[\w-]*\/node(\/|$)/.test(i.spec) ? i.spec : undefined),
  },
  {
    name: 'only the Node room and the CLI import Node modules',
    applies: (f) => under('core')(f) || under('render')(f) || under('protocol')(f) || under('webview')(f) || (under(SERVER)(f) && !serverRoom('node')(f) && !serverRoom('cli')(f)),
    forbids: (i) => (isNodeBuiltin(i.spec) ? i.spec : undefined),
  },
  {
    name: 'the client is shared but for its node/ and browser/ tops, which alone start the server',
    applies: (f) => under('client/src')(f) && !under('client/src/node')(f) && !under('client/src/browser')(f),
    forbids: (i) =>
      isNodeBuiltin(i.spec) || /^vscode-languageclient\/(node|browser)(\/|$)/.test(i.spec) || under('client/src/node')(i.target) || under('client/src/browser')(i.target) ? i.spec : undefined,
  },
  {
    name: 'the client\'s browser/ top runs without Node',
    applies: under('client/src/browser'),
    forbids: (i) => (isNodeBuiltin(i.spec) || /^vscode-languageclient\/node(\/|$)/.test(i.spec) || under('client/src/node')(i.target) ? i.spec : undefined),
  },
  {
    name: 'nothing but the webview build imports webview/',
    applies: (f) => !under('webview')(f),
    forbids: (i) => (under('webview')(i.target) ? i.spec : undefined),
  },
];

export function violations(imports: readonly Import[], rules: readonly Rule[]): string[] {
  const out: string[] = [];
  for (const i of imports) for (const r of rules) if (r.applies(i.from)) {
    const why = r.forbids(i);
    if (why !== undefined) out.push(`${i.from}: '${i.spec}' breaks "${r.name}" (${why})`);
  }
  return out;
}

describe('layers: the import graph', () => {
  const files = SOURCE_DIRS.flatMap((d) => sourceFiles(join(ROOT, d))).map((f) => relative(ROOT, f).replace(/\\/g, '/'));
  const imports = files.flatMap((f) => importsOf(f, readFileSync(join(ROOT, f), 'utf8')));

  it('reads the source tree', () => {
    assert.ok(files.length > 100, `only ${files.length} source files found`);
    assert.ok(imports.length > files.length, `only ${imports.length} imports found`);
  });

  it('keeps every rule, and every rule governs some file', () => {
    for (const r of RULES) assert.ok(files.some((f) => r.applies(f)), `no file is governed by "${r.name}"`);
    assert.deepEqual(violations(imports, RULES), []);
  });

  it('catches a violation of each kind (control cases)', () => {
    const bad: Import[] = [
      ...importsOf('core/narrow/x.ts', "import { parse } from '../../server/src/syntax/parser';"),
      ...importsOf('server/src/analysis/x.ts', "import { t } from '../../../core/narrow/gjk';"),
      ...importsOf('server/src/syntax/x.ts', "import type { S } from '../semantics/scene';"),
      ...importsOf('server/src/features/x.ts', "import { Hover } from 'vscode-languageserver';"),
      ...importsOf('server/src/features/x.ts', "import type { CompletionItem } from 'vscode-languageserver-types';"),
      ...importsOf('protocol/x.ts', "import { RequestType } from 'vscode-languageserver-protocol';"),
      ...importsOf('server/src/syntax/x.ts', "import { TextDocument } from 'vscode-languageserver-textdocument';"),
      ...importsOf('server/src/analysis/x.ts', "const z = require('node:zlib');"),
      ...importsOf('render/x.ts', "export { q } from '../webview/src/ui/app';"),
      ...importsOf('server/src/lsp/x.ts', "import '../node/main';"),
      ...importsOf('client/src/x.ts', "import * as fs from 'node:fs';"),
      ...importsOf('client/src/preview/x.ts', "import { LanguageClient } from 'vscode-languageclient/node';"),
      ...importsOf('client/src/x.ts', "import { nodeServerHost } from './node/server';"),
      ...importsOf('client/src/browser/x.ts', "import { randomBytes } from 'crypto';"),
      ...importsOf('client/src/browser/x.ts', "import { nodeServerHost } from '../node/server';"),
      ...importsOf('server/src/node/x.ts', "import '../browser/main';"),
      ...importsOf('server/src/browser/x.ts', "import { zlibCodec } from '../node/zlib-codec';"),
      ...importsOf('server/src/browser/x.ts', "import { createConnection } from 'vscode-languageserver/node';"),
      ...importsOf('server/src/browser/x.ts', "import { readFileSync } from 'node:fs';"),
    ];
    const found = violations(bad, RULES);
    assert.equal(bad.length, 19);
    for (const i of bad) assert.ok(found.some((v) => v.startsWith(`${i.from}: '${i.spec}'`)), `missed ${i.from} → ${i.spec}`);
  });

  it('lets the allowed imports through', () => {
    const good = [
      ...importsOf('server/src/analysis/x.ts', "import { gjk } from '../../../core';"),
      ...importsOf('server/src/features/x.ts', "import type { Scene } from '../semantics/scene';"),
      ...importsOf('server/src/node/main.ts', "import { createConnection } from 'vscode-languageserver/node';\nimport * as fs from 'node:fs';"),
      ...importsOf('server/src/lsp/x.ts', "import type { SemanticTokensLegend } from 'vscode-languageserver-types';"),
      ...importsOf('client/src/x.ts', "import type { ProtocolRequestType } from 'vscode-languageserver-protocol';"),
      ...importsOf('core/narrow/x.ts', "import { add } from '../math/vec2'; // not from 'node:fs'"),
      ...importsOf('client/src/node/x.ts', "import * as fs from 'node:fs';\nimport { LanguageClient } from 'vscode-languageclient/node';\nimport { activateCollide } from '../extension';"),
      ...importsOf('client/src/browser/x.ts', "import { LanguageClient } from 'vscode-languageclient/browser';\nimport { activateCollide } from '../extension';"),
      ...importsOf('server/src/browser/main.ts', "import { BrowserMessageReader } from 'vscode-languageserver/browser';\nimport { serve } from '../lsp/serve';"),
    ];
    assert.equal(good.length, 14);
    assert.deepEqual(violations(good, RULES), []);
  });
});
