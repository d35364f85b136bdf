import type { LabelPlacer } from '../label-placement';
import type { Painter } from '../painter';
import { estimateTextWidth, textBottom, textTop } from '../text-metrics';
import type { Theme } from '../theme';

const CAPTION_SIZE = 12;
const CAPTION_AT = 8;

/**
 * The caption's band: no grid label reaches above this many pixels from the top, so the caption
 * never meets one (0 without a caption).
 */
export function captionInset(caption: string | undefined): number {
  return caption ? CAPTION_AT + textBottom(CAPTION_SIZE, 'top') : 0;
}

/** Keeps body labels off the caption's box. */
export function reserveCaption(placer: LabelPlacer, caption: string | undefined): void {
  if (!caption) return;
  const x1 = CAPTION_AT + estimateTextWidth(caption, CAPTION_SIZE);
  placer.reserve(CAPTION_AT, CAPTION_AT + textTop(CAPTION_SIZE, 'top'), x1, CAPTION_AT + textBottom(CAPTION_SIZE, 'top'));
}

/** A line of text in the top-left corner, over everything else. */
export function drawCaption(p: Painter, theme: Theme, caption: string | undefined): void {
  if (caption) p.text(caption, CAPTION_AT, CAPTION_AT, { color: theme.foreground, size: CAPTION_SIZE, baseline: 'top' });
}
