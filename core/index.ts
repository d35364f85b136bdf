/**
 * Collide's collision library: the one front door to `core/`.
 *
 * Pure TypeScript with no dependency and no Node, DOM or LSP API; it knows shapes and queries,
 * never scene files. The map below follows the query families of parry's `query` module and the
 * records of Box2D v3's `collision.h`; README.md describes each family and its sources.
 *
 * Conventions shared by every query:
 * - Units are scene units for lengths, seconds for times, radians for angles.
 * - A shape's vertices are in its local frame; a `Transform` maps them to the world (rotation
 *   then translation). Inputs and outputs are in world coordinates unless a field says otherwise.
 * - Normals point from A towards B. A separation is signed (negative: penetration depth); a
 *   distance or a depth is >= 0.
 * - Queries never throw on geometry. Narrow-phase results carry a `QueryState` (`ok`,
 *   `degenerate`, `not-converged`), time-of-impact results a `ToiState` (`hit`, `separated`,
 *   `overlapped`, `failed`). Iterative algorithms have an iteration cap, report their iteration
 *   count, and record a trace (GJK simplices, EPA polytopes, advancement steps) when asked.
 */

// ---- Math: vectors, transforms, boxes --------------------------------------------------------

export type { Vec2, Transform } from './math/vec2';
export {
  vec,
  ZERO,
  add,
  sub,
  scale,
  neg,
  dot,
  cross,
  lengthSq,
  length,
  hypot2,
  normalize,
  perp,
  lerp,
  rotate,
  IDENTITY,
  makeTransform,
  transformPoint,
  invTransformPoint,
  rotateVector,
  invRotateVector,
  composeTransforms,
} from './math/vec2';
// Distance between two points (vec2.ts `distance`; the name `distance` is the GJK query's).
export { distance as pointDistance } from './math/vec2';
export type { AABB } from './math/aabb';
export { makeAABB, aabbOverlaps, aabbUnion, aabbContains, aabbPerimeter, aabbArea, aabbExpand } from './math/aabb';

// ---- Typed-array columns ----------------------------------------------------------------------
// Growth helpers for callers that keep parallel typed-array columns (the broad phases, the
// analysis caches, the painters): copy into a larger array of the same kind.

export type { Column } from './math/typed-array';
export { resized, growFloat64, growInt32 } from './math/typed-array';

// ---- Shapes: rounded convex point sets (local frame) ------------------------------------------

export type { ShapeKind, ConvexShape } from './shapes/shape';
export { packedCoordinates, packVertices, vertexX, vertexY, shapeVertices, shapeNormals } from './shapes/shape';
export {
  makeCircle,
  makeBox,
  makeSharedBox,
  makePolygon,
  makeCapsule,
  makeSegment,
  transformShape,
  shapeArea,
  shapeCentroid,
} from './shapes/factory';
// World bounds of a placed shape, radius included.
export { shapeBounds, shapeBoundsInto, shapeSize } from './shapes/bounds';
export type { SupportFeature } from './shapes/support';
export { supportPoint, supportFeature } from './shapes/support';

// ---- Polygon tools: validation, hulls and decomposition (plain point lists) -------------------

export type { CleanPolygon } from './shapes/polygon';
export {
  RELATIVE_TOLERANCE,
  extentOf,
  signedArea,
  polygonCentroid,
  isConvex,
  isCertainlyConvex,
  isSimple,
  convexHull,
  removeDegenerate,
} from './shapes/polygon';
export { convexDecomposition, DECOMPOSITION_VERTEX_LIMIT } from './shapes/decomposition';
export type { WeldedPolygon } from './shapes/weld';
export { WELD_TOLERANCE, weldToHull } from './shapes/weld';

// ---- Narrow phase: records ---------------------------------------------------------------------

export type {
  QueryState,
  ShapePair,
  DistanceInput,
  DistanceOutput,
  MinkowskiVertex,
  GjkStep,
  EpaStep,
  ContactOutput,
  ContactRecord,
  PenetrationOutput,
} from './narrow/types';
export { emptyContactRecord } from './narrow/types';

// ---- Distance: GJK (closest points, closest features, simplex trace) -------------------------

export { distance, defaultGjkIterations, GJK_TOLERANCE } from './narrow/gjk';

// ---- Contact and penetration -------------------------------------------------------------------

// Signed separation, normal and one or two contact points, by the cheapest exact method.
export { contact, contactWithin, contactWithinInto, CONTACT_KEEP_TOLERANCE } from './narrow/contact';
// Penetration depth of overlapping shapes (EPA, seeded by GJK).
export { penetration, defaultEpaIterations } from './narrow/epa';
// Separating-axis test over the shapes' edge normals.
export type { SatOutput } from './narrow/sat';
export { sat } from './narrow/sat';
// The explicit Minkowski difference B ⊖ A, each edge with the shape it came from.
export type { MinkowskiEdge, MinkowskiDifference } from './narrow/minkowski';
export { minkowskiDifference } from './narrow/minkowski';

