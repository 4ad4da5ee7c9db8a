import { describe, expect, it } from 'vitest';
import { bangkokParts, formatChartTick, formatChartTime, toChartSeconds } from './chart-time';

describe('chart time in Asia/Bangkok (spec 1 §9)', () => {
  it('shows UTC+7 whatever the machine zone', () => {
    // 2024-01-31 20:30 UTC is 2024-02-01 03:30 in Bangkok.
    const seconds = Date.UTC(2024, 0, 31, 20, 30) / 1000;
    expect(formatChartTime(seconds)).toBe('2024-02-01 03:30');
    expect(bangkokParts(0)).toEqual({
      year: '1970',
      month: '01',
      day: '01',
      hour: '07',
      minute: '00',
    });
  });

  it('labels ticks by their kind', () => {
    const seconds = Date.UTC(2023, 11, 31, 17, 5) / 1000; // 2024-01-01 00:05 in Bangkok
    expect(formatChartTick(seconds, 'year')).toBe('2024');
    expect(formatChartTick(seconds, 'month')).toBe('2024-01');
    expect(formatChartTick(seconds, 'day')).toBe('01-01');
    expect(formatChartTick(seconds, 'time')).toBe('00:05');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatChartTick(Date.UTC(2024, 4, 1, 17, 0) / 1000, 'time')).toBe('00:00');
  });

  it('turns epoch milliseconds into whole seconds', () => {
    expect(toChartSeconds(1_700_000_000_999)).toBe(1_700_000_000);
  });
});
