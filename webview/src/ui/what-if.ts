import type { WhatIfResult } from '../../../protocol/preview-lsp';
import type { WebviewToHost } from '../../../protocol/preview-messages';
import type { PreviewScene } from '../../../protocol/preview-model';
import { el } from './dom';

/** The substeps the control offers: dt ÷ N. */
export const WHAT_IF_CHOICES: readonly number[] = [2, 4, 8, 16];

/**
 * The findings panel's "what if" control: a smaller step (dt ÷ N, the same as N substeps per
 * step), asked of the server (collide/whatIf) without touching the file; the answer marks each
 * tunnelling finding in the list as caught (it would be an ordinary collision) or not, and
 * "Apply" asks the host to write that dt (and frames, to keep the look-ahead) as one undoable
 * edit. An answer for another document, version or choice than the one shown is dropped; a new
 * scene asks again.
 */
export class WhatIfControl {
  readonly select = el('select', { id: 'whatif-substeps', attrs: { 'aria-label': 'What if dt were divided by' } });
  readonly apply = el('button', { id: 'whatif-apply', text: 'Apply', title: 'Write this dt (and frames, for the same look-ahead) into the file', attrs: { disabled: '' } });
  readonly summary = el('span', { id: 'whatif-summary' });
  readonly root = el('div', { class: 'whatif', title: 'What a smaller step (dt ÷ N, that is N substeps) would find: the file is edited only on Apply' }, [
    el('label', {}, ['What if dt ÷', this.select]),
    this.summary,
    this.apply,
  ]);
  private version = -1;
  /** The document of the scene shown: another document's scene of the same version is a new one. */
  private uri: string | null = null;
  /** The scene is a level's (read y down, from Godot or Tiled): no what-if for it. */
  private level = false;
  private result: WhatIfResult | null = null;

  constructor(
    private readonly post: (m: WebviewToHost) => void,
    /** Marks the list's tunnelling findings by pair key (`a\0b`), or clears the marks (null). */
    private readonly mark: (outcomes: ReadonlyMap<string, string> | null) => void,
  ) {
    // Shown once a scene with tunnelling findings is (setScene).
    this.root.hidden = true;
    this.select.append(el('option', { text: '–', attrs: { value: '1' } }), ...WHAT_IF_CHOICES.map((n) => el('option', { text: String(n), attrs: { value: String(n) } })));
    this.select.addEventListener('change', () => this.ask());
    this.apply.addEventListener('click', () => {
      if (!this.result || this.result.version !== this.version) return;
      this.post({ type: 'applyWhatIf', version: this.version, substeps: this.result.substeps });
      // The file is to have the smaller step: the next scene is the what-if, not a base to divide again.
      this.select.value = '1';
      this.ask();
    });
  }

  private get substeps(): number {
    return Number(this.select.value) || 1;
  }

  /**
   * A scene is shown (`tunnelling`: it has tunnelling findings, the control's only use): a
   * what-if of its version is asked when a choice is made.
   */
  setScene(scene: PreviewScene | null, tunnelling: boolean): void {
    const version = scene ? scene.version : -1;
    const uri = scene ? scene.uri : null;
    if (version === this.version && uri === this.uri) {
      this.remark();
      return;
    }
    this.version = version;
    this.uri = uri;
    this.root.hidden = !tunnelling;
    // The server searches again only a `.collide` scene's steps (a level has no dt to write).
    this.level = scene?.yDown === true;
    if (this.level) this.select.value = '1';
    this.select.disabled = this.level;
    this.apply.hidden = this.level;
    this.ask();
  }

  /** The server's answer: shown when it is for the version and the choice shown. */
  show(result: WhatIfResult): void {
    if (result.uri !== this.uri || result.version !== this.version || result.substeps !== this.substeps) return;
    this.result = result;
    const caught = result.outcomes.filter((o) => o.becomes === 'collision').length;
    this.summary.textContent = `${caught} of ${result.outcomes.length} tunnelling caught`;
    if (result.edits.length > 0) this.apply.removeAttribute('disabled');
    else this.apply.setAttribute('disabled', '');
    this.remark();
  }

  private ask(): void {
    this.result = null;
    this.apply.setAttribute('disabled', '');
    this.summary.textContent = this.level ? 'What-if is for .collide scenes' : '';
    this.mark(null);
    const n = this.substeps;
    if (n > 1 && this.version >= 0) {
      this.summary.textContent = '…';
      this.post({ type: 'askWhatIf', version: this.version, substeps: n });
    }
  }

  /** The list was drawn again (a new scene of the same version keeps its answer): its marks again. */
  private remark(): void {
    if (!this.result) return this.mark(null);
    const outcomes = new Map<string, string>();
    for (const o of this.result.outcomes) outcomes.set(`${o.a}\u0000${o.b}`, o.becomes);
    this.mark(outcomes);
  }
}
