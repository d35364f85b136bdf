import { byPosition, type Diagnostic, type TextRange } from '../common/diagnostic';
import { sceneOf, SemanticResults, type SemanticOptions, type SemanticResult } from '../semantics/result';
import { SemanticSession, SemanticStream } from '../semantics/session';
import { BODY_ONE_SHAPE, definitionsAreBodies, SceneBody, ScenePart, SceneShape, type Scene } from '../semantics/scene';
import type { SymbolDefinition, SymbolReference } from '../semantics/symbols';
import type { BodyStatement, SourceFile, Statement } from '../syntax/ast';
import { isIdentPart, lex, type Comment, type Token } from '../syntax/lexer';
import { ownString } from '../syntax/grammar';
import { parse, streamStatements, type ParseResult } from '../syntax/parser';
import { parseWindow, skimFile } from '../syntax/reparsing';
import { LineIndex, lowerBound, lowerBoundBy } from '../syntax/positions';
import { STATEMENT_KIND_CODE, StatementIndex } from '../syntax/statement-index';

/**
 * The incremental front end: syntax and semantics of a new version of a
 * document, recomputed only for the statements an edit touched.
 *
 * The language resynchronises at statement keywords (scene-language.md, "Files"), so an edit can
 * only change the statements around it. The edited region is found by comparing the new text
 * with the previous one (common prefix and suffix). From the start of the statement before the
 * first touched one, statements are re-lexed and re-parsed (syntax/reparsing.ts `parseWindow`) until
 * one starts, after the edit and on a line of its own, exactly where a statement of the previous
 * parse started (shifted by the edit's length change): from there on the token stream and the
 * statements are the previous ones, shifted. This is the "re-parse the damaged region, reuse the
 * rest" scheme of incremental parsers (Ghezzi and Mandrioli, "Incremental parsing", TOPLAS 1979;
 * Wagner and Graham, "Efficient and flexible incremental parsing", TOPLAS 1998), with statement
 * keywords as the only synchronising points, which keeps it small.
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

/**
 * A version's syntax result when the tree was not kept: the text, its lines, its diagnostics and
 * its statements' positions are at hand. Editor features work from the statement index
 * (syntax/statement-index.ts), which parses or lexes only the statements a request touches; the
 * whole tree, tokens and comments come from one parse of the text on first use, for callers
 * that really want the whole file.
 */
export class DeferredParse implements ParseResult {
  private full: ParseResult | undefined;
  private lexed: { readonly tokens: Token[]; readonly comments: Comment[] } | undefined;
  private index: StatementIndex | undefined;
  /**
   * `outline`: the statements' starts, ends and kinds (STATEMENT_KIND_CODE), as the front end found
   * them; never written afterwards. Without it, the index is made by a streaming parse on first use.
   */
  constructor(
    readonly text: string,
    readonly lines: LineIndex,
    readonly diagnostics: Diagnostic[],
    private readonly outline?: { readonly starts: ArrayLike<number>; readonly ends: ArrayLike<number>; readonly kinds: ArrayLike<number> },
  ) {}

  get statementIndex(): StatementIndex {
    if (this.index) return this.index;
    const o = this.outline;
    this.index = o
      ? new StatementIndex(this.text, this.lines, o.starts, o.ends, o.kinds)
      : this.full
        ? StatementIndex.ofStatements(this.text, this.lines, this.full.file.statements)
        : StatementIndex.ofText(this.text, this.lines);
    return this.index;
  }

