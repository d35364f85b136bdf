import * as fs from 'node:fs';
import { startTimeline } from '../timeline';

/**
 * Starts the client's timeline (../timeline.ts) when the extension host's environment has
 * `COLLIDE_TIMELINE=FILE`: FILE.client is emptied, then appended to line by line, synchronously,
 * so that a line is on disk when the event it marks has happened.
 */
export function startTimelineFile(): void {
  const file = process.env.COLLIDE_TIMELINE;
  if (!file) return;
  const out = `${file}.client`;
  fs.writeFileSync(out, '');
  startTimeline((line) => fs.appendFileSync(out, line));
}
