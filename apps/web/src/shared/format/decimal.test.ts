import { describe, expect, it } from 'vitest';
import {
  cleanDecimalInput,
  compareDecimals,
  decimalText,
  ellipsis,
  formatAmount,
  isPositiveDecimal,
  isZeroDecimal,
  multiplyDecimals,
  parseDecimal,
  shiftDecimal,
  subtractDecimals,
  truncateDecimal,
  wireDecimal,
} from './decimal';

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

describe('parseDecimal and decimalText', () => {
  it('read plain and half-typed decimals', () => {
    expect(parseDecimal('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parseDecimal('1.')).toEqual({ units: 1n, scale: 0 });
    expect(parseDecimal('-0.25')).toEqual({ units: -25n, scale: 2 });
    expect(parseDecimal('12')).toEqual({ units: 12n, scale: 0 });
    expect(parseDecimal(' 0.000001 ')).toEqual({ units: 1n, scale: 6 });
  });

  it('refuse anything else', () => {
    for (const bad of ['', '.', '-', '1e3', 'abc', '1.2.3', '1,5', '+1', 'Infinity', 'NaN']) {
      expect(parseDecimal(bad), bad).toBeNull();
    }
  });

  it('keep digits far beyond a float', () => {
    const text = '123456789012345678.123456789';
    expect(decimalText(parseDecimal(text) ?? { units: 0n, scale: 0 })).toBe(text);
  });

  it('write without trailing zeros and without a negative zero', () => {
    expect(decimalText({ units: 1250n, scale: 2 })).toBe('12.5');
    expect(decimalText({ units: 5n, scale: 3 })).toBe('0.005');
    expect(decimalText({ units: -25n, scale: 2 })).toBe('-0.25');
    expect(decimalText({ units: 0n, scale: 4 })).toBe('0');
    expect(decimalText({ units: 300n, scale: 2 })).toBe('3');
    expect(decimalText({ units: 5n, scale: 6 })).toBe('0.000005');
    expect(decimalText({ units: 42n, scale: 0 })).toBe('42');
  });
});

describe('decimal arithmetic', () => {
  it('multiplies exactly, beyond what floats hold', () => {
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimals('123456789.123456789', '1000')).toBe('123456789123.456789');
    expect(multiplyDecimals('1.5', '-2')).toBe('-3');
    expect(multiplyDecimals('x', '2')).toBeNull();
  });

  it('subtracts exactly', () => {
    expect(subtractDecimals('1', '0.001')).toBe('0.999');
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('1', '1.5')).toBe('-0.5');
    expect(subtractDecimals('1', '')).toBeNull();
  });

  it('shifts the point (a rate as a percent)', () => {
    expect(shiftDecimal('0.001', 2)).toBe('0.1');
    expect(shiftDecimal('0.0005', 2)).toBe('0.05');
    expect(shiftDecimal('1.5', 3)).toBe('1500');
    expect(shiftDecimal('0', 2)).toBe('0');
    expect(shiftDecimal('-', 2)).toBeNull();
  });

  it('compares by value', () => {
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('0.30000000000000001', '0.3')).toBe(1);
    expect(compareDecimals('-2', '1')).toBe(-1);
    expect(compareDecimals('1.49', '1.5')).toBe(-1);
    expect(compareDecimals('2', '1.999999')).toBe(1);
    expect(compareDecimals('a', '1')).toBeNull();
  });

  it('tells positive and zero amounts', () => {
    expect(isPositiveDecimal('0.0001')).toBe(true);
    expect(isPositiveDecimal('0')).toBe(false);
    expect(isPositiveDecimal('0.000')).toBe(false);
    expect(isPositiveDecimal('-1')).toBe(false);
    expect(isPositiveDecimal('')).toBe(false);
    expect(isZeroDecimal('0.000')).toBe(true);
    expect(isZeroDecimal('0.001')).toBe(false);
    expect(isZeroDecimal('')).toBe(false);
  });
});

describe('formatAmount', () => {
  it('groups thousands, pads to the minimum places and keeps every digit', () => {
    expect(formatAmount('1234.5', 2)).toBe('1,234.50');
    expect(formatAmount('100000', 2)).toBe('100,000.00');
    expect(formatAmount('0.12345678', 2)).toBe('0.12345678');
    expect(formatAmount('1.2000', 0)).toBe('1.2');
    expect(formatAmount('-1234', 0)).toBe('-1,234');
    expect(formatAmount('-0', 2)).toBe('0.00');
    expect(formatAmount('n/a', 2)).toBe('n/a');
  });
});

describe('cleanDecimalInput and wireDecimal', () => {
  it('keeps digits and one point, cutting extra decimals', () => {
    expect(cleanDecimalInput(' 1,234.5678 ', 2)).toBe('1234.56');
    expect(cleanDecimalInput('.5', 8)).toBe('0.5');
    expect(cleanDecimalInput('1.', 8)).toBe('1.');
    expect(cleanDecimalInput('007', 8)).toBe('7');
    expect(cleanDecimalInput('-1e5', 8)).toBe('15');
    expect(cleanDecimalInput('1.2.3', 8)).toBe('1.23');
    expect(cleanDecimalInput('9.9', 0)).toBe('9');
    expect(cleanDecimalInput('', 4)).toBe('');
  });

  it('takes price and quantity boxes as spec 1 §5 wants them', () => {
    // At most 4 price decimals, extra digits cut.
    expect(cleanDecimalInput('12.34567', 4)).toBe('12.3456');
    expect(cleanDecimalInput('12.3', 4)).toBe('12.3');
    // No exponent, minus, plus or other characters.
    expect(cleanDecimalInput('+2.5', 4)).toBe('2.5');
    expect(cleanDecimalInput('1,000.5', 4)).toBe('1000.5');
    expect(cleanDecimalInput(' 3 ', 4)).toBe('3');
    // No superfluous leading zeros.
    expect(cleanDecimalInput('00.5', 4)).toBe('0.5');
    expect(cleanDecimalInput('0', 4)).toBe('0');
  });

  it('sends typed amounts in their plain form', () => {
    expect(wireDecimal('1.')).toBe('1');
    expect(wireDecimal('0.50')).toBe('0.5');
    expect(wireDecimal('.5')).toBe('0.5');
    expect(wireDecimal('65000')).toBe('65000');
    expect(wireDecimal(' x ')).toBe('x');
  });
});
