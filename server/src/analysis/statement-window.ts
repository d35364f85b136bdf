import type { Diagnostic, TextRange } from '../common/diagnostic';
import { sceneOf, SemanticResults, type SemanticResult } from '../semantics/result';
import type { SemanticSession } from '../semantics/session';
import { SceneBody, type Scene } from '../semantics/scene';
import { DefinitionTable, definitionsAreBodies, type DefinitionEntry, type SymbolDefinition, type SymbolReference } from '../semantics/symbols';
import type { BodyStatement } from '../syntax/ast';
import { ownString } from '../syntax/grammar';
import type { ParseResult } from '../syntax/parser';
import { parseWindow } from '../syntax/reparsing';
import { LineIndex, lowerBound, lowerBoundBy } from '../syntax/positions';
import { STATEMENT_KIND_CODE } from '../syntax/statement-index';
import { DeferredParse } from './deferred-parse';
import { resizedCopy, shiftBody, shiftDefinition, shiftDiagnostic, shiftReference, splice } from './edit-shift';
import { analyzeWholeText } from './whole-text';

/**
 * The incremental front end: syntax and semantics of a new version of a
 * document, recomputed only for the statements an edit touched.
 *
 * The language resynchronizes at statement keywords (scene-language.md, "Files"), so an edit can
 * only change the statements around it. The edited region is found by comparing the new text
 * with the previous one (common prefix and suffix). From the start of the statement before the
 * first touched one, statements are re-lexed and re-parsed (syntax/reparsing.ts `parseWindow`) until
 * one starts, after the edit and on a line of its own, exactly where a statement of the previous
 * parse started (shifted by the edit's length change): from there on the token stream and the
 * statements are the previous ones, shifted. This is the "re-parse the damaged region, reuse the
 * rest" scheme of incremental parsers (Ghezzi and Mandrioli, "Incremental parsing", TOPLAS 1979;
 * Wagner and Graham, "Efficient and flexible incremental parsing", TOPLAS 1998), with statement
 * keywords as the only synchronizing points, which keeps it small.
 *
 * Semantics follows the same window. When every statement in it, before and after the edit, is a
 * body (or unparseable text), only those bodies are evaluated again, in the environment of the
 * last whole-file run (constants, named shapes, layers and settings cannot have changed); every
 * other result of the previous version is kept, shifted by the length change. Two whole-file
 * facts are checked on the way: a window body whose name another body also declares, and a
 * definition whose only (or first) use comes or goes with the window, change diagnostics
 * elsewhere, so those edits take the whole-file path. So do edits of any other statement.
 *
 * Either way, the result equals `parse` + `analyzeSemantics` of the new text (the property test
 * in test/unit/analysis/incremental.test.ts checks it on random edits at random offsets).
 *
 * Memory: no syntax tree or token is kept between versions. The tree, tokens and comments of a
 * version are made on first request (`ParseResult.file` and friends parse the text once then).
 */

/** What the front end made of one version of the text. */
export interface FrontEndResult {
  readonly syntax: ParseResult;
  readonly semantics: SemanticResult;
  /** 'window' when only the statements around the edit were processed again. */
  readonly mode: 'full' | 'window';
  /**
   * Window mode: for each body of the new scene, the index in `previousScene` of the body it is
   * a shifted copy of (same content, same declaration order among the copies), or -1 for a body
   * of the window, evaluated afresh. Entries past the bodies' count mean nothing. The front end
   * writes the update after next's table into this one: read it before then (the analyzer reads
   * it in the same run, which a newer update abandons).
   */
  readonly reused?: Int32Array;
  readonly previousScene?: Scene;
  /** Window mode: the edit from the previous version, as this front end found it (TextEdit). */
  readonly edit?: TextEdit;
}

/**
 * One contiguous replacement between two versions of a text: old[start, oldEnd) became
 * new[start, newEnd), and the line count changed by lineDelta. Every offset outside it is the
 * old one, or the old one plus newEnd - oldEnd after it.
 */
export interface TextEdit {
  readonly start: number;
  readonly oldEnd: number;
  readonly newEnd: number;
  readonly lineDelta: number;
}

