import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../store/storage';
import {
  DEFAULT_INTERVAL,
  INTERVAL_STORAGE_KEY,
  INTERVALS,
  isLineInterval,
  klineWindow,
  periodOf,
  readInterval,
  writeInterval,
} from './interval';

describe('chart intervals (spec 1 §2)', () => {
  it('offers the buttons of the documents in order', () => {
    expect(INTERVALS).toEqual([
      'time',
      '1min',
      '5min',
      '15min',
      '30min',
      '1hour',
      '1day',
      '1week',
      '1mon',
    ]);
  });

  it('maps buttons to kline periods; time is a line of 1-minute closes', () => {
    expect(periodOf('time')).toBe('1min');
    expect(isLineInterval('time')).toBe(true);
    expect(isLineInterval('1min')).toBe(false);
    expect(periodOf('1hour')).toBe('60min');
    expect(periodOf('1week')).toBe('1week');
  });

  it('keeps the chosen interval in local storage', () => {
    const storage = memoryStorage();
    expect(readInterval(storage)).toBe(DEFAULT_INTERVAL);
    writeInterval(storage, '15min');
    expect(storage.getItem(INTERVAL_STORAGE_KEY)).toBe('15min');
    expect(readInterval(storage)).toBe('15min');
  });

  it('ignores an unknown stored value', () => {
    expect(readInterval(memoryStorage({ [INTERVAL_STORAGE_KEY]: '2min' }))).toBe('1min');
  });

  it('asks for a window of bars ending now', () => {
    expect(klineWindow('5min', 10_000_000, 10)).toEqual({ from: 7_000_000, to: 10_000_000 });
    expect(klineWindow('1mon', 1000).from).toBe(0);
  });
});
