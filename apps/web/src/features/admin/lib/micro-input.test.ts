import { describe, expect, it } from 'vitest';
import {
  aboveBound,
  baseOf,
  changedCurrency,
  changedGuard,
  changedPair,
  checkAmount,
  checkCap,
  checkFeePercent,
  checkMinMax,
  checkMinTrades,
  checkMinVolume,
  checkMultiple,
  checkOptionList,
  checkPresets,
  checkProfitPercent,
  checkReason,
  checkSeconds,
  checkStake,
  currencyValues,
  decimalsOf,
  fractionOf,
  freeBalance,
  guardValues,
  parsePresets,
  percentOf,
  repeatsSeconds,
  rowsOf,
  sameOptions,
  toOptions,
  unset,
  type MicroCurrencyRow,
} from './micro-input';

const USDT: MicroCurrencyRow = {
  id: 1,
  code: 'USDT',
  enabled: 1,
  micro_numbers: ['10', '50', '100', '500'],
  min_number: '10',
  max_number: '10000',
  fee_rate: '0.01',
  default_cap: '5000',
};

describe('micro desk input', () => {
  it('checks house amounts and reasons', () => {
    expect(checkAmount('1000')).toBeNull();
    expect(checkAmount(' -250.5 ')).toBeNull();
    expect(checkAmount('0.000')).toBe('amount');
    expect(checkAmount('')).toBe('required');
    expect(checkAmount('1e3')).toBe('number');
    expect(checkAmount('+5')).toBe('number');
    expect(checkReason('ok')).toBe('reason');
    expect(checkReason('  top up  ')).toBeNull();
    expect(checkReason('x'.repeat(201))).toBe('reason');
  });

  it('checks seconds and profit percents', () => {
    expect(checkSeconds('30')).toBeNull();
    expect(checkSeconds('5')).toBeNull();
    expect(checkSeconds('86400')).toBeNull();
    expect(checkSeconds('4')).toBe('seconds');
    expect(checkSeconds('86401')).toBe('seconds');
    expect(checkSeconds('1.5')).toBe('seconds');
    expect(checkSeconds(' ')).toBe('required');
    expect(checkProfitPercent('80')).toBeNull();
    expect(checkProfitPercent('82.5')).toBeNull();
    expect(checkProfitPercent('999.999999')).toBeNull();
    expect(checkProfitPercent('1000')).toBe('profit');
    expect(checkProfitPercent('80.1234567')).toBe('percentDecimals');
    expect(checkProfitPercent('0')).toBe('profit');
    expect(checkProfitPercent('-5')).toBe('number');
    expect(checkProfitPercent('80%')).toBe('number');
    expect(checkProfitPercent('')).toBe('required');
  });

  it('checks stake limits, presets, fee and caps', () => {
    expect(checkStake('0.001')).toBeNull();
    expect(checkStake('0')).toBe('stake');
    expect(checkStake('abc')).toBe('number');
    expect(checkMinMax('10', '10000')).toBeNull();
    expect(checkMinMax('10', '10')).toBeNull();
    expect(checkMinMax('100', '99.99')).toBe('minMax');
    expect(checkMinMax('x', '5')).toBeNull();
    expect(parsePresets('10, 50 100,500')).toEqual(['10', '50', '100', '500']);
    expect(parsePresets('0.010, 0.1')).toEqual(['0.01', '0.1']);
    expect(parsePresets('')).toEqual([]);
    expect(parsePresets('10, 10.0')).toBeNull();
    expect(parsePresets('0')).toBeNull();
    expect(parsePresets('1,2,3,4,5,6,7,8,9')).toBeNull();
    expect(checkPresets('10, 500', '10', '10000')).toBeNull();
    expect(checkPresets('5, 500', '10', '10000')).toBe('presetRange');
    expect(checkPresets('20000', '10', '10000')).toBe('presetRange');
    expect(checkPresets('5', 'bad', '10000')).toBeNull();
    expect(checkPresets('a', '10', '10000')).toBe('presets');
    expect(checkFeePercent('0')).toBeNull();
    expect(checkFeePercent('1.5')).toBeNull();
    expect(checkFeePercent('49.99')).toBeNull();
    expect(checkFeePercent('50')).toBe('fee');
    expect(checkFeePercent('0.0000001')).toBe('percentDecimals');
    expect(checkFeePercent('')).toBe('required');
    expect(checkCap('0')).toBeNull();
    expect(checkCap('2500.5')).toBeNull();
    expect(checkCap('-1')).toBe('cap');
    expect(checkCap('')).toBe('required');
  });

  it('turns fractions into percents and back without floats', () => {
    expect(percentOf('0.8')).toBe('80');
    expect(percentOf('0.015')).toBe('1.5');
    expect(percentOf('0.82')).toBe('82');
    expect(fractionOf('80')).toBe('0.8');
    expect(fractionOf(' 1.5 ')).toBe('0.015');
    expect(fractionOf('0.07')).toBe('0.0007');
    expect(decimalsOf('82.5')).toBe(1);
    expect(decimalsOf('80')).toBe(0);
  });

  it('gives the free house balance', () => {
    expect(freeBalance('100000.5', '2500')).toBe('97500.5');
    expect(freeBalance('100', '250')).toBe('0');
    expect(freeBalance('0.3', '0.1')).toBe('0.2');
  });

  it('reads options lists', () => {
    const options = [
      { seconds: 60, profit_ratio: '0.82' },
      { seconds: 30, profit_ratio: '0.8' },
    ];
    const rows = rowsOf(options);
    expect(rows).toEqual([
      { seconds: '60', percent: '82' },
      { seconds: '30', percent: '80' },
    ]);
    expect(toOptions(rows)).toEqual([
      { seconds: 30, profit_ratio: '0.8' },
      { seconds: 60, profit_ratio: '0.82' },
    ]);
    expect(sameOptions(toOptions(rows), options)).toBe(true);
    expect(
      sameOptions([{ seconds: 30, profit_ratio: '0.80' }], [{ seconds: 30, profit_ratio: '0.8' }]),
    ).toBe(true);
    expect(
      sameOptions([{ seconds: 30, profit_ratio: '0.7' }], [{ seconds: 30, profit_ratio: '0.8' }]),
    ).toBe(false);
    expect(repeatsSeconds([{ seconds: '30' }, { seconds: ' 30' }], 1)).toBe(true);
    expect(repeatsSeconds([{ seconds: '30' }, { seconds: '30' }], 0)).toBe(false);
    expect(repeatsSeconds([{ seconds: '30' }, { seconds: '60' }], 1)).toBe(false);
    expect(checkOptionList([], false)).toBe('optionsMin');
    expect(checkOptionList([], true)).toBeNull();
    expect(
      checkOptionList(
        Array.from({ length: 11 }, () => ({})),
        true,
      ),
    ).toBe('optionsMax');
  });

  it('sends only the currency fields that changed', () => {
    const values = currencyValues(USDT);
    expect(values).toEqual({
      enabled: true,
      presets: '10, 50, 100, 500',
      min_number: '10',
      max_number: '10000',
      fee_percent: '1',
      default_cap: '5000',
    });
    expect(changedCurrency(USDT, values)).toEqual({ currency_id: 1 });
    expect(unset(USDT)).toBe(false);
    expect(unset({ ...USDT, enabled: 0, min_number: '0', max_number: '0.000' })).toBe(true);
    expect(unset({ ...USDT, enabled: 0 })).toBe(false);
    expect(
      changedCurrency(USDT, {
        ...values,
        presets: '10 50 100 500.0',
        max_number: '10000.00',
        fee_percent: '1.0',
      }),
    ).toEqual({ currency_id: 1 });
    expect(
      changedCurrency(USDT, {
        enabled: false,
        presets: '20, 100',
        min_number: '20',
        max_number: '5000',
        fee_percent: '0.5',
        default_cap: '0',
      }),
    ).toEqual({
      currency_id: 1,
      enabled: 0,
      micro_numbers: ['20', '100'],
      min_number: '20',
      max_number: '5000',
      fee_rate: '0.005',
      default_cap: '0',
    });
  });
});

