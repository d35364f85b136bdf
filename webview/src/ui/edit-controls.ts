import type { WebviewToHost } from '../../../protocol/preview-messages';
import { el } from './dom';
import type { PreviewState } from './preview-state';

/**
 * The toolbar's lock for edits (locked until the user unlocks it, and kept in the view state)
 * and its undo and redo buttons, which act on the scene's document as Ctrl+Z and Ctrl+Shift+Z do.
 */
export function editControls(s: PreviewState, post: (m: WebviewToHost) => void, invalidate: () => void): HTMLElement[] {
  const lock = el('button', { id: 'edit-lock' });
  const show = (): void => {
    lock.textContent = s.editable ? 'Editing' : 'Locked';
    lock.title = s.editable
      ? 'Editing: drag a body to move it, the handles of the selected body to rotate, resize or set its motion. Click to lock.'
      : 'Locked: dragging pans and nothing is written. Click to edit the scene from the preview.';
    lock.setAttribute('aria-pressed', String(s.editable));
    lock.setAttribute('aria-label', s.editable ? 'Lock edits' : 'Unlock edits');
  };
  show();
  lock.addEventListener('click', () => {
    s.editable = !s.editable;
    show();
    s.save();
    invalidate();
  });
  const history = (action: 'undo' | 'redo', text: string, title: string): HTMLElement => {
    const b = el('button', { id: action, class: 'icon', text, title, attrs: { 'aria-label': title } });
    b.addEventListener('click', () => post({ type: 'history', action }));
    return b;
  };
  return [lock, history('undo', '\u21B6', 'Undo in the scene (Ctrl+Z)'), history('redo', '\u21B7', 'Redo in the scene (Ctrl+Shift+Z)')];
}
