import type { Statement } from '../../../../server/src/syntax/ast';
import { completionContextWith, type CompletionContext } from '../../../../server/src/features/completion';
import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { lastTokenBefore } from '../../../../server/src/features/tokens';

/**
 * Completion's look-up as of 576ff7e: the whole file's tokens and comments, and the statement
 * around the token before the word found by binary search over the whole file's tree.
 */
export function completionContext(doc: AnalyzedDocument, offset: number): CompletionContext {
  const { tokens, comments, file } = doc.analysis.parse;
  return completionContextWith(doc, offset, () => ({
    tokens,
    comments,
    statementOf: (i) => {
      const statement = statementContaining(file.statements, tokens[i]!.start);
      return statement && { kind: statement.kind, first: lastTokenBefore(tokens, statement.range.start + 1), tree: statement };
    },
  }));
}

function statementContaining(statements: readonly Statement[], offset: number): Statement | undefined {
  let lo = 0;
  let hi = statements.length - 1;
  let found: Statement | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const s = statements[mid]!;
    if (s.range.start <= offset) {
      found = s;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
