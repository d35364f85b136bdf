import { formatDecimals } from '../../../protocol/format';
import type { OffsetTextEdit as Edit, PreviewBodyChange, PreviewEditResult } from '../../../protocol/preview-lsp';
import type { SceneBody } from '../semantics/scene';
import type { BodyStatement, Expression, ShapeCall } from '../syntax/ast';
import { statementIndexOf } from '../syntax/statement-index';
import type { AnalyzedDocument } from './document';

/** What the edits are made from: one version's text and its analysis. */
export type EditedDocument = Pick<AnalyzedDocument, 'text' | 'analysis'>;

/**
 * The text edits that make a handle drag of the preview (protocol/preview-lsp.ts,
 * `collide/previewEdit`): a shape's size written into its constructor's arguments, a `velocity`
 * or `spin` into its clause, or a new clause after the shape when none is written (where the
 * grammar takes properties, as the preview's `at` does). Numbers are written with the change's
 * decimals; a spin written in degrees stays in degrees. The argument's whole expression is
 * replaced, as a drag of `at` replaces the whole vector. A shape given by name is refused: its
 * statement is shared by every body that uses it, which one drag on one body must not change.
 */
export function previewBodyEdits(doc: EditedDocument, name: string, change: PreviewBodyChange): PreviewEditResult {
  const scene = doc.analysis.semantics.scene;
  const body = scene.bodies.find((b) => b.name === name);
  if (!body) return { refused: `no body '${name}' in this version` };
  const d = change.decimals;
  const num = (x: number): string => formatDecimals(x, d);
  const vec = (p: readonly [number, number]): string => `(${num(p[0])}, ${num(p[1])})`;
  if (change.velocity) return motionEdit(doc, body, 'velocity', vec(change.velocity));
  if (change.spin !== undefined) {
    const clause = body.props.spin;
    const old = clause ? doc.text.slice(clause.valueRange.start, clause.valueRange.end) : '';
    const text = /deg\s*$/.test(old) ? `${formatDecimals((change.spin * 180) / Math.PI, Math.max(0, d - 1))}deg` : num(change.spin);
    return motionEdit(doc, body, 'spin', text);
  }
  if (body.shapeName !== undefined) return { refused: `'${name}' has the named shape '${body.shapeName}', shared by every body that uses it; edit it in the text` };
  const call = shapeCallOf(doc, body);
  if (!call) return { refused: `the shape of '${name}' cannot be resized from the preview` };
  const arg = (k: number, text: string): Edit | null => {
    const a = call.args[k];
    return a && a.kind !== 'Missing' && a.kind !== 'Error' ? { ...a.range, text } : null;
  };
  const all = (edits: (Edit | null)[]): PreviewEditResult => (edits.every((e) => e !== null) ? { edits: edits as Edit[] } : { refused: `the ${call.constructorName} of '${name}' is not written out in full` });
  switch (call.constructorName) {
    case 'circle':
      if (change.radius !== undefined) return all([arg(0, num(change.radius))]);
      break;
    case 'box':
      if (change.size) return all([arg(0, num(change.size[0])), arg(1, num(change.size[1]))]);
      break;
    case 'capsule':
      if (change.length !== undefined) return all([arg(0, num(change.length))]);
      if (change.radius !== undefined) return all([arg(1, num(change.radius))]);
      break;
    case 'segment':
      if (change.ends) return all([arg(0, vec(change.ends[0])), arg(1, vec(change.ends[1]))]);
      break;
    case 'polygon':
      if (change.scale !== undefined) return scaledPolygon(call, change.scale, vec, name);
      break;
  }
  return { refused: `a ${call.constructorName} has no such handle` };
}

/** Replace the written clause's value, or insert the clause after the shape. */
function motionEdit(doc: EditedDocument, body: SceneBody, keyword: 'velocity' | 'spin', text: string): PreviewEditResult {
  if (body.isStatic) return { refused: `'${body.name}' is static and never moves` };
  const clause = body.props[keyword];
  if (clause) return { edits: [{ ...clause.valueRange, text }] };
  return { edits: [{ start: body.shapeEnd, end: body.shapeEnd, text: ` ${keyword} ${text}` }] };
}

/** The body statement's own shape constructor (not a compound, a reference or a tile grid). */
function shapeCallOf(doc: EditedDocument, body: SceneBody): ShapeCall | undefined {
  const index = statementIndexOf(doc.analysis.parse);
  const i = index.atOrBefore(body.range.start);
  if (i < 0 || index.start(i) !== body.range.start) return undefined;
  const statement = index.parse(i)[0];
  if (statement?.kind !== 'Body') return undefined;
  const shape = (statement as BodyStatement).shape;
  return shape.kind === 'ShapeCall' ? shape : undefined;
}

/** Every vertex of a polygon written with plain numbers, scaled about the body origin. */
function scaledPolygon(call: ShapeCall, scale: number, vec: (p: readonly [number, number]) => string, name: string): PreviewEditResult {
  const edits: Edit[] = [];
  for (const a of call.args) {
    const x = a.kind === 'Vector' ? literal(a.x) : undefined;
    const y = a.kind === 'Vector' ? literal(a.y) : undefined;
    if (x === undefined || y === undefined) return { refused: `the vertices of '${name}' are not all plain numbers` };
    edits.push({ ...a.range, text: vec([x * scale, y * scale]) });
  }
  return edits.length > 0 ? { edits } : { refused: `the polygon of '${name}' has no vertices` };
}

/** The value of a number written plainly (`2`, `-1.5`, `(0.5)`); undefined for anything else. */
function literal(e: Expression): number | undefined {
  if (e.kind === 'Number') return e.unit === null && Number.isFinite(e.value) ? e.value : undefined;
  if (e.kind === 'Paren') return literal(e.expression);
  if (e.kind === 'Unary') {
    const v = literal(e.operand);
    return v === undefined ? undefined : -v;
  }
  return undefined;
}
