import { earnMaths, type EarnProduct } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  decimalsOf,
  earnPreview,
  limitOf,
  maxAmount,
  productState,
  quotaLeft,
  ratePercent,
  soldPercent,
  userLeft,
} from './earn-form';

const product: EarnProduct = {
  id: 7,
  name: 'USDT 30 days',
  currency_id: 3,
  currency_code: 'USDT',
  decimals: 2,
  days: 30,
  rate: '0.12',
  min_number: '100',
  max_number: '10000',
  max_per_user: '20000',
  quota: '100000',
  sold: '5000',
  payout: 'daily',
  reserve: '1000',
  sold_out: 0,
  yield_source: 'Lending fees of the margin desk',
  status: 1,
  sale_start: null,
  sale_end: null,
  holding: '500',
};

/** 2024-05-01 10:00 in Bangkok (03:00 UTC). */
const NOW = Date.UTC(2024, 4, 1, 3, 0, 0);

describe('rates as percents', () => {
  it('shows a fraction as a percent exactly', () => {
    expect(ratePercent('0.12')).toBe('12');
    expect(ratePercent('0.085')).toBe('8.5');
    expect(ratePercent('0.123456')).toBe('12.3456');
    expect(ratePercent('0.000001')).toBe('0.0001');
    expect(ratePercent('1.5')).toBe('150');
    expect(ratePercent('0.1')).toBe('10');
    expect(ratePercent('0.07')).toBe('7');
  });

  it('counts the decimals the percent needs', () => {
    expect(decimalsOf(ratePercent('0.085'))).toBe(1);
    expect(decimalsOf(ratePercent('0.12'))).toBe(0);
    expect(decimalsOf(ratePercent('0.123456'))).toBe(4);
  });
});

describe('productState', () => {
  it('is on sale when open, funded and within its window', () => {
    expect(productState(product, NOW)).toBe('onSale');
  });

  it('says sold out, paused and closed', () => {
    expect(productState({ ...product, sold_out: 1 }, NOW)).toBe('soldOut');
    expect(productState({ ...product, status: 2 }, NOW)).toBe('paused');
    // Paused wins over sold out: the operator's state is what the user can act on.
    expect(productState({ ...product, status: 2, sold_out: 1 }, NOW)).toBe('paused');
    expect(productState({ ...product, status: 3 }, NOW)).toBe('closed');
  });

  it('knows the sale window', () => {
    expect(productState({ ...product, sale_start: NOW + 1 }, NOW)).toBe('upcoming');
    expect(productState({ ...product, sale_start: NOW }, NOW)).toBe('onSale');
    expect(productState({ ...product, sale_end: NOW }, NOW)).toBe('ended');
    expect(productState({ ...product, sale_end: NOW + 1 }, NOW)).toBe('onSale');
  });
});

describe('limits', () => {
  it('reads 0 as no limit', () => {
    expect(limitOf('0')).toBeNull();
    expect(limitOf('0.00')).toBeNull();
    expect(limitOf('10')).toBe('10');
  });

  it('leaves what the user and the quota still accept, never below zero', () => {
    expect(userLeft(product)).toBe('19500');
    expect(userLeft({ ...product, holding: '25000' })).toBe('0');
    expect(userLeft({ ...product, max_per_user: '0' })).toBeNull();
    expect(quotaLeft(product)).toBe('95000');
    expect(quotaLeft({ ...product, quota: '0' })).toBeNull();
  });

  it('offers as most the smallest bound, the balance floored to the decimals', () => {
    expect(maxAmount(product, '1234.5678')).toBe('1234.56');
    expect(maxAmount(product, '50000')).toBe('10000');
    expect(maxAmount({ ...product, holding: '19900' }, '50000')).toBe('100');
    expect(maxAmount({ ...product, sold: '99950' }, '50000')).toBe('50');
    expect(maxAmount(product, '0')).toBe('0');
    expect(maxAmount(product, null)).toBeNull();
  });

  it('shows how much of the quota is sold, in whole percent floored', () => {
    expect(soldPercent('5000', '100000')).toBe(5);
    expect(soldPercent('99999.99', '100000')).toBe(99);
    expect(soldPercent('100000', '100000')).toBe(100);
    expect(soldPercent('0', '100000')).toBe(0);
    expect(soldPercent('5', '0')).toBeNull();
  });
});

