import type { ShapeKeyword } from '../syntax/tokens';

/**
 * The shape constructors' parameters, in one table for semantics (argument checks), signature
 * help, completion snippets and hover. Units are scene units; vectors are body-local `(x, y)`.
 */
export interface ParameterInfo {
  readonly name: string;
  readonly type: 'number' | 'vector' | 'part';
  readonly documentation: string;
}

export interface ShapeSignature {
  readonly label: string;
  readonly documentation: string;
  readonly parameters: readonly ParameterInfo[];
  /** polygon and compound take a list: the last parameter repeats, at least `minArgs` times in all. */
  readonly variadic: boolean;
  readonly minArgs: number;
}

export const SHAPE_SIGNATURES: Readonly<Record<ShapeKeyword, ShapeSignature>> = {
  circle: {
    label: 'circle(r)',
    documentation: 'A disc of radius r centered on the body origin.',
    parameters: [{ name: 'r', type: 'number', documentation: 'Radius (> 0).' }],
    variadic: false,
    minArgs: 1,
  },
  box: {
    label: 'box(w, h)',
    documentation: 'A rectangle centered on the body origin: width along local x, height along local y.',
    parameters: [
      { name: 'w', type: 'number', documentation: 'Width along local x (> 0).' },
      { name: 'h', type: 'number', documentation: 'Height along local y (> 0).' },
    ],
    variadic: false,
    minArgs: 2,
  },
  polygon: {
    label: 'polygon((x, y), (x, y), (x, y), ...)',
    documentation: 'A convex polygon, three or more vertices in either winding (stored counter-clockwise).',
    parameters: [{ name: '(x, y)', type: 'vector', documentation: 'A vertex, body-local.' }],
    variadic: true,
    minArgs: 3,
  },
  capsule: {
    label: 'capsule(length, r)',
    documentation: 'A segment of the given length along local x, centered, swept by a disc of radius r.',
    parameters: [
      { name: 'length', type: 'number', documentation: 'Length of the inner segment (> 0).' },
      { name: 'r', type: 'number', documentation: 'Radius (> 0).' },
    ],
    variadic: false,
    minArgs: 2,
  },
  segment: {
    label: 'segment((x, y), (x, y))',
    documentation: 'A zero-thickness edge between two body-local points.',
    parameters: [
      { name: 'a', type: 'vector', documentation: 'First end, body-local.' },
      { name: 'b', type: 'vector', documentation: 'Second end, body-local.' },
    ],
    variadic: false,
    minArgs: 2,
  },
  compound: {
    label: 'compound(<shape> [at (x, y)] [angle a], ...)',
    documentation: 'Several convex parts moving as one body; each part may be offset and rotated.',
    parameters: [{ name: 'part', type: 'part', documentation: 'A shape, optionally `at (x, y)` and `angle a`.' }],
    variadic: true,
    minArgs: 1,
  },
  chain: {
    label: 'chain((x, y), (x, y), ...) [loop]',
    documentation:
      "A one-sided chain of edges for a static body, solid on each edge's right-hand side walking the vertices in order; `loop` joins the last vertex to the first (counter-clockwise: solid inside).",
    parameters: [{ name: '(x, y)', type: 'vector', documentation: 'A vertex, body-local.' }],
    variadic: true,
    minArgs: 2,
  },
};
