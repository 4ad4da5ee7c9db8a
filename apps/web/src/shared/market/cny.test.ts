import { DEFAULT_CNY_RATE } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { cnyValue } from './cny';

describe('cnyValue (spec 1 §9: close × CNY rate, floored to 2 decimals)', () => {
  it('multiplies exactly and floors', () => {
    expect(cnyValue('64250.5', '7.1')).toBe('456178.55');
    expect(cnyValue('0.1', '7.19')).toBe('0.71');
    expect(cnyValue('0.00012345', '7.1')).toBe('0.00');
    expect(cnyValue('1.999', '1')).toBe('1.99');
  });

  it('uses 6.8 before the rate is known', () => {
    expect(DEFAULT_CNY_RATE).toBe('6.8');
    expect(cnyValue('10', undefined)).toBe('68.00');
  });

  it('is exact where floats are not', () => {
    // 0.29 × 100 is 28.999999999999996 as a float.
    expect(cnyValue('0.29', '100')).toBe('29.00');
    expect(cnyValue('123456789012345.6789', '6.8')).toBe('839506165283950.61');
  });

  it('pads integers and small values', () => {
    expect(cnyValue('3', '2')).toBe('6.00');
    expect(cnyValue('0.05', '1')).toBe('0.05');
  });

  it('answers -- for input it cannot read', () => {
    expect(cnyValue('', '6.8')).toBe('--');
    expect(cnyValue('1e5', '6.8')).toBe('--');
    expect(cnyValue('1', 'x')).toBe('--');
  });
});
