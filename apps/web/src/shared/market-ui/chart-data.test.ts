import { describe, expect, it } from 'vitest';
import { mergeBar, movingAverage, movingAverageAt, toChartBar, type ChartBar } from './chart-data';

const bar = (time: number, close: number): ChartBar => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

describe('chart data', () => {
  it('converts a wire bar for drawing', () => {
    expect(
      toChartBar({
        time: 1_700_000_060_000,
        open: '1.5',
        high: '2',
        low: '1',
        close: '1.25',
        volume: '10',
      }),
    ).toEqual({ time: 1_700_000_060, open: 1.5, high: 2, low: 1, close: 1.25, volume: 10 });
  });

  it('averages the last n closes', () => {
    const bars = [1, 2, 3, 4, 5].map((c, i) => bar(i, c));
    expect(movingAverage(bars, 3)).toEqual([
      { time: 2, value: 2 },
      { time: 3, value: 3 },
      { time: 4, value: 4 },
    ]);
    expect(movingAverageAt(bars, 4, 3)).toBe(4);
    expect(movingAverageAt(bars, 1, 3)).toBeNull();
    expect(movingAverageAt(bars, 9, 3)).toBeNull();
    expect(movingAverage(bars, 10)).toEqual([]);
  });

  it('replaces the last bar, appends a newer one and ignores an older one (KLINE)', () => {
    const bars = [bar(60, 1), bar(120, 2)];
    expect(mergeBar(bars, bar(120, 3))).toEqual({
      bars: [bar(60, 1), bar(120, 3)],
      change: 'update',
    });
    expect(mergeBar(bars, bar(180, 4))).toEqual({
      bars: [...bars, bar(180, 4)],
      change: 'append',
    });
    expect(mergeBar(bars, bar(60, 9))).toEqual({ bars, change: 'ignore' });
    expect(mergeBar([], bar(60, 9)).change).toBe('append');
  });
});
