import { describe, expect, it } from 'vitest';
import { compareDecimal, formatDecimal, parseScaled } from './decimal';

describe('parseScaled', () => {
  it('reads plain decimals only', () => {
    expect(parseScaled('-12.340')).toEqual({ units: -12340n, scale: 3 });
    expect(parseScaled('7')).toEqual({ units: 7n, scale: 0 });
    expect(parseScaled('1e3')).toBeNull();
    expect(parseScaled('')).toBeNull();
  });
});

describe('compareDecimal', () => {
  it('orders by value whatever the number of decimals', () => {
    expect(compareDecimal('1.5', '1.50')).toBe(0);
    expect(compareDecimal('1.49', '1.5')).toBe(-1);
    expect(compareDecimal('10', '9.999')).toBe(1);
    expect(compareDecimal('-0.5', '0')).toBe(-1);
    expect(compareDecimal('-2', '-10')).toBe(1);
  });

  it('keeps precision floats lose', () => {
    expect(compareDecimal('0.30000000000000001', '0.3')).toBe(1);
  });

  it('sorts a list', () => {
    expect(['2.1', '-3', '0.02', '10', '-0.5'].sort(compareDecimal)).toEqual([
      '-3',
      '-0.5',
      '0.02',
      '2.1',
      '10',
    ]);
  });

  it('puts unreadable values first', () => {
    expect(compareDecimal('x', '1')).toBe(-1);
    expect(compareDecimal('1', 'x')).toBe(1);
    expect(compareDecimal('x', 'y')).toBe(0);
  });
});

describe('formatDecimal', () => {
  it('floors to the places and groups thousands', () => {
    expect(formatDecimal('1234567.891', 2)).toBe('1,234,567.89');
    expect(formatDecimal('64250.5', 2)).toBe('64,250.50');
    expect(formatDecimal('0.000123456', 6)).toBe('0.000123');
    expect(formatDecimal('-1234', 0)).toBe('-1,234');
    expect(formatDecimal('999', 1)).toBe('999.0');
  });

  it('leaves unreadable input as it is', () => {
    expect(formatDecimal('--', 2)).toBe('--');
  });
});
