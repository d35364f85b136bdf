import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';

/**
 * How long a request may wait for the analysis of its document before it is answered with an
 * error. The analysis goes on (it yields between stages, so other documents keep their answers)
 * and publishes its diagnostics when done; only the request gives up, so that an editor never
 * waits on a document that cannot be analyzed in time.
 */
export const REQUEST_BUDGET_MS = 2000;

const OVER_BUDGET = Symbol('over budget');

/** `work`'s value, or OVER_BUDGET when it takes longer than `ms`; the timer never outlives the race. */
export async function withinBudget<T>(work: Promise<T>, ms: number): Promise<T | typeof OVER_BUDGET> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<typeof OVER_BUDGET>((resolve) => {
    timer = setTimeout(() => resolve(OVER_BUDGET), ms);
  });
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

export function isOverBudget(value: unknown): value is typeof OVER_BUDGET {
  return value === OVER_BUDGET;
}

/**
 * The answer to a request whose analysis did not finish in time: ContentModified when a newer
 * version made the request moot (LSP 3.17 asks clients to drop such answers silently), otherwise
 * RequestFailed with what happened, which the editor shows in its log.
 */
export function overBudgetError(request: string, uri: string, askedVersion: number | undefined, currentVersion: number | undefined, ms: number): ResponseError<void> {
  if (askedVersion !== currentVersion) {
    return new ResponseError(LSPErrorCodes.ContentModified, `${request}: ${uri} changed while the request waited for its analysis`);
  }
  return new ResponseError(
    LSPErrorCodes.RequestFailed,
    `${request}: the analysis of ${uri} (version ${currentVersion ?? '?'}) did not finish within ${ms} ms; it goes on, and its diagnostics follow when it is done`,
  );
}