describe('micro pair changes', () => {
  const pair = {
    id: 2,
    symbol: 'ETH/USDT',
    open_microtrade: 1 as const,
    options: [{ seconds: 30, profit_ratio: '0.8' }],
    own: false,
    caps: [],
    open_orders: 0,
    index_min_trades: 3,
    index_min_volume: '0.1',
    manipulation_multiple: '1',
    manipulation: [],
  };

  it('sends nothing but the pair when nothing changed', () => {
    expect(changedPair(pair, true, [])).toEqual({ match_id: 2 });
    const own = { ...pair, own: true };
    expect(changedPair(own, true, [{ seconds: '30', percent: '80.0' }])).toEqual({ match_id: 2 });
  });

  it('sends own options, a return to the defaults and the open flag', () => {
    expect(changedPair(pair, true, [{ seconds: '15', percent: '70' }])).toEqual({
      match_id: 2,
      options: [{ seconds: 15, profit_ratio: '0.7' }],
    });
    expect(changedPair(pair, true, [{ seconds: '30', percent: '80' }])).toEqual({
      match_id: 2,
      options: [{ seconds: 30, profit_ratio: '0.8' }],
    });
    expect(changedPair({ ...pair, own: true }, false, [])).toEqual({
      match_id: 2,
      open_microtrade: 0,
      options: [],
    });
  });
});

