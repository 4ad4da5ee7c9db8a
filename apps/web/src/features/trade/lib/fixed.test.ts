import { describe, expect, it } from 'vitest';
import {
  compareFixed,
  divide,
  formatFixed,
  isPositiveDecimal,
  multiply,
  parseFixed,
  rescale,
  sameDecimal,
} from './fixed';

const f = (text: string) => {
  const value = parseFixed(text);
  if (value === null) throw new Error(`not a decimal: ${text}`);
  return value;
};

describe('parseFixed', () => {
  it('reads whole numbers, fractions and half-typed inputs', () => {
    expect(parseFixed('12')).toEqual({ units: 12n, scale: 0 });
    expect(parseFixed('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseFixed(' 0.000001 ')).toEqual({ units: 1n, scale: 6 });
    expect(parseFixed('1.')).toEqual({ units: 1n, scale: 0 });
    expect(parseFixed('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parseFixed('-2.5')).toEqual({ units: -25n, scale: 1 });
  });

  it('keeps digits far beyond a float', () => {
    expect(formatFixed(f('123456789012345678.123456789'))).toBe('123456789012345678.123456789');
  });

  it('refuses anything else', () => {
    for (const text of ['', '.', '-', 'abc', '1e5', '1,5', '1.2.3', '+1', 'Infinity', 'NaN']) {
      expect(parseFixed(text), text).toBeNull();
    }
  });
});

describe('rescale', () => {
  it('widens without loss', () => {
    expect(formatFixed(rescale(f('1.5'), 6, 'floor'), true)).toBe('1.500000');
  });

  it('floors toward minus infinity and ceils toward plus infinity', () => {
    expect(formatFixed(rescale(f('1.0000019'), 6, 'floor'))).toBe('1.000001');
    expect(formatFixed(rescale(f('1.0000011'), 6, 'ceil'))).toBe('1.000002');
    expect(formatFixed(rescale(f('-1.0000011'), 6, 'floor'))).toBe('-1.000002');
    expect(formatFixed(rescale(f('-1.0000019'), 6, 'ceil'))).toBe('-1.000001');
  });

  it('leaves exact values alone either way', () => {
    expect(formatFixed(rescale(f('2.5000000'), 6, 'ceil'))).toBe('2.5');
    expect(formatFixed(rescale(f('2.5000000'), 6, 'floor'))).toBe('2.5');
  });
});

describe('multiply and divide', () => {
  it('multiplies exactly where floats do not', () => {
    // 0.1 × 0.2 is 0.020000000000000004 in floats.
    expect(formatFixed(multiply(f('0.1'), f('0.2')))).toBe('0.02');
    expect(formatFixed(multiply(f('1.005'), f('1000')))).toBe('1005');
  });

  it('divides at a scale with the rounding asked', () => {
    expect(formatFixed(divide(f('1'), f('3'), 6, 'floor') ?? f('0'))).toBe('0.333333');
    expect(formatFixed(divide(f('1'), f('3'), 6, 'ceil') ?? f('0'))).toBe('0.333334');
    expect(formatFixed(divide(f('100'), f('0.25'), 6, 'floor') ?? f('0'))).toBe('400');
    expect(formatFixed(divide(f('0.3'), f('0.1'), 0, 'floor') ?? f('0'))).toBe('3');
  });

  it('answers null for a zero divisor', () => {
    expect(divide(f('1'), f('0.000'), 6, 'floor')).toBeNull();
  });
});

describe('compare and format', () => {
  it('compares across scales', () => {
    expect(compareFixed(f('1.50'), f('1.5'))).toBe(0);
    expect(compareFixed(f('1.49'), f('1.5'))).toBe(-1);
    expect(compareFixed(f('2'), f('1.999999'))).toBe(1);
    expect(compareFixed(f('-1'), f('0'))).toBe(-1);
  });

  it('drops trailing zeros unless asked to keep the scale', () => {
    expect(formatFixed({ units: 1500n, scale: 3 })).toBe('1.5');
    expect(formatFixed({ units: 1500n, scale: 3 }, true)).toBe('1.500');
    expect(formatFixed({ units: 5n, scale: 6 })).toBe('0.000005');
    expect(formatFixed({ units: 0n, scale: 6 })).toBe('0');
    expect(formatFixed({ units: -5n, scale: 1 })).toBe('-0.5');
    expect(formatFixed({ units: 42n, scale: 0 })).toBe('42');
  });

  it('tells positive and equal decimals', () => {
    expect(isPositiveDecimal('0.000001')).toBe(true);
    expect(isPositiveDecimal('0.000')).toBe(false);
    expect(isPositiveDecimal('-1')).toBe(false);
    expect(isPositiveDecimal('')).toBe(false);
    expect(sameDecimal('1.500', '1.5')).toBe(true);
    expect(sameDecimal('1.5', '1.6')).toBe(false);
    expect(sameDecimal('x', 'x')).toBe(false);
  });
});
