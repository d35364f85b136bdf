// The front door of semantics: a whole-file check of a parse. The checker is layered in
// resolve.ts (names, values), environment.ts (shapes, settings, layers), bodies.ts (bodies)
// and session.ts (runs and the incremental session); its result types are result.ts.
import type { ParseResult } from '../syntax/parser';
import type { SemanticOptions, SemanticResult } from './result';
import { Checker } from './session';
import type { ValueTable } from './value-table';

export { DEFAULT_DT, DEFAULT_FRAMES, DEFAULT_SLOP, MAX_FRAMES } from './result';
export type { SemanticResult } from './result';

/**
 * Semantic analysis: resolves names, evaluates expressions, validates values and builds the Scene
 * (scene-language.md, "Statements" and "Motion and time"). Plain data in, plain data out; never
 * throws. Every statement is analyzed on its own, so one broken statement costs only itself:
 * everything after it still reaches the Scene.
 *
 * A body enters the Scene only when its shape and every pose/motion value it wrote evaluated
 * cleanly: analyzing a body whose position failed to evaluate would report overlaps that are not
 * there. Its definition, references and diagnostics are still recorded. The same holds for a body
 * that repeats an earlier body's name (the first definition is the body of that name), and for a
 * statement the parser recovered from (ast.ts `Recoverable`): it reports its syntax error and
 * nothing else, since checks on a guessed tree would only add errors that the fix removes.
 */
export function analyzeSemantics(parse: ParseResult, options: SemanticOptions = {}): SemanticResult {
  return new Checker({ text: parse.text, statements: parse.file.statements }, options).run();
}

/**
 * Every value a whole-file run over `parse` evaluates (with editor data), in table order: what
 * `SemanticResult.valuesOf` must give statement by statement. The oracle of the tests; the
 * language server never records the whole table (see `valuesOf`).
 */
export function recordedValues(parse: ParseResult): ValueTable {
  const checker = new Checker({ text: parse.text, statements: parse.file.statements }, {});
  const values = checker.record();
  checker.run();
  return values;
}
