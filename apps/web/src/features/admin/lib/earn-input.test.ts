import type { EarnProductAdmin } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import {
  checkDays,
  checkFundAmount,
  checkLimit,
  checkName,
  checkNotBelow,
  checkRatePercent,
  checkReason,
  checkSaleWindow,
  checkYield,
  fromLocalInput,
  localInput,
  decimalsOf,
  fractionOf,
  percentOf,
  productTerms,
  productValues,
  quotaInterest,
  statusActions,
  translated,
} from './earn-input';

const PRODUCT: EarnProductAdmin = {
  id: 4,
  name: 'USDT 90 days',
  currency_id: 3,
  currency_code: 'USDT',
  decimals: 2,
  days: 90,
  rate: '0.085',
  min_number: '100',
  max_number: '5000',
  max_per_user: '10000',
  quota: '50000',
  sold: '0',
  payout: 'daily',
  reserve: '0',
  sold_out: 1,
  yield_source: 'Interest of the margin desk',
  status: 1,
  sale_start: 1_713_999_960_000,
  sale_end: null,
  holding: '0',
  names: { en: 'USDT 90 days', zh: 'USDT 90 天' },
  yield_sources: { en: 'Interest of the margin desk' },
  owed: '0',
  paid: '0',
  principal: '0',
  subscriptions: 0,
  active: 0,
  editable: true,
  created_at: 1_714_000_000_000,
};

describe('the rate, typed in percent, sent as a fraction', () => {
  it('converts both ways exactly', () => {
    expect(fractionOf('8.5')).toBe('0.085');
    expect(percentOf('0.085')).toBe('8.5');
    expect(fractionOf('12')).toBe('0.12');
    expect(percentOf('0.12')).toBe('12');
    expect(fractionOf('12.3456')).toBe('0.123456');
    expect(percentOf('0.123456')).toBe('12.3456');
    expect(fractionOf('0.0001')).toBe('0.000001');
    expect(fractionOf('500')).toBe('5');
    expect(fractionOf(' 7.10 ')).toBe('0.071');
    // Where a float would drift: 0.1 + 0.2 style values stay exact.
    expect(fractionOf('0.3')).toBe('0.003');
    expect(fractionOf('14.35')).toBe('0.1435');
  });

  it('goes round the loop unchanged', () => {
    for (const rate of ['0.085', '0.12', '0.000001', '5', '0.333333', '1.07']) {
      expect(fractionOf(percentOf(rate))).toBe(rate);
    }
  });

  it('counts the decimals a percent needs', () => {
    expect(decimalsOf(percentOf('0.085'))).toBe(1);
    expect(decimalsOf(percentOf('0.12'))).toBe(0);
  });

  it('takes a percent above 0, at most 500, with at most 4 decimals', () => {
    expect(checkRatePercent('8.5')).toBeNull();
    expect(checkRatePercent('500')).toBeNull();
    expect(checkRatePercent('12.3456')).toBeNull();
    expect(checkRatePercent('12.34560')).toBeNull();
    expect(checkRatePercent('')).toBe('required');
    expect(checkRatePercent('abc')).toBe('number');
    expect(checkRatePercent('-1')).toBe('number');
    expect(checkRatePercent('0')).toBe('rate');
    expect(checkRatePercent('500.0001')).toBe('rate');
    expect(checkRatePercent('12.34567')).toBe('rateDecimals');
  });
});

