import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants.js';
import { DECIMAL_FIELDS, DECIMAL_INPUT, decimalInput, decimalSizeProblem } from './fields.js';

/** The key and parameters a decimal field refuses a value with, or the value it passes on. */
function parse(value: unknown) {
  const r = decimalInput.safeParse(value);
  if (r.success) return { value: r.data };
  const issue = r.error.issues[0];
  return { error: issue?.message, params: issue?.code === 'custom' ? issue.params : undefined };
}

describe('decimalInput: the one bounded decimal field', () => {
  it('is registered so that every call’s decimal fields can be found', () => {
    expect(DECIMAL_FIELDS.has(decimalInput)).toBe(true);
    expect(DECIMAL_INPUT.max).toBe(LIMITS.maxAmount);
  });

  it.each([
    '0',
    '1',
    ' 65000.25 ',
    '1000000000000000',
    '-1000000000000000',
    '999999999999999.999999999999999999',
    '0.000000000000000001',
    // Trailing zeros are no precision; the server's parsers accept them as well.
    `1.${'0'.repeat(30)}`,
  ])('passes %j on, trimmed', (v) => {
    expect(parse(v)).toEqual({ value: v.trim() });
  });

  it('passes JSON numbers on as their text', () => {
    expect(parse(12.5)).toEqual({ value: '12.5' });
  });

  it.each([
    '1234567890123456789012345678901234567890',
    '-1234567890123456789012345678901234567890',
    '1000000000000000.000000000000000001',
    '1000000000000001',
    `${'0'.repeat(20)}10000000000000000`,
  ])('%j → amount.too_large { max }', (v) => {
    expect(parse(v)).toEqual({ error: 'amount.too_large', params: { max: LIMITS.maxAmount } });
  });

  it.each([`0.${'1234567890'.repeat(4)}`, `1.${'0'.repeat(18)}1`, `-0.${'9'.repeat(19)}`])(
    '%j → amount.precision { decimals: 18 }',
    (v) => {
      expect(parse(v)).toEqual({ error: 'amount.precision', params: { decimals: 18 } });
    },
  );

  it('leaves the format to the server’s parser, and refuses text longer than the bound', () => {
    for (const v of ['abc', '1e5', '', '.', '-', '1,5']) expect(decimalSizeProblem(v)).toBeNull();
    expect(parse('x'.repeat(DECIMAL_INPUT.maxLength + 1)).error).not.toMatch(/^amount\./);
    expect(parse('1'.repeat(DECIMAL_INPUT.maxLength + 1)).error).not.toBeUndefined();
  });
});
