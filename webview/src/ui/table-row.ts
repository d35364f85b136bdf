/**
 * A row of a two-column table (dom.ts fillTable): a label and its value, the value cell named by
 * `key` (data-key; the label by default), or a heading across both columns that the rows under
 * it belong to. Apart from dom.ts so that the text of the rows is made and tested without a DOM.
 */
export type TableRow = readonly [label: string, value: string, key?: string] | { readonly heading: string };