// ---- Time of impact and casts ------------------------------------------------------------------

export type { ToiInput, ToiOutput, ToiState, ToiMethod, AdvanceStep } from './ccd/types';
// The dispatcher: picks the cheapest exact method for the shapes and their motion.
export { timeOfImpact } from './ccd/toi';
export { circleTimeOfImpact } from './ccd/circle-toi';
export { linearCast } from './ccd/linear-cast';
export { gjkRaycast } from './ccd/gjk-raycast';
export { conservativeAdvancement, ADVANCEMENT_MAX_ITERATIONS } from './ccd/conservative-advancement';
// The end of a contact: the first time after tMin at which two touching shapes are apart.
export type { ContactExitOutput } from './ccd/contact-exit';
export { contactExit, CONTACT_EXIT_MAX_ITERATIONS } from './ccd/contact-exit';
// Axis-aligned boxes swept along a straight line, and the bounds of a swept shape.
export type { SweptAabbHit, SlideEvent, SlideResult } from './ccd/swept-aabb';
export { sweptAabb, sweepAndSlide, sweptBounds, sweptBoundsInto } from './ccd/swept-aabb';
// The motion model: poses along a linear and angular velocity.
export { poseAt, maxRadius, effectiveSpin, contactTolerance, TOI_CONTACT_TOLERANCE } from './ccd/motion';
// Signed depth at one pose (penetration > 0, separation < 0), as a discrete step end sees it.
export { signedDepth } from './ccd/step-depth';

// ---- Broad phase: overlapping boxes ------------------------------------------------------------

export type { BroadPhase, BroadPhaseKind } from './broad/broad-phase';
export { BROAD_PHASE_KINDS, isBroadPhaseKind, createBroadPhase, MAX_COORDINATE, MAX_PROXY_ID } from './broad/broad-phase';
export type { DynamicTreeOptions } from './broad/dynamic-tree';
export { DynamicTree } from './broad/dynamic-tree';
export { SortAndSweep } from './broad/sort-and-sweep';
export { LooseGrid } from './broad/loose-grid';
export { BruteForce } from './broad/brute-force';
// One-shot pairs of a packed box array, on a uniform grid (no structure kept).
export type { PairKeys, GridLayout } from './broad/grid-pairs';
export { emptyPairKeys, gridPairs, gridLayout, OVERSIZED_CELL, EMPTY_CELL } from './broad/grid-pairs';

// ---- Chains: one-sided edges with ghost vertices -------------------------------------------------
// A polyline or loop of edges solid from their right-hand side (a counter-clockwise loop from
// outside), each edge knowing its neighbors (Box2D v3's chain shape and b2ChainSegment).

export type { Chain, ChainSegment } from './chain/chain';
export { makeChain, makeChainPacked, chainSegment, chainSegmentInto, emptyChainSegment, makeOneSidedSegment, chainTree, chainBounds } from './chain/chain';
export type { EdgeTree } from './chain/edge-tree';
export { edgesOverlapping, LEAF_EDGES } from './chain/edge-tree';
// One edge: contact (and distance, its positive separation) and time of impact from the solid side.
export type { NormalClass, OneSidedInput, OneSidedToiInput } from './chain/one-sided';
export { oneSidedContact, oneSidedTimeOfImpact, classifyNormal, isBehind, CONVEX_TOLERANCE } from './chain/one-sided';
// A whole chain through its edge tree: the deepest contact and the earliest touch, with the edge.
export type { ChainPair, ChainContactInput, ChainContactOutput, ChainDistanceOutput, ChainToiInput, ChainToiOutput } from './chain/chain-query';
export { chainContact, chainDistance, chainTimeOfImpact } from './chain/chain-query';
// The analysis' other continuous queries against a chain: depth at a pose, end of a contact.
export { chainSignedDepth, chainContactExit } from './chain/chain-exit';

// ---- Tiles: grids of cells and the outline of their union ---------------------------------------
// The outline as loop chains (counter-clockwise outer boundaries, clockwise holes), merged, with no
// edge between solid cells; `retileRows` updates it for changed rows by retracing only the loops
// that reach them.

export type { TileGrid, TileKind } from './tiles/tile-grid';
export {
  TILE_EMPTY,
  TILE_SOLID,
  TILE_RAMP_RIGHT,
  TILE_RAMP_LEFT,
  TILE_CEILING_LEFT,
  TILE_CEILING_RIGHT,
  tileKindOf,
  tileGridFromRows,
  tileCellAt,
  tileCellTouched,
} from './tiles/tile-grid';
export type { TileLoop, TileOutline } from './tiles/tile-outline';
export { tileOutline, loopPoints, outlineChains } from './tiles/tile-outline';
export type { RetileReport } from './tiles/tile-retile';
export { retileRows } from './tiles/tile-retile';