export class IncrementalFrontEnd {
  private text: string | null = null;
  private lines: LineIndex | null = null;
  /** Per statement of the last version, in order: its range and kind (typed: one per statement). */
  private starts = new Int32Array(0);
  private ends = new Int32Array(0);
  private kinds = new Uint8Array(0);
  /** Index of the last statement that is neither a body nor unparseable text (-1: none). */
  private lastHeader = -1;
  private syntaxDiagnostics: Diagnostic[] = [];
  private session: SemanticSession | null = null;
  private semantics: SemanticResult | null = null;
  /**
   * The `reused` tables of the last window and of the one before, which the next window writes
   * into (FrontEndResult.reused), so that an edit makes no off-heap garbage.
   */
  private lastReused = new Int32Array(0);
  private spareReused = new Int32Array(0);

  /** Forgets the previous version; the next one is processed whole. */
  reset(): void {
    this.text = null;
    this.lines = null;
    this.starts = new Int32Array(0);
    this.ends = new Int32Array(0);
    this.kinds = new Uint8Array(0);
    this.syntaxDiagnostics = [];
    this.session = null;
    this.semantics = null;
    this.lastReused = new Int32Array(0);
    this.spareReused = new Int32Array(0);
  }

  /** Syntax and semantics of `text`, reusing what is known of the previous version. */
  update(text: string): FrontEndResult {
    if (typeof text !== 'string') text = text == null ? '' : String(text);
    if (this.text !== null && this.lines !== null && this.session !== null && this.semantics !== null) {
      const old = this.text;
      // The edited region: old[prefix, old.length - suffix) became text[prefix, text.length - suffix).
      const prefix = commonPrefix(old, text);
      const suffix = commonSuffix(old, text, Math.min(old.length, text.length) - prefix);
      // Counted first: the new index takes the old one's array over (LineIndex.edited).
      const oldLineCount = this.lines.lineCount;
      const lines = LineIndex.edited(this.lines, text, prefix, old.length - suffix, text.length - suffix);
      const edit: TextEdit = { start: prefix, oldEnd: old.length - suffix, newEnd: text.length - suffix, lineDelta: lines.lineCount - oldLineCount };
      try {
        const windowed = this.tryWindow(text, lines, prefix, suffix, edit);
        if (windowed) return windowed;
      } catch {
        // Not expected; if a defect ever gets here, the whole-file path gives the right answer.
        this.reset();
        return this.full(text, new LineIndex(text));
      }
      return this.full(text, lines);
    }
    return this.full(text, new LineIndex(text));
  }

  private full(text: string, lines: LineIndex): FrontEndResult {
    const { outline, semantics, session, diagnostics } = analyzeWholeText(text, lines);
    this.starts = Int32Array.from(outline.starts);
    this.ends = Int32Array.from(outline.ends);
    this.kinds = Uint8Array.from(outline.kinds);
    this.lastHeader = -1;
    for (let k = 0; k < outline.kinds.length; k++) {
      const kind = outline.kinds[k]!;
      if (kind !== STATEMENT_KIND_CODE.Body && kind !== STATEMENT_KIND_CODE.Error) this.lastHeader = k;
    }
    this.text = text;
    this.lines = lines;
    this.syntaxDiagnostics = diagnostics;
    this.session = session;
    this.semantics = semantics;
    // No tree is kept: later requests for it parse the text again (DeferredParse).
    return { syntax: new DeferredParse(text, lines, diagnostics, { starts: this.starts, ends: this.ends, kinds: this.kinds }), semantics, mode: 'full' };
  }

