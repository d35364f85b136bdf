import { strict as assert } from 'node:assert';
// @ts-expect-error: a plain .mjs script, without types
import { attribute, summarize } from '../../../scripts/bench-editor-timeline.mjs';

interface Row {
  key: number;
  version: number;
  segments: number[];
  total: number;
  blockedBy: string[];
}

const s = (t: number, event: string, method: string, id: string, version: number | null) => ({ t, event, method, id, version, queued: null });
const c = (t: number, event: string, feature: string, version: number | null) => ({ t, event, feature, version, ms: null });

describe('scripts/bench-editor-timeline: where a keystroke goes', () => {
  // Keystroke at 1000: the client sends v5 at 1010, the server reads it at 1012 while answering an
  // outline asked at 990, dispatches it at 1050, publishes v5 at 1060; the client has it at 1070
  // and the squiggle shows at 1100.
  const timeline = {
    server: [
      s(989, 'read', 'textDocument/documentSymbol', '9', null),
      s(990, 'dispatch', 'textDocument/documentSymbol', '9', null),
      s(1012, 'read', 'textDocument/didChange', '', 5),
      s(1049, 'write', 'response', '9', null),
      s(1050, 'dispatch', 'textDocument/didChange', '', 5),
      s(1060, 'write', 'textDocument/publishDiagnostics', '', 5),
    ],
    client: [c(1010, 'didChange', 'file:///a', 5), c(1070, 'diagnostics', 'file:///a', null)],
  };

  it('cuts a keystroke into its segments and names the request it waited on', () => {
    const rows = attribute(timeline, [1000], { 0: 1100 }) as Row[];
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0]!.segments, [10, 2, 38, 10, 10, 30]);
    assert.equal(rows[0]!.total, 100);
    assert.equal(rows[0]!.segments.reduce((a, b) => a + b, 0), rows[0]!.total);
    assert.deepEqual(rows[0]!.blockedBy, ['textDocument/documentSymbol@']);
    const sum = summarize(rows) as { n: number; blockers: Record<string, number> };
    assert.equal(sum.n, 1);
    assert.deepEqual(sum.blockers, { 'textDocument/documentSymbol': 1 });
  });

  it('leaves out a keystroke whose squiggle never showed or whose publication is missing', () => {
    assert.deepEqual(attribute(timeline, [1000], {}), []);
    const noPublish = { ...timeline, server: timeline.server.filter((e) => e.method !== 'textDocument/publishDiagnostics') };
    assert.deepEqual(attribute(noPublish, [1000], { 0: 1100 }), []);
  });
});
