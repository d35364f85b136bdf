import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Diagnostic } from '../../../server/src/common/diagnostic';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analyzeDocument, type DocumentAnalysis } from '../../../server/src/analysis/pipeline';

/**
 * The incremental analyzer's change record (pipeline.ts, DiagnosticsChange): checked against the
 * two lists it relates, diagnostic by diagnostic, which is exactly the walk the record exists to
 * spare the publisher.
 */

/**
 * A grid of overlapping boxes: each body overlaps its neighbors, ~2 findings a body. With
 * `pairs`, every seventh line holds a second body (the front end then evaluates both again when
 * either is edited, and their indices differ from the line numbers).
 */
function grid(n: number, pairs = false): string[] {
  return Array.from({ length: n }, (_, i) => {
    const row = `body b${i} box(1, 1) at (${(i % 10) * 0.9}, ${Math.floor(i / 10) * 0.9})`;
    return pairs && i % 7 === 3 ? `${row} body c${i} box(1, 1) at (${(i % 10) * 0.9 + 0.45}, ${Math.floor(i / 10) * 0.9})` : row;
  });
}

/** Every offset of a diagnostic a publication turns into a position: its range's, and its related locations'. */
function offsetsOf(d: Diagnostic): number[] {
  const out = [d.range.start, d.range.end];
  for (const r of d.related ?? []) out.push(r.range.start, r.range.end);
  return out;
}

/** Everything but the offsets that the publication writes of a diagnostic. */
function wordsOf(d: Diagnostic): string {
  return JSON.stringify([d.code, d.severity, d.message, d.tags ?? null, (d.related ?? []).map((r) => r.message)]);
}

/** Checks `after.change` against `before` and `after`, diagnostic by diagnostic. */
function checkChange(before: DocumentAnalysis, after: DocumentAnalysis): void {
  const change = after.change!;
  assert.equal(change.previous.deref(), before.diagnostics, 'relative to the previous list');
  const { removed, added, edit } = change;
  const ascending = (xs: Int32Array, n: number): boolean => xs.every((x, k) => x >= 0 && x < n && (k === 0 || xs[k - 1]! < x));
  assert.ok(ascending(removed, before.diagnostics.length), `removed ${[...removed]}`);
  assert.ok(ascending(added, after.diagnostics.length), `added ${[...added]}`);
  const gone = new Set(removed);
  const fresh = new Set(added);
  const kept = before.diagnostics.filter((_, i) => !gone.has(i));
  const carried = after.diagnostics.filter((_, k) => !fresh.has(k));
  assert.equal(carried.length, kept.length, 'as many carried over as kept');
  const oldText = before.parse.text;
  const newText = after.parse.text;
  // The edit is the one between the two texts.
  assert.equal(oldText.slice(0, edit.start), newText.slice(0, edit.start));
  assert.equal(oldText.slice(edit.oldEnd), newText.slice(edit.newEnd));
  assert.equal(edit.lineDelta, after.parse.lines.lineCount - before.parse.lines.lineCount);
  const delta = edit.newEnd - edit.oldEnd;
  const firstTouched = after.parse.lines.lineAt(edit.start);
  const lastTouched = after.parse.lines.lineAt(edit.newEnd);
  for (let k = 0; k < kept.length; k++) {
    const was = kept[k]!;
    const now = carried[k]!;
    assert.equal(wordsOf(now), wordsOf(was), 'carried over with the same words');
    const from = offsetsOf(was);
    const to = offsetsOf(now);
    assert.equal(to.length, from.length);
    for (let j = 0; j < from.length; j++) {
      const o = from[j]!;
      assert.ok(o < edit.start || o >= edit.oldEnd, `offset ${o} outside the edit`);
      assert.equal(to[j], o < edit.start ? o : o + delta, 'moved by the edit');
      const line = after.parse.lines.lineAt(to[j]!);
      assert.ok(line < firstTouched || line > lastTouched, `offset ${to[j]} not on a touched line (${firstTouched}-${lastTouched})`);
      if (edit.lineDelta === 0) assert.deepEqual(after.parse.lines.positionAt(to[j]!), before.parse.lines.positionAt(o), 'at the same position');
    }
  }
}

type Edit =
  | { readonly kind: 'move' | 'indent' | 'digit' | 'rename' | 'blank' | 'swap' | 'insert' | 'replace' | 'remove' | 'same'; readonly row: number; readonly n: number };