  get file(): SourceFile {
    this.full ??= parse(this.text, this.lines);
    return this.full.file;
  }
  // Tokens and comments need only the lexer (completion, hover and signature help ask for them
  // on every keystroke; the tree is for outline-like features).
  get tokens(): readonly Token[] {
    return this.full?.tokens ?? (this.lexed ??= lex(this.text)).tokens;
  }
  get comments(): readonly Comment[] {
    return this.full?.comments ?? (this.lexed ??= lex(this.text)).comments;
  }
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
    const defs = previous.symbols.definitions;
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
    // Definitions as `splice` would make them (sorted by start: those before the window, the
    // window's, the rest shifted), except that a body in the scene is its own definition
    // (semantics/scene.ts SceneBody): the shifted one is the shifted body, whose index may have
    // changed even where the offsets did not.
    // A scene of bodies alone keeps one list for both (semantics/scene.ts definitionsAreBodies):
    // so do its edits that leave it so, without copying the definitions.
    let definitions: SymbolDefinition[] = newBodies;
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
      {
        definitions,
        references: splice(refs, inOld, oldWindowEnd, evaluated.references, delta, shiftReference),
      },
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

function hasName(defs: readonly SymbolDefinition[], from: number, to: number, name: string): boolean {
  for (let k = from; k < to; k++) if (defs[k]!.name === name) return true;
  return false;
}

/**
 * The diagnostics with messages that share no memory with this version's text (a message may
 * quote a long slice of it): they are kept across later versions (see grammar.ts `ownString`).
 */
function ownMessages(list: Diagnostic[]): Diagnostic[] {
  for (let k = 0; k < list.length; k++) {
    const d = list[k]!;
    if (d.message.length >= 13) list[k] = { ...d, message: ownString(d.message) };
  }
  return list;
}

/** The statements of a version: kind (STATEMENT_KIND_CODE), start and end of each, in order. */
export interface StatementOutline {
  readonly kinds: number[];
  readonly starts: number[];
  readonly ends: number[];
}

/**
 * Syntax and semantics of a whole text, equal to `parse` + `analyzeSemantics`, without the trees
 * of the whole file alive at once: what is kept of the statements is their outline.
 *
 * Usually in one pass (syntax/parser.ts `streamStatements`): statements are parsed in order, and
 * each body is evaluated as soon as it is parsed, then dropped (semantics/check.ts
 * `SemanticStream`). That needs every other statement before the first body, since a body may
 * use a constant, shape or layer defined anywhere; a file that has one after a body (a `let`
 * between bodies, say) is analysed in two passes instead: every statement but the bodies is
 * parsed, each body found by its extent only (syntax/reparsing.ts `skimFile`), and a body is parsed
 * when semantics reaches it.
 */
export function analyzeWholeText(
  text: string,
  lines: LineIndex,
  options: SemanticOptions = {},
): { outline: StatementOutline; semantics: SemanticResult; session: SemanticSession; diagnostics: Diagnostic[] } {
  if (definitionAfterBody(text)) return analyzeInTwoPasses(text, lines, options);
  // The outline serves later windowed edits only; a run without editor data has none.
  const editorData = options.editorData ?? true;
  const outline: StatementOutline = { kinds: [], starts: [], ends: [] };
  const headers: Statement[] = [];
  let stream: SemanticStream | undefined;
  const diagnostics = streamStatements(text, lines, (s) => {
    if (editorData) {
      outline.kinds.push(STATEMENT_KIND_CODE[s.kind]);
      outline.starts.push(s.range.start);
      outline.ends.push(s.range.end);
    }
    if (s.kind === 'Body') {
      stream ??= new SemanticStream(text, headers, options);
      stream.add(s);
      return true;
    }
    if (s.kind === 'Error') return true;
    headers.push(s);
    // A definition or setting after a body: the bodies before it were evaluated without it.
    return stream === undefined;
  });
  if (diagnostics !== null) {
    const session = new SemanticSession(stream ?? new SemanticStream(text, headers, options));
    return { outline, semantics: session.takeResult(), session, diagnostics };
  }
  return analyzeInTwoPasses(text, lines, options);
}

/**
 * Whether a line after the first body seems to start a definition or setting: then the file is
 * analysed in two passes at once, instead of streaming its bodies only to find that out at the
 * end and start again. A guess from the raw text (a line in a block comment may fool it either
 * way); the one pass still checks what it parses, so a wrong guess costs time, never results.
 * A `layer` counts only flush left, where it starts a statement (grammar.ts layerStartsStatement):
 * indented, it is usually a body's property on a line of its own.
 */
function definitionAfterBody(text: string): boolean {
  // Line by line with indexOf (a regular expression over a large text runs in V8's regexp
  // interpreter the first time, several times slower than the scan it saves).
  let seenBody = false;
  for (let line = 0; line < text.length; ) {
    const next = text.indexOf('\n', line);
    let i = line;
    while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
    const c = text.charCodeAt(i);
    if (!seenBody) seenBody = c === 98 /* b */ && wordAt(text, i, 'body');
    else if (c === 108 /* l */ ? wordAt(text, i, 'let') || (i === line && wordAt(text, i, 'layer')) : c === 115 /* s */ ? wordAt(text, i, 'shape') || wordAt(text, i, 'slop') : c === 100 /* d */ ? wordAt(text, i, 'dt') : c === 102 /* f */ && wordAt(text, i, 'frames')) {
      return true;
    }
    if (next < 0) break;
    line = next + 1;
  }
  return false;
}

/** Whether `word` is written at `i` as a whole word (not the start of a longer name). */
function wordAt(text: string, i: number, word: string): boolean {
  return text.startsWith(word, i) && !isIdentPart(text.charCodeAt(i + word.length));
}

/** `analyzeWholeText` for a file with a definition or setting after a body (see there). */
function analyzeInTwoPasses(
  text: string,
  lines: LineIndex,
  options: SemanticOptions,
): { outline: StatementOutline; semantics: SemanticResult; session: SemanticSession; diagnostics: Diagnostic[] } {
  const skim = skimFile(text, lines);
  const bodyDiagnostics: Diagnostic[] = [];
  const session = new SemanticSession({
    text,
    statements: skim.statements,
    // Every body of a skimmed file is a stub.
    expandBody: (stub) => {
      const { statement, diagnostics } = skim.parseBody(stub);
      for (const d of diagnostics) bodyDiagnostics.push(d);
      return statement;
    },
    options,
  });
  // Both lists are in position order and cover disjoint stretches (bodies and the rest).
  const diagnostics = mergeByPosition(skim.diagnostics, bodyDiagnostics);
  const outline: StatementOutline = { kinds: [], starts: [], ends: [] };
  if (options.editorData ?? true) {
    for (const s of skim.statements) {
      outline.kinds.push(STATEMENT_KIND_CODE[s.kind]);
      outline.starts.push(s.range.start);
      outline.ends.push(s.range.end);
    }
  }
  return { outline, semantics: session.takeResult(), session, diagnostics };
}

function mergeByPosition(a: readonly Diagnostic[], b: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && byPosition(a[i]!, b[j]!) <= 0)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
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


/**
 * A copy of `list` made `length` long, for the caller to overwrite from some index on: one
 * allocation of about the final size, where an array started from a prefix and grown by pushes
 * would be reallocated several times per edit.
 * Entries appended past `list.length` are `undefined` until written.
 */
function resizedCopy<T>(list: readonly T[], length: number): T[] {
  const out = list.slice();
  if (length < out.length) out.length = length;
  // Pushes keep the array packed; a longer `length` would make it holey.
  while (out.length < length) out.push(undefined as T);
  return out;
}

/**
 * A position-sorted list of the new version: the old items before the window, the window's new
 * items, then the old items after the window shifted by `delta`. Items lie inside their statement,
 * so position alone tells which side of the window an old item is on.
 */
function splice<T extends { readonly range: TextRange }>(
  old: readonly T[],
  inWindow: (item: T) => boolean,
  windowEnd: number,
  fresh: readonly T[],
  delta: number,
  shift: (item: T, from: number, delta: number) => T,
): T[] {
  const out: T[] = [];
  let k = 0;
  while (k < old.length && old[k]!.range.start < windowEnd && !inWindow(old[k]!)) out.push(old[k++]!);
  while (k < old.length && inWindow(old[k]!)) k++;
  for (const item of fresh) out.push(item);
  for (; k < old.length; k++) out.push(delta === 0 ? old[k]! : shift(old[k]!, windowEnd, delta));
  return out;
}

/**
 * `r` in the new version: shifted when it lies after the window (at or after `from` in the old
 * text), as it was when before it. An item after the window may point before it (a diagnostic's
 * related definition, a named shape's part), never into it.
 */
function shiftRange(r: TextRange, from: number, delta: number): TextRange {
  return r.start >= from ? { start: r.start + delta, end: r.end + delta } : r;
}

function shiftDiagnostic(d: Diagnostic, from: number, delta: number): Diagnostic {
  const moved: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { ...d, range: shiftRange(d.range, from, delta) };
  if (d.related) moved.related = d.related.map((r) => ({ ...r, range: shiftRange(r.range, from, delta) }));
  return moved;
}

function shiftDefinition(d: SymbolDefinition, from: number, delta: number): SymbolDefinition {
  return { ...d, nameRange: shiftRange(d.nameRange, from, delta), range: shiftRange(d.range, from, delta) };
}

function shiftReference(r: SymbolReference, from: number, delta: number): SymbolReference {
  return { ...r, range: shiftRange(r.range, from, delta) };
}

/**
 * The same body further down the text: new offsets and index, and the very same geometry, pose
 * and motion (clause offsets are relative to the statement, so they stay too), so that the
 * incremental analysis sees unchanged content at a glance. A part whose range lies after `from`
 * (a primitive's, a compound's) moves with it; a named shape's part points before the window and
 * stays. `b` itself when neither its offsets nor its index change: the incremental analyzer then
 * finds the body its slot holds and notes nothing (incremental.ts, assign).
 */
function shiftBody(b: SceneBody, from: number, delta: number, index: number): SceneBody {
  if (delta === 0 && index === b.index) return b;
  let geometry = b.geometry;
  // A body's one shape has the body's shape range, which moves below; parts move one by one.
  if (delta !== 0 && (b.flags & BODY_ONE_SHAPE) === 0) {
    const shape = geometry as SceneShape;
    const parts = shape.parts;
    let moved: ScenePart[] | undefined;
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k]!;
      if (p.start < from) continue;
      moved ??= parts.slice();
      moved[k] = new ScenePart(p.shape, p.sourceKind, p.start + delta, p.end + delta);
    }
    if (moved) geometry = new SceneShape(moved, shape.sourceKind, shape.name);
  }
  // The statement's and shape's offsets are relative to the name (`spans`): they move with it.
  const shift = b.nameStart >= from ? delta : 0;
  return new SceneBody(index, b.name, b.nameStart + shift, b.spans, b.flags, b.layer, geometry, b.data);
}
