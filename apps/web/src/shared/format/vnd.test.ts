import { describe, expect, it } from 'vitest';
import { formatVnd, vndAmount } from './vnd';

describe('vndAmount', () => {
  it('multiplies exactly and keeps whole VND', () => {
    expect(vndAmount('10', '25400', 'ceil')).toBe('254000');
    expect(vndAmount('10.55', '25400', 'floor')).toBe('267970');
    // No float on the way: 0.07 × 25400 is 1778, not 1778.0000000000002 (which would round up).
    expect(vndAmount('0.07', '25400', 'ceil')).toBe('1778');
    expect(vndAmount('123456789.99', '25400', 'floor')).toBe('3135802465746');
  });

  it('rounds a deposit up and a withdrawal down', () => {
    expect(vndAmount('1.01', '25400.5', 'ceil')).toBe('25655');
    expect(vndAmount('1.01', '25400.5', 'floor')).toBe('25654');
    expect(vndAmount('0.01', '25200.7', 'floor')).toBe('252');
  });

  it('is empty without a positive amount or a rate', () => {
    expect(vndAmount('', '25400', 'floor')).toBe('');
    expect(vndAmount('0', '25400', 'floor')).toBe('');
    expect(vndAmount('abc', '25400', 'floor')).toBe('');
    expect(vndAmount('10', undefined, 'floor')).toBe('');
    expect(vndAmount('10', '0', 'floor')).toBe('');
    expect(vndAmount('10', 'x', 'floor')).toBe('');
  });
});

describe('formatVnd', () => {
  it('groups with dots and puts the đồng sign after', () => {
    expect(formatVnd('254000')).toBe('254.000\u00a0₫');
    expect(formatVnd('3135802465746')).toBe('3.135.802.465.746\u00a0₫');
    expect(formatVnd('0')).toBe('0\u00a0₫');
    expect(formatVnd('999')).toBe('999\u00a0₫');
  });

  it('keeps decimals only when the value has some', () => {
    expect(formatVnd('254000.00')).toBe('254.000\u00a0₫');
    expect(formatVnd('25400.5')).toBe('25.400,5\u00a0₫');
  });

  it('matches the Vietnamese locale of the browser', () => {
    const intl = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' });
    expect(formatVnd('254000')).toBe(intl.format(254000));
  });

  it('shows -- for what is not a number', () => {
    expect(formatVnd('')).toBe('--');
    expect(formatVnd('1e5')).toBe('--');
  });
});