describe('the terms', () => {
  it('takes a term of 1 to 3650 whole days', () => {
    expect(checkDays('1')).toBeNull();
    expect(checkDays('3650')).toBeNull();
    expect(checkDays('')).toBe('required');
    expect(checkDays('0')).toBe('days');
    expect(checkDays('3651')).toBe('days');
    expect(checkDays('1.5')).toBe('days');
  });

  it('takes limits above 0 with at most the currency decimals', () => {
    expect(checkLimit('100', 2)).toBeNull();
    expect(checkLimit('100.25', 2)).toBeNull();
    expect(checkLimit('100.250', 2)).toBeNull();
    expect(checkLimit('100.255', 2)).toBe('precision');
    expect(checkLimit('100.255', null)).toBeNull();
    expect(checkLimit('0', 2)).toBe('positive');
    expect(checkLimit('', 2)).toBe('required');
    expect(checkLimit('1e3', 2)).toBe('number');
  });

  it('keeps the largest subscription, the per-user limit and the quota above the smallest', () => {
    expect(checkNotBelow('50', '100', 'minMax')).toBe('minMax');
    expect(checkNotBelow('100', '100', 'quota')).toBeNull();
    expect(checkNotBelow('99.99', '100', 'perUser')).toBe('perUser');
    // Nothing to compare until both are valid.
    expect(checkNotBelow('50', 'x', 'minMax')).toBeNull();
  });

  it('wants the English name and yield source', () => {
    expect(checkName('  ')).toBe('name');
    expect(checkName('USDT 30')).toBeNull();
    expect(checkYield('')).toBe('yield');
  });

  it('sends only the languages with a text, English always', () => {
    expect(
      translated({ en: ' Name ', vi: '', zh: '名称', hk: ' ', jp: '', du: 'Name DE', fr: '' }),
    ).toEqual({ en: 'Name', zh: '名称', du: 'Name DE' });
  });

  it('fills the form from a product and sends its terms back unchanged', () => {
    const values = productValues(PRODUCT);
    expect(values.rate).toBe('8.5');
    expect(values.names).toMatchObject({ en: 'USDT 90 days', zh: 'USDT 90 天', vi: '' });
    expect(productTerms(values)).toEqual({
      currency_id: 3,
      name: { en: 'USDT 90 days', zh: 'USDT 90 天' },
      yield_source: { en: 'Interest of the margin desk' },
      days: 90,
      rate: '0.085',
      min_number: '100',
      max_number: '5000',
      max_per_user: '10000',
      quota: '50000',
      sale_start: 1_713_999_960_000,
      sale_end: null,
    });
  });

  it('sends typed decimals as the wire wants them', () => {
    const terms = productTerms({
      ...productValues(),
      currency_id: 1,
      names: { ...productValues().names, en: 'BTC 7' },
      yields: { ...productValues().yields, en: 'Fees' },
      days: ' 7 ',
      rate: '3.50',
      min_number: '0.0010',
      max_number: '1.',
      max_per_user: '2',
      quota: '10',
    });
    expect(terms).toMatchObject({ days: 7, rate: '0.035', min_number: '0.001', max_number: '1' });
  });

  it('says the interest the whole quota earns: the reserve that sells all of it', () => {
    const values = productValues(PRODUCT);
    // 50000 × 0.085 / 365 = 11.643… → 11.64 a day × 90 = 1047.6.
    expect(quotaInterest(values, 2)).toBe('1047.60');
    expect(quotaInterest(values, null)).toBeNull();
    expect(quotaInterest({ ...values, rate: '' }, 2)).toBeNull();
  });
});

describe('reserve and status', () => {
  it('takes a signed amount, not zero, at the currency decimals', () => {
    expect(checkFundAmount('1000', 2)).toBeNull();
    expect(checkFundAmount('-50.5', 2)).toBeNull();
    expect(checkFundAmount('0', 2)).toBe('amount');
    expect(checkFundAmount('-0.00', 2)).toBe('amount');
    expect(checkFundAmount('1.005', 2)).toBe('precision');
    expect(checkFundAmount('', 2)).toBe('required');
    expect(checkFundAmount('+5', 2)).toBe('number');
  });

  it('wants a reason of 3 to 500 characters', () => {
    expect(checkReason('ab')).toBe('reason');
    expect(checkReason('  abc  ')).toBeNull();
    expect(checkReason('x'.repeat(501))).toBe('reason');
  });

  it('offers the changes a status allows', () => {
    expect(statusActions(1)).toEqual(['pause', 'close']);
    expect(statusActions(2)).toEqual(['resume', 'close']);
    expect(statusActions(3)).toEqual([]);
  });
});

describe('the sale window, typed in local time', () => {
  it('reads and writes a datetime-local value and back to the same instant', () => {
    const at = new Date(2026, 11, 1, 9, 30).getTime();
    expect(localInput(at)).toBe('2026-12-01T09:30');
    expect(fromLocalInput('2026-12-01T09:30')).toBe(at);
    expect(localInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('1 Dec')).toBeNull();
  });

  it('refuses a date that is not one, and an end not after the start', () => {
    expect(checkSaleWindow('', '')).toBeNull();
    expect(checkSaleWindow('2026-12-01T09:30', '')).toBeNull();
    expect(checkSaleWindow('', '2026-12-01T09:30')).toBeNull();
    expect(checkSaleWindow('2026-12-01T09:30', '2026-12-01T09:31')).toBeNull();
    expect(checkSaleWindow('2026-12-01T09:30', '2026-12-01T09:30')).toBe('saleWindow');
    expect(checkSaleWindow('2026-12-02T00:00', '2026-12-01T09:30')).toBe('saleWindow');
    expect(checkSaleWindow('soon', '')).toBe('saleDate');
  });

  it('sends the window with the terms (none when empty)', () => {
    const values = { ...productValues(), sale_start: '2026-12-01T09:30', sale_end: '' };
    const terms = productTerms(values);
    expect(terms.sale_start).toBe(new Date(2026, 11, 1, 9, 30).getTime());
    expect(terms.sale_end).toBeNull();
  });
});
