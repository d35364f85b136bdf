// A Tiled map model as a level scene: its layers walked in document order (groups' offsets and
// properties handed down; invisible layers count, since collision layers are often hidden),
// each object of an object layer a body, each tile layer one static body, names made unique by
// the contract's rule, the map's `dt`, `slop`, `frames` applied. Every orientation is read in
// the screen pixels the map shows (tile-layer.ts places the cells, object-body.ts projects the
// objects of isometric maps).
import { byPosition, type Diagnostic } from '../../common/diagnostic';
import { DEFAULT_FRAMES, MAX_FRAMES } from '../../semantics/result';
import { dirnameOf } from '../paths';
import { LEVEL_DT, LEVEL_SLOP, type LevelBody, type LevelHost, type LevelScene } from '../level-scene';
import { ExternalFiles } from './external';
import type { Layer, TiledMapModel } from './model';
import { NoteSink, objectBody, type LayerScope, type ObjectContext, type UnnamedBody } from './object-body';
import { PropertyReader, STATIC_LAYER_WORDS } from './properties';
import { hexagonalGrid, isometricGrid, orthogonalGrid, tileLayerParts } from './tile-layer';

/** Objects made into bodies between two pauses of buildSceneSteps. */
const STEP_OBJECTS = 512;

/**
 * The map's level scene in steps (common/steps.ts): it pauses every STEP_OBJECTS objects, so
 * that the language server can give its event loop a turn; run to its end, it is the reader's.
 */
export function* buildSceneSteps(map: TiledMapModel, path: string, host: LevelHost): Generator<void, LevelScene, void> {
  const diagnostics: Diagnostic[] = map.diagnostics;
  const folder = dirnameOf(path);
  const files = new ExternalFiles(host, diagnostics);
  const properties = new PropertyReader(diagnostics);
  const notes = new NoteSink(diagnostics);
  const orientation = map.orientation;
  const isometric = orientation === 'isometric';
  const originX = (map.height * map.tileWidth) / 2;
  // Objects of isometric maps: Tiled's IsometricRenderer::pixelToScreenCoords: ((x - y) · w / 2h + originX, (x + y) / 2).
  const k = map.tileHeight > 0 ? map.tileWidth / (2 * map.tileHeight) : 1;
  const projection = isometric ? { a: k, b: 0.5, c: -k, d: 0.5, e: originX, f: 0 } : undefined;
  const grid =
    orientation === 'orthogonal'
      ? orthogonalGrid(map.tileWidth, map.tileHeight)
      : isometric
        ? isometricGrid(map.tileWidth, map.tileHeight, map.height)
        : orientation === 'staggered' || orientation === 'hexagonal'
          ? hexagonalGrid(map.tileWidth, map.tileHeight, map.staggerAxis === 'x', map.staggerIndex === 'even', orientation === 'hexagonal' ? map.hexSideLength : 0, orientation === 'hexagonal')
          : undefined;
  const context: ObjectContext = { projection, tilesets: files.resolveTilesets(map.tilesets, folder), files, folder, properties, notes };
  const settings = properties.settings(map.properties, { dt: LEVEL_DT, slop: LEVEL_SLOP, frames: DEFAULT_FRAMES }, MAX_FRAMES);
  // Bodies as made, and for each the name it takes when non-empty and unique in the map, else
  // `<layer name>#<id>` (made only when needed).
  const bodies: UnnamedBody[] = [];
  const preferred: string[] = [];
  const layerNames: string[] = [];
  const ids: number[] = [];
  let skippedTileLayers = 0;
  /** How many objects (any kind) and tile-layer bodies bear each name. */
  const counts = new Map<string, number>();

  let made = 0;
  const walk = function* (layers: readonly Layer[], outer: LayerScope): Generator<void, void, void> {
    for (const layer of layers) {
      const scope: LayerScope = {
        offsetX: outer.offsetX + layer.offsetX,
        offsetY: outer.offsetY + layer.offsetY,
        chain: [{ properties: layer.properties }, ...outer.chain],
        staticByName: outer.staticByName || STATIC_LAYER_WORDS.test(layer.name),
      };
      if (layer.kind === 'group') yield* walk(layer.layers, scope);
      else if (layer.kind === 'objectgroup') {
        let withoutShapes = 0;
        for (const o of layer.objects) {
          if (++made % STEP_OBJECTS === 0) yield;
          const outcome = objectBody(o, scope, context);
          // Every object's name counts, body or not: a name names one object of the map.
          const name = typeof outcome === 'object' ? outcome.name : o.name;
          if (name !== '') counts.set(name, (counts.get(name) ?? 0) + 1);
          if (outcome === 'tile-without-shapes') withoutShapes++;
          else if (outcome !== 'not-a-body') {
            bodies.push(outcome);
            preferred.push(name);
            layerNames.push(layer.name);
            ids.push(o.id);
          }
        }
        if (withoutShapes > 0) {
          const count = withoutShapes === 1 ? 'One tile object' : `${withoutShapes} tile objects`;
          diagnostics.push({ range: layer.nameRange, severity: 'hint', code: 'tiled-tile-without-shapes', message: `${count} of layer \`${layer.name}\` ${withoutShapes === 1 ? 'shows a tile' : 'show tiles'} with no collision shapes: not bodies.` });
        }
      } else if (grid === undefined) skippedTileLayers++;
      else {
        const parts = tileLayerParts(layer, context.tilesets, grid, diagnostics, (what) => notes.note(what, layer.nameRange, `Layer \`${layer.name}\``));
        if (parts.length === 0) continue;
        const body: UnnamedBody = {
          name: '',
          isStatic: true,
          sensor: properties.bool(scope.chain, 'sensor') ?? false,
          bullet: false,
          x: scope.offsetX,
          y: scope.offsetY,
          angle: 0,
          vx: 0,
          vy: 0,
          spin: 0,
          parts,
          range: layer.range,
          nameRange: layer.nameRange,
          kind: 'tile layer',
        };
        bodies.push(body);
        preferred.push(layer.name);
        layerNames.push(layer.name);
        ids.push(layer.id);
        if (layer.name !== '') counts.set(layer.name, (counts.get(layer.name) ?? 0) + 1);
      }
    }
  };
  yield* walk(map.layers, { offsetX: 0, offsetY: 0, chain: [], staticByName: false });
  if (skippedTileLayers > 0) {
    diagnostics.push({ range: map.orientationRange, severity: 'error', code: 'tiled-unsupported-orientation', message: `Unknown orientation \`${orientation}\`: ${skippedTileLayers} tile layers skipped (objects are read as on orthogonal maps).` });
  }

  for (let k = 0; k < bodies.length; k++) {
    const name = preferred[k]!;
    bodies[k]!.name = name !== '' && counts.get(name) === 1 ? name : `${layerNames[k]!}#${ids[k]!}`;
  }
  return sceneOf(settings, bodies, diagnostics, files.dependencies);
}

function sceneOf(settings: { dt: number; slop: number; frames: number }, bodies: LevelBody[], diagnostics: Diagnostic[], dependencies: string[]): LevelScene {
  // Array.prototype.sort is stable: equal ranges keep the order they were found in.
  return { format: 'tiled', dt: settings.dt, slop: settings.slop, frames: settings.frames, bodies, diagnostics: diagnostics.sort(byPosition), dependencies };
}
