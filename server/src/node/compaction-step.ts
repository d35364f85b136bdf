import type { ServerHandle } from '../lsp/server';
import type { IdleWork } from './idle-memory';

/**
 * One slice of the quiet server's idle work over stdio (main.ts, idle-memory.ts):
 * compress the kept publications (lsp/encode/chunk-store.ts) while `shouldYield` lets it, then
 * free their raw bytes, but only once the writer has written every message it was handed: until
 * then the stream holds their chunks, which must stay as they are (gather-writer.ts).
 */
export function compactionStep(
  server: Pick<ServerHandle, 'compactPublications' | 'releasePublications'>,
  writer: { readonly pendingWrites: number },
  shouldYield: () => boolean,
): ReturnType<IdleWork['step']> {
  if (!server.compactPublications(shouldYield)) return 'more';
  if (writer.pendingWrites > 0) return 'wait';
  server.releasePublications();
  return 'done';
}
