import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  checkFeeRate,
  checkOvernightRate,
  checkPointRate,
  checkShareSize,
  checkStopOut,
  coverRatio,
  parseMultiples,
} from './lever-input';

describe('lever desk input', () => {
  it('checks rates against the server bounds', () => {
    expect(checkPointRate('0')).toBeNull();
    expect(checkPointRate('0.4999')).toBeNull();
    expect(checkPointRate('0.5')).toBe('pointRate');
    expect(checkFeeRate('0.99')).toBeNull();
    expect(checkFeeRate('1')).toBe('feeRate');
    expect(checkOvernightRate('0.1')).toBe('overnightRate');
    expect(checkOvernightRate('-0.01')).toBe('number');
    expect(checkOvernightRate('')).toBe('required');
  });

  it('checks the share size with the pair decimals', () => {
    expect(checkShareSize('0.01', 4)).toBeNull();
    expect(checkShareSize('0.00001', 4)).toBe('shareDecimals');
    expect(checkShareSize('0', 4)).toBe('shareSize');
    expect(checkShareSize('1e3', 4)).toBe('number');
  });

  it('reads multiples', () => {
    expect(parseMultiples('10, 20')).toEqual([10, 20]);
    expect(parseMultiples('10,10')).toBeNull();
    expect(parseMultiples('0')).toBeNull();
    expect(parseMultiples('1001')).toBeNull();
    expect(parseMultiples('2.5')).toBeNull();
    expect(parseMultiples('')).toBeNull();
  });

  it('checks the stop-out level and amounts', () => {
    expect(checkStopOut('50')).toBeNull();
    expect(checkStopOut('0')).toBe('stopOut');
    expect(checkStopOut('100')).toBe('stopOut');
    expect(checkAmount('-100.5')).toBeNull();
    expect(checkAmount('0')).toBe('amount');
    expect(checkAmount('abc')).toBe('number');
  });

  it('gives the cover ratio only when something is owed', () => {
    expect(coverRatio('100', '0')).toBeNull();
    expect(coverRatio('150', '100')).toBe('150.00');
  });
});
