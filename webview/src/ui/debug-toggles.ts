import { DEBUG_LAYERS, type DebugLayerName } from '../../../render/scene/scene-painter';
import { el } from './dom';

const LABELS: Record<DebugLayerName, { text: string; title: string }> = {
  aabb: { text: 'Bounding boxes', title: "Each body's bounding box, and a moving body's swept box (dashed)" },
  // The cells drawn are those of the loose grid, the default broad phase, whichever kind the
  // collide.broadPhase setting picks: the name says so rather than "the broad phase's".
  broadphase: {
    text: 'Grid cells (default broad phase)',
    title: 'The cells of the loose grid, the default broad phase, that hold a body (drawn so whatever the collide.broadPhase setting picks)',
  },
  velocity: { text: 'Velocities', title: 'Velocity arrows over one step, and spin arcs' },
  contacts: { text: 'Contacts', title: "The findings' contact points and normals (A → B)" },
  vertices: { text: 'Vertex indices', title: "Polygon vertices numbered as the core numbers them (the inspector's a0, b1)" },
};

/**
 * The toolbar's "Show" menu of debug-draw overlays (render/scene/debug-layer.ts): a native
 * disclosure (<details>) holding one checkbox an overlay, so it needs no script to open or reach
 * by keyboard; as a menu, it closes on Escape and on a press outside it. `onChange` gets the set
 * of overlays checked.
 */
export class DebugToggles {
  readonly root: HTMLDetailsElement;
  private readonly boxes = new Map<DebugLayerName, HTMLInputElement>();

  constructor(initial: ReadonlySet<DebugLayerName>, onChange: (show: Set<DebugLayerName>) => void) {
    const items = DEBUG_LAYERS.map((name) => {
      const box = el('input', { id: `show-${name}`, attrs: { type: 'checkbox' } });
      box.checked = initial.has(name);
      box.addEventListener('change', () => {
        this.updateSummary();
        onChange(this.checked());
      });
      this.boxes.set(name, box);
      return el('label', { title: LABELS[name].title }, [box, LABELS[name].text]);
    });
    this.root = el('details', { id: 'show-menu', class: 'menu' }, [
      el('summary', { title: 'Debug-draw overlays' }, ['Show']),
      el('div', { class: 'menu-items', attrs: { role: 'group', 'aria-label': 'Debug-draw overlays' } }, items),
    ]);
    this.updateSummary();
    const doc = this.root.ownerDocument;
    doc.addEventListener('pointerdown', (e) => {
      if (this.root.open && !this.root.contains(e.target as Node)) this.root.open = false;
    });
    this.root.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || !this.root.open) return;
      this.root.open = false;
      this.root.querySelector('summary')!.focus();
    });
  }

  checked(): Set<DebugLayerName> {
    const out = new Set<DebugLayerName>();
    for (const [name, box] of this.boxes) if (box.checked) out.add(name);
    return out;
  }

  /** The summary counts the overlays on, so a closed menu still says that some are. */
  private updateSummary(): void {
    const n = this.checked().size;
    this.root.querySelector('summary')!.textContent = n > 0 ? `Show (${n})` : 'Show';
  }
}
