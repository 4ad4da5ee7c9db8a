import { describe, expect, it } from 'vitest';
import { bpsPercent, feePercent, receiveAmount, usdtValue } from './amounts';

describe('withdrawal maths (spec 2 §5)', () => {
  it('shows the fee rate as a percent', () => {
    expect(feePercent('0.001')).toBe('0.1');
    expect(feePercent('0.0005')).toBe('0.05');
    expect(feePercent('0')).toBe('0');
    expect(feePercent('0.25')).toBe('25');
  });

  it('receives amount × (1 − rate), exactly', () => {
    expect(receiveAmount('100', '0.001')).toBe('99.9');
    expect(receiveAmount('0.001', '0.0005')).toBe('0.0009995');
    expect(receiveAmount('0.3', '0.1')).toBe('0.27');
    expect(receiveAmount('12.5', '0')).toBe('12.5');
    expect(receiveAmount('123456789.123456789', '0.001')).toBe('123333332.334333332211');
  });

  it('receives nothing until an amount is typed', () => {
    expect(receiveAmount('', '0.001')).toBe('');
    expect(receiveAmount('0', '0.001')).toBe('');
    expect(receiveAmount('1.', '0.001')).toBe('0.999');
  });
});

describe('conversion maths (spec 2 §5)', () => {
  it('values the amount at the USD price, floored at 6 decimals', () => {
    expect(usdtValue('0.5', '65000')).toBe('32500');
    expect(usdtValue('3', '0.12')).toBe('0.36');
    expect(usdtValue('0.1234567', '1.1')).toBe('0.135802');
    expect(usdtValue('', '65000')).toBe('');
  });

  it('shows basis points as a percent', () => {
    expect(bpsPercent(50)).toBe('0.5');
    expect(bpsPercent(125)).toBe('1.25');
    expect(bpsPercent(0)).toBe('0');
  });
});