function apply(rows: string[], e: Edit): string[] {
  const out = rows.slice();
  const r = e.row % out.length;
  const line = out[r]!;
  switch (e.kind) {
    case 'move': // another number of another length: its findings change, the line stays
      out[r] = line.replace(/at \(([-\d.]+),/, (_, x: string) => `at (${(Number(x) + (e.n - 5) / 37).toFixed(3)},`);
      break;
    case 'indent': // spaces inside the line: every name after it moves, none changes line
      out[r] = line.replace(' box', ' '.repeat(1 + (e.n % 3)) + 'box');
      break;
    case 'digit': // the same length: offsets stay, one body's findings change
      out[r] = line.replace(/box\((\d)/, (_, d: string) => `box(${(Number(d) + 1) % 10}`);
      break;
    case 'rename': // another name: its findings' words, and the related messages naming it
      out[r] = line.replace(/^body \w+/, `body n${e.n}x${r}`);
      break;
    case 'blank': // a line more: every position below moves
      out.splice(r, 0, '');
      break;
    case 'swap': // two bodies change places in the file
      if (r + 1 < out.length) [out[r], out[r + 1]] = [out[r + 1]!, out[r]!];
      break;
    case 'insert': // a body on a line of its own
      out.splice(r, 0, `body extra${e.n}r${r} box(0.5, 0.5) at (${(e.n % 10) * 0.9}, 0.2)`);
      break;
    case 'replace': // one body removed and another inserted in its place: the same lines
      out[r] = `body other${e.n}r${r} circle(0.4) at (${(e.n % 10) * 0.9}, ${(e.n % 3) * 0.9})`;
      break;
    case 'remove':
      if (out.length > 5) out.splice(r, 1);
      break;
    case 'same':
      break;
  }
  return out;
}

const editArb: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('move', 'move', 'indent', 'indent', 'digit', 'rename', 'blank', 'swap', 'insert', 'replace', 'remove', 'same') as fc.Arbitrary<Edit['kind']>,
  row: fc.nat({ max: 200 }),
  n: fc.nat({ max: 9 }),
});

