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

  /**
   * Lists `findings`, marking the open `pair`; a click on one calls `open` with its bodies. A
   * list of the very same findings (a scene delta keeps the objects it leaves alone) is left as
   * it is, but for the mark.
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
    const items: HTMLLIElement[] = [];
    for (let k = 0; k < Math.min(n, MAX_LISTED_FINDINGS); k++) {
      const f = findings[k]!;
      const button = el('button', { class: `finding ${f.kind}`, title: f.message, text: describeFinding(f) });
      // The severity's glyph (severity-icons.ts), the icon the lenses and hover give it too.
      button.dataset.severity = f.severity;
      button.dataset.icon = SEVERITY_ICONS[f.severity].glyph;
      button.addEventListener('click', () => open(f.a, f.b));
      const li = el('li', {}, [button]);
      li.dataset.pair = `${f.a}\u0000${f.b}`;
      if (pair && pair[0] === f.a && pair[1] === f.b) li.classList.add('selected');
      items.push(li);
    }
    if (n > MAX_LISTED_FINDINGS) items.push(el('li', { class: 'more', text: `… and ${n - MAX_LISTED_FINDINGS} more` }));
    this.list.replaceChildren(...items);
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
  }
}
