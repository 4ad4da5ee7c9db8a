import { describe, expect, it } from 'vitest';
import { effectiveValue, parseSettingInput } from './setting-input';

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
