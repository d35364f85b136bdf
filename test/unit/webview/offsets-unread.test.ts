/**
 * The webview applies scene deltas without shifting text offsets (protocol/preview-delta.ts,
 * `offsets: false`), so its bodies' offsets go stale as the author types. That is sound only
 * while nothing the webview runs reads them: its own code and render/ (which it bundles). The
 * host maps the cursor and the preview's clicks to bodies by name, from its own exact copy.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
/** A read of a body's or part's text offset, by property or by destructuring. */
const OFFSET_READ = /\.(range|nameRange|atRange|angleRange|insertOffset)\b|\{[^}]*\b(nameRange|atRange|angleRange|insertOffset)\b[^}]*\}\s*=/;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Code lines, numbered as in the file: comments left out. */
function codeLines(text: string): string[] {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ''))
    .split('\n')
    .map((l) => l.replace(/\/\/.*$/, ''));
}

describe('webview: no text offset is read where deltas leave them stale', () => {
  it('the pattern finds the reads it is for', () => {
    for (const line of ['const r = body.range;', 'b.nameRange.start', 'p.insertOffset + 1', 'const { atRange } = b;']) assert.ok(OFFSET_READ.test(line), line);
    for (const line of ['const ranges = 1;', 'this.timeRange(x)', 'arrange(x)']) assert.ok(!OFFSET_READ.test(line), line);
  });

  it('in webview/src and render/', () => {
    const files = [...sources(join(ROOT, 'webview', 'src')), ...sources(join(ROOT, 'render'))];
    assert.ok(files.length > 20, `the sources were found (${files.length})`);
    const reads: string[] = [];
    for (const f of files) {
      codeLines(readFileSync(f, 'utf8')).forEach((l, i) => {
        if (OFFSET_READ.test(l)) reads.push(`${f.slice(ROOT.length + 1)}:${i + 1}: ${l.trim()}`);
      });
    }
    assert.deepStrictEqual(reads, []);
  });
});
