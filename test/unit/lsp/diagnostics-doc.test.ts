import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseSettings } from '../../../server/src/lsp/configuration';
import { limitedList } from '../../../server/src/lsp/publish/diagnostic-limit';
import { PROBLEM_LIMIT_CODE } from '../../../protocol/lsp';
import { scene } from '../features/fixture';
import { analyzeLevel } from '../../../server/src/analysis/level-analysis';
import { readLevel, type LevelHost } from '../../../server/src/readers';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Every .ts file under a folder of server/src. */
function sourcesOf(room: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  walk(path.join(ROOT, 'server', 'src', room));
  return files;
}

/**
 * Every diagnostic code the front end, the readers and the analysis can emit, read from their
 * sources: a code is a quoted kebab-case literal after `code: ` or as an argument of a reporting
 * call. The readers report through helpers of their own (`warn`, `report(file, range, ...)`,
 * notes), so under readers/ every literal with a reader's or lowering's prefix counts as well.
 */
function codesInSources(): Set<string> {
  const codes = new Set<string>(['overlap', 'tunnelling', 'collision']);
  const re = /(?:code: |\b(?:error|warning|report|unexpected)\((?:[^'()]|\([^()]*\))*?)'([a-z][a-z0-9]*(?:-[a-z0-9]+)+)'/g;
  for (const room of ['syntax', 'semantics', 'readers', 'analysis']) {
    for (const f of sourcesOf(room)) {
      const text = fs.readFileSync(f, 'utf8');
      for (const m of text.matchAll(re)) codes.add(m[1]!);
    }
  }
  for (const code of readerCodes()) codes.add(code);
  return codes;
}

/** The codes under server/src/readers/: every quoted literal with a reader's or lowering's prefix. */
function readerCodes(): Set<string> {
  const codes = new Set<string>();
  for (const f of sourcesOf('readers')) {
    for (const m of fs.readFileSync(f, 'utf8').matchAll(/'((?:godot|tiled|level|reader)-[a-z0-9]+(?:-[a-z0-9]+)*)'/g)) codes.add(m[1]!);
  }
  return codes;
}

/**
 * The files of a section's level example: its fenced blocks whose info string is a level format
 * (`tscn`, `tmx`, `tmj`), or any language followed by a file name (```` ```xml terrain.tsx ````).
 * The first level block is the file checked, at /docs/<name> or /docs/example.<ext>; every named
 * block is a file beside it that the reader may read.
 */
function levelExample(section: string): { path: string; text: string; files: Map<string, string> } | undefined {
  const files = new Map<string, string>();
  let main: { path: string; text: string } | undefined;
  for (const m of section.matchAll(/```([a-z]+)(?: ([\w.-]+))?\n([\s\S]*?)```/g)) {
    const [, lang, name, text] = m as unknown as [string, string, string | undefined, string];
    const file = name === undefined ? undefined : `/docs/${name}`;
    if (file !== undefined) files.set(file, text);
    if (main === undefined && /^(tscn|tmx|tmj)$/.test(lang)) main = { path: file ?? `/docs/example.${lang}`, text };
  }
  return main && { ...main, files };
}

/** A Godot scene of a root and `children` nodes, each instancing `instance` when given. */
function godotScene(root: string, children: number, instance?: string): string {
  const lines = ['[gd_scene format=3]', ''];
  if (instance !== undefined) lines.push(`[ext_resource type="PackedScene" path="res://${instance}" id="1"]`, '');
  lines.push(`[node name="${root}" type="Node2D"]`, '');
  for (let i = 0; i < children; i++) {
    lines.push(instance === undefined ? `[node name="N${i}" type="Node2D" parent="."]` : `[node name="N${i}" parent="." instance=ExtResource("1")]`, '');
  }
  return lines.join('\n');
}

/**
 * The examples of codes that only limits too large for the page produce, which the page
 * describes in words: made here, as the section says.
 */
const GENERATED: Record<string, () => { path: string; text: string; files: Map<string, string> }> = {
  // A chain of 18 scenes, each instancing the next: 17 instances deep.
  'godot-instance-too-deep': () => {
    const files = new Map<string, string>();
    for (let i = 0; i < 18; i++) files.set(`/docs/s${i}.tscn`, godotScene(`S${i}`, i < 17 ? 1 : 0, i < 17 ? `s${i + 1}.tscn` : undefined));
    return { path: '/docs/s0.tscn', text: files.get('/docs/s0.tscn')!, files };
  },
  // A scene of 1,000 nodes instanced 101 times.
  'godot-too-many-nodes': () => {
    const files = new Map([['/docs/room.tscn', godotScene('Room', 1000)]]);
    const text = godotScene('Level', 101, 'room.tscn');
    return { path: '/docs/level.tscn', text, files };
  },
};

describe('docs/diagnostics.md', () => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'diagnostics.md'), 'utf8');
  const sections = new Map<string, string>();
  for (const part of doc.split(/^### /m).slice(1)) {
    const m = /^`([a-z0-9-]+)`/.exec(part);
    if (m) sections.set(m[1]!, part);
  }

  it('has a section for every code a reader reports', () => {
    const codes = readerCodes();
    assert.ok(codes.size > 55, `found ${codes.size} reader codes`);
    const missing = [...codes].filter((c) => !sections.has(c));
    assert.deepEqual(missing, []);
  });

  it('has a section for every code the server can report', () => {
    const codes = codesInSources();
    assert.ok(codes.size > 40, `found ${codes.size} codes`);
    const missing = [...codes].filter((c) => !sections.has(c));
    assert.deepEqual(missing, []);
  });

  it('links every code from the index at the top, the problem limit\'s note included', () => {
    // The note is made by the language server, not the analysis (lsp/publish/diagnostic-limit.ts):
    // codesInSources does not see it, and its section is the limit's.
    const index = doc.slice(0, doc.indexOf('\n## '));
    const unlisted = [...sections.keys()].filter((c) => !index.includes(`[\`${c}\`](#${c})`));
    assert.deepEqual(unlisted, []);
    assert.ok(index.includes(`[\`${PROBLEM_LIMIT_CODE}\`](#the-problem-limit)`), 'the index links the problem-limit note');
    assert.match(doc, /^## The problem limit$/m);
  });

  it('quotes the problem limit\'s note as the server words it', () => {
    const quote = /^## The problem limit\n[\s\S]*?\n((?:> .*\n)+)/m.exec(doc);
    assert.ok(quote, 'a quoted note in the section');
    const quoted = quote[1]!.replace(/^> /gm, '').replace(/\n/g, ' ').trim();
    // Overlapping pairs past a limit of 3, so that every count is plural as in the quote.
    const text = Array.from({ length: 4 }, (_, i) => `body a${i} box(1, 1) at (${3 * i}, 0)\nbody b${i} box(1, 1) at (${3 * i + 0.5}, 0)`).join('\n');
    const note = limitedList(scene(text, parseSettings({ diagnostics: { limit: 3 } })))![0]!;
    assert.equal(note.code, PROBLEM_LIMIT_CODE);
    const numbers = (s: string) => s.replace(/\d[\d,]*/g, 'N');
    assert.equal(numbers(quoted), numbers(note.message));
  });

  it('gives each code an example that produces it', () => {
    for (const [code, section] of sections) {
      const example = /```collide\n([\s\S]*?)```/.exec(section);
      const level = levelExample(section) ?? GENERATED[code]?.();
      if (code.endsWith('-internal-error')) {
        assert.equal(example ?? level ?? null, null, `${code} cannot be produced on purpose`);
        continue;
      }
      if (level) {
        // A level file's example, checked as `collide check` checks it (readers/index.ts).
        const host: LevelHost = { readFile: (p) => (p === level.path ? level.text : level.files.get(p)), inflate: () => undefined };
        const produced = analyzeLevel(readLevel(level.text, level.path, host), level.text).diagnostics.map((d) => d.code);
        assert.ok(produced.includes(code), `${code}: the example produces ${produced.join(', ') || 'nothing'}`);
        continue;
      }
      assert.ok(example, `${code} has an example`);
      const produced = scene(example[1]!).analysis.diagnostics.map((d) => d.code);
      assert.ok(produced.includes(code), `${code}: the example produces ${produced.join(', ') || 'nothing'}`);
    }
  });
});
