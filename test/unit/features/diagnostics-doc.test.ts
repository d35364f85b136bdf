import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scene } from './fixture';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Every diagnostic code the front end and the analysis can emit, read from their sources. */
function codesInSources(): Set<string> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  for (const d of ['syntax', 'semantics', 'analysis']) walk(path.join(ROOT, 'server', 'src', d));
  const codes = new Set<string>(['overlap', 'tunnelling', 'collision']);
  const re = /(?:code: |\b(?:error|warning|report|unexpected)\((?:[^'()]|\([^()]*\))*?)'([a-z]+(?:-[a-z]+)+)'/g;
  for (const f of files) for (const m of fs.readFileSync(f, 'utf8').matchAll(re)) codes.add(m[1]!);
  return codes;
}

describe('docs/diagnostics.md', () => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'diagnostics.md'), 'utf8');
  const sections = new Map<string, string>();
  for (const part of doc.split(/^### /m).slice(1)) {
    const m = /^`([a-z-]+)`/.exec(part);
    if (m) sections.set(m[1]!, part);
  }

  it('has a section for every code the server can report', () => {
    const codes = codesInSources();
    assert.ok(codes.size > 40, `found ${codes.size} codes`);
    const missing = [...codes].filter((c) => !sections.has(c));
    assert.deepEqual(missing, []);
  });

  it('gives each code an example that produces it', () => {
    for (const [code, section] of sections) {
      const example = /```collide\n([\s\S]*?)```/.exec(section);
      if (code.endsWith('-internal-error')) {
        assert.equal(example, null, `${code} cannot be produced on purpose`);
        continue;
      }
      assert.ok(example, `${code} has an example`);
      const produced = scene(example[1]!).analysis.diagnostics.map((d) => d.code);
      assert.ok(produced.includes(code), `${code}: the example produces ${produced.join(', ') || 'nothing'}`);
    }
  });
});
