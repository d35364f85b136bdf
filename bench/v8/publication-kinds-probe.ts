/**
 * Run by bench/v8-probes.ts in a fresh `node --allow-natives-syntax`: prints, as JSON, whether V8
 * holds each array of chunks a publication hands the writer as PACKED_ELEMENTS (objects, no
 * holes), for an empty publication, a first one, one after an edit and a list written by
 * JsonListWriter, whether objectList's empty array already is, and the same of the chunks of the
 * snapshot each publication keeps (the one before any publication, then each one's), whose list
 * the next publication reads and a reused snapshot refills.
 */
import { analyzeText } from '../../server/src/features/document';
import { JsonListWriter, objectList } from '../../server/src/lsp/encode/encoded-json-list';
import { PublishedDiagnostics } from '../../server/src/lsp/publish/published-diagnostics';

const packedObjects = new Function('a', 'return %HasObjectElements(a) && !%HasHoleyElements(a)') as (a: readonly unknown[]) => boolean;

const overlapping = 'body a box(2, 2)\nbody b box(2, 2) at (1, 0)\n';
const published = new PublishedDiagnostics();
const kept = (): readonly unknown[] => (published as unknown as { previous: { chunks: readonly unknown[] } }).previous.chunks;
const snapshots = [[kept().length, packedObjects(kept())]];
const empty = published.publish(analyzeText('body a box(1, 1)\n'));
snapshots.push([kept().length, packedObjects(kept())]);
const first = published.publish(analyzeText(overlapping));
snapshots.push([kept().length, packedObjects(kept())]);
const edited = published.publish(analyzeText(`${overlapping}body c circle(1) at (30, 0)\n`, undefined, undefined, 2));
snapshots.push([kept().length, packedObjects(kept())]);
const writer = new JsonListWriter();
const none = writer.finish();
process.stdout.write(
  JSON.stringify({
    objectList: packedObjects(objectList()),
    empty: [empty.length, packedObjects(empty.chunks)],
    first: [first.length, packedObjects(first.chunks)],
    edited: [edited.length, packedObjects(edited.chunks)],
    writer: [none.length, packedObjects(none.chunks)],
    snapshots,
  }),
);
