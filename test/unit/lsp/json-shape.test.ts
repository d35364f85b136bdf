import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { RESPONSE_SHAPES } from '../../../server/src/lsp/encode/response-lists';
import { encodeJsonList } from '../../../server/src/lsp/encode/json-bytes';
import { arrayOf, number, optional, record, shared, string, type JsonShape, type ValueOf } from '../../../server/src/lsp/encode/json-shape';
import type { EncodedJsonList } from '../../../server/src/lsp/encode/encoded-json-list';

const decoder = new TextDecoder();

/** Quotes, backslashes, control characters, lone and paired surrogates, any UTF-16 unit. */
const str = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('a', '"', '\\', '\u0000', '\u001f', '\u007f', '\u2028', 'é', '\ud800', '\udfff', '😀', '/') }),
  fc.constantFrom('', 'file:///w/é "x".collide', 'b12'),
);
/** -0, 1e21 and 1e-7 (where ToString turns to exponents), NaN, infinities, the 2^31 edges. */
const num = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.nat(),
  fc.constantFrom(0, -0, 1e21, 1e-7, 123e-20, 1e20, NaN, Infinity, -Infinity, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 53, 9, 10, 99, 100),
);

const position = fc.record({ line: num, character: num });
const range = fc.record({ start: position, end: position });
const arbitraries = {
  documentSymbol: fc.record({ name: str, detail: fc.option(str, { nil: undefined }), kind: num, range, selectionRange: range }),
  symbolInformation: fc.record({ name: str, kind: num, location: fc.record({ uri: str, range }) }),
  codeLensStub: fc.record({ range, data: fc.array(num, { maxLength: 6 }) }),
  codeLens: fc.record({ range, command: fc.record({ title: str, command: str, arguments: fc.array(fc.record({ uri: str, a: str, b: str }), { maxLength: 2 }) }) }),
};

function encode<T>(shape: JsonShape<T>, values: readonly T[]): EncodedJsonList {
  return encodeJsonList(shape, (emit) => values.forEach(emit));
}

function assertStringified<T>(shape: JsonShape<T>, values: readonly T[]): void {
  const list = encode(shape, values);
  const reference = JSON.stringify(values);
  assert.equal(decoder.decode(list.json), reference);
  assert.deepEqual(Buffer.from(list.json), Buffer.from(reference, 'utf8'));
  assert.equal(list.length, values.length);
  assert.equal(list.byteLength, list.json.length);
  let n = 0;
  for (const c of list.chunks) n += (JSON.parse(`[${decoder.decode(c)}]`) as unknown[]).length;
  assert.equal(n, values.length, 'chunks are runs of whole elements');
}

describe('lsp/encode/json-shape: records written by their shape', () => {
  for (const name of Object.keys(RESPONSE_SHAPES) as (keyof typeof RESPONSE_SHAPES)[]) {
    it(`write random ${name} records byte for byte as JSON.stringify`, () => {
      const shape = RESPONSE_SHAPES[name] as JsonShape<unknown>;
      fc.assert(
        fc.property(fc.array(arbitraries[name] as fc.Arbitrary<unknown>, { maxLength: 30 }), (values) => assertStringified(shape, values)),
        { numRuns: 300 },
      );
    });
  }

  it('leave out undefined optional values with their keys, and write them as null in arrays', () => {
    const shape = record({ a: optional(number), b: optional(string), c: arrayOf(optional(record({ x: optional(arrayOf(string)) }))), d: optional(number) });
    const value = fc.record({
      a: fc.option(num, { nil: undefined }),
      b: fc.option(str, { nil: undefined }),
      c: fc.array(fc.option(fc.record({ x: fc.option(fc.array(str, { maxLength: 3 }), { nil: undefined }) }), { nil: undefined }), { maxLength: 3 }),
      d: fc.option(num, { nil: undefined }),
    });
    fc.assert(fc.property(fc.array(value, { maxLength: 20 }), (values) => assertStringified(shape, values)), { numRuns: 300 });
    assertStringified(record({}), [{}, {}]);
    assertStringified(record({ a: optional(number) }), [{}, { a: undefined }, { a: 1 }]);
    assertStringified(record({ 'é"\u0000😀': number, b: optional(shared(string)) }), [{ 'é"\u0000😀': 1, b: 'x' }, { 'é"\u0000😀': 2, b: undefined }]);
  });

  it('write a shared record or string met again, in many chunks and slabs, as it was written the first time', () => {
    // Lenses share their body's range, and flat symbols their document's URI; elements larger
    // than a slab move the chunk being written to a new one mid-element.
    const shape = record({ r: shared(RESPONSE_SHAPES.codeLensStub), s: shared(string), t: shared(string) });
    const values: ValueOf<typeof shape>[] = [];
    for (let i = 0; i < 30_000; i++) {
      const r = { range: { start: { line: i, character: 1 }, end: { line: i, character: 2 ** 31 + i } }, data: [i, -1, 0.5] };
      const s = i % 10_000 === 5000 ? `é"${'\u0001😀'.repeat(100_000 + i)}` : `b${i >> 2}`;
      for (let k = 0; k < 1 + (i % 3); k++) values.push({ r, s, t: 'file:///w/x.collide' });
    }
    const list = encode(shape, values);
    assert.equal(decoder.decode(list.json), JSON.stringify(values));
    const slabs = list.chunks.map((c) => c.buffer); assert.ok(new Set(slabs).size > 3, `${new Set(slabs).size} slabs, ${list.chunks.length} chunks, ${list.byteLength} bytes`);
  });

  it('write a record that is not shared as it is when emitted, so one scratch record can be refilled', () => {
    const shape = record({ name: string, range: record({ start: record({ line: number, character: number }) }) });
    const scratch = { name: '', range: { start: { line: 0, character: 0 } } };
    const snapshots: string[] = [];
    const list = encodeJsonList(shape, (emit) => {
      for (let i = 0; i < 5000; i++) {
        scratch.name = `s${i % 7}`;
        scratch.range.start.line = i;
        scratch.range.start.character = i % 3;
        snapshots.push(JSON.stringify(scratch));
        emit(scratch);
      }
    });
    assert.equal(decoder.decode(list.json), `[${snapshots.join(',')}]`);
  });
});
