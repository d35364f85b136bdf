import type { Painter } from './painter';

/** A cross of half size r at (x, y) in screen space. */
export function drawCross(p: Painter, x: number, y: number, r: number, color: string): void {
  p.beginPath();
  p.moveTo(x - r, y - r);
  p.lineTo(x + r, y + r);
  p.moveTo(x - r, y + r);
  p.lineTo(x + r, y - r);
  p.stroke(color, 2);
}

/** An arrow from (x0, y0) to (x1, y1) in screen space, head `head` pixels long. */
export function drawArrow(p: Painter, x0: number, y0: number, x1: number, y1: number, color: string, width = 2, head = 8): void {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.hypot(dx, dy);
  p.beginPath();
  p.moveTo(x0, y0);
  p.lineTo(x1, y1);
  if (len > 0) {
    const ux = dx / len;
    const uy = dy / len;
    const h = Math.min(head, len * 0.6);
    p.moveTo(x1 - ux * h - uy * h * 0.5, y1 - uy * h + ux * h * 0.5);
    p.lineTo(x1, y1);
    p.lineTo(x1 - ux * h + uy * h * 0.5, y1 - uy * h - ux * h * 0.5);
  }
  p.stroke(color, width);
}
