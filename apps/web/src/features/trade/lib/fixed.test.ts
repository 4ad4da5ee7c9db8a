import { describe, expect, it } from 'vitest';
import { decimalText, parseDecimal } from '../../../shared/format/decimal';
import { divide, multiply, rescale } from './fixed';

const f = (text: string) => {
  const value = parseDecimal(text);
  if (value === null) throw new Error(`not a decimal: ${text}`);
  return value;
};

describe('rescale', () => {
  it('widens without loss', () => {
    expect(rescale(f('1.5'), 6, 'floor')).toEqual({ units: 1_500_000n, scale: 6 });
  });

  it('floors toward minus infinity and ceils toward plus infinity', () => {
    expect(decimalText(rescale(f('1.0000019'), 6, 'floor'))).toBe('1.000001');
    expect(decimalText(rescale(f('1.0000011'), 6, 'ceil'))).toBe('1.000002');
    expect(decimalText(rescale(f('-1.0000011'), 6, 'floor'))).toBe('-1.000002');
    expect(decimalText(rescale(f('-1.0000019'), 6, 'ceil'))).toBe('-1.000001');
  });

  it('leaves exact values alone either way', () => {
    expect(decimalText(rescale(f('2.5000000'), 6, 'ceil'))).toBe('2.5');
    expect(decimalText(rescale(f('2.5000000'), 6, 'floor'))).toBe('2.5');
  });
});

describe('multiply and divide', () => {
  it('multiplies exactly where floats do not', () => {
    // 0.1 × 0.2 is 0.020000000000000004 in floats.
    expect(decimalText(multiply(f('0.1'), f('0.2')))).toBe('0.02');
    expect(decimalText(multiply(f('1.005'), f('1000')))).toBe('1005');
  });

  it('divides at a scale with the rounding asked', () => {
    expect(decimalText(divide(f('1'), f('3'), 6, 'floor') ?? f('0'))).toBe('0.333333');
    expect(decimalText(divide(f('1'), f('3'), 6, 'ceil') ?? f('0'))).toBe('0.333334');
    expect(decimalText(divide(f('100'), f('0.25'), 6, 'floor') ?? f('0'))).toBe('400');
    expect(decimalText(divide(f('0.3'), f('0.1'), 0, 'floor') ?? f('0'))).toBe('3');
  });

  it('answers null for a zero divisor', () => {
    expect(divide(f('1'), f('0.000'), 6, 'floor')).toBeNull();
  });
});
