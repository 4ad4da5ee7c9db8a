import { describe, expect, it } from 'vitest';
import { hasDayData } from './day-data';

describe('hasDayData', () => {
  it('is true when the 24 h window holds a high', () => {
    expect(hasDayData({ high: '65000.5' })).toBe(true);
    expect(hasDayData({ high: '0.0001' })).toBe(true);
  });

  it('is false for the zeros of a market with nothing in 24 h', () => {
    expect(hasDayData({ high: '0' })).toBe(false);
    expect(hasDayData({ high: '0.00' })).toBe(false);
    expect(hasDayData({ high: '' })).toBe(false);
  });
});
