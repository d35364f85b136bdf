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
 * A two-column table of label → value rows, replacing the table's content; rows whose label is
 * already there keep their elements and only change text (a table refilled at every frame of a
 * drag then changes no more of the page than its numbers).
 */
export function fillTable(table: HTMLTableElement, rows: readonly (readonly [string, string])[]): void {
  const old = table.rows;
  if (old.length === rows.length && rows.every(([k], i) => old[i]!.cells[1]?.getAttribute('data-key') === k)) {
    rows.forEach(([, v], i) => {
      const td = old[i]!.cells[1]!;
      if (td.textContent !== v) td.textContent = v;
    });
    return;
  }
  table.replaceChildren(
    ...rows.map(([k, v]) => el('tr', {}, [el('th', { text: k }), el('td', { text: v, attrs: { 'data-key': k } })])),
  );
}
