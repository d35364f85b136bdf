import { formatNumber as fmt } from '../../../protocol/format';

/**
 * The label's two parts: the time to a hundredth of a step (fixed decimals, so the label does
 * not jitter while playing) and the step count; the title carries the full precision.
 */
export function timeText(t: number, dt: number, frames: number): { time: string; step: string; full: string } {
  const decimals = Math.min(12, Math.max(0, Math.ceil(-Math.log10(dt / 100) - 1e-9)));
  const steps = t / dt;
  return {
    time: `t = ${t.toFixed(decimals)} s`,
    step: `step ${steps.toFixed(2)} of ${frames}`,
    full: `t = ${fmt(t)} s: ${fmt(steps)} of ${frames} steps of dt = ${fmt(dt)} s`,
  };
}
