import { describe, expect, it } from 'vitest';
import { formatChange } from './change';

describe('formatChange (spec 1 §9: 2 decimals, sign shown)', () => {
  it('adds a plus sign to gains and to zero', () => {
    expect(formatChange('1.23')).toEqual({ text: '+1.23%', up: true });
    expect(formatChange('0')).toEqual({ text: '+0.00%', up: true });
    expect(formatChange('0.00')).toEqual({ text: '+0.00%', up: true });
  });

  it('keeps the minus sign of losses', () => {
    expect(formatChange('-0.5')).toEqual({ text: '-0.50%', up: false });
    expect(formatChange('-12.345')).toEqual({ text: '-12.34%', up: false });
  });

  it('shows a loss too small for 2 decimals as an unsigned zero', () => {
    expect(formatChange('-0.001')).toEqual({ text: '+0.00%', up: true });
  });

  it('truncates instead of rounding', () => {
    expect(formatChange('2.999')).toEqual({ text: '+2.99%', up: true });
  });
});

describe('formatChange in other languages', () => {
  it('uses the decimal mark of the language', () => {
    expect(formatChange('1.23', 'vi')).toEqual({ text: '+1,23%', up: true });
    expect(formatChange('-12.345', 'fr')).toEqual({ text: '-12,34\u202f%', up: false });
  });
});