describe('amountProblem', () => {
  it('asks for an amount', () => {
    expect(amountProblem('', product, '1000')).toEqual({ key: 'earn.p_number' });
    expect(amountProblem('  ', product, '1000')).toEqual({ key: 'earn.p_number' });
  });

  it('wants a positive decimal with at most the currency decimals', () => {
    const invalid = { key: 'amount.invalid', params: { decimals: '2' } };
    expect(amountProblem('0', product, '1000')).toEqual(invalid);
    expect(amountProblem('0.00', product, '1000')).toEqual(invalid);
    expect(amountProblem('-5', product, '1000')).toEqual(invalid);
    expect(amountProblem('1e3', product, '1000')).toEqual(invalid);
    expect(amountProblem('abc', product, '1000')).toEqual(invalid);
    expect(amountProblem('100.125', product, '1000')).toEqual({
      key: 'amount.precision',
      params: { decimals: '2' },
    });
    // Trailing zeros are no extra precision.
    expect(amountProblem('100.1200', product, '1000')).toBeNull();
  });

  it('names the per-subscription limits', () => {
    const range = {
      key: 'earn.amount_range',
      params: { min: '100', max: '10000', currency: 'USDT' },
    };
    expect(amountProblem('99.99', product, '20000')).toEqual(range);
    expect(amountProblem('10000.01', product, '20000')).toEqual(range);
    expect(amountProblem('100', product, '20000')).toBeNull();
    expect(amountProblem('10000', { ...product, reserve: '99999' }, '20000')).toBeNull();
    expect(amountProblem('50', { ...product, max_number: '0' }, '20000')).toEqual({
      key: 'financial.problem.min',
      params: { min: '100', currency: 'USDT' },
    });
  });

  it('keeps to what the user may still hold and the quota still accepts', () => {
    expect(amountProblem('600', { ...product, holding: '19500' }, '20000')).toEqual({
      key: 'earn.user_limit',
      params: { max: '20000', currency: 'USDT', left: '500' },
    });
    expect(amountProblem('600', { ...product, sold: '99500' }, '20000')).toEqual({
      key: 'earn.quota',
      params: { left: '500', currency: 'USDT' },
    });
  });

  it('needs the financial account to hold the amount', () => {
    expect(amountProblem('1000', product, '999.99')).toEqual({
      key: 'financial.problem.balance',
      params: { available: '999.99', currency: 'USDT' },
    });
    expect(amountProblem('1000', product, '1000')).toBeNull();
    // Balance not known yet: the server checks it.
    expect(amountProblem('1000', product, null)).toBeNull();
  });

  it('needs the funded reserve to cover the interest of the whole term', () => {
    // 10000 × 0.12 / 365 = 3.2876… → 3.28 a day, × 30 = 98.4.
    expect(amountProblem('10000', { ...product, reserve: '98.4' }, '20000')).toBeNull();
    expect(amountProblem('10000', { ...product, reserve: '98.39' }, '20000')).toEqual({
      key: 'financial.problem.reserve',
      params: { reserve: '98.39', currency: 'USDT' },
    });
  });
});

describe('earnPreview', () => {
  it('computes what the server pays: daily floored, times the days', () => {
    const preview = earnPreview('10000', product, NOW);
    expect(preview).toEqual({
      amount: '10000',
      daily: '3.28',
      total: '98.40',
      maturityAt: earnMaths.maturityAt(earnMaths.earnDayOf(NOW), 30),
    });
  });

  it('matures at 00:00 in Bangkok, the term after the day of subscribing', () => {
    const preview = earnPreview('100', product, NOW);
    // Subscribed on 1 May (Bangkok): matures on 31 May at 00:00 Bangkok = 30 May 17:00 UTC.
    expect(preview?.maturityAt).toBe(Date.UTC(2024, 4, 30, 17, 0, 0));
    // Just before midnight in Bangkok is still 1 May; just after, 2 May.
    const lateMay1 = Date.UTC(2024, 4, 1, 16, 59, 59);
    expect(earnPreview('100', product, lateMay1)?.maturityAt).toBe(Date.UTC(2024, 4, 30, 17));
    const earlyMay2 = Date.UTC(2024, 4, 1, 17, 0, 0);
    expect(earnPreview('100', product, earlyMay2)?.maturityAt).toBe(Date.UTC(2024, 4, 31, 17));
  });

  it('floors a small principal to nothing rather than promise a fraction', () => {
    // 100 × 0.12 / 365 = 0.0328… → 0.03 a day at 2 decimals.
    expect(earnPreview('100', product, NOW)).toMatchObject({ daily: '0.03', total: '0.90' });
    expect(earnPreview('1', product, NOW)).toMatchObject({ daily: '0.00', total: '0.00' });
  });

  it('stays exact beyond floating point', () => {
    const big = { ...product, decimals: 8, rate: '0.085' };
    // 9007199254740993 × 0.085 / 365 = 2097566949734.203849315… → floored at 8 decimals.
    const preview = earnPreview('9007199254740993', big, NOW);
    expect(preview?.daily).toBe('2097566949734.20384931');
    expect(preview?.total).toBe('62927008492026.11547930');
  });

  it('reads typed amounts and gives nothing for one the server would refuse', () => {
    expect(earnPreview('100.', product, NOW)?.amount).toBe('100');
    expect(earnPreview('.5', product, NOW)?.amount).toBe('0.5');
    expect(earnPreview('', product, NOW)).toBeNull();
    expect(earnPreview('0', product, NOW)).toBeNull();
    expect(earnPreview('1.001', product, NOW)).toBeNull();
    expect(earnPreview('100', { ...product, rate: '0.1234567' }, NOW)).toBeNull();
  });
});