  /** The windowed update, or null when the edit needs the whole-file path. */
  private tryWindow(text: string, lines: LineIndex, prefix: number, suffix: number, edit: TextEdit): FrontEndResult | null {
    const old = this.text!;
    const session = this.session!;
    const previous = this.semantics!;
    const delta = text.length - old.length;
    const newEditEnd = text.length - suffix;

    const starts = this.starts;
    const ends = this.ends;
    const count = starts.length;
    // First statement that ends at or after the edit (touching counts: the edit may extend it),
    // then one more back, since a statement's extent depends on the first tokens of the next.
    let first = lowerBound(ends, prefix);
    first = Math.max(0, first - 1);
    // Window boundaries sit in a gap between statements, so that every stored result belongs
    // unambiguously to one side (a zero-width diagnostic at a statement's end, say).
    while (first > 0 && ends[first - 1]! >= starts[first]!) first--;
    const windowStart = first === 0 ? 0 : starts[first]!;

    let syncIndex = count;
    const stopAt = (offset: number, previousEnd: number): boolean => {
      if (offset < newEditEnd || previousEnd >= offset) return false;
      // The statement must start on a line the edit did not touch: its parse reads columns.
      if (lines.lineStart(lines.lineAt(offset)) < newEditEnd) return false;
      const j = lowerBound(starts, offset - delta);
      if (j >= count || starts[j] !== offset - delta || j <= first) return false;
      syncIndex = j;
      return true;
    };
    const window = parseWindow(text, lines, windowStart, stopAt);
    const oldWindowEnd = syncIndex < count ? starts[syncIndex]! : old.length + 1;

    // The statement re-parsed only for its extent usually comes out as it was (same range, all
    // of it before the edit, so the same text): its results stand, and the semantic window
    // starts after it, in the gap before the next statement.
    let semFirst = first;
    let semStart = windowStart;
    let fresh = window.statements;
    const w0 = fresh[0];
    if (
      w0 !== undefined &&
      first < syncIndex &&
      w0.range.start === starts[first] &&
      w0.range.end === ends[first] &&
      ends[first]! < prefix &&
      (first + 1 >= count || ends[first]! + 1 <= starts[first + 1]!) &&
      (fresh.length < 2 || ends[first]! + 1 <= fresh[1]!.range.start) &&
      // Its messages may quote the token after it, which the edit may have changed.
      sameDiagnostics(this.syntaxDiagnostics, window.diagnostics, starts[first]!, ends[first]! + 1)
    ) {
      semFirst = first + 1;
      semStart = ends[first]! + 1;
      fresh = fresh.slice(1);
    }
    const freshSyntax = ownMessages(semStart === windowStart ? window.diagnostics : window.diagnostics.filter((d) => d.range.start >= semStart));

    // Semantics: only bodies (and unparseable text) on both sides of the edit, and no other
    // statement after it (results elsewhere then never point into the shifted part).
    if (this.lastHeader >= semFirst) return null;
    for (let k = semFirst; k < syncIndex; k++) {
      if (this.kinds[k] !== STATEMENT_KIND_CODE.Body && this.kinds[k] !== STATEMENT_KIND_CODE.Error) return null;
    }
    const bodies: BodyStatement[] = [];
    for (const s of fresh) {
      if (s.kind === 'Body') bodies.push(s);
      else if (s.kind !== 'Error') return null;
    }
    const inOld = (item: { readonly range: TextRange }): boolean => item.range.start >= semStart && item.range.start < oldWindowEnd;

    // Whole-file facts the window could change: duplicate body names, uses of definitions.
    const defs = previous.symbols.entries;
    const defFrom = lowerBoundBy(defs, semStart, (d) => d.range.start);
    const defTo = lowerBoundBy(defs, oldWindowEnd, (d) => d.range.start);
    for (const s of bodies) if (s.name && session.bodyNameCount(s.name.name) > (hasName(defs, defFrom, defTo, s.name.name) ? 1 : 0)) return null;
    for (let k = defFrom; k < defTo; k++) if (session.bodyNameCount(defs[k]!.name) > 1) return null;
    const names = new Set<string>();
    for (const s of bodies) {
      if (!s.name) continue;
      if (names.has(s.name.name)) return null;
      names.add(s.name.name);
    }

    const bodyIndexFrom = lowerBoundBy(previous.scene.bodies, semStart, (b) => b.start);
    const bodyIndexTo = lowerBoundBy(previous.scene.bodies, oldWindowEnd, (b) => b.start);
    const evaluated = session.evaluateBodies(bodies, bodyIndexFrom);

    const refs = previous.symbols.references;
    const refFrom = lowerBoundBy(refs, semStart, (r) => r.range.start);
    const refTo = lowerBoundBy(refs, oldWindowEnd, (r) => r.range.start);
    if (!this.usesUnchanged(refs, refFrom, refTo, evaluated.references)) return null;

    // From here on the window path is committed: update the whole-file facts.
    for (let k = refFrom; k < refTo; k++) {
      const d = refs[k]!.definition;
      if (d) session.adjustUse(d, -1);
    }
    for (const r of evaluated.references) if (r.definition) session.adjustUse(r.definition, 1);
    for (let k = defFrom; k < defTo; k++) session.adjustBodyName(defs[k]!.name, -1);
    for (const d of evaluated.definitions) session.adjustBodyName(d.name, 1);

    const scene = previous.scene;
    const oldBodies = scene.bodies;
    const indexShift = bodyIndexFrom + evaluated.bodies.length - bodyIndexTo;
    const newBodies = resizedCopy(oldBodies, oldBodies.length + indexShift);
    for (let k = 0; k < evaluated.bodies.length; k++) newBodies[bodyIndexFrom + k] = evaluated.bodies[k]!;
    for (let k = bodyIndexTo; k < oldBodies.length; k++) newBodies[k + indexShift] = shiftBody(oldBodies[k]!, oldWindowEnd, delta, k + indexShift);
    // Entries as `splice` would make them (sorted by start: those before the window, the
    // window's, the rest shifted), except that a body in the scene is its own entry (semantics/
    // symbols.ts DefinitionEntry): the shifted one is the shifted body, whose index may have
    // changed even where the offsets did not.
    // A scene of bodies alone keeps one list for both (semantics/symbols.ts definitionsAreBodies):
    // so do its edits that leave it so, without copying the entries.
    let definitions: DefinitionEntry[] = newBodies;
    if (!(defs === oldBodies && defFrom === bodyIndexFrom && defTo === bodyIndexTo && definitionsAreBodies(evaluated.definitions, evaluated.bodies))) {
      const defShift = defFrom + evaluated.definitions.length - defTo;
      definitions = resizedCopy(defs, defs.length + defShift);
      for (let k = 0; k < evaluated.definitions.length; k++) definitions[defFrom + k] = evaluated.definitions[k]!;
      for (let k = defTo; k < defs.length; k++) {
        const d = defs[k]!;
        definitions[k + defShift] = d instanceof SceneBody ? newBodies[d.index + indexShift]! : delta === 0 ? d : shiftDefinition(d, oldWindowEnd, delta);
      }
      // An edit that makes it a scene of bodies alone again (a body it had left out now in).
      if (definitionsAreBodies(definitions, newBodies)) definitions = newBodies;
    }
    const reused = this.spareReused.length >= newBodies.length ? this.spareReused : new Int32Array(newBodies.length + (newBodies.length >> 3));
    this.spareReused = this.lastReused;
    this.lastReused = reused;
    for (let k = 0; k < newBodies.length; k++) {
      reused[k] = k < bodyIndexFrom ? k : k < bodyIndexFrom + evaluated.bodies.length ? -1 : k - indexShift;
    }

    const semantics = new SemanticResults(
      sceneOf(scene, newBodies, scene.layers),
      splice(previous.diagnostics, inOld, oldWindowEnd, ownMessages(evaluated.diagnostics), delta, shiftDiagnostic),
      new DefinitionTable(definitions, splice(refs, inOld, oldWindowEnd, evaluated.references, delta, shiftReference)),
      // Values are evaluated on request, in the session's environment, which the window leaves as it was.
      session.values,
      previous.constants,
      previous.shapes,
    );
    const syntaxDiagnostics = splice(this.syntaxDiagnostics, inOld, oldWindowEnd, freshSyntax, delta, shiftDiagnostic);

    // The statement table: before the window as it was, the window's, then the rest shifted.
    const size = first + window.statements.length + (count - syncIndex);
    const newStarts = new Int32Array(size);
    const newEnds = new Int32Array(size);
    const newKinds = new Uint8Array(size);
    newStarts.set(starts.subarray(0, first));
    newEnds.set(ends.subarray(0, first));
    newKinds.set(this.kinds.subarray(0, first));
    let n = first;
    for (const s of window.statements) {
      newStarts[n] = s.range.start;
      newEnds[n] = s.range.end;
      newKinds[n] = STATEMENT_KIND_CODE[s.kind];
      n++;
    }
    newKinds.set(this.kinds.subarray(syncIndex, count), n);
    for (let k = syncIndex; k < count; k++, n++) {
      newStarts[n] = starts[k]! + delta;
      newEnds[n] = ends[k]! + delta;
    }
    let lastHeader = this.lastHeader;
    for (let k = 0; k < window.statements.length; k++) {
      const kind = window.statements[k]!.kind;
      if (kind !== 'Body' && kind !== 'Error') lastHeader = first + k;
    }
    this.lastHeader = lastHeader;
    this.starts = newStarts;
    this.ends = newEnds;
    this.kinds = newKinds;
    this.text = text;
    this.lines = lines;
    this.syntaxDiagnostics = syntaxDiagnostics;
    this.semantics = semantics;
    return { syntax: new DeferredParse(text, lines, syntaxDiagnostics, { starts: newStarts, ends: newEnds, kinds: newKinds }), semantics, mode: 'window', reused, previousScene: scene, edit };
  }

