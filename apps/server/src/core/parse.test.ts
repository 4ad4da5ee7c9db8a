import { describe, expect, it } from 'vitest';
import { resultErrorKey } from '@exchange/contract';
import { Rejected } from './result.js';
import { parseMoney, parseMultiple, parsePrice, parseSignedMoney, parseTicks } from './parse.js';

/** The key and parameters a parse refuses with. */
function refusal(run: () => unknown): { key: string; params: Record<string, string | number> } {
  try {
    run();
  } catch (err) {
    if (err instanceof Rejected) return { key: resultErrorKey(err.code), params: err.params };
    throw err;
  }
  throw new Error('expected a refusal');
}

const E18 = 10n ** 18n;

describe('parseMoney', () => {
  it('reads decimals into ledger units (10^-18)', () => {
    expect(parseMoney('1', 2)).toBe(E18);
    expect(parseMoney('1.25', 2)).toBe(125n * 10n ** 16n);
    expect(parseMoney(' 0.01 ', 2)).toBe(10n ** 16n);
    expect(parseMoney('1.2300', 2)).toBe(123n * 10n ** 16n);
    expect(parseMoney('000042', 0)).toBe(42n * E18);
    expect(parseMoney('1000000000000000', 8)).toBe(10n ** 15n * E18);
    expect(parseMoney('0.000000000000000001', 18)).toBe(1n);
  });

  it.each(['', ' ', 'abc', '1e5', '1E5', '-1', '+1', '.5', '1.', '1,5', '0x10', 'NaN', 'Infinity'])(
    'malformed %j → amount.invalid',
    (v) => {
      expect(refusal(() => parseMoney(v, 2))).toEqual({
        key: 'amount.invalid',
        params: { decimals: 2 },
      });
    },
  );

  it.each(['0', '0.00', '000', '0.000'])('zero %j → amount.invalid', (v) => {
    expect(refusal(() => parseMoney(v, 2)).key).toBe('amount.invalid');
  });

  it('more decimals than the currency has → amount.precision with decimals', () => {
    expect(refusal(() => parseMoney('1.001', 2))).toEqual({
      key: 'amount.precision',
      params: { decimals: 2 },
    });
    expect(refusal(() => parseMoney('0.000000001', 8)).key).toBe('amount.precision');
    expect(refusal(() => parseMoney('1.5', 0)).key).toBe('amount.precision');
  });

  it('above LIMITS.maxAmount → amount.too_large with max', () => {
    const tooLarge = { key: 'amount.too_large', params: { max: '1000000000000000' } };
    expect(refusal(() => parseMoney('1000000000000000.01', 2))).toEqual(tooLarge);
    expect(refusal(() => parseMoney('1000000000000001', 2))).toEqual(tooLarge);
    expect(refusal(() => parseMoney('123456789012345678901234567890', 2))).toEqual(tooLarge);
    expect(refusal(() => parseMoney('9'.repeat(100_000), 8))).toEqual(tooLarge);
    expect(refusal(() => parseMoney(`0000${'9'.repeat(17)}`, 8))).toEqual(tooLarge);
  });

  it('never gives more than NUMERIC(48,18) holds', () => {
    const max = parseMoney('1000000000000000', 18);
    expect(max.toString().length).toBeLessThanOrEqual(48);
  });
});

describe('parseSignedMoney', () => {
  it('reads credits and debits', () => {
    expect(parseSignedMoney('5', 2)).toBe(5n * E18);
    expect(parseSignedMoney('-5.5', 2)).toBe(-55n * 10n ** 17n);
  });
  it.each(['-0', '-0.00', '0', '--1', '-', '- 1', '-+1', '-1e5'])('%j → amount.invalid', (v) => {
    expect(refusal(() => parseSignedMoney(v, 2)).key).toBe('amount.invalid');
  });
  it('checks precision and size on debits too', () => {
    expect(refusal(() => parseSignedMoney('-1.001', 2)).key).toBe('amount.precision');
    expect(refusal(() => parseSignedMoney(`-${'9'.repeat(30)}`, 2)).key).toBe('amount.too_large');
  });
});

describe('parseTicks', () => {
  it('reads ticks', () => {
    expect(parseTicks('1.5', 4, 'PRICE_SCALE')).toBe(15000);
    expect(parseTicks('0.000001', 6, 'QTY_SCALE')).toBe(1);
  });
  it('keeps the market keys for malformed and over-precise values', () => {
    expect(refusal(() => parseTicks('1e2', 6, 'QTY_SCALE')).key).toBe('trade.invalid_number');
    expect(refusal(() => parseTicks('0', 6, 'QTY_SCALE')).key).toBe('trade.invalid_number');
    expect(refusal(() => parseTicks('0.0000001', 6, 'QTY_SCALE'))).toEqual({
      key: 'trade.qty_scale',
      params: { decimals: 6 },
    });
    expect(refusal(() => parseTicks('1.00001', 4, 'PRICE_SCALE')).key).toBe('trade.price_scale');
  });
  it('a value beyond a safe tick count → amount.too_large with the largest whole value', () => {
    // 2^53 - 1 ticks of 10^-6 is 9007199254.740991: the limit is its whole part.
    expect(parseTicks('9007199254', 6, 'QTY_SCALE')).toBe(9007199254_000000);
    expect(refusal(() => parseTicks('9007199254.000001', 6, 'QTY_SCALE'))).toEqual({
      key: 'amount.too_large',
      params: { max: '9007199254' },
    });
    expect(refusal(() => parseTicks('9'.repeat(21), 4, 'PRICE_SCALE')).key).toBe(
      'amount.too_large',
    );
    expect(refusal(() => parseTicks('1000000000000001', 0, 'QTY_SCALE'))).toEqual({
      key: 'amount.too_large',
      params: { max: '1000000000000000' },
    });
  });
});

describe('parsePrice', () => {
  it('reads a price into steps of its decimals, as a bigint', () => {
    expect(parsePrice('65000.5', 2)).toBe(6500050n);
    expect(parsePrice('90071992547409', 2)).toBe(9007199254740900n);
  });
  it('a 40-digit stop (it once overflowed NUMERIC at commit) → amount.too_large, never a bigint', () => {
    expect(refusal(() => parsePrice('1234567890123456789012345678901234567890', 2))).toEqual({
      key: 'amount.too_large',
      params: { max: '90071992547409' },
    });
    expect(refusal(() => parsePrice('90071992547409.01', 2)).key).toBe('amount.too_large');
    expect(refusal(() => parsePrice(`0.${'1'.repeat(40)}`, 2)).key).toBe('trade.price_scale');
    expect(refusal(() => parsePrice('-5', 2)).key).toBe('trade.invalid_number');
  });
});

describe('parseMultiple', () => {
  it('takes a multiple in (0, 1000] with at most 6 decimals, without trailing zeros', () => {
    expect(parseMultiple('1')).toBe('1');
    expect(parseMultiple(' 0.000001 ')).toBe('0.000001');
    expect(parseMultiple('2.500000')).toBe('2.5');
    expect(parseMultiple('1000')).toBe('1000');
    expect(parseMultiple('007.10')).toBe('7.1');
    for (const bad of ['0', '0.0000001', '1000.000001', '10000', '-1', '1e3', '', '.5', 'abc'])
      expect(parseMultiple(bad), bad).toBeNull();
  });
});
