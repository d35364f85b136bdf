import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { check } from './helpers';

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('docs/language.md and examples/ are valid scene text', () => {
  it('every ```collide block in the language reference parses without a syntax error', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'language.md'), 'utf8');
    const blocks = [...doc.matchAll(/```collide\n([\s\S]*?)```/g)].map((m) => m[1]!);
    assert.ok(blocks.length >= 10, `found ${blocks.length} blocks`);
    for (const block of blocks) {
      const r = check(block);
      assert.deepEqual(r.syntax.map((d) => d.code), [], block);
      const errors = r.diagnostics.filter((d) => d.severity === 'error' && d.code !== 'unknown-layer');
      assert.deepEqual(errors.map((d) => d.code), [], block);
    }
  });

  it('every example parses; only concave-polygon.collide has errors, and exactly the ones it shows', () => {
    const dir = path.join(ROOT, 'examples');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.collide'));
    assert.ok(files.length >= 7);
    for (const f of files) {
      const r = check(fs.readFileSync(path.join(dir, f), 'utf8'));
      assert.deepEqual(r.syntax, [], f);
      const errors = r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
      const warnings = r.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.code);
      assert.deepEqual(warnings, [], f);
      if (f === 'concave-polygon.collide') assert.deepEqual(errors, ['polygon-not-convex', 'polygon-self-intersecting']);
      else assert.deepEqual(errors, [], f);
    }
  });
});
