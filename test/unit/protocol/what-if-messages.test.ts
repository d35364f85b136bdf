import { strict as assert } from 'node:assert';
import { isHostToWebview, isWebviewToHost } from '../../../protocol/preview-messages';
import { isWhatIfParams } from '../../../protocol/preview-lsp';

describe('protocol: the what-if messages are validated like the others', () => {
  const result = { uri: 'file:///a.collide', version: 2, substeps: 4, dt: 1 / 240, frames: 4, outcomes: [{ a: 'w', b: 's', becomes: 'collision', toi: 0.01, deepStep: 3 }], unchecked: 0, edits: [{ start: 0, end: 4, text: '0.1' }] };

  it('takes well-formed asks, applies and answers', () => {
    assert.ok(isWebviewToHost({ type: 'askWhatIf', version: 2, substeps: 4 }));
    assert.ok(isWebviewToHost({ type: 'applyWhatIf', version: 2, substeps: 16 }));
    assert.ok(isHostToWebview({ type: 'whatIf', result }));
    assert.ok(isWhatIfParams({ textDocument: { uri: 'file:///a.collide' }, substeps: 2 }));
  });

  it('drops malformed ones', () => {
    for (const substeps of [1, 0, 2.5, 65, '4']) {
      assert.ok(!isWebviewToHost({ type: 'askWhatIf', version: 2, substeps }), String(substeps));
      assert.ok(!isWhatIfParams({ textDocument: { uri: 'u' }, substeps }), String(substeps));
    }
    assert.ok(!isWebviewToHost({ type: 'applyWhatIf', version: 'x', substeps: 4 }));
    assert.ok(!isHostToWebview({ type: 'whatIf', result: { ...result, dt: 0 } }));
    assert.ok(!isHostToWebview({ type: 'whatIf', result: { ...result, outcomes: [{ a: 'w', b: 's', becomes: 'gone' }] } }));
    assert.ok(!isHostToWebview({ type: 'whatIf', result: { ...result, edits: [{ start: 0, end: 1, text: 'x'.repeat(2000) }] } }));
  });
});
