// Custom properties that say how a body moves (levels-and-tiles.md §1): `static`, `sensor`,
// `bullet` (bool), `velocity` ("vx, vy"), `spin` (degrees per second), looked up along a chain
// of scopes (the object, its template, its tile, its layer, the layer's groups) where the first
// that has a property decides; and the map's `dt`, `slop`, `frames`.
import type { Diagnostic, TextRange } from '../../common/diagnostic';
import type { TiledProperty } from './model';

/** Properties of one scope; `file` when they were written in another file than the map. */
export interface Scope {
  readonly properties: readonly TiledProperty[];
  /** Where a malformed value in another file is reported in the map (the object or the reference). */
  readonly foreign?: { readonly file: string; readonly range: TextRange };
}

/** Layer names that make their objects static unless a `static` property says otherwise. */
export const STATIC_LAYER_WORDS = /collision|collider|solid|wall|ground|terrain|platform/i;

export class PropertyReader {
  /** Malformed values already reported: a layer's property is read once per object. */
  private readonly reported = new Set<TiledProperty>();

  constructor(private readonly diagnostics: Diagnostic[]) {}

  find(chain: readonly Scope[], name: string): { property: TiledProperty; scope: Scope } | undefined {
    for (const scope of chain) {
      const list = scope.properties;
      for (let i = 0; i < list.length; i++) if (list[i]!.name === name) return { property: list[i]!, scope };
    }
    return undefined;
  }

  private report(found: { property: TiledProperty; scope: Scope }, message: string): undefined {
    if (this.reported.has(found.property)) return undefined;
    this.reported.add(found.property);
    const { property, scope } = found;
    const range = scope.foreign?.range ?? property.range;
    const where = scope.foreign === undefined ? '' : ` (in ${scope.foreign.file})`;
    this.diagnostics.push({ range, severity: 'error', code: 'tiled-bad-property', message: `Property \`${property.name}\`${where}: ${message}` });
    return undefined;
  }

  bool(chain: readonly Scope[], name: string): boolean | undefined {
    const found = this.find(chain, name);
    if (found === undefined) return undefined;
    const v = found.property.value;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    return this.report(found, `\`${String(v)}\` is not \`true\` or \`false\`.`);
  }

  number(chain: readonly Scope[], name: string): number | undefined {
    const found = this.find(chain, name);
    if (found === undefined) return undefined;
    const v = found.property.value;
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(n)) return n;
    return this.report(found, `\`${String(v)}\` is not a number.`);
  }

  /** "vx, vy" (also "vx vy" and "(vx, vy)"). */
  velocity(chain: readonly Scope[]): readonly [number, number] | undefined {
    const found = this.find(chain, 'velocity');
    if (found === undefined) return undefined;
    const v = found.property.value;
    const m = typeof v === 'string' ? /^\s*\(?\s*([^\s,()]+)\s*(?:,\s*|\s+)([^\s,()]+)\s*\)?\s*$/.exec(v) : null;
    const vx = m === null ? NaN : Number(m[1]);
    const vy = m === null ? NaN : Number(m[2]);
    if (Number.isFinite(vx) && Number.isFinite(vy)) return [vx, vy];
    return this.report(found, `\`${String(v)}\` is not a velocity \`"vx, vy"\` (pixels per second).`);
  }

  /** The map's settings, each checked against its domain; the defaults where unsaid or wrong. */
  settings(properties: readonly TiledProperty[], defaults: { dt: number; slop: number; frames: number }, maxFrames: number): { dt: number; slop: number; frames: number } {
    const chain: Scope[] = [{ properties }];
    const out = { ...defaults };
    const dt = this.number(chain, 'dt');
    if (dt !== undefined) {
      if (dt > 0) out.dt = dt;
      else this.report(this.find(chain, 'dt')!, 'a step is a positive number of seconds.');
    }
    const slop = this.number(chain, 'slop');
    if (slop !== undefined) {
      if (slop >= 0) out.slop = slop;
      else this.report(this.find(chain, 'slop')!, 'slop is a distance of zero or more pixels.');
    }
    const frames = this.number(chain, 'frames');
    if (frames !== undefined) {
      if (Number.isInteger(frames) && frames >= 1 && frames <= maxFrames) out.frames = frames;
      else this.report(this.find(chain, 'frames')!, `frames is a whole number from 1 to ${maxFrames}.`);
    }
    return out;
  }
}