  /**
   * Whether no definition goes from used to unused or back (its `unused-definition` hint would
   * appear or disappear): the window's old references removed, its new ones added.
   */
  private usesUnchanged(refs: readonly SymbolReference[], from: number, to: number, added: readonly SymbolReference[]): boolean {
    if (from === to && added.length === 0) return true;
    const change = new Map<SymbolDefinition, number>();
    for (let k = from; k < to; k++) {
      const d = refs[k]!.definition;
      if (d) change.set(d, (change.get(d) ?? 0) - 1);
    }
    for (const r of added) if (r.definition) change.set(r.definition, (change.get(r.definition) ?? 0) + 1);
    for (const [d, c] of change) {
      if (c === 0) continue;
      const before = this.session!.useCount(d);
      if ((before > 0) !== (before + c > 0)) return false;
    }
    return true;
  }
}

/**
 * Length of the longest common prefix. Blocks are compared as strings first (a substring of a
 * flat string is a view, and string equality compares memory), then characters within the first
 * differing block: a whole document costs a few memory compares rather than a loop per character.
 */
const BLOCK = 4096;
/**
 * Large blocks first, then BLOCK-sized ones within the first large block that differs: every
 * compared block is a sliced-string header of garbage, which with BLOCK-sized blocks alone would
 * grow with the document's length on every edit.
 */
