import type { SignatureHelp, SignatureInformation } from 'vscode-languageserver';
import type { AnalyzedDocument } from '../features/document';
import { signatureHelp } from '../features/signature-help';
import { SHAPE_SIGNATURES } from '../semantics/signatures';

/** The signature of the constructor at the cursor (features/signature-help.ts), with its active parameter. */
export function lspSignatureHelp(doc: AnalyzedDocument, offset: number): SignatureHelp | null {
  const found = signatureHelp(doc, offset);
  if (!found) return null;
  const sig = SHAPE_SIGNATURES[found.shape];
  // Parameter labels as offsets into the label, so `(x, y)` is found even though it repeats.
  let from = sig.label.indexOf('(') + 1;
  const info: SignatureInformation = {
    label: sig.label,
    documentation: { kind: 'markdown', value: sig.documentation },
    parameters: sig.parameters.map((p) => {
      const at = sig.label.indexOf(p.name, from);
      if (at < 0) return { label: p.name, documentation: p.documentation };
      from = at + p.name.length;
      return { label: [at, at + p.name.length] as [number, number], documentation: p.documentation };
    }),
  };
  return { signatures: [info], activeSignature: 0, activeParameter: found.parameter };
}
