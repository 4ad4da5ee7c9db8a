import { describe, expect, it } from 'vitest';
import { REFERENCE_CODE, referenceCode } from './reference.js';

describe('VND deposit reference codes', () => {
  it('follow the documents’ pattern and differ', () => {
    const codes = new Set(Array.from({ length: 2_000 }, () => referenceCode()));
    expect(codes.size).toBe(2_000);
    for (const code of codes) expect(code).toMatch(REFERENCE_CODE);
  });

  it('use every position’s alphabet, without I and O', () => {
    expect(referenceCode(() => 0)).toBe('AAAA00000 AAAAAAAA');
    expect(referenceCode((n) => n - 1)).toBe('ZZZZ99999 ZZZZ9999');
    expect(REFERENCE_CODE.test('ABCD1234 EFGH1A2B')).toBe(false);
    expect(REFERENCE_CODE.test('abcd12345 EFGH1A2B')).toBe(false);
  });
});