const BIG_BLOCK = 16 * BLOCK;
function commonPrefix(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i + BIG_BLOCK <= limit && a.substring(i, i + BIG_BLOCK) === b.substring(i, i + BIG_BLOCK)) i += BIG_BLOCK;
  while (i + BLOCK <= limit && a.substring(i, i + BLOCK) === b.substring(i, i + BLOCK)) i += BLOCK;
  while (i < limit && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the longest common suffix, at most `limit` (so that it does not overlap the prefix). */
function commonSuffix(a: string, b: string, limit: number): number {
  let k = 0;
  while (k + BIG_BLOCK <= limit && a.substring(a.length - k - BIG_BLOCK, a.length - k) === b.substring(b.length - k - BIG_BLOCK, b.length - k)) k += BIG_BLOCK;
  while (k + BLOCK <= limit && a.substring(a.length - k - BLOCK, a.length - k) === b.substring(b.length - k - BLOCK, b.length - k)) k += BLOCK;
  while (k < limit && a.charCodeAt(a.length - 1 - k) === b.charCodeAt(b.length - 1 - k)) k++;
  return k;
}

function hasName(defs: readonly DefinitionEntry[], from: number, to: number, name: string): boolean {
  for (let k = from; k < to; k++) if (defs[k]!.name === name) return true;
  return false;
}

/**
 * The diagnostics with messages that share no memory with this version's text (a message may
 * quote a long slice of it): they are kept across later versions (see syntax/token-cursor.ts
 * `ownString`).
 */
function ownMessages(list: Diagnostic[]): Diagnostic[] {
  for (let k = 0; k < list.length; k++) {
    const d = list[k]!;
    if (d.message.length >= 13) list[k] = { ...d, message: ownString(d.message) };
  }
  return list;
}

/** Whether two position-sorted diagnostic lists agree on the diagnostics starting in [from, to). */
function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[], from: number, to: number): boolean {
  let i = lowerBoundBy(a, from, (d) => d.range.start);
  let j = lowerBoundBy(b, from, (d) => d.range.start);
  for (;;) {
    const x = i < a.length && a[i]!.range.start < to ? a[i] : undefined;
    const y = j < b.length && b[j]!.range.start < to ? b[j] : undefined;
    if (x === undefined || y === undefined) return x === y;
    if (x.code !== y.code || x.message !== y.message || x.range.start !== y.range.start || x.range.end !== y.range.end) return false;
    i++;
    j++;
  }
}
