import type { Finding } from '../../../../server/src/analysis/findings';
import type { TextRange } from '../../../../server/src/common/diagnostic';
import { forEachChild, type Node, type ShapeCall } from '../../../../server/src/syntax/ast';
import { findingDiagnostic, type AnalyzedDocument } from '../../../../server/src/features/document';

// quick-fixes.ts and document.ts as of 576ff7e: the polygon look-ups walked the whole file's
// tree, and a finding was matched against the diagnostic of every finding of the document.

export function polygonAt(doc: AnalyzedDocument, range: TextRange): ShapeCall | undefined {
  let found: ShapeCall | undefined;
  const visit = (n: Node): void => {
    if (found || n.range.end < range.start || n.range.start > range.end) return;
    if (n.kind === 'ShapeCall' && n.constructorName === 'polygon' && n.range.start === range.start && n.range.end === range.end) {
      found = n;
      return;
    }
    forEachChild(n, visit);
  };
  visit(doc.analysis.parse.file);
  return found;
}
export function findPolygonContaining(doc: AnalyzedDocument, range: TextRange): ShapeCall | undefined {
  let found: ShapeCall | undefined;
  const visit = (n: Node): void => {
    if (found || n.range.end < range.start || n.range.start > range.end) return;
    if (n.kind === 'ShapeCall' && n.constructorName === 'polygon' && n.args.some((a) => a.range.start === range.start && a.range.end === range.end)) {
      found = n;
      return;
    }
    forEachChild(n, visit);
  };
  visit(doc.analysis.parse.file);
  return found;
}

export function findingOf(doc: AnalyzedDocument, d: { readonly code: string; readonly range: { start: number; end: number }; readonly message: string }): Finding | undefined {
  if (d.code !== 'overlap' && d.code !== 'tunnelling' && d.code !== 'collision') return undefined;
  let fallback: Finding | undefined;
  for (const f of doc.analysis.findings) {
    if (f.kind !== d.code) continue;
    const fd = findingDiagnostic(doc, f);
    if (fd.range.start !== d.range.start || fd.range.end !== d.range.end) continue;
    if (fd.message === d.message) return f;
    fallback ??= f;
  }
  return fallback;
}
