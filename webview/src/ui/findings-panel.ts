import type { PreviewFinding } from '../../../protocol/preview-model';
import { SEVERITY_ICONS } from '../../../protocol/severity-icons';
import { describeFinding } from './finding-text';
import { el } from './dom';

/** The most findings listed in the side panel; the rest are counted. */
const MAX_LISTED_FINDINGS = 300;

/** The side panel's list of findings: one button per finding, which opens its pair. */
export class FindingsPanel {
  readonly title = el('h2', { text: 'Findings' });
  readonly list = el('ol', { id: 'findings-list' });
  /** What the list shows: the findings listed (the same objects) and how many there were. */
  private shown: readonly PreviewFinding[] = [];
  private shownCount = -1;
  /** The item of each listed finding, by the finding object. */
  private items = new Map<PreviewFinding, HTMLLIElement>();
  private readonly more = el('li', { class: 'more' });

  /**
   * Lists `findings`, marking the open `pair`; a click on one calls `open` with its bodies. A
   * finding listed before (the very same object: a scene delta keeps the objects it leaves alone)
   * keeps its item, and only items that moved are moved: while typing, a delta changes a finding
   * or two, and the panel shares the workbench's thread in a remote editor.
   */
  render(findings: readonly PreviewFinding[], pair: readonly [string, string] | null, open: (a: string, b: string) => void): void {
    const n = findings.length;
    if (n === this.shownCount && this.shown.every((f, k) => findings[k] === f)) {
      if (pair) this.select(pair[0], pair[1]);
      else this.unselect();
      return;
    }
    this.shown = findings.slice(0, MAX_LISTED_FINDINGS);
    this.shownCount = n;
    this.title.textContent = n === 0 ? 'No findings' : `Findings (${n})`;
    const items = new Map<PreviewFinding, HTMLLIElement>();
    const wanted: HTMLLIElement[] = [];
    for (const f of this.shown) {
      const li = this.items.get(f) ?? item(f, open);
      li.classList.toggle('selected', pair !== null && pair[0] === f.a && pair[1] === f.b);
      items.set(f, li);
      wanted.push(li);
    }
    this.items = items;
    if (n > MAX_LISTED_FINDINGS) {
      this.more.textContent = `… and ${n - MAX_LISTED_FINDINGS} more`;
      wanted.push(this.more);
    }
    // Walk the list once: an item no longer wanted is removed where it stands (else every item
    // after it would be moved up past it), an item already in place stays, any other is put there.
    const list = this.list;
    const keep = new Set<Node>(wanted);
    let at = list.firstChild;
    for (const li of wanted) {
      while (at && at !== li && !keep.has(at)) {
        const next = at.nextSibling;
        list.removeChild(at);
        at = next;
      }
      if (at === li) at = at.nextSibling;
      else list.insertBefore(li, at);
    }
    while (at) {
      const next = at.nextSibling;
      list.removeChild(at);
      at = next;
    }
  }

  /**
   * Marks each listed finding whose pair key (`a\u0000b`) `outcomes` has with what a what-if
   * says it becomes (what-if.ts): `collision` (caught by the smaller step) or still
   * `tunnelling`; null clears the marks.
   */
  markWhatIf(outcomes: ReadonlyMap<string, string> | null): void {
    for (const li of this.list.children) {
      const item = li as HTMLElement;
      const becomes = outcomes?.get(item.dataset.pair ?? '');
      if (becomes === undefined) {
        delete item.dataset.whatif;
        delete item.dataset.whatifLabel;
      } else {
        item.dataset.whatif = becomes;
        item.dataset.whatifLabel = becomes === 'collision' ? 'caught' : becomes === 'tunnelling' ? 'still tunnels' : 'gone';
      }
    }
  }

  /** Marks the finding of the pair `a`, `b` as selected, and no other. */
  select(a: string, b: string): void {
    for (const li of this.list.children) {
      li.classList.toggle('selected', (li as HTMLElement).dataset.pair === `${a}\u0000${b}`);
    }
  }

  unselect(): void {
    for (const li of this.list.children) li.classList.remove('selected');
  }

  clear(): void {
    this.list.replaceChildren();
    this.shown = [];
    this.shownCount = -1;
    this.items.clear();
  }
}

/** A finding's item: a button that opens its pair, with the severity's glyph (severity-icons.ts). */
function item(f: PreviewFinding, open: (a: string, b: string) => void): HTMLLIElement {
  const button = el('button', { class: `finding ${f.kind}`, title: f.message, text: describeFinding(f) });
  button.dataset.severity = f.severity;
  button.dataset.icon = SEVERITY_ICONS[f.severity].glyph;
  button.addEventListener('click', () => open(f.a, f.b));
  const li = el('li', {}, [button]);
  li.dataset.pair = `${f.a}\u0000${f.b}`;
  return li;
}
