import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../../common/diagnostic';
import { PROBLEM_LIMIT_CODE, type ProblemLimitData } from '../../../../protocol/lsp';
import { effectiveSeverity, toLspDiagnostic } from '../diagnostics';
import type { AnalyzedDocument } from '../../features/document';

/**
 * The diagnostics limit (`collide.diagnostics.limit`, lsp/configuration.ts): a document with more
 * problems than the limit publishes the limit less one, chosen as VS Code chooses the markers it
 * shows (by severity, errors first, and in document order within a severity), and a note that
 * says how many there are. A large level has thousands of overlaps, whose whole list would be
 * sent, parsed and kept on every keystroke for the 1,000 VS Code shows. Code lenses stop at the
 * same count of bodies (features/code-lens.ts, lensCutoff); hovers, quick fixes, the preview and
 * `collide check` see every finding.
 *
 * The note is one Information diagnostic at the start of the document, code `problem-limit`. Its
 * `data` counts what the whole list holds (ProblemLimitData), so that the client's status bar
 * still counts every overlap and tunnelling body (client/src/statusBar.ts), and its message says
 * the same in words. Its severity follows the settings like any code's: `off` hides the note (its
 * place then goes to a problem), not the limit.
 */

const RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, information: 2, hint: 3 };

/**
 * The diagnostics to publish under the document's limit (in position order: the note, then the
 * chosen problems), or null when every diagnostic fits (or the limit is 0): then the whole list
 * is published. The server publishes it through published-diagnostics.ts, which reuses the bytes
 * of whatever an edit left alone in it, as it does for a whole list.
 */
export function limitedList(doc: AnalyzedDocument): readonly Diagnostic[] | null {
  const limit = doc.settings.diagnosticsLimit;
  if (limit === 0 || doc.analysis.diagnostics.length <= limit) return null;
  let list = chosen.get(doc);
  if (list === undefined) {
    list = choose(doc, limit);
    chosen.set(doc, list);
  }
  return list;
}

/**
 * limitedList's answer per analyzed document (an immutable record of one version): the server
 * publishes it once, and the code actions of every cursor move ask again which problems were
 * published (code-actions.ts), which is not cheap to choose anew on a large document.
 */
const chosen = new WeakMap<AnalyzedDocument, readonly Diagnostic[] | null>();

function choose(doc: AnalyzedDocument, limit: number): readonly Diagnostic[] | null {
  const diagnostics = doc.analysis.diagnostics;
  // One pass for the counts per severity (codes turned off are not published, so not counted);
  // then the severities that fit whole, and how many of the one that does not.
  const bySeverity = [0, 0, 0, 0];
  let overlaps = 0;
  const tunnelling = new Set<number>();
  const ranks = new Int8Array(diagnostics.length);
  for (let i = 0; i < diagnostics.length; i++) {
    const d = diagnostics[i]!;
    const severity = effectiveSeverity(doc, d);
    if (severity === null) {
      ranks[i] = -1;
      continue;
    }
    const rank = RANK[severity];
    ranks[i] = rank;
    bySeverity[rank]!++;
    if (d.code === 'overlap') overlaps++;
    // A tunnelling diagnostic sits on the tunnelling body's name: one body, however many it passes.
    else if (d.code === 'tunnelling') tunnelling.add(d.range.start);
  }
  const total = bySeverity[0]! + bySeverity[1]! + bySeverity[2]! + bySeverity[3]!;
  if (total <= limit) return null;
  // The note takes one of the places, unless it is turned off.
  const noteShown = doc.settings.severity[PROBLEM_LIMIT_CODE] !== 'off';
  const room = noteShown ? limit - 1 : limit;
  // Ranks below `cut` are published whole; of rank `cut`, the first `left`.
  let cut = 0;
  let left = room;
  while (cut < 4 && bySeverity[cut]! <= left) left -= bySeverity[cut++]!;
  const out: Diagnostic[] = [];
  if (noteShown) out.push(limitNote(doc.settings.diagnosticsLimit, { shown: room, total, overlaps, tunnellingBodies: tunnelling.size }));
  for (let i = 0; i < diagnostics.length; i++) {
    const rank = ranks[i]!;
    if (rank < 0 || rank > cut) continue;
    if (rank === cut) {
      if (left === 0) continue;
      left--;
    }
    out.push(diagnostics[i]!);
  }
  return out;
}

/** limitedList in LSP terms, as the publication's bytes say it (tests, and clients of a plain array). */
export function limitedDiagnostics(doc: AnalyzedDocument): LspDiagnostic[] | null {
  const list = limitedList(doc);
  return list && list.map((d) => toLspDiagnostic(doc, d, effectiveSeverity(doc, d)!));
}

/**
 * The note that says how many problems are not shown, at the start of the document; its message
 * says in words what its data counts. Made afresh for each publication, which therefore converts
 * it each time (published-diagnostics.ts reuses a diagnostic with data only as the same object).
 */
function limitNote(limit: number, data: ProblemLimitData): Diagnostic {
  const tunnelling = `${count(data.tunnellingBodies)} tunnelling ${data.tunnellingBodies === 1 ? 'body' : 'bodies'}`;
  return {
    range: { start: 0, end: 0 },
    severity: 'information',
    code: PROBLEM_LIMIT_CODE,
    message:
      `Showing ${count(data.shown)} of the ${count(data.total)} problems in this file (collide.diagnostics.limit is ${count(limit)}); ` +
      `in all, ${count(data.overlaps)} ${data.overlaps === 1 ? 'overlap' : 'overlaps'} and ${tunnelling}. ` +
      'Raise the limit, or 0 to show them all, or run `collide check` on the file for the whole list.',
    sentData: data,
  };
}

/** 6321 → "6,321": by hand, so that the text is the same under any ICU build of Node. */
function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
