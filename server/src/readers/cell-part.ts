// A tile map's part: one tile shape placed at its cell. Its label is made when asked, since a
// layer may have a million parts and a message names only the few a finding touches.
import type { TextRange } from '../common/diagnostic';
import type { LevelPart, LevelShape } from './level-scene';

export class CellPart implements LevelPart {
  constructor(
    readonly shape: LevelShape,
    readonly range: TextRange,
    readonly cell: readonly [number, number],
  ) {}

  get label(): string {
    return `cell (${this.cell[0]}, ${this.cell[1]})`;
  }
}
