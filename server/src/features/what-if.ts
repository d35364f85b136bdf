import type { Finding } from '../analysis/findings';
import { analyzePair } from '../analysis/analyze';
import type { TextRange } from '../common/diagnostic';
import { DEFAULT_DT, MAX_FRAMES } from '../semantics/result';
import type { Scene } from '../semantics/scene';
import type { SettingStatement } from '../syntax/ast';
import { statementIndexOf } from '../syntax/statement-index';
import type { OffsetTextEdit, WhatIfOutcome, WhatIfResult } from '../../../protocol/preview-lsp';
import type { AnalyzedDocument } from './document';

/**
 * "What if" the step were cut into `substeps`: dt ÷ N over the same look-ahead (frames × N, so
 * that T = frames · dt stays). Each tunnelling finding's pair is searched again by the analysis's
 * own continuous detection (analysis/continuous.ts, chain-pair.ts) in a view of the scene with the
 * finer step: a step end of the finer steps that sees the contact makes it a collision. Nothing
 * else can change (scene-language.md, "Findings"): an overlap is decided at t = 0, a pair with no
 * contact has none with any step, and a step end k · dt is the step end kN · dt ÷ N. The edits set
 * `dt` and `frames` in the text to exactly the values searched with, so a fresh analysis of the
 * edited file finds what the answer says.
 */

/** The most tunnelling findings one what-if searches again; the rest are counted. */
export const MAX_WHAT_IF_FINDINGS = 5000;

/** The what-if of `doc` in steps (one searched pair a step) for the server's slices. */
export function* whatIfSteps(doc: AnalyzedDocument, substeps: number): Generator<void, WhatIfResult, void> {
  const scene = doc.analysis.semantics.scene;
  const view = finerScene(scene, substeps);
  const outcomes: WhatIfOutcome[] = [];
  let unchecked = 0;
  for (const f of doc.analysis.findings) {
    if (f.kind !== 'tunnelling') continue;
    if (outcomes.length >= MAX_WHAT_IF_FINDINGS) {
      unchecked++;
      continue;
    }
    outcomes.push(outcomeOf(view, f));
    yield;
  }
  const fits = scene.frames * substeps <= MAX_FRAMES;
  return {
    uri: doc.uri,
    version: doc.version,
    substeps,
    dt: view.dt,
    frames: view.frames,
    outcomes,
    unchecked,
    edits: fits ? stepEdits(doc, substeps) : [],
  };
}

/** The scene as the analysis would read it with dt ÷ substeps and frames × substeps. */
export function finerScene(scene: Scene, substeps: number): Scene {
  return Object.create(scene, { dt: { value: scene.dt / substeps }, frames: { value: scene.frames * substeps } }) as Scene;
}

/**
 * What tunnelling finding `f` becomes in `view`: the analysis's own pair test (analyze.ts
 * analyzePair), whose overlap test at t = 0 finds again what it found, nothing.
 */
function outcomeOf(view: Scene, f: Finding): WhatIfOutcome {
  const a = view.bodies[f.ia];
  const b = view.bodies[f.ib];
  const r = a && b ? analyzePair(view, a, b, true) : null;
  // An overlap is decided at t = 0, which the finer step leaves as it was: not reached for a tunnelling pair.
  if (!r || r.kind === 'ghost-bump' || r.kind === 'overlap') return { a: f.a, b: f.b, becomes: 'none' };
  return { a: f.a, b: f.b, becomes: r.kind, toi: r.toi, ...(r.kind === 'collision' && r.deepStep !== undefined ? { deepStep: r.deepStep } : {}) };
}

/**
 * The edits that give `doc` dt ÷ substeps and frames × substeps: the last `dt` and `frames`
 * statements' values (the ones the scene uses) rewritten, or the statements added before the
 * first statement. A literal dt is written as the quotient's shortest decimal (it reads back as
 * the same number), any other expression `E` as `(E) / N`, which evaluates to the very quotient
 * the what-if searched with.
 */
export function stepEdits(doc: AnalyzedDocument, substeps: number): OffsetTextEdit[] {
  const scene = doc.analysis.semantics.scene;
  const { dt, frames } = lastSettings(doc);
  const edits: OffsetTextEdit[] = [];
  const framesText = String(scene.frames * substeps);
  if (dt) {
    const written = doc.text.slice(dt.start, dt.end);
    const quotient = String(scene.dt / substeps);
    const literal = /^\s*\d*\.?\d+([eE][+-]?\d+)?\s*$/.test(written) && !/e/i.test(quotient);
    edits.push({ start: dt.start, end: dt.end, text: literal ? quotient : `(${written}) / ${substeps}` });
  }
  if (frames) edits.push({ start: frames.start, end: frames.end, text: framesText });
  else if (dt) edits.push({ start: dt.end, end: dt.end, text: `\nframes ${framesText}` });
  const index = statementIndexOf(doc.analysis.parse);
  const at = index.count > 0 ? index.start(0) : doc.text.length;
  const added: string[] = [];
  // Without a `dt` the scene's is DEFAULT_DT, 1 / 60 as the evaluator computes `1/60`: `1/60 / N`
  // is the quotient exactly.
  if (!dt) added.push(scene.dt === DEFAULT_DT ? `dt 1/60 / ${substeps}` : `dt ${String(scene.dt / substeps)}`);
  if (!frames && !dt) added.push(`frames ${framesText}`);
  if (added.length > 0) edits.push({ start: at, end: at, text: `${added.join('\n')}\n` });
  return edits.sort((x, y) => x.start - y.start);
}

/** The value ranges of the last well-formed `dt` and `frames` statements, if any; a statement may follow a value's end. */
function lastSettings(doc: AnalyzedDocument): { dt?: TextRange; frames?: TextRange } {
  const index = statementIndexOf(doc.analysis.parse);
  const found: { dt?: TextRange; frames?: TextRange } = {};
  for (let i = index.count - 1; i >= 0 && (!found.dt || !found.frames); i--) {
    if (index.kind(i) !== 'Setting') continue;
    const s = index.parse(i)[0] as SettingStatement | undefined;
    if (!s || s.kind !== 'Setting' || s.broken) continue;
    const range = s.value.range;
    if (s.keyword === 'dt' && !found.dt) found.dt = range;
    if (s.keyword === 'frames' && !found.frames) found.frames = range;
  }
  return found;
}
