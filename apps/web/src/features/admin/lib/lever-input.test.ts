import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  checkBand,
  checkMinDepth,
  checkMultiple,
  exactUnits,
  parseWindow,
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

describe('mark price settings input', () => {
  it('reads decimals exactly', () => {
    expect(exactUnits('0.02', 6)).toBe(20_000n);
    expect(exactUnits('1000', 2)).toBe(100_000n);
    expect(exactUnits('0.0000001', 6)).toBeNull();
    expect(exactUnits('-1', 6)).toBeNull();
  });

  it('checks the minimum depth with the pair decimals', () => {
    expect(checkMinDepth('0', 8)).toBeNull();
    expect(checkMinDepth('1000.12345678', 8)).toBeNull();
    expect(checkMinDepth('1.123456789', 8)).toBe('minDepth');
    expect(checkMinDepth('1000000000000', 8)).toBe('minDepth');
    expect(checkMinDepth('-1', 8)).toBe('number');
    expect(checkMinDepth('', 8)).toBe('required');
  });

  it('checks the band, the multiple and the window against the server bounds', () => {
    expect(checkBand('0.02')).toBeNull();
    expect(checkBand('0.000001')).toBeNull();
    expect(checkBand('0')).toBe('band');
    expect(checkBand('0.5')).toBe('band');
    expect(checkBand('0.0000001')).toBe('band');
    expect(checkMultiple('0.000001')).toBeNull();
    expect(checkMultiple('1000')).toBeNull();
    expect(checkMultiple('0')).toBe('multiple');
    expect(checkMultiple('1000.000001')).toBe('multiple');
    expect(checkMultiple('0.0000001')).toBe('multiple');
    expect(parseWindow('60')).toBe(60);
    expect(parseWindow('4')).toBeNull();
    expect(parseWindow('3601')).toBeNull();
    expect(parseWindow('1.5')).toBeNull();
  });
});
