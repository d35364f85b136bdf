/**
 * lsp/encode/plain-message.ts: a message as plain data for postMessage. Its structured clone
 * must be what the other end of a JSON transport parses, encoded lists and all, and the message
 * itself is left as it was.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { EncodedJsonList, JsonListWriter } from '../../../server/src/lsp/encode/encoded-json-list';
import { plainMessage } from '../../../server/src/lsp/encode/plain-message';

function listOf(values: readonly unknown[]): EncodedJsonList {
  const w = new JsonListWriter();
  for (const v of values) w.add(v);
  return w.finish();
}

/** What a JSON transport delivers. */
const overJson = (m: unknown): unknown => JSON.parse(JSON.stringify(m));

const diagnostic = (k: number) => ({ range: { start: { line: k, character: 0 }, end: { line: k, character: 4 } }, severity: 2, code: 'overlap', message: `body ${k} overlaps` });

describe('lsp/encode/plain-message: messages for a structured clone', () => {
  it('sends a publication, an outline and a preview scene as their elements (the cases of the web worker)', () => {
    const publication = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.collide', version: 3, diagnostics: listOf([diagnostic(1), diagnostic(2)]) } };
    const outline = { jsonrpc: '2.0', id: 7, result: listOf([{ name: 'floor', kind: 19 }]) };
    const scene = { jsonrpc: '2.0', id: 8, result: { uri: 'file:///a.collide', version: 3, bodies: listOf([{ name: 'a' }, { name: 'b' }]), findings: listOf([]) } };
    for (const m of [publication, outline, scene]) {
      // The clone of the message itself carries the list's chunks, not its elements.
      assert.notDeepEqual(structuredClone({ ...m, params: (m as { params?: unknown }).params }), overJson(m));
      assert.deepEqual(structuredClone(plainMessage(m)), overJson(m));
    }
    assert.deepEqual((structuredClone(plainMessage(publication)) as typeof publication).params.diagnostics, [diagnostic(1), diagnostic(2)]);
  });

  it('copies only the paths to an encoded list, and leaves the message as it was', () => {
    const tokens = { data: [1, 2, 3] };
    const plain = { jsonrpc: '2.0', id: 1, result: tokens };
    assert.equal(plainMessage(plain), plain);
    const list = listOf([1]);
    const kept = { other: { deep: [1, 2] } };
    const m = { id: 2, result: { list, kept } };
    const p = plainMessage(m);
    assert.notEqual(p, m);
    assert.equal(p.result.kept, kept);
    assert.deepEqual(p.result.list, [1]);
    assert.equal(m.result.list, list);
  });

  it('parses a chunk once, however many lists share it (a keystroke parses what it changed)', () => {
    const first = listOf([{ a: 1 }, { b: 2 }]);
    const changed = listOf([{ c: 3 }]);
    const second = new EncodedJsonList([...first.chunks, ...changed.chunks], 3);
    const one = plainMessage({ id: 1, result: first }).result as unknown as object[];
    const two = plainMessage({ id: 2, result: second }).result as unknown as object[];
    assert.deepEqual(two, [{ a: 1 }, { b: 2 }, { c: 3 }]);
    assert.equal(two[0], one[0], 'the shared chunk was not parsed again');
    assert.equal(two[1], one[1]);
  });

  it('gives the structured clone what JSON gives, for any JSON value with encoded lists in it', () => {
    // JSON has neither NaN, the infinities nor -0.
    const number = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x));
    const leaf = fc.oneof(fc.string(), number, fc.integer(), fc.boolean(), fc.constant(null));
    const value = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('value')),
        fc.dictionary(fc.string(), tie('value')),
        fc.array(tie('value')).map((xs) => listOf(xs) as unknown),
      ),
    })).value;
    fc.assert(
      fc.property(value, (v) => {
        const m = { jsonrpc: '2.0', id: 1, result: v };
        assert.deepEqual(structuredClone(plainMessage(m)), overJson(m));
      }),
    );
  });
});
