/**
 * Element construction without innerHTML: names and messages come from the user's file, so
 * they only ever become text nodes.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { class?: string; id?: string; title?: string; text?: string; attrs?: Record<string, string> } = {},
  children: readonly (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (props.class) e.className = props.class;
  if (props.id) e.id = props.id;
  if (props.title) e.title = props.title;
  if (props.text !== undefined) e.textContent = props.text;
  if (props.attrs) for (const [k, v] of Object.entries(props.attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

/**
 * A two-column table of label → value rows, replacing the table's content; a label's title holds
 * it whole, for when a narrow panel cuts it short (preview.css).
 */
export function fillTable(table: HTMLTableElement, rows: readonly (readonly [string, string])[]): void {
  table.replaceChildren(
    ...rows.map(([k, v]) => el('tr', {}, [el('th', { text: k, title: k }), el('td', { text: v, attrs: { 'data-key': k } })])),
  );
}
