import type { TextRange } from '../common/diagnostic';
import { SceneBody } from './scene';

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
 * A defined name. A body that enters the scene has none stored: its definition is made from the
 * scene's record on each read (`bodyDefinition`), so compare a body's definition by content, any
 * other by identity.
 */
export interface SymbolDefinition {
  readonly kind: SymbolKind;
  readonly name: string;
  readonly nameRange: TextRange;
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

/**
 * A definition as the symbol table keeps it: a body that enters the scene as the scene's own
 * record (a large scene has one per statement, and a second object each would be held for as
 * long as the document is open), any other as its SymbolDefinition.
 */
export type DefinitionEntry = SymbolDefinition | SceneBody;

export interface SymbolTable {
  /** In source order, a scene body's made on each read (`bodyDefinition`): loops read `entries`. */
  readonly definitions: readonly SymbolDefinition[];
  /** The definitions in source order as kept, each scene body the scene's record itself. */
  readonly entries: readonly DefinitionEntry[];
  /** In source order. */
  readonly references: readonly SymbolReference[];
}

/**
 * The symbol table of a semantic result. For a scene of bodies alone `entries` is the scene's
 * body list itself (`definitionsAreBodies`): one array of a pointer a body, not two.
 */
export class DefinitionTable implements SymbolTable {
  constructor(
    readonly entries: readonly DefinitionEntry[],
    readonly references: readonly SymbolReference[],
  ) {}

  get definitions(): readonly SymbolDefinition[] {
    return this.entries.map(definitionOf);
  }
}

/** The editor's definition of a body in the scene, made on each read. */
export function bodyDefinition(body: SceneBody): SymbolDefinition {
  return { kind: 'body', name: body.name, nameRange: body.nameRange, range: body.range, detail: body.detail, duplicate: false };
}

/** An entry's definition: itself, or made from the scene body (`bodyDefinition`). */
export function definitionOf(entry: DefinitionEntry): SymbolDefinition {
  return entry instanceof SceneBody ? bodyDefinition(entry) : entry;
}

/** Whether an entry is a body of the scene (whose definition is made on request). */
export function isSceneBody(entry: DefinitionEntry): entry is SceneBody {
  return entry instanceof SceneBody;
}

/** An entry's kind, read without making a scene body's definition. */
export function entryKind(entry: DefinitionEntry): SymbolKind {
  return entry instanceof SceneBody ? 'body' : entry.kind;
}

/**
 * Whether `entries` are `bodies` one for one, each the very body: a scene of bodies alone, as
 * generated scenes are, whose table then takes the scene's body list as its entries. Neither
 * list is changed once made: an edit makes new ones.
 */
export function definitionsAreBodies(entries: readonly DefinitionEntry[], bodies: readonly SceneBody[]): boolean {
  if (entries.length !== bodies.length) return false;
  for (let i = 0; i < bodies.length; i++) if (entries[i] !== bodies[i]) return false;
  return true;
}

function contains(r: TextRange, offset: number): boolean {
  return r.start <= offset && offset <= r.end;
}

/** Whether `offset` is on e's name (either end included), read without making a body's range. */
function onName(e: DefinitionEntry, offset: number): boolean {
  if (e instanceof SceneBody) return e.nameStart <= offset && offset <= e.nameEnd;
  return contains(e.nameRange, offset);
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
  for (const e of table.entries) if (onName(e, offset)) return { definition: definitionOf(e) };
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
  for (const e of table.entries) {
    if (e.name === definition.name && namespaceOf(entryKind(e)) === space) ranges.push(e.nameRange);
  }
  for (const r of table.references) if (r.definition === definition) ranges.push(r.range);
  return ranges.sort((a, b) => a.start - b.start);
}

/** The first (authoritative) definition of `name` in the namespace of `kind`. */
export function lookupDefinition(table: SymbolTable, kind: SymbolKind, name: string): SymbolDefinition | undefined {
  const space = namespaceOf(kind);
  const found = table.entries.find((e) => e.name === name && (e instanceof SceneBody || !e.duplicate) && namespaceOf(entryKind(e)) === space);
  return found && definitionOf(found);
}

export function namespaceOf(kind: SymbolKind): 'value' | 'body' | 'layer' {
  return kind === 'let' || kind === 'shape' ? 'value' : kind;
}
