import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from './units.js';

describe('toUnits', () => {
  it('reads decimal strings into integer units', () => {
    expect(toUnits('1.25', 2)).toBe(125n);
    expect(toUnits('0.000001', 6)).toBe(1n);
    expect(toUnits('-3', 4)).toBe(-30000n);
    expect(toUnits('12345678901234567890.5', 1)).toBe(123456789012345678905n);
  });
  it('refuses extra decimals unless asked to floor', () => {
    expect(() => toUnits('1.234', 2)).toThrow(RangeError);
    expect(toUnits('1.230', 2)).toBe(123n);
    expect(toUnits('1.239', 2, 'floor')).toBe(123n);
  });
  it('refuses what is not a decimal', () => {
    for (const bad of ['', '1e5', '0x10', '1.', '.5', 'NaN', '1,5']) {
      expect(() => toUnits(bad, 2)).toThrow(RangeError);
    }
  });
});

describe('fromUnits', () => {
  it('writes units back with the given decimals', () => {
    expect(fromUnits(125n, 2)).toBe('1.25');
    expect(fromUnits(1n, 6)).toBe('0.000001');
    expect(fromUnits(-30000n, 4)).toBe('-3.0000');
    expect(fromUnits(7n, 0)).toBe('7');
  });
  it('round-trips', () => {
    for (const v of ['0.00', '1.50', '-0.01', '99999999999.99'])
      expect(fromUnits(toUnits(v, 2), 2)).toBe(v);
  });
});
