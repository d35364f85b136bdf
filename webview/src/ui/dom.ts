import type { TableRow } from './table-row';

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


const keyOf = (r: TableRow): string => ('heading' in r ? `§${r.heading}` : (r[2] ?? r[0]));

/**
 * Fill a two-column table with rows, replacing its content; when the rows are the same ones
 * (same keys and headings), the elements stay and only the values' text changes (a table
 * refilled at every frame of a drag then changes no more of the page than its numbers).
 */
export function fillTable(table: HTMLTableElement, rows: readonly TableRow[]): void {
  const old = table.rows;
  if (old.length === rows.length && rows.every((r, i) => old[i]!.dataset.key === keyOf(r))) {
    rows.forEach((r, i) => {
      if ('heading' in r) return;
      const td = old[i]!.cells[1]!;
      if (td.textContent !== r[1]) td.textContent = r[1];
    });
    return;
  }
  table.replaceChildren(
    ...rows.map((r) => {
      const tr =
        'heading' in r
          ? el('tr', { class: 'heading' }, [el('th', { text: r.heading, attrs: { colspan: '2', scope: 'colgroup' } })])
          : el('tr', {}, [el('th', { text: r[0], title: r[0], attrs: { scope: 'row' } }), el('td', { text: r[1], attrs: { 'data-key': keyOf(r) } })]);
      tr.dataset.key = keyOf(r);
      return tr;
    }),
  );
}
