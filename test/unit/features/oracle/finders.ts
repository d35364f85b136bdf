import type { Finding } from '../../../../server/src/analysis/findings';
import type { TextRange } from '../../../../server/src/common/diagnostic';
import type { ShapeCall } from '../../../../server/src/syntax/ast';
import { matchFinding, type AnalyzedDocument } from '../../../../server/src/features/document';
import { polygonCallAt, polygonCallContaining } from '../../../../server/src/features/quick-fixes';

// The look-ups of quick-fixes.ts and document.ts as of 576ff7e: the polygon look-ups walked the
// whole file's tree, and a finding was matched against the diagnostic of every finding.

export function polygonAt(doc: AnalyzedDocument, range: TextRange): ShapeCall | undefined {
  return polygonCallAt(range, (visit) => visit(doc.analysis.parse.file));
}

export function findPolygonContaining(doc: AnalyzedDocument, range: TextRange): ShapeCall | undefined {
  return polygonCallContaining(range, (visit) => visit(doc.analysis.parse.file));
}

export function findingOf(doc: AnalyzedDocument, d: { readonly code: string; readonly range: TextRange; readonly message: string }): Finding | undefined {
  if (d.code !== 'overlap' && d.code !== 'tunnelling' && d.code !== 'collision') return undefined;
  return matchFinding(doc, d, false);
}