describe('analysis/incremental: the change record of an edit (DiagnosticsChange)', () => {
  it('property: the diagnostics it carries over are the previous ones moved by the edit, with the same words, off the touched lines', () => {
    let recorded = 0;
    let sameLines = 0;
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 10 }), fc.boolean(), (edits, pairs) => {
        const analyzer = new IncrementalAnalyzer();
        let rows = grid(60, pairs);
        let before = analyzer.analyze(rows.join('\n'));
        assert.equal(before.change, undefined, 'a first run has no record');
        for (const e of edits) {
          rows = apply(rows, e);
          const after = analyzer.analyze(rows.join('\n'));
          assert.deepStrictEqual(after.diagnostics, analyzeDocument(rows.join('\n')).diagnostics);
          if (after.change !== undefined) {
            checkChange(before, after);
            recorded++;
            if (after.change.edit.lineDelta === 0) sameLines++;
          }
          before = after;
        }
      }),
      { numRuns: 60 },
    );
    assert.ok(recorded > 100 && sameLines > 50, `${recorded} records, ${sameLines} with the same lines`);
  });

  it('names few diagnostics for a one-body edit in a large scene, and the finding that changed where its place did not', () => {
    const analyzer = new IncrementalAnalyzer();
    const rows = grid(400);
    const before = analyzer.analyze(rows.join('\n'));
    // The same length: every offset stays, only b210's numbers change.
    rows[210] = rows[210]!.replace('box(1, 1)', 'box(1, 2)');
    const after = analyzer.analyze(rows.join('\n'));
    checkChange(before, after);
    const { removed, added } = after.change!;
    const about = after.diagnostics.filter((d) => /\bb210\b/.test(d.message) || d.related?.some((r) => r.message === 'b210')).length;
    assert.ok(about > 0 && added.length >= about && added.length <= about + 8, `${added.length} added, ${about} about b210`);
    assert.ok(removed.length <= added.length + 8, `${removed.length} removed`);
    // Every diagnostic whose words changed is among the added ones, though it did not move.
    const changed = after.diagnostics.filter((d, k) => before.diagnostics[k] !== undefined && d.range.start === before.diagnostics[k]!.range.start && d.message !== before.diagnostics[k]!.message);
    assert.ok(changed.length > 0, 'a finding changed in place');
    for (const d of changed) assert.ok(added.includes(after.diagnostics.indexOf(d)));
  });

  it('writes an edit in place when a body changed where it was and the overlapping pairs stayed, and makes the general pass otherwise', () => {
    const analyzer = new IncrementalAnalyzer();
    const rows = grid(300);
    let before = analyzer.analyze(rows.join('\n'));
    const step = (what: string, inPlace: boolean): void => {
      const after = analyzer.analyze(rows.join('\n'));
      assert.deepStrictEqual(after.findings, analyzeDocument(rows.join('\n')).findings, what);
      assert.deepStrictEqual(after.diagnostics, analyzeDocument(rows.join('\n')).diagnostics, what);
      checkChange(before, after);
      assert.equal(analyzer.stats!.inPlace, inPlace, what);
      before = after;
    };
    // The same length, the same neighbors overlapped by other depths: in place.
    rows[150] = rows[150]!.replace('box(1, 1)', 'box(1, 2)');
    step('a body grown in place', true);
    rows[151] = rows[151]!.replace('box(1, 1)', 'box(2, 1)');
    step('another body grown in place', true);
    // Another length: every name after it moved.
    rows[152] = rows[152]!.replace('box(1, 1)', 'box(1.5, 1)');
    step('a longer number', false);
    // The same length, but it no longer overlaps its neighbors: pairs gone.
    const was = rows[153]!;
    rows[153] = was.replace(/at \(([-\d.]+), ([-\d.]+)\)/, (_, x: string) => `at (${x}, 99.9)`);
    assert.equal(rows[153]!.length, was.length, 'the same length: only the pairs gone rule out the edit in place');
    const overlapsBefore = before.findings.length;
    step('a body moved away', false);
    assert.ok(before.findings.length < overlapsBefore, 'its pairs are gone');
  });

  it('has no record after a full run or a run abandoned since the last one, and one that names every syntax and semantic diagnostic', async () => {
    const analyzer = new IncrementalAnalyzer();
    const rows = grid(40);
    analyzer.analyze(rows.join('\n'));
    // dt is scene-wide: a full run.
    assert.equal(analyzer.analyze(['dt 1/30', ...rows].join('\n')).change, undefined);
    assert.notEqual(analyzer.analyze(['dt 1/30', ...rows.slice(0, 39), rows[39]!.replace('(1, 1)', '(1, 1.1)')].join('\n')).change, undefined);
    // A syntax error and an unused definition in the middle of the findings: merged in, and
    // never carried over (their places are not followed), while the findings around them are.
    const middle = ['dt 1/30', ...rows.slice(0, 20), 'let unused = 1', 'body (', ...rows.slice(20)];
    let before = analyzer.analyze(middle.join('\n'));
    let others = before.diagnostics.flatMap((d, k) => (d.code === 'overlap' ? [] : [k]));
    assert.ok(others.length >= 2 && others[0]! > 10, `${others.length} others at ${others}`);
    // Bodies after the last header statement (an edit before `let` is a whole-file run).
    for (const row of [middle.length - 1, 30, 25]) {
      middle[row] = middle[row]!.replace('(1, 1)', '(1, 1.25)');
      const after = analyzer.analyze(middle.join('\n'));
      assert.deepStrictEqual(after.diagnostics, analyzeDocument(middle.join('\n')).diagnostics);
      checkChange(before, after);
      const moved = after.diagnostics.flatMap((d, k) => (d.code === 'overlap' ? [] : [k]));
      assert.ok(moved.length > 0);
      for (const k of moved) assert.ok(after.change!.added.includes(k), `other ${k} added`);
      for (const k of others) assert.ok(after.change!.removed.includes(k), `other ${k} removed`);
      assert.ok(after.change!.added.length < moved.length + 12, `${after.change!.added.length} added`);
      // The next edit's removed ones are at this list's indices.
      others = moved;
      before = after;
    }
    // A run abandoned after the front end: the next edit is not relative to the last output.
    const last = analyzer.analyze(['dt 1/30', ...rows.slice(1)].join('\n'));
    let polls = 0;
    const run = await analyzer.analyzeAsync(['dt 1/30', ...rows.slice(2)].join('\n'), { isCanceled: () => ++polls > 1, yieldControl: () => Promise.resolve() });
    assert.equal(run.state, 'canceled');
    const next = analyzer.analyze(['dt 1/30', ...rows.slice(3)].join('\n'));
    assert.deepStrictEqual(next.diagnostics, analyzeDocument(['dt 1/30', ...rows.slice(3)].join('\n')).diagnostics);
    assert.equal(next.change, undefined, 'not relative to the last output');
    assert.notEqual(last.diagnostics, next.diagnostics);
    const again = analyzer.analyze(['dt 1/30', ...rows.slice(3, 39), rows[39]!.replace('(1, 1)', '(1, 1.2)')].join('\n'));
    checkChange(next, again);
  });
});