describe('micro pair guard', () => {
  const pair = {
    id: 1,
    symbol: 'BTC/USDT',
    open_microtrade: 1 as const,
    options: [],
    own: false,
    caps: [],
    open_orders: 2,
    index_min_trades: 3,
    index_min_volume: '0.01',
    manipulation_multiple: '1',
    manipulation: [{ currency_id: 1, cost: '1.62', bound: '1.62', exposure: '0' }],
  };

  it('checks the minimum trades: a whole number from 1 to 1000', () => {
    expect(checkMinTrades('')).toBe('required');
    for (const ok of ['1', '3', ' 1000 ']) expect(checkMinTrades(ok)).toBeNull();
    for (const bad of ['0', '1001', '2.5', '-1', 'x', '10000']) {
      expect(checkMinTrades(bad)).toBe('minTrades');
    }
  });

  it('checks the minimum volume: a decimal above 0', () => {
    expect(checkMinVolume('')).toBe('required');
    expect(checkMinVolume('0.0001')).toBeNull();
    expect(checkMinVolume('0')).toBe('minVolume');
    expect(checkMinVolume('0.000')).toBe('minVolume');
    expect(checkMinVolume('-1')).toBe('number');
    expect(checkMinVolume('1e-3')).toBe('number');
  });

  it('checks the multiple: above 0, at most 1000, at most 6 decimals', () => {
    expect(checkMultiple('')).toBe('required');
    for (const ok of ['0.000001', '0.001', '1', '2.5', '1000', '1000.000000']) {
      expect(checkMultiple(ok), ok).toBeNull();
    }
    for (const bad of ['0', '0.0000001', '1000.000001', '10000']) {
      expect(checkMultiple(bad), bad).toBe('multiple');
    }
    expect(checkMultiple('abc')).toBe('number');
    expect(checkMultiple('-1')).toBe('number');
  });

  it('sends only the guard fields that changed, with a stake currency', () => {
    expect(changedGuard(pair, 1, guardValues(pair))).toEqual({ match_id: 1, currency_id: 1 });
    expect(
      changedGuard(pair, 1, {
        index_min_trades: '3',
        index_min_volume: '0.010',
        manipulation_multiple: '1.0',
      }),
    ).toEqual({ match_id: 1, currency_id: 1 });
    expect(
      changedGuard(pair, 4, {
        index_min_trades: '1',
        index_min_volume: '0.00010',
        manipulation_multiple: '0.001',
      }),
    ).toEqual({
      match_id: 1,
      currency_id: 4,
      index_min_trades: 1,
      index_min_volume: '0.0001',
      manipulation_multiple: '0.001',
    });
  });

  it('names the base currency and tells an exposure beyond the bound', () => {
    expect(baseOf('BTC/USDT')).toBe('BTC');
    expect(aboveBound({ exposure: '0', bound: '0' })).toBe(false);
    expect(aboveBound({ exposure: '1.62', bound: '1.62' })).toBe(false);
    expect(aboveBound({ exposure: '1.63', bound: '1.62' })).toBe(true);
  });
});
