import { describe, expect, it } from 'vitest';
import { bandPercent, effectiveValue, parseBandInput, parseSettingInput } from './setting-input';

const RANGE = { min: 1, max: 100_000 };

describe('operator setting input', () => {
  it('takes a whole number within the range, spaces aside', () => {
    expect(parseSettingInput(' 150 ', RANGE)).toEqual({ value: 150 });
    expect(parseSettingInput('1', RANGE)).toEqual({ value: 1 });
    expect(parseSettingInput('100000', RANGE)).toEqual({ value: 100_000 });
  });

  it('says what is wrong otherwise', () => {
    expect(parseSettingInput('  ', RANGE)).toEqual({ problem: 'empty' });
    for (const text of ['0', '100001', '1.5', '-3', '1e3', 'abc', '0x10']) {
      expect(parseSettingInput(text, RANGE), text).toEqual({ problem: 'range' });
    }
  });

  it('multiplies by the server factor for the effective limit', () => {
    expect(effectiveValue(200, 1)).toBe(200);
    expect(effectiveValue(200, 20)).toBe(4000);
  });
});

describe('price band input', () => {
  const BAND = { min: '0.0001', max: '1' };

  it('takes a fraction within the range, at most 4 decimals, as its shortest text', () => {
    expect(parseBandInput(' 0.1 ', BAND)).toEqual({ value: '0.1' });
    expect(parseBandInput('0.10000', BAND)).toEqual({ value: '0.1' });
    expect(parseBandInput('0.0001', BAND)).toEqual({ value: '0.0001' });
    expect(parseBandInput('1', BAND)).toEqual({ value: '1' });
    expect(parseBandInput('1.0', BAND)).toEqual({ value: '1' });
    expect(parseBandInput('.5', BAND)).toEqual({ problem: 'range' });
  });

  it('says what is wrong otherwise', () => {
    expect(parseBandInput('  ', BAND)).toEqual({ problem: 'empty' });
    for (const text of ['0', '0.00001', '1.0001', '2', '-0.1', '1e-1', '10%', 'abc']) {
      expect(parseBandInput(text, BAND), text).toEqual({ problem: 'range' });
    }
  });

  it('shows the band as a percentage', () => {
    expect(bandPercent('0.1')).toBe('10');
    expect(bandPercent('0.05')).toBe('5');
    expect(bandPercent('0.0005')).toBe('0.05');
    expect(bandPercent('0.1234')).toBe('12.34');
    expect(bandPercent('1')).toBe('100');
  });
});
