import { parse } from '../../../server/src/syntax/parser';
import { analyzeSemantics, type SemanticResult } from '../../../server/src/semantics/check';
import type { EvaluatedValue } from '../../../server/src/semantics/evaluate';
import type { Diagnostic } from '../../../server/src/common/diagnostic';

export interface Checked extends SemanticResult {
  readonly text: string;
  readonly syntax: readonly Diagnostic[];
  /** Every statement's values, evaluated on request (SemanticResult.valuesOf). */
  readonly values: readonly EvaluatedValue[];
}

export function check(text: string): Checked {
  const p = parse(text);
  const r = analyzeSemantics(p);
  // `valuesOf` is a method of the result's class (SemanticResults), which a spread leaves out.
  return { ...r, valuesOf: (statements) => r.valuesOf(statements), values: r.valuesOf(p.file.statements).toArray(), text, syntax: p.diagnostics };
}

/** Diagnostics as [code, the exact text they cover] (severity when asked), in source order. */
export function found(r: Checked, withSeverity = false): string[][] {
  return r.diagnostics.map((d) =>
    withSeverity ? [d.severity, d.code, r.text.slice(d.range.start, d.range.end)] : [d.code, r.text.slice(d.range.start, d.range.end)],
  );
}

/** Like `found`, leaving out `unused-definition` hints, which most fixtures do not care about. */
export function errors(r: Checked): string[][] {
  return found({ ...r, diagnostics: r.diagnostics.filter((d) => d.code !== 'unused-definition') });
}
