/**
 * One flat string from its parts, for text that lives as long as a document's analysis
 * (diagnostic messages). Concatenation with `+` or a template literal gives V8 a cons-string
 * (rope) node per join once the result is 13 characters or longer, and the finished message keeps
 * every node alive: a one-line overlap message of ten parts holds several times its flat size, and
 * the messages of a large level are a large item of the analysis heap. Array.prototype.join
 * writes one sequential string and is no slower to build.
 *
 * Every part must be a string (join writes `undefined` as '', a template as 'undefined').
 */
export function flatText(...parts: string[]): string {
  return parts.join('');
}
