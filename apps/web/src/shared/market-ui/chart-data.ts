import type { KlineBar } from '@exchange/contract';
import { toChartSeconds } from './chart-time';

/** A bar as the chart draws it; prices become numbers here, for display only. */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export function toChartBar(bar: KlineBar): ChartBar {
  return {
    time: toChartSeconds(bar.time),
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
    volume: Number(bar.volume),
  };
}

/** Moving averages the chart adds (spec 1 §9): MA 15 and a 10/20 cross. */
export const MA_LENGTHS = [15, 10, 20] as const;

/** The simple moving average of the closes ending at `index`, or null before `length` bars. */
export function movingAverageAt(
  bars: readonly ChartBar[],
  index: number,
  length: number,
): number | null {
  if (index + 1 < length || index >= bars.length) return null;
  let sum = 0;
  for (let i = index - length + 1; i <= index; i += 1) sum += bars[i]?.close ?? 0;
  return sum / length;
}

/** The moving average for every bar that has one. */
export function movingAverage(
  bars: readonly ChartBar[],
  length: number,
): { time: number; value: number }[] {
  const points: { time: number; value: number }[] = [];
  let sum = 0;
  for (const [i, bar] of bars.entries()) {
    sum += bar.close;
    const leaving = bars[i - length];
    if (leaving) sum -= leaving.close;
    if (i + 1 >= length) points.push({ time: bar.time, value: sum / length });
  }
  return points;
}

/**
 * Applies a live bar (`KLINE`): the same time replaces the last bar, a later one is appended, an
 * older one is ignored (the chart can only update its last bar).
 */
export function mergeBar(
  bars: ChartBar[],
  bar: ChartBar,
): { bars: ChartBar[]; change: 'update' | 'append' | 'ignore' } {
  const last = bars[bars.length - 1];
  if (last === undefined || bar.time > last.time) return { bars: [...bars, bar], change: 'append' };
  if (bar.time === last.time) return { bars: [...bars.slice(0, -1), bar], change: 'update' };
  return { bars, change: 'ignore' };
}
