import type { TextRange } from '../common/diagnostic';

/**
 * The symbol table semantics builds: every definition and every reference, each reference already
 * resolved, so that go-to-definition, find references, rename and document highlights are pure
 * look-ups (no re-resolution in the LSP layer).
 *
 * Namespaces: bodies, layers, and values. Constants (`let`) and named shapes share the value
 * namespace (a name means one thing in a file), bodies and layers have their own.
 */
export type SymbolKind = 'body' | 'shape' | 'let' | 'layer';

/**
 * A defined name. A body that enters the scene is its own definition (scene.ts SceneBody, whose
 * ranges are made on request): a definition is compared by identity, and not copied with a spread.
 */
export interface SymbolDefinition {
  readonly kind: SymbolKind;
  readonly name: string;
  readonly nameRange: TextRange;
  /**
   * The name's offsets, where the definition keeps them apart from `nameRange`: a body
   * (SceneBody), whose nameRange is made on each read. Loops over every definition read these.
   */
  readonly nameStart?: number;
  readonly nameEnd?: number;
  /** The whole defining statement. */
  readonly range: TextRange;
  /** One line for outlines and hovers: a constant's value, a shape's constructor, a body's kind. */
  readonly detail: string;
  /** A later definition of a name that was already defined (reported); references go to the first. */
  readonly duplicate: boolean;
}

export interface SymbolReference {
  /** The namespace the reference looks in ('let' for a name in an expression, even when it finds a shape). */
  readonly kind: SymbolKind;
  readonly name: string;
  readonly range: TextRange;
  /** The definition it resolves to; undefined for an unknown name (reported). */
  readonly definition: SymbolDefinition | undefined;
}

export interface SymbolTable {
  /** In source order. */
  readonly definitions: readonly SymbolDefinition[];
  /** In source order. */
  readonly references: readonly SymbolReference[];
}

function contains(r: TextRange, offset: number): boolean {
  return r.start <= offset && offset <= r.end;
}

/** Whether `offset` is on d's name (either end included), read without making a body's range. */
function onName(d: SymbolDefinition, offset: number): boolean {
  if (d.nameStart !== undefined) return d.nameStart <= offset && offset <= d.nameEnd!;
  return contains(d.nameRange, offset);
}

/**
 * The symbol under `offset` (a cursor touching either end of a name counts): its definition and,
 * when the offset is on a reference, that reference. Undefined when the offset is on no name or on
 * an unresolved reference.
 */
export function symbolAt(
  table: SymbolTable,
  offset: number,
): { readonly definition: SymbolDefinition; readonly reference?: SymbolReference } | undefined {
  for (const d of table.definitions) if (onName(d, offset)) return { definition: d };
  for (const r of table.references) if (r.definition && contains(r.range, offset)) return { definition: r.definition, reference: r };
  return undefined;
}

/** Every reference that resolves to `definition`, in source order. */
export function referencesTo(table: SymbolTable, definition: SymbolDefinition): SymbolReference[] {
  return table.references.filter((r) => r.definition === definition);
}

/**
 * Every range that names the same symbol as `definition`: its name, any duplicate definitions of
 * the same name in the same namespace, and all references. What rename edits and highlights show.
 */
export function occurrencesOf(table: SymbolTable, definition: SymbolDefinition): TextRange[] {
  const space = namespaceOf(definition.kind);
  const ranges: TextRange[] = [];
  for (const d of table.definitions) {
    if (d.name === definition.name && namespaceOf(d.kind) === space) ranges.push(d.nameRange);
  }
  for (const r of table.references) if (r.definition === definition) ranges.push(r.range);
  return ranges.sort((a, b) => a.start - b.start);
}

/** The first (authoritative) definition of `name` in the namespace of `kind`. */
export function lookupDefinition(table: SymbolTable, kind: SymbolKind, name: string): SymbolDefinition | undefined {
  const space = namespaceOf(kind);
  return table.definitions.find((d) => d.name === name && !d.duplicate && namespaceOf(d.kind) === space);
}

export function namespaceOf(kind: SymbolKind): 'value' | 'body' | 'layer' {
  return kind === 'let' || kind === 'shape' ? 'value' : kind;
}
