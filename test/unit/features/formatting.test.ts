import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { applyOffsetEdits } from '../../../server/src/features/text-edits';
import { formatText, formatting } from '../../../server/src/features/formatting';
import { lex } from '../../../server/src/syntax/lexer';
import { scene } from './fixture';

const EXAMPLES = path.resolve(__dirname, '..', '..', '..', 'examples');

function format(text: string): string {
  return applyOffsetEdits(text, formatText(text));
}

function tokenTexts(text: string): string[] {
  const l = lex(text);
  return [...l.tokens.map((t) => `${t.kind}:${t.text}`), ...l.comments.map((c) => text.slice(c.range.start, c.range.end))];
}

describe('features/formatting', () => {
  it('is idempotent on every example file, and keeps every token and comment', () => {
    const files = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.collide'));
    assert.ok(files.length >= 5);
    for (const f of files) {
      const text = fs.readFileSync(path.join(EXAMPLES, f), 'utf8');
      const once = format(text);
      assert.equal(format(once), once, `${f}: formatting twice changes nothing`);
      assert.deepEqual(tokenTexts(once), tokenTexts(text), `${f}: same tokens and comments`);
      assert.deepEqual(
        scene(once).analysis.diagnostics.map((d) => `${d.code} ${d.message}`),
        scene(text).analysis.diagnostics.map((d) => `${d.code} ${d.message}`),
        `${f}: same meaning`,
      );
    }
  });

  it('writes canonical spacing', () => {
    assert.equal(format('dt 1/60\nlet a=-1*2 -  3\n'), 'dt 1 / 60\nlet a = -1 * 2 - 3\n');
    assert.equal(format('body  x  static box ( 1,2 )at(a,-a)'), 'body x static box(1, 2) at (a, -a)\n');
    assert.equal(format('body a circle(sqrt( 2 )) angle -30deg spin - 1'), 'body a circle(sqrt(2)) angle -30deg spin -1\n');
    assert.equal(format('let p = ( 1 , 2 ) - (3,4)'), 'let p = (1, 2) - (3, 4)\n');
  });

  it('puts each statement on its own line and indents continuation lines', () => {
    assert.equal(format('body a circle(1) body b circle(2)'), 'body a circle(1)\nbody b circle(2)\n');
    assert.equal(
      format('body car compound(\nbox(3, 0.6) at (0, 0.5),\n      circle(0.35) at (-1, 0)\n    )\nat (0, 1)\n      layer player'),
      'body car compound(\n  box(3, 0.6) at (0, 0.5),\n  circle(0.35) at (-1, 0)\n)\n  at (0, 1)\n  layer player\n',
    );
    assert.equal(format('shape s = compound(box(1, 1),\ncompound(\ncircle(1)))'), 'shape s = compound(box(1, 1),\n  compound(\n    circle(1)))\n');
  });

  it('keeps at most one blank line, none at the start, and one line break at the end', () => {
    assert.equal(format('\n\n\nbody a circle(1)\n\n\n\nbody b circle(1)   \n\n\n'), 'body a circle(1)\n\nbody b circle(1)\n');
  });

  it('keeps comments, aligning trailing ones on consecutive lines', () => {
    assert.equal(
      format('// head\ndt 1/60 // step\nframes 10      // look ahead\n\n  // about a\nbody a circle(1) /* r */ at (0, 0)'),
      '// head\ndt 1 / 60  // step\nframes 10  // look ahead\n\n// about a\nbody a circle(1) /* r */ at (0, 0)\n',
    );
    assert.equal(format('body a compound(\n  // the base\n     box(1, 1)\n)'), 'body a compound(\n  // the base\n  box(1, 1)\n)\n');
    assert.equal(format('/* a\n     b */\nbody a circle(1)'), '/* a\n     b */\nbody a circle(1)\n');
  });

  it('keeps the layer property on a continuation line apart from a layer statement', () => {
    const text = 'body hero box(1, 2)\n        layer player\nlayer pickups\nlayer player\n';
    const once = format(text);
    assert.equal(once, 'body hero box(1, 2)\n  layer player\nlayer pickups\nlayer player\n');
    assert.equal(scene(once).analysis.semantics.scene.bodies[0]!.layer, 'player');
  });

  it('keeps CRLF line breaks', () => {
    assert.equal(format('body a  circle(1)\r\nbody b circle(1)'), 'body a circle(1)\r\nbody b circle(1)\r\n');
  });

  it('formats a file with syntax errors without changing its tokens, and leaves lexical errors alone', () => {
    assert.equal(format('body a circle(\nbody  b box(1,1)'), 'body a circle(\nbody b box(1, 1)\n');
    assert.deepEqual(formatText('body a circle(1) £\n'), []);
    assert.deepEqual(formatText('body a circle(1) /* never closed'), []);
    assert.deepEqual(formatText(''), []);
  });

  it('property: on random token soups it keeps the tokens and is idempotent', () => {
    const word = fc.constantFrom('body', 'a', 'b', 'circle', 'box', 'compound', 'at', 'angle', 'layer', 'collides', 'let', '=', '(', ')', ',', '-', '+', '*', '/', '1', '2.5', '30deg', 'pi', 'static', 'shape', 'dt', '// c', '/* k */', 'velocity', 'sqrt');
    const space = fc.constantFrom(' ', '  ', '\n', '\n\n\n', '\t', '');
    fc.assert(
      fc.property(fc.array(fc.tuple(word, space), { maxLength: 40 }), (parts) => {
        // A line comment must end its line; the lexer would swallow the rest otherwise.
        const text = parts.map(([w, s]) => (w.startsWith('//') ? `${w}\n` : `${w}${s === '' && /\w$/.test(w) ? ' ' : s}`)).join('');
        const edits = formatText(text);
        const once = applyOffsetEdits(text, edits);
        assert.deepEqual(tokenTexts(once), tokenTexts(text));
        assert.equal(format(once), once);
      }),
      { numRuns: 500, seed: 61 },
    );
  });

  it('returns offset edits that only touch whitespace', () => {
    const doc = scene('body a  circle( 1 )\n');
    const edits = formatting(doc);
    assert.ok(edits.length > 0);
    assert.ok(edits.every((e) => e.newText.trim() === '' && doc.text.slice(e.range.start, e.range.end).trim() === ''));
    assert.equal(applyOffsetEdits(doc.text, edits), 'body a circle(1)\n');
  });
});
