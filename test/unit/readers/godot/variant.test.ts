import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { type Variant, numbersOf, parseVariant } from '../../../../server/src/readers/godot/variant';

function parse(text: string): Variant {
  const r = parseVariant(text, 0);
  assert.equal(r.error, undefined, `${text}: ${r.error?.message}`);
  return r.value;
}

function slice(text: string, v: Variant): string {
  return text.slice(v.range.start, v.range.end);
}

describe('readers/godot/variant', () => {
  it('reads numbers, including exponents, inf, inf_neg and nan, with their ranges', () => {
    for (const [text, value] of [
      ['42', 42], ['-3.5', -3.5], ['1e-05', 1e-5], ['2.5E+3', 2500], ['.5', 0.5], ['0x1F', 31],
      ['inf', Infinity], ['-inf', -Infinity], ['inf_neg', -Infinity],
    ] as const) {
      const v = parse(text);
      assert.equal(v.kind, 'number');
      assert.equal(v.kind === 'number' && v.value, value, text);
      assert.deepEqual(v.range, { start: 0, end: text.length });
    }
    const nan = parse('nan');
    assert.ok(nan.kind === 'number' && Number.isNaN(nan.value));
  });

  it('reads every number as JavaScript does, long whole numbers included', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true, noDefaultInfinity: true })), fc.constantFrom('', '-', '+', '00'), (n, prefix) => {
        const text = prefix === '-' || prefix === '+' ? `${prefix}${Math.abs(n)}` : prefix === '00' ? `00${Math.abs(n)}` : String(n);
        const v = parse(text);
        assert.ok(v.kind === 'number' && Object.is(v.value, Number(text)), text);
        assert.deepEqual(v.range, { start: 0, end: text.length });
      }),
      { numRuns: 500 },
    );
    assert.ok(Object.is((parse('-0') as { value: number }).value, -0));
    assert.equal((parse('1234567890123456789') as { value: number }).value, 1234567890123456789);
  });

  it('reads strings with escapes, StringName and NodePath prefixes', () => {
    const s = parse('"a\\"b\\\\c\\n\\u00e9\\U01F600"');
    assert.ok(s.kind === 'string');
    assert.equal(s.value, 'a"b\\c\né😀');
    const multiline = parse('"line 1\nline 2"');
    assert.ok(multiline.kind === 'string' && multiline.value === 'line 1\nline 2');
    const name = parse('&"leftright"');
    assert.ok(name.kind === 'string' && name.prefix === '&' && name.value === 'leftright');
    assert.deepEqual(name.range, { start: 0, end: 12 });
    const path = parse('^"a/b"');
    assert.ok(path.kind === 'string' && path.prefix === '^');
  });

  it('reads constructors with their arguments and ranges', () => {
    const text = '  Vector2(184, -152.5) ; comment';
    const r = parseVariant(text, 0);
    assert.equal(r.error, undefined);
    assert.equal(slice(text, r.value), 'Vector2(184, -152.5)');
    assert.deepEqual(numbersOf(r.value), [184, -152.5]);
    assert.equal(r.end, 'Vector2(184, -152.5)'.length + 2);
    const t = parse('Transform2D(1, 0, 0, 1, 10, 20)');
    assert.ok(t.kind === 'call' && t.name === 'Transform2D');
    assert.deepEqual(numbersOf(t), [1, 0, 0, 1, 10, 20]);
    const packed = parse('PackedVector2Array(-8, -8, 8, -8, 8, 8)');
    assert.deepEqual(numbersOf(packed), [-8, -8, 8, -8, 8, 8]);
    const empty = parse('PackedFloat32Array()');
    assert.ok(empty.kind === 'call' && empty.args.length === 0);
    const sub = parse('SubResource("RectangleShape2D_rp5ok")');
    assert.ok(sub.kind === 'call' && sub.name === 'SubResource' && sub.args[0]!.kind === 'string');
    const nodePath = parse('NodePath(".:position")');
    assert.ok(nodePath.kind === 'call' && nodePath.name === 'NodePath');
    assert.equal(parse('Vector2i(3, 4)').kind, 'call');
    assert.deepEqual(numbersOf(parse('Rect2(0, 0, 10, 20)')), [0, 0, 10, 20]);
  });

  it('reads arrays, typed arrays, dictionaries and trailing commas', () => {
    const a = parse('[1, "two", Vector2(3, 4),]');
    assert.ok(a.kind === 'array' && a.items.length === 3);
    const typed = parse('Array[PackedScene]([ExtResource("2_eqv8g"), ExtResource("3_k3wic")])');
    assert.ok(typed.kind === 'array' && typed.items.length === 2);
    const ints = parse('Array[int]([20, 80, 200])');
    assert.deepEqual(numbersOf(ints), [20, 80, 200]);
    const text = '{\n"times": PackedFloat32Array(0, 1),\n&"RESET": SubResource("5"),\n"values": [Vector2(184, 152)]\n}';
    const d = parse(text);
    assert.ok(d.kind === 'dict' && d.entries.length === 3);
    assert.equal(slice(text, d.entries[2]![1]), '[Vector2(184, 152)]');
    assert.equal(parse('{}').kind, 'dict');
    const typedDict = parse('Dictionary[String, int]({"a": 1})');
    assert.ok(typedDict.kind === 'dict' && typedDict.entries.length === 1);
  });

  it('reads true, false, null and Object(...) properties', () => {
    assert.deepEqual(parse('true'), { kind: 'bool', value: true, range: { start: 0, end: 4 } });
    assert.equal(parse('false').kind, 'bool');
    assert.equal(parse('null').kind, 'null');
    const o = parse('Object(InputEventKey,"resource_local_to_scene":false,"keycode":0)');
    assert.ok(o.kind === 'call' && o.name === 'Object');
  });

  it('reports malformed values with a range instead of throwing', () => {
    for (const text of ['Vector2(1, 2', '"open', '[1 2]', '{"a" 1}', 'Frobnicate', '@', '-', '"\\u12"', '{"a": 1', 'Array[int', '']) {
      const r = parseVariant(text, 0);
      assert.ok(r.error !== undefined, text);
      assert.equal(r.value.kind, 'opaque');
      assert.ok(r.error.range.start >= 0 && r.error.range.end <= text.length && r.error.range.start <= r.error.range.end, text);
      assert.ok(r.end <= text.length);
    }
  });

  it('refuses nesting deeper than its limit without exhausting the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const r = parseVariant(deep, 0);
    assert.ok(r.error !== undefined && /nest/.test(r.error.message));
    assert.equal(parseVariant('['.repeat(20) + ']'.repeat(20), 0).error, undefined);
  });
});
