import { describe, expect, it } from 'vitest';
import { ellipsis, truncateDecimal } from './decimal';

describe('truncateDecimal', () => {
  it('floors to 2 places by default', () => {
    expect(truncateDecimal('1.239')).toBe('1.23');
    expect(truncateDecimal('1.2')).toBe('1.20');
    expect(truncateDecimal('7')).toBe('7.00');
  });

  it('truncates toward zero for negatives and drops a negative zero', () => {
    expect(truncateDecimal('-1.239')).toBe('-1.23');
    expect(truncateDecimal('-0.001')).toBe('0.00');
  });

  it('keeps precision beyond floats', () => {
    expect(truncateDecimal('123456789012345678.987654321', 6)).toBe('123456789012345678.987654');
  });

  it('supports 0 places and leaves non-numbers alone', () => {
    expect(truncateDecimal('9.99', 0)).toBe('9');
    expect(truncateDecimal('abc')).toBe('abc');
  });
});

describe('ellipsis', () => {
  it('trims the last 4 characters of strings longer than 9', () => {
    expect(ellipsis('123456789')).toBe('123456789');
    expect(ellipsis('1234567890')).toBe('123456…');
  });
});
