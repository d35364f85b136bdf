import { strict as assert } from 'node:assert';
// @ts-expect-error: a plain .mjs script, without types
import { attribute, previewPath, summarize } from '../../../scripts/bench-editor-timeline.mjs';

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
    client: [c(1010, 'didChange', 'file:///a', 5), c(1070, 'diagnostics', 'file:///a', null), { t: 1090, event: 'previewPosted', feature: 'preview', version: null, ms: 5 }],
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

  it('follows each preview message from the publication of its version to its draw', () => {
    const messages = [
      { t: 1100, type: 'sceneDelta', version: 5 },
      { t: 1300, type: 'sceneDelta', version: 6 },
    ];
    // v6 is never published in this timeline: its arrival has no publication to start from.
    const draws = [
      { t: 1090, drawMs: 3, absoluteVersion: 4 },
      { t: 1150, drawMs: 5, absoluteVersion: 5 },
      { t: 1390, drawMs: 7, absoluteVersion: 6 },
    ];
    const p = previewPath(timeline, messages, draws) as { messages: number; publishToArrival: number; arrivalToDraw: number; drawMs: number };
    assert.equal(p.messages, 2);
    assert.equal(p.publishToArrival, 40);
    assert.equal((p as unknown as { publishToPost: number }).publishToPost, 30);
    assert.equal((p as unknown as { postToArrival: number }).postToArrival, 10);
    assert.equal(p.arrivalToDraw, (50 + 90) / 2);
    assert.equal(p.drawMs, 5);
  });
});
