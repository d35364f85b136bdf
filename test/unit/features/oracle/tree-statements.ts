import type { Statement } from '../../../../server/src/syntax/ast';

/**
 * The statements of a whole-file parse read through the accessors of a StatementIndex
 * (syntax/statement-index.ts), so that a feature's shared code can be given either: the
 * index's positions, kinds and parsed statements are what the tests compare with these.
 */
export function treeStatements(statements: readonly Statement[]) {
  return {
    count: statements.length,
    start: (i: number) => statements[i]!.range.start,
    end: (i: number) => statements[i]!.range.end,
    kind: (i: number) => statements[i]!.kind,
    parse: (first: number, last: number = first) => statements.slice(Math.max(0, first), last + 1),
  };
}
