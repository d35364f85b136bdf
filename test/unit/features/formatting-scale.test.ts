import { strict as assert } from 'node:assert';
import { formatText } from '../../../server/src/features/formatting';

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

/** The formatted text, from the edits (sorted, disjoint), joined once. */
function applied(text: string, edits: readonly { range: { start: number; end: number }; newText: string }[]): string {
  const out: string[] = [];
  let at = 0;
  for (const e of edits) {
    out.push(text.slice(at, e.range.start), e.newText);
    at = e.range.end;
  }
  out.push(text.slice(at));
  return out.join('');
}

describe('features/formatting at scale', () => {
  it('is linear in a run of comment lines inside one statement', function () {
    this.timeout(30000);
    const run = (k: number) => 'body a box(1,\n' + '// c\n'.repeat(k) + '1)\n';
    // The fastest of a few runs each, so that a busy machine's pauses do not read as growth.
    const fastest = (k: number, runs: number) => {
      let best = timed(() => formatText(run(k)));
      for (let i = 1; i < runs; i++) {
        const t = timed(() => formatText(run(k)));
        if (t.ms < best.ms) best = t;
      }
      return best;
    };
    const small = fastest(20000, 3);
    const large = fastest(160000, 2);
    assert.equal(large.value.length, 160001);
    assert.equal(applied(run(3), formatText(run(3))), 'body a box(1,\n  // c\n  // c\n  // c\n  1)\n');
    // Eight times the lines: quadratic work would take 64 times as long.
    assert.ok(large.ms < 20 * Math.max(small.ms, 5) && large.ms < 15000, `${small.ms} ms, then ${large.ms} ms`);
  });

  it('formats a 1,000,000-character line of 40,000 statements', function () {
    this.timeout(30000);
    const text = Array.from({ length: 40000 }, (_, i) => `let v${String(i).padStart(6, '0')} = 1`).join(' ').padEnd(1_000_000, ' ') + '\n';
    assert.ok(text.length > 1_000_000);
    const { value: edits, ms } = timed(() => formatText(text));
    const out = applied(text, edits);
    assert.equal(out.split('\n').length, 40001);
    assert.ok(out.startsWith('let v000000 = 1\nlet v000001 = 1\n'));
    assert.ok(ms < 15000, `${ms} ms`);
  });

  it('aligns a run of 130,000 trailing comments (no spread into Math.max)', function () {
    this.timeout(30000);
    const text = Array.from({ length: 130000 }, (_, i) => `let v${i} = 1  // c`).join('\n') + '\n';
    const out = applied(text, formatText(text));
    const lines = out.split('\n');
    assert.equal(lines.length, 130001);
    // Aligned two spaces after the longest line of code in the run.
    assert.equal(lines[0], `let v0 = 1${' '.repeat('let v129999 = 1'.length - 'let v0 = 1'.length + 2)}// c`);
    assert.equal(lines[129999], 'let v129999 = 1  // c');
  });
});
